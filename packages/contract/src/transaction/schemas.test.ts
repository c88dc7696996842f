import { describe, expect, test } from 'vitest';
import { resolveCreatedRange, searchWindow, TRANSACTION_MESSAGES, TransactionPageRequest } from './schemas.ts';

const SP = 'America/Sao_Paulo';
// 12:00 on 10 March 2026 in São Paulo (UTC-3).
const NOW = Date.parse('2026-03-10T15:00:00Z');

describe('the created-at rules', () => {
  test('the window runs from the start of the day five months back to the start of tomorrow, in the zone', () => {
    expect(searchWindow(SP, NOW)).toEqual({ start: Date.parse('2025-10-10T03:00:00Z'), end: Date.parse('2026-03-11T03:00:00Z') });
    expect(resolveCreatedRange(undefined, SP, NOW)).toEqual(searchWindow(SP, NOW));
  });

  test('a list may not reach past today nor before the window; a deep query may, an end beyond 2099 meaning now', () => {
    const range = (start: string, end: string) => ({ start, end });
    expect(resolveCreatedRange(range('2026-03-01T03:00:00Z', '2026-03-11T03:00:01Z'), SP, NOW)).toEqual({
      message: TRANSACTION_MESSAGES.rangeInFuture,
    });
    expect(resolveCreatedRange(range('2025-10-10T02:59:59Z', '2026-03-01T03:00:00Z'), SP, NOW)).toEqual({
      message: TRANSACTION_MESSAGES.rangeTooOld,
    });
    expect(resolveCreatedRange(range('2000-01-01T00:00:00Z', '2126-03-01T03:00:00Z'), SP, NOW, true)).toEqual({
      start: Date.parse('2000-01-01T00:00:00Z'),
      end: NOW,
    });
    expect(resolveCreatedRange(undefined, SP, NOW, true)).toEqual({ start: null, end: null });
  });
});

describe('the list request', () => {
  test('defaults, and the checks that need several fields', () => {
    const ok = TransactionPageRequest.parse({ list: 'payin', country: 'BR', uniqueId: '  ' });
    expect(ok).toMatchObject({ pageSize: 20, statuses: [], productTypes: [], uniqueId: undefined });
    const bad = TransactionPageRequest.safeParse({
      list: 'payout',
      country: 'BR',
      transactionType: 'REFUND',
      productTypes: ['OXXO'],
      amountMin: 10,
      amountMax: 5,
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['amountMax', 'productTypes.0', 'transactionType']);
    const hold = TransactionPageRequest.safeParse({ list: 'holding-page', country: 'BR', holdStatus: 2 });
    expect(hold.success).toBe(false);
  });
});
