import { describe, expect, it } from 'vitest';
import { transactionLinkOf } from './transaction-link.ts';

describe('a statement line’s transaction link', () => {
  it('opens the transaction’s detail by its id', () => {
    expect(transactionLinkOf(14011)).toBe('/transactions/detail/14011');
  });

  it('has none for a global movement', () => {
    expect(transactionLinkOf(null)).toBeNull();
  });
});
