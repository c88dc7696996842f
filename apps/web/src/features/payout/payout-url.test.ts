import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { payoutRequestOf } from './payout-url.ts';

describe('payout list URL', () => {
  it('reads the tab, the filters and the batch, in the shell country', () => {
    const params = new URLSearchParams('tab=APPROVED&keyword=PO123&status=SETTLED&productType=PIX&batchId=12&pageSize=10');
    expect(payoutRequestOf('BR', 'America/Sao_Paulo', params, FIRST_PAGE)).toEqual({
      country: 'BR',
      tab: 'APPROVED',
      keyword: 'PO123',
      status: 'SETTLED',
      productType: 'PIX',
      batchId: 12,
      pageSize: 10,
    });
  });

  it('opens on the Pending tab and drops values the request cannot hold', () => {
    const params = new URLSearchParams('tab=ALL&status=PAID&productType=CASH&batchId=-1&created=yesterday&country=MX');
    expect(payoutRequestOf('BR', 'America/Sao_Paulo', params, FIRST_PAGE)).toEqual({ country: 'BR', tab: 'PENDING', pageSize: 20 });
  });

  it('turns the created dates into the instants of those days in the merchant zone', () => {
    const params = new URLSearchParams('created=2026-01-10~2026-01-15');
    const request = payoutRequestOf('BR', 'America/Sao_Paulo', params, { page: 2, cursor: 'c2', previous: null });
    expect(request).toMatchObject({
      createdFrom: '2026-01-10T03:00:00.000Z',
      createdTo: '2026-01-16T02:59:59.999Z',
      cursor: 'c2',
    });
    expect(payoutRequestOf('MX', 'America/Mexico_City', params, FIRST_PAGE)).toMatchObject({
      createdFrom: '2026-01-10T06:00:00.000Z',
      createdTo: '2026-01-16T05:59:59.999Z',
    });
  });
});
