import { productTypesOf } from '@andes/contract/common/enums';
import { revenueDrillDown } from '@andes/contract/revenue-assurance/schemas';
import { TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { describe, expect, it } from 'vitest';
import { searchValuesFromParams } from '../../shared/search/url.ts';
import {
  deepQueryReady,
  type FieldText,
  listFields,
  needsAdvancedCall,
  paymentLinkRequestOf,
  storeOrderRequestOf,
  transactionRequestOf,
} from './transaction-search.ts';

const text: FieldText = {
  label: (k) => k,
  status: (s) => s,
  productType: (p) => p,
  refundStatus: (s) => s,
  holdStatus: (f) => String(f),
  transactionType: (t) => t,
  funnelStage: (s) => `stage ${s}`,
  cardToken: (k) => k,
  message: (k) => k,
};
const ctx = { country: 'BR' as const, timeZone: 'America/Sao_Paulo', pageSize: 20 as const, cursor: undefined };
const now = new Date('2026-01-15T17:05:00Z');

describe('transaction search', () => {
  it('offers the country’s product types and the list’s own filters', () => {
    const payin = listFields('payin', 'MX', text);
    const products = payin.find((f) => f.key === 'productTypes');
    expect(products?.type === 'multiSelect' && products.options.map((o) => o.value)).toEqual([...productTypesOf('MX')]);
    expect(payin.map((f) => f.key)).toContain('transactionType');
    expect(listFields('payout', 'MX', text).map((f) => f.key)).not.toContain('transactionType');
    expect(listFields('holding-page', 'BR', text).map((f) => f.key)).not.toContain('holdStatus');
    expect(listFields('shopify', 'BR', text).map((f) => f.key)).toEqual(expect.arrayContaining(['storeOrderId', 'shopDomain']));
  });

  it('turns URL values into a request the contract accepts, dropping a product-type filter of another country', () => {
    const fields = listFields('payin', 'BR', text);
    const params = new URLSearchParams(
      'createdAt=2026-01-01~2026-01-10&productTypes=PIX,TED&amount=~99.99&cardBin=411111&cardLast4=12&holdStatus=1&transactionType=REFUND',
    );
    const values = searchValuesFromParams(fields, params, { timeZone: ctx.timeZone, now });
    const request = transactionRequestOf('payin', values, ctx);
    expect(request).toEqual({
      list: 'payin',
      country: 'BR',
      pageSize: 20,
      statuses: [],
      productTypes: ['PIX', 'TED'],
      createdAt: { start: '2026-01-01T03:00:00.000Z', end: '2026-01-11T03:00:00.000Z' },
      amountMax: 9999,
      cardBin: '411111',
      holdStatus: 1,
      transactionType: 'REFUND',
    });
    expect(TransactionAdvancedPageRequest.safeParse(request).success).toBe(true);
    expect(needsAdvancedCall(request)).toBe(false);
    // A Mexican product type in a Brazilian list (a link shared across countries) is not sent.
    const mixed = searchValuesFromParams(fields, new URLSearchParams('productTypes=PIX,OXXO'), { timeZone: ctx.timeZone, now });
    expect(transactionRequestOf('payin', mixed, ctx).productTypes).toEqual([]);
  });

  it('always asks the holding page for held transactions; sub-merchants and deep need the advanced call', () => {
    expect(transactionRequestOf('holding-page', { holdStatus: '2' }, ctx).holdStatus).toBe(1);
    expect(needsAdvancedCall(transactionRequestOf('payin', { subMerchantIds: ['31'] }, ctx))).toBe(true);
    expect(transactionRequestOf('payin', { subMerchantIds: ['31'] }, ctx).subMerchantIds).toEqual([31]);
    expect(needsAdvancedCall(transactionRequestOf('payout', { uniqueId: 'X1' }, ctx, true))).toBe(true);
    expect(deepQueryReady({ createdAt: { from: '2020-01-01', to: '2026-01-15' } })).toBe(false);
    expect(deepQueryReady({ e2eId: 'E1' })).toBe(true);
  });

  it('builds the payment-link and store-order requests', () => {
    expect(paymentLinkRequestOf({ paymentLinkId: 'PL1' }, ctx)).toMatchObject({ paymentLinkId: 'PL1', country: 'BR' });
    expect(storeOrderRequestOf({ storeOrderId: '#1001', shopDomain: 'demo.myshopify.com' }, ctx)).toMatchObject({
      storeOrderId: '#1001',
      shopDomain: 'demo.myshopify.com',
    });
  });
});

describe('revenue assurance drill-down filters', () => {
  /** What the pay-in or payout list sends for a drill-down URL (docs/decisions/0031 "Screens"). */
  const requestAt = (kind: 'payin' | 'payout', query: string) => {
    const values = searchValuesFromParams(listFields(kind, 'BR', text), new URLSearchParams(query), { timeZone: ctx.timeZone, now });
    const { pageSize: _, statuses: __, ...request } = transactionRequestOf(kind, values, ctx);
    return request;
  };
  const contract = (...args: Parameters<typeof revenueDrillDown>) => {
    const {
      statuses: _,
      pageSize: __,
      deep: ___,
      subMerchantIds: ____,
      ...request
    } = TransactionAdvancedPageRequest.parse(revenueDrillDown(...args));
    return request;
  };
  const dates = { from: '2026-01-12', to: '2026-01-14' };
  const payin = { country: 'BR' as const, transactionType: 'PAY_IN' as const, productTypes: [] };

  it('reads the funnel stage, card credential and fail reason into exactly the contract’s drill-down request', () => {
    const base = 'createdAt=2026-01-12~2026-01-14&transactionType=PAY_IN';
    expect(requestAt('payin', `${base}&funnelStageMin=3`)).toEqual(contract(payin, dates, { funnelStageMin: 3 }));
    expect(requestAt('payin', `${base}&productTypes=PIX,CARD&funnelStageMin=1`)).toEqual(
      contract({ ...payin, productTypes: ['PIX', 'CARD'] }, dates, { funnelStageMin: 1 }),
    );
    expect(requestAt('payin', `${base}&failReason=Insufficient+funds`)).toEqual(
      contract(payin, dates, { failReason: 'Insufficient funds' }),
    );
    // Failures without a reason: "(none)" in the URL, '' to the server.
    expect(requestAt('payin', `${base}&failReason=%28none%29`)).toEqual(contract(payin, dates, { failReason: '' }));
    expect(requestAt('payin', `${base}&cardToken=PAN&funnelStageMin=2`)).toEqual(
      contract(payin, dates, { cardToken: 'PAN', funnelStageMin: 2 }),
    );
    expect(requestAt('payin', `${base}&cardToken=TOKEN`)).toEqual(contract(payin, dates, { cardToken: 'TOKEN' }));
    // The payout list has one type (not sent) and no card credential filter.
    const payout = requestAt('payout', 'createdAt=2026-01-12~2026-01-14&funnelStageMin=2&cardToken=TOKEN');
    expect({ ...payout, transactionType: 'PAY_OUT' }).toEqual(
      contract({ ...payin, transactionType: 'PAY_OUT' }, dates, { funnelStageMin: 2 }),
    );
    // A stage outside 1..3 is not a filter.
    expect(requestAt('payin', `${base}&funnelStageMin=7`).funnelStageMin).toBeUndefined();
  });
});
