import { describe, expect, it } from 'vitest';
import { relativePhrase, relativeTime } from './payer-time.ts';

const NOW = Date.parse('2026-01-15T12:00:00Z');

describe('relativeTime', () => {
  it('rounds down to the largest whole unit', () => {
    expect(relativeTime('2026-01-18T12:00:00Z', NOW)).toEqual({ value: 3, unit: 'day' });
    expect(relativeTime('2026-01-17T14:00:00Z', NOW)).toEqual({ value: 2, unit: 'day' });
    expect(relativeTime('2026-01-15T13:30:00Z', NOW)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeTime('2026-01-15T12:20:30Z', NOW)).toEqual({ value: 20, unit: 'minute' });
    expect(relativeTime('2026-01-15T12:00:10Z', NOW)).toEqual({ value: 1, unit: 'minute' });
  });

  it('is null once the time is past', () => {
    expect(relativeTime('2026-01-15T12:00:00Z', NOW)).toBeNull();
    expect(relativeTime('2026-01-14T12:00:00Z', NOW)).toBeNull();
  });

  it('reads in the interface language', () => {
    expect(relativePhrase({ value: 3, unit: 'day' }, 'en')).toBe('in 3 days');
    expect(relativePhrase({ value: 3, unit: 'day' }, 'zh-CN')).toBe('3天后');
  });
});
