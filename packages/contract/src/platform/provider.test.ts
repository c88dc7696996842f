import { describe, expect, it } from 'vitest';
import {
  PROOF_VARIANT_OF_PROVIDER,
  PROOF_VARIANTS,
  PROVIDER_RAILS,
  providerRailOf,
  providersOf,
  TRANSFER_PROVIDERS,
} from '../transaction/enums.ts';
import { PlatformEvent, type PlatformEventInput, providerMismatchOf } from './schemas.ts';

const base = { eventId: 'ev-1', occurredAt: '2026-03-02T15:00:00.000Z', merchantCode: 'ANDES-DEMO' };

const created = (data: Record<string, unknown>): PlatformEventInput =>
  ({
    ...base,
    type: 'transaction.created',
    data: {
      uniqueId: 'PI-1',
      merchantReference: 'order-1',
      transactionType: 'PAY_IN',
      status: 'CREATED',
      country: 'BR',
      currency: 'BRL',
      productType: 'PIX',
      amount: 10_000,
      ...data,
    },
  }) as PlatformEventInput;

describe('transfer providers', () => {
  it('belong to one rail each: SPEI arcus, unipagos, stp; PIX bs2, bexs, rendimento', () => {
    expect(providersOf('SPEI')).toEqual(['arcus', 'unipagos', 'stp']);
    expect(providersOf('SPEI_VIRTUAL_ACCOUNT')).toEqual(['arcus', 'unipagos', 'stp']);
    expect(providersOf('SPEI_BANK_TRANSFER')).toEqual(['arcus', 'unipagos', 'stp']);
    expect(providersOf('PIX')).toEqual(['bs2', 'bexs', 'rendimento']);
    expect(providersOf('PIX_QR')).toEqual(['bs2', 'bexs', 'rendimento']);
    for (const productType of ['TED', 'OXXO', 'CARD', 'CO_BANK_TRANSFER']) {
      expect(providersOf(productType)).toEqual([]);
      expect(providerRailOf(productType)).toBeNull();
    }
    const all = Object.values(PROVIDER_RAILS).flatMap((rail) => [...rail.providers]);
    expect(all.sort()).toEqual([...TRANSFER_PROVIDERS].sort());
  });

  it('each issue their own receipt, and every SPEI and PIX receipt is a provider’s', () => {
    expect(Object.values(PROOF_VARIANT_OF_PROVIDER).sort()).toEqual(
      PROOF_VARIANTS.filter((v) => v.startsWith('mx-spei-') || v.startsWith('br-pix-')).sort(),
    );
    for (const provider of TRANSFER_PROVIDERS) expect(PROOF_VARIANT_OF_PROVIDER[provider]).toMatch(new RegExp(`-${provider}$`));
  });

  it('say why a provider cannot carry a transfer of a product type', () => {
    expect(providerMismatchOf('stp', 'SPEI')).toBeNull();
    expect(providerMismatchOf('bexs', 'PIX_QR')).toBeNull();
    expect(providerMismatchOf('arcus', 'PIX')).toBe(
      'arcus carries SPEI transfers, not PIX: a PIX transfer is carried by bs2, bexs or rendimento',
    );
    expect(providerMismatchOf('bs2', 'SPEI_BANK_TRANSFER')).toBe(
      'bs2 carries PIX transfers, not SPEI_BANK_TRANSFER: a SPEI_BANK_TRANSFER transfer is carried by arcus, unipagos or stp',
    );
    expect(providerMismatchOf('stp', 'CARD')).toBe('stp carries SPEI transfers, not CARD: leave provider out of a CARD transaction');
  });
});

describe('the provider in the ingestion events', () => {
  it('is optional: an event without it parses as before, with no provider key (its payload hash is unchanged)', () => {
    const parsed = PlatformEvent.parse(created({}));
    expect(parsed.type === 'transaction.created' && 'provider' in parsed.data).toBe(false);
    const settled = PlatformEvent.parse({
      ...base,
      type: 'transaction.settled',
      data: { uniqueId: 'PI-1', fee: 0, vat: 0, availableAt: '2026-03-03T12:00:00.000Z' },
    });
    expect(settled.type === 'transaction.settled' && 'provider' in settled.data).toBe(false);
  });

  it('is taken by transaction.created, transaction.settled and payout.status_changed', () => {
    expect(PlatformEvent.parse(created({ provider: 'bs2' }))).toMatchObject({ data: { provider: 'bs2' } });
    expect(
      PlatformEvent.parse({
        ...base,
        type: 'transaction.settled',
        data: { uniqueId: 'PI-1', fee: 0, vat: 0, availableAt: '2026-03-03T12:00:00.000Z', provider: 'stp' },
      }),
    ).toMatchObject({ data: { provider: 'stp' } });
    expect(
      PlatformEvent.parse({
        ...base,
        type: 'payout.status_changed',
        data: { uniqueId: 'PO-1', status: 'SETTLED', provider: 'rendimento' },
      }),
    ).toMatchObject({ data: { provider: 'rendimento' } });
  });

  it('refuses a provider of another rail at creation, and an unknown provider anywhere, naming the field', () => {
    const mismatch = PlatformEvent.safeParse(created({ provider: 'arcus' }));
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({
        path: ['data', 'provider'],
        message: 'arcus carries SPEI transfers, not PIX: a PIX transfer is carried by bs2, bexs or rendimento',
      }),
    ]);
    expect(PlatformEvent.safeParse(created({ productType: 'TED', provider: 'bs2' })).success).toBe(false);
    expect(PlatformEvent.safeParse(created({ provider: 'BS2' })).success).toBe(false);
    expect(PlatformEvent.safeParse(created({ provider: 'nubank' })).success).toBe(false);
    expect(
      PlatformEvent.safeParse({ ...base, type: 'payout.status_changed', data: { uniqueId: 'PO-1', status: 'SETTLED', provider: 'itau' } })
        .success,
    ).toBe(false);
  });
});
