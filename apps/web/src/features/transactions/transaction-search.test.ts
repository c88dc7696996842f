import { productTypesOf } from '@andes/contract/common/enums';
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
