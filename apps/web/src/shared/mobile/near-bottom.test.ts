import { describe, expect, it } from 'vitest';
import { isNearBottom, sentinelRootMargin } from './near-bottom.ts';

describe('isNearBottom', () => {
  it('is true within 0.3 px of the bottom and not before', () => {
    expect(isNearBottom({ scrollTop: 599.7, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 599.6, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
    expect(isNearBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
  });

  it('is true for content shorter than the viewport', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true);
  });

  it('extends the observed viewport by the threshold at the bottom only', () => {
    expect(sentinelRootMargin()).toBe('0px 0px 0.3px 0px');
    expect(sentinelRootMargin(50)).toBe('0px 0px 50px 0px');
  });
});
