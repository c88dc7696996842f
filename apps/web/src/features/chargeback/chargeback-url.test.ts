import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { chargebackListOf, performanceViewOf } from './chargeback-url.ts';

const ctx = { country: 'BR' as const, timeZone: 'America/Sao_Paulo', now: new Date('2026-01-15T12:00:00Z') };

describe('chargeback list URL', () => {
  it('reads status, reason code, dispute dates, keyword and bucket; drops what does not parse', () => {
    const params = new URLSearchParams('status=CHARGE_BACK&reasonCode=FRAUD&range=2026-01-01~2026-01-10&keyword=%20ord-1%20&bucket=TODAY');
    expect(chargebackListOf(ctx, params, FIRST_PAGE)).toMatchObject({
      country: 'BR',
      status: 'CHARGE_BACK',
      reasonCode: 'FRAUD',
      range: { from: '2026-01-01', to: '2026-01-10' },
      bucket: 'TODAY',
    });
    const bad = chargebackListOf(ctx, new URLSearchParams('status=NOPE&bucket=SOON&range=2026-01-10~2026-01-01'), FIRST_PAGE);
    expect(bad.status).toBeUndefined();
    expect(bad.bucket).toBeUndefined();
    expect(bad.range).toBeUndefined();
  });

  it('drops dispute dates after today in the zone', () => {
    expect(chargebackListOf(ctx, new URLSearchParams('range=2026-01-10~2026-01-20'), FIRST_PAGE).range).toBeUndefined();
  });
});

describe('performance URL', () => {
  it('defaults to the last week, daily, by count', () => {
    const view = performanceViewOf(ctx, new URLSearchParams());
    expect(view.request).toEqual({ country: 'BR', range: { from: '2026-01-08', to: '2026-01-15' } });
    expect(view.granularity).toBe('daily');
    expect(view.basis).toBe('COUNT');
  });

  it('keeps known product types, card brands, periods and views', () => {
    const view = performanceViewOf(
      ctx,
      new URLSearchParams('range=2025-12-01~2026-01-10&productType=CARD&cardBrand=VISA&granularity=monthly&basis=AMOUNT'),
    );
    expect(view.request).toEqual({
      country: 'BR',
      range: { from: '2025-12-01', to: '2026-01-10' },
      productType: 'CARD',
      cardBrand: 'VISA',
    });
    expect(view).toMatchObject({ granularity: 'monthly', basis: 'AMOUNT' });
    const bad = performanceViewOf(ctx, new URLSearchParams('productType=NOPE&cardBrand=X&granularity=hourly&basis=Y'));
    expect(bad.request.productType).toBeUndefined();
    expect(bad.request.cardBrand).toBeUndefined();
    expect(bad).toMatchObject({ granularity: 'daily', basis: 'COUNT' });
  });
});
