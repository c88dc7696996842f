import { describe, expect, it } from 'vitest';
import { exportFallbackName, exportRequestOf } from './transaction-export.ts';

describe('exportRequestOf', () => {
  it('keeps every filter of the list request, drops the page position and adds format and language', () => {
    const request = exportRequestOf(
      {
        list: 'payin',
        country: 'BR',
        pageSize: 20,
        cursor: 'c2',
        statuses: ['SETTLED'],
        productTypes: ['PIX'],
        createdAt: { start: '2026-01-08T03:00:00.000Z', end: '2026-01-16T03:00:00.000Z' },
        amountMin: 100,
        subMerchantIds: [31],
        holdStatus: 2,
      },
      'xlsx',
      'zh-CN',
    );
    expect(request).toEqual({
      list: 'payin',
      country: 'BR',
      statuses: ['SETTLED'],
      productTypes: ['PIX'],
      createdAt: { start: '2026-01-08T03:00:00.000Z', end: '2026-01-16T03:00:00.000Z' },
      amountMin: 100,
      subMerchantIds: [31],
      holdStatus: 2,
      format: 'xlsx',
      language: 'zh-CN',
    });
    expect(exportFallbackName(request)).toBe('transactions-payin-BR.xlsx');
  });
});
