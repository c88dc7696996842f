import { describe, expect, it } from 'vitest';
import {
  PROOF_VARIANT_INFO,
  PROOF_VARIANTS,
  type ProofSubject,
  proofVariantOfPath,
  proofVariantsFor,
} from '../../src/modules/transaction-files/proofs/proof-variants.ts';

const settled = (over: Partial<ProofSubject>): ProofSubject => ({
  country: 'BR',
  productType: 'PIX',
  transactionType: 'PAY_IN',
  status: 'SETTLED',
  ...over,
});

describe('proofVariantsFor', () => {
  it('gives a settled PIX transfer the receipt of its provider only, and none when no provider was named', () => {
    expect(proofVariantsFor(settled({ provider: 'bs2' }))).toEqual(['br-pix-bs2']);
    expect(proofVariantsFor(settled({ provider: 'bexs' }))).toEqual(['br-pix-bexs']);
    expect(proofVariantsFor(settled({ productType: 'PIX_QR', transactionType: 'PAY_OUT', provider: 'rendimento' }))).toEqual([
      'br-pix-rendimento',
    ]);
    expect(proofVariantsFor(settled({}))).toEqual([]);
    expect(proofVariantsFor(settled({ provider: null }))).toEqual([]);
    expect(proofVariantsFor(settled({ provider: 'arcus' }))).toEqual([]);
  });

  it('gives a settled SPEI transfer of any SPEI product the receipt of its provider only', () => {
    for (const productType of ['SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER']) {
      for (const provider of ['arcus', 'unipagos', 'stp']) {
        expect(proofVariantsFor(settled({ country: 'MX', productType, provider }))).toEqual([`mx-spei-${provider}`]);
      }
      expect(proofVariantsFor(settled({ country: 'MX', productType }))).toEqual([]);
    }
    expect(proofVariantsFor(settled({ country: 'MX', productType: 'SPEI', provider: 'bs2' }))).toEqual([]);
    expect(proofVariantsFor(settled({ country: 'MX', productType: 'OXXO' }))).toEqual([]);
  });

  it('gives a settled Colombian bank transfer its receipt, and other Colombian methods none', () => {
    expect(proofVariantsFor(settled({ country: 'CO', productType: 'CO_BANK_TRANSFER' }))).toEqual(['co-bank-transfer']);
    expect(proofVariantsFor(settled({ country: 'CO', productType: 'PSE' }))).toEqual([]);
  });

  it('gives a settled payment-link payment both payment-link receipts, besides its method’s', () => {
    expect(proofVariantsFor(settled({ country: 'CL', productType: 'CL_BANK_TRANSFER', paymentLinkId: 'PL-1' }))).toEqual([
      'payment-link-default',
      'payment-link-gwm',
    ]);
    expect(proofVariantsFor(settled({ paymentLinkId: 'PL-2', provider: 'bexs' }))).toEqual([
      'br-pix-bexs',
      'payment-link-default',
      'payment-link-gwm',
    ]);
    expect(proofVariantsFor(settled({ paymentLinkId: 'PL-3' }))).toEqual(['payment-link-default', 'payment-link-gwm']);
  });

  it('gives nothing to a transfer that is not settled (including refunded and charged back ones)', () => {
    for (const status of [
      'INITIAL_STATUS',
      'IN_PROGRESS',
      'FAILED',
      'CHARGED_BACK',
      'REFUNDING',
      'REFUNDED',
      'EXPIRED',
      'REJECTED',
      'CREATED',
      'CANCELLED',
    ] as const) {
      expect(proofVariantsFor(settled({ status, paymentLinkId: 'PL-1', provider: 'bs2' }))).toEqual([]);
    }
  });

  it('gives nothing to refunds, chargebacks and marketplace orders, nor to a product of another country', () => {
    for (const transactionType of ['REFUND', 'CHARGE_BACK', 'MARKET_PLACE_ORDERS'] as const) {
      expect(proofVariantsFor(settled({ transactionType, paymentLinkId: 'PL-1', provider: 'bs2' }))).toEqual([]);
    }
    expect(proofVariantsFor(settled({ country: 'MX', productType: 'PIX', provider: 'bs2' }))).toEqual([]);
    expect(proofVariantsFor(settled({ country: 'US', productType: 'CARD' }))).toEqual([]);
  });

  it('maps each download path of spec §7 to its variant', () => {
    expect(PROOF_VARIANTS.map((v) => PROOF_VARIANT_INFO[v].pathSegment)).toEqual([
      'mx/spei/arcus',
      'mx/spei/unipagos',
      'mx/spei/stp',
      'br/pix/bs2',
      'br/pix/bexs',
      'br/pix/rendimento',
      'co/bank-transfer',
      'payment-link/default',
      'payment-link/gwm',
    ]);
    expect(proofVariantOfPath('br/pix/bexs')).toBe('br-pix-bexs');
    expect(proofVariantOfPath('br/pix/nubank')).toBeNull();
  });
});
