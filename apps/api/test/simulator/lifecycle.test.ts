import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import { productTypesOf } from '@andes/contract/common/enums';
import { PlatformEvent } from '@andes/contract/platform/schemas';
import { PROVIDER_RAILS, providerRailOf, providersOf, TRANSFER_PROVIDERS } from '@andes/contract/transaction/enums';
import { CardSchema } from '@andes/contract/transaction/parts';
import { describe, expect, test } from 'vitest';
import {
  basisPointsOf,
  CATALOGUE,
  catalogueProblems,
  convertFromUsd,
  feeOf,
  payoutFeeOf,
  rateOfDay,
  usdNeededFor,
} from '../../src/simulator/catalogue.ts';
import { planHistory } from '../../src/simulator/history-plan.ts';
import {
  availableAtOf,
  DAY,
  LIVE_TIME,
  MINUTE,
  planFunding,
  planOfferedPayout,
  planTransaction,
  type TransactionPlan,
} from '../../src/simulator/lifecycle.ts';
import { localDate } from '../../src/simulator/local-time.ts';
import { DEFAULT_TARGETS, parseTargets, streamsOf } from '../../src/simulator/merchants.ts';
import { clabe, cnpj, cpf, rut } from '../../src/simulator/parties.ts';
import { Rng } from '../../src/simulator/prng.ts';
import { simulatedProviderOf } from '../../src/simulator/providers.ts';

const AT = Date.parse('2026-03-04T15:00:00.000Z');
const STREAMS = streamsOf(DEFAULT_TARGETS);

/** Plans `n` transactions over the demo streams, like the runner does. */
function sample(n: number, seed = 'test'): TransactionPlan[] {
  const rng = new Rng(`${seed}/pick`);
  return Array.from({ length: n }, (_, i) => {
    const stream = rng.weighted(STREAMS);
    return planTransaction({ seed, index: i, holder: stream.holder, kind: rng.weighted(stream.kinds).kind, at: AT + i * 1000 });
  });
}

describe('the catalogue', () => {
  test('stays within the contract: currencies, product types of each country, every local method present', () => {
    expect(catalogueProblems()).toEqual([]);
  });

  test('fees are percent plus fixed cents, rounded half up, with VAT on the fee at the country rate', () => {
    // MX SPEI: 1.5% + MXN 3.00 on MXN 1,000.00, IVA 16% on the fee.
    expect(feeOf(100_000, { bps: 150, fixed: 300 }, 1600)).toEqual({ fee: 1800, vat: 288 });
    // CO: 19% of 333 cents is 63.27 → 63; half a cent rounds up.
    expect(basisPointsOf(333, 1900)).toBe(63);
    expect(basisPointsOf(5, 1000)).toBe(1);
    expect(basisPointsOf(4, 1000)).toBe(0);
    // BR PIX: 0.99%, no VAT.
    expect(feeOf(12_345, CATALOGUE.BR.payins[0]?.fee ?? { bps: 0, fixed: 0 }, CATALOGUE.BR.vatBps)).toEqual({ fee: 122, vat: 0 });
    // A fixed fee never takes more than half a tiny amount.
    expect(feeOf(500, { bps: 0, fixed: 1000 }, 1600)).toEqual({ fee: 250, vat: 40 });
    expect(payoutFeeOf(500_000, { bps: 0, fixed: 700 }, 1600)).toEqual({ fee: 700, vat: 112 });
    // No float arithmetic: amounts beyond 2^53 / 10 000 stay exact.
    expect(basisPointsOf(900_719_925_474_099, 9999)).toBe(900_629_853_481_552);
  });

  test('exchange rates convert in integers, and the cents needed always buy at least the target', () => {
    expect(convertFromUsd(100_00, '5.0480')).toBe(504_80);
    expect(convertFromUsd(1, '4085.5')).toBe(4086);
    for (const [local, rate] of [
      [1_000_000_00, '17.1850'],
      [123_456_789, '941.2'],
      [1, '3.742'],
    ] as const) {
      const usd = usdNeededFor(local, rate);
      expect(convertFromUsd(usd, rate)).toBeGreaterThanOrEqual(local);
      expect(convertFromUsd(usd - 1, rate)).toBeLessThan(local);
    }
    expect(rateOfDay('US', 123)).toBe('1.0000');
    expect(rateOfDay('BR', 20_000)).toMatch(/^5\.\d{4,8}$/);
  });
});

describe('documents and cards', () => {
  test('CPF, CNPJ, CLABE and RUT carry valid check digits', () => {
    const rng = new Rng('docs');
    const mod11 = (digits: string, weights: number[]) => {
      const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
      const r = sum % 11;
      return r < 2 ? 0 : 11 - r;
    };
    for (let i = 0; i < 50; i += 1) {
      const c = cpf(rng);
      expect(c).toMatch(/^\d{11}$/);
      expect(Number(c[9])).toBe(mod11(c, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
      expect(Number(c[10])).toBe(mod11(c, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
      const j = cnpj(rng);
      expect(Number(j[12])).toBe(mod11(j, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
      expect(Number(j[13])).toBe(mod11(j, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
      const k = clabe(rng, '012');
      expect(k).toMatch(/^012\d{15}$/);
      const sum = [...k.slice(0, 17)].reduce((s, d, n) => s + ((Number(d) * ([3, 7, 1][n % 3] ?? 1)) % 10), 0);
      expect(Number(k[17])).toBe((10 - (sum % 10)) % 10);
      const r = rut(rng);
      const [body, dv] = r.replace(/\./g, '').split('-');
      let s = 0;
      let f = 2;
      for (const d of [...(body ?? '')].reverse()) {
        s += Number(d) * f;
        f = f === 7 ? 2 : f + 1;
      }
      const expected = 11 - (s % 11);
      expect(dv).toBe(expected === 11 ? '0' : expected === 10 ? 'K' : String(expected));
    }
  });
});

describe('a transaction’s life', () => {
  const plans = sample(3000);
  const events = plans.flatMap((p) => p.events);

  test('every event is a valid ingestion event of the contract', () => {
    for (const e of events) {
      const parsed = PlatformEvent.safeParse(e.event);
      expect(parsed.success, `${e.event.eventId}: ${parsed.error?.message}`).toBe(true);
    }
  });

  test('events come in time order, creation first, with ids unique across the run', () => {
    const ids = new Set<string>();
    for (const p of plans) {
      expect(p.events[0]?.event.type).toBe('transaction.created');
      for (let i = 1; i < p.events.length; i += 1) expect(p.events[i]?.at ?? 0).toBeGreaterThan(p.events[i - 1]?.at ?? 0);
      for (const e of p.events) {
        expect(ids.has(e.event.eventId), e.event.eventId).toBe(false);
        ids.add(e.event.eventId);
        expect(e.event.occurredAt).toBe(new Date(e.at).toISOString());
      }
    }
    expect(new Set(plans.map((p) => p.uniqueId)).size).toBe(plans.length);
  });

  test('the same seed and index replay the same events; another seed gives other ids', () => {
    const holder = { merchantCode: 'ANDES-DEMO', country: 'BR' as const };
    const a = planTransaction({ seed: 's1', index: 7, holder, kind: 'payin', at: AT });
    const b = planTransaction({ seed: 's1', index: 7, holder, kind: 'payin', at: AT });
    const c = planTransaction({ seed: 's2', index: 7, holder, kind: 'payin', at: AT });
    expect(b).toEqual(a);
    expect(c.uniqueId).not.toBe(a.uniqueId);
  });

  test('amounts are integer cents within each product’s range, in whole units for CLP and COP', () => {
    for (const p of plans) {
      expect(Number.isSafeInteger(p.amount)).toBe(true);
      expect(p.amount).toBeGreaterThan(0);
      if (p.holder.country === 'CL' || p.holder.country === 'CO') expect(p.amount % 100).toBe(0);
      const c = CATALOGUE[p.holder.country];
      const model = [...c.payins, ...c.payouts, ...c.marketplace].filter((x) => x.productType === p.productType).map((x) => x.amount);
      expect(model.some((m) => p.amount >= m.min && p.amount <= m.max)).toBe(true);
    }
  });

  test('products belong to their country; sub-merchants only collect', () => {
    for (const p of plans) {
      expect(productTypesOf(p.holder.country)).toContain(p.productType);
      if (p.holder.subMerchantCode) expect(p.kind).toBe('payin');
      const created = p.events[0]?.event;
      if (created?.type !== 'transaction.created') throw new Error('not a creation');
      expect(created.data.currency).toBe(COUNTRY_INFO[p.holder.country].currency);
      expect(created.data.subMerchantCode).toBe(p.holder.subMerchantCode);
    }
  });

  test('card details are brand, BIN, last 4, expiry, token, issuer and 3DS only', () => {
    const cards = events.flatMap((e) => (e.event.type === 'transaction.created' && e.event.data.card ? [e.event.data.card] : []));
    expect(cards.length).toBeGreaterThan(100);
    for (const card of cards) {
      expect(CardSchema.parse(card)).toEqual(card);
      expect(JSON.stringify(card)).not.toMatch(/\d{9,}/);
    }
  });

  test('success rates and failures follow the product: PIX mostly settles, BOLETO and OXXO often expire', () => {
    const rate = (country: 'BR' | 'MX', productType: string) => {
      const rng = new Rng(`rate/${productType}`);
      let settled = 0;
      const expired = { n: 0 };
      const n = 3000;
      for (let i = 0; i < n; i += 1) {
        let plan: TransactionPlan;
        do
          plan = planTransaction({
            seed: `rate-${productType}-${rng.nextUint32()}`,
            index: i,
            holder: { merchantCode: 'M', country },
            kind: 'payin',
            at: AT,
          });
        while (plan.productType !== productType);
        if (plan.events.some((e) => e.event.type === 'transaction.settled')) settled += 1;
        if (plan.events.some((e) => e.event.type === 'transaction.status_changed' && e.event.data.status === 'EXPIRED')) expired.n += 1;
      }
      return { settled: settled / n, expired: expired.n / n };
    };
    const pix = rate('BR', 'PIX');
    expect(pix.settled).toBeGreaterThan(0.95);
    expect(pix.settled).toBeLessThan(0.99);
    const boleto = rate('BR', 'BOLETO');
    expect(boleto.settled).toBeGreaterThan(0.56);
    expect(boleto.settled).toBeLessThan(0.64);
    expect(boleto.expired).toBeCloseTo(1 - boleto.settled, 5);
    const oxxo = rate('MX', 'OXXO');
    expect(oxxo.settled).toBeGreaterThan(0.5);
    expect(oxxo.settled).toBeLessThan(0.6);
  }, 60_000);

  test('settlement: fee and VAT of the product, money available D+N business days at 09:00 local, cards keep a 5% deposit for 90 days', () => {
    let cards = 0;
    for (const p of plans) {
      const settled = p.events.find((e) => e.event.type === 'transaction.settled');
      if (settled?.event.type !== 'transaction.settled') continue;
      const d = settled.event.data;
      const c = CATALOGUE[p.holder.country];
      const product = c.payins.find((x) => x.productType === p.productType);
      if (!product) throw new Error(`no product ${p.productType}`);
      expect({ fee: d.fee, vat: d.vat }).toEqual(feeOf(p.amount, product.fee, c.vatBps));
      const tz = COUNTRY_INFO[p.holder.country].timezoneName;
      const available = Date.parse(d.availableAt);
      expect(available).toBe(availableAtOf(p.holder.country, settled.at, product.settlementDays));
      expect(localDateOf(tz, available) > localDateOf(tz, settled.at)).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(new Date(`${localDateOf(tz, available)}T00:00:00Z`).getUTCDay());
      if (p.productType === 'CARD') {
        cards += 1;
        expect(d.deposit).toBe(Math.floor(((p.amount - d.fee - d.vat) * 500) / 10_000));
        expect(Date.parse(d.depositReleaseAt ?? '')).toBe(settled.at + 90 * DAY);
      } else {
        expect(d.deposit ?? 0).toBe(0);
      }
    }
    expect(cards).toBeGreaterThan(50);
  });

  test('D+1 from a Friday afternoon is Monday 09:00 in São Paulo', () => {
    const friday = Date.parse('2026-03-06T20:00:00.000Z');
    expect(new Date(availableAtOf('BR', friday, 1)).toISOString()).toBe('2026-03-09T12:00:00.000Z');
  });

  test('refunds, chargebacks and holds happen, and never both a refund and a chargeback', () => {
    const many = sample(20_000, 'after');
    const count = (type: string) => many.filter((p) => p.events.some((e) => e.event.type === type)).length;
    const settledCards = many.filter(
      (p) => p.productType === 'CARD' && p.events.some((e) => e.event.type === 'transaction.settled'),
    ).length;
    const settled = count('transaction.settled');
    expect(count('transaction.refunded') / settled).toBeGreaterThan(0.01);
    expect(count('transaction.refunded') / settled).toBeLessThan(0.03);
    expect(count('transaction.charged_back') / settledCards).toBeGreaterThan(0.002);
    expect(count('transaction.charged_back') / settledCards).toBeLessThan(0.012);
    expect(count('transaction.held')).toBeGreaterThan(0);
    for (const p of many) {
      const types = new Set(p.events.map((e) => e.event.type));
      expect(types.has('transaction.refunded') && types.has('transaction.charged_back')).toBe(false);
      if (types.has('transaction.charged_back')) expect(p.productType).toBe('CARD');
      const refund = p.events.find((e) => e.event.type === 'transaction.refunded');
      if (refund?.event.type === 'transaction.refunded') expect(refund.event.data.amount).toBeLessThanOrEqual(p.amount);
    }
  }, 60_000);

  test('payouts go CREATED → IN_PROGRESS → SETTLED with fee and VAT, about 95% of them', () => {
    const payouts = plans.filter((p) => p.kind === 'payout');
    expect(payouts.length).toBeGreaterThan(100);
    let settled = 0;
    for (const p of payouts) {
      expect(p.events.map((e) => (e.event.type === 'payout.status_changed' ? e.event.data.status : e.event.type))).toEqual([
        'transaction.created',
        'IN_PROGRESS',
        expect.stringMatching(/^(SETTLED|FAILED|REJECTED)$/),
      ]);
      const last = p.events[2]?.event;
      if (last?.type === 'payout.status_changed' && last.data.status === 'SETTLED') {
        settled += 1;
        const product = CATALOGUE[p.holder.country].payouts.find((x) => x.productType === p.productType);
        expect({ fee: last.data.fee, vat: last.data.vat }).toEqual(
          payoutFeeOf(p.amount, product?.fee ?? { bps: 0, fixed: 0 }, CATALOGUE[p.holder.country].vatBps),
        );
      }
    }
    expect(settled / payouts.length).toBeGreaterThan(0.9);
  });

  test('SPEI and PIX transfers name their provider, pay-ins when created and payouts when settled; each provider occurs', () => {
    const seen = new Map<string, number>();
    for (const p of plans) {
      const named = p.events.flatMap((e) => {
        const provider = (e.event.data as { provider?: string }).provider;
        return provider === undefined ? [] : [{ type: e.event.type, provider }];
      });
      const provider = simulatedProviderOf(p.uniqueId, p.productType);
      if (providerRailOf(p.productType) === null || p.kind === 'marketplace') {
        expect(named, p.uniqueId).toEqual([]);
        continue;
      }
      expect(providersOf(p.productType), p.uniqueId).toContain(provider);
      const last = p.events[p.events.length - 1]?.event;
      const settledPayout = last?.type === 'payout.status_changed' && last.data.status === 'SETTLED';
      if (p.kind === 'payin') expect(named, p.uniqueId).toEqual([{ type: 'transaction.created', provider }]);
      else expect(named, p.uniqueId).toEqual(settledPayout ? [{ type: 'payout.status_changed', provider }] : []);
      if (provider) seen.set(provider, (seen.get(provider) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...TRANSFER_PROVIDERS].sort());
    // The same transfer always goes through the same provider.
    expect(simulatedProviderOf('PIBR0001', 'PIX')).toBe(simulatedProviderOf('PIBR0001', 'PIX_QR'));
    expect(simulatedProviderOf('PIBR0001', 'TED')).toBeNull();
  });

  test('the providers’ shares: STP carries about half of SPEI, BS2 about two fifths of PIX', () => {
    const count = (productType: string) => {
      const n = new Map<string, number>();
      for (let i = 0; i < 20_000; i += 1) {
        const p = simulatedProviderOf(`SHARE${i}`, productType) as string;
        n.set(p, (n.get(p) ?? 0) + 1);
      }
      return (p: string) => (n.get(p) ?? 0) / 20_000;
    };
    const spei = count('SPEI');
    const pix = count('PIX');
    for (const [share, expected] of [
      [spei('stp'), 0.5],
      [spei('arcus'), 0.3],
      [spei('unipagos'), 0.2],
      [pix('bs2'), 0.4],
      [pix('rendimento'), 0.35],
      [pix('bexs'), 0.25],
    ] as const) {
      expect(Math.abs(share - expected)).toBeLessThan(0.02);
    }
    expect(PROVIDER_RAILS.SPEI.providers.map(spei).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  test('live timing compresses waits to seconds and minutes; availability stays in days', () => {
    expect(LIVE_TIME.compress(3000)).toBe(3000);
    expect(LIVE_TIME.compress(3 * DAY)).toBeLessThanOrEqual(20 * MINUTE);
    expect(LIVE_TIME.compress(30 * MINUTE)).toBeLessThan(2 * MINUTE);
    const holder = { merchantCode: 'ANDES-DEMO', country: 'BR' as const };
    for (let i = 0; i < 200; i += 1) {
      const p = planTransaction({ seed: 'live', index: i, holder, kind: 'payin', at: AT, timing: LIVE_TIME });
      const last = p.events[p.events.length - 1];
      expect((last?.at ?? AT) - AT).toBeLessThan(70 * MINUTE);
      const settled = p.events.find((e) => e.event.type === 'transaction.settled');
      if (settled?.event.type === 'transaction.settled')
        expect(Date.parse(settled.event.data.availableAt) - settled.at).toBeGreaterThan(12 * 3_600_000);
    }
  });

  test('a dashboard payout gets the same events each time it is offered', () => {
    const offer = {
      uniqueId: 'PODASH0001',
      merchantCode: 'ANDES-DEMO',
      subMerchantCode: null,
      transactionType: 'PAY_OUT' as const,
      country: 'MX' as const,
      currency: 'MXN' as const,
      productType: 'SPEI' as const,
      amount: 250_000,
      beneficiary: { name: 'Ana López' },
      merchantReference: 'R-1',
      createdAt: new Date(AT).toISOString(),
      fee: 700,
      vat: 112,
      attempts: 0,
    };
    const a = planOfferedPayout(offer, AT);
    expect(planOfferedPayout(offer, AT)).toEqual(a);
    expect(a.map((e) => e.event.eventId)).toEqual(['PODASH0001.accepted', 'PODASH0001.completed']);
    for (const e of a) expect(PlatformEvent.safeParse(e.event).success).toBe(true);
    // Settled, it names its provider (it is a SPEI payout).
    let settled = 0;
    for (let i = 0; i < 20; i += 1) {
      const uniqueId = `PODASH${i}`;
      const [accepted, completed] = planOfferedPayout({ ...offer, uniqueId }, AT).map((e) => e.event);
      expect(accepted?.data).not.toHaveProperty('provider');
      if (completed?.type !== 'payout.status_changed' || completed.data.status !== 'SETTLED') continue;
      settled += 1;
      expect(completed.data.provider).toBe(simulatedProviderOf(uniqueId, 'SPEI'));
      // It settles with the fee and VAT of the offer: what was quoted and reserved.
      expect([completed.data.fee, completed.data.vat]).toEqual([700, 112]);
    }
    expect(settled).toBeGreaterThan(10);
  });

  test('a funding tops the global account up in whole thousands and sends each account at least what it needs', () => {
    const events = planFunding({
      seed: 'f',
      merchantCode: 'ANDES-DEMO',
      at: AT,
      allocations: [
        { country: 'MX', accountType: 'PAY_OUT', amount: 12_345_678 },
        { country: 'BR', accountType: 'MARKET_PLACE', amount: 987_654 },
      ],
    });
    const [topup, ...transfers] = events.map((e) => e.event);
    if (topup?.type !== 'global.topped_up') throw new Error('no top-up first');
    expect(topup.data.amount % 100_000).toBe(0);
    let usd = 0;
    for (const t of transfers) {
      if (t.type !== 'global.transferred_out') throw new Error('not a transfer');
      usd += t.data.amount;
      expect(t.data.targetAmount).toBe(convertFromUsd(t.data.amount, t.data.exchangeRate));
      expect(t.data.targetAmount).toBeGreaterThanOrEqual(t.data.targetCountry === 'MX' ? 12_345_678 : 987_654);
    }
    expect(topup.data.amount).toBeGreaterThanOrEqual(usd);
    expect(topup.data.amount - usd).toBeLessThan(100_000);
  });
});

describe('the history timeline', () => {
  test('spreads transactions over the period with quiet nights, busier weekdays and growth', () => {
    const now = Date.parse('2026-09-01T03:00:00.000Z');
    const { plans, funding } = planHistory({ transactions: 20_000, now, seed: 'timeline' });
    expect(plans).toHaveLength(20_000);
    const times = plans.map((p) => p.events[0]?.at ?? 0);
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now - 182 * DAY);
    const firstMonth = times.filter((t) => t < now - 152 * DAY).length;
    const lastMonth = times.filter((t) => t >= now - 30 * DAY).length;
    expect(lastMonth / firstMonth).toBeGreaterThan(1.4);
    const br = plans.filter((p) => p.holder.country === 'BR');
    const tz = COUNTRY_INFO.BR.timezoneName;
    const hourOf = (t: number) => Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' }).format(t));
    const night = br.filter((p) => [2, 3, 4].includes(hourOf(p.events[0]?.at ?? 0))).length;
    const noon = br.filter((p) => [11, 12, 13].includes(hourOf(p.events[0]?.at ?? 0))).length;
    expect(noon / night).toBeGreaterThan(8);
    const weekday = (t: number) => new Date(`${localDate(tz, t)}T00:00:00Z`).getUTCDay();
    const sundays = br.filter((p) => weekday(p.events[0]?.at ?? 0) === 0).length;
    const fridays = br.filter((p) => weekday(p.events[0]?.at ?? 0) === 5).length;
    expect(fridays / sundays).toBeGreaterThan(1.3);
    // Every merchant that pays out is funded through its global account.
    const funded = new Set(funding.map((e) => e.event.merchantCode));
    expect([...funded].sort()).toEqual(['ANDES-DEMO', 'CONDOR']);
  }, 60_000);
});

describe('--merchants', () => {
  test('parses merchants, sub-merchants, countries and weights', () => {
    expect(parseTargets('ANDES-DEMO=BR,MX; ANDES-DEMO/ANDES-DEMO-BR=br*3')).toEqual([
      { merchantCode: 'ANDES-DEMO', countries: ['BR', 'MX'], weight: 1 },
      { merchantCode: 'ANDES-DEMO', subMerchantCode: 'ANDES-DEMO-BR', countries: ['BR'], weight: 3 },
    ]);
  });

  test('refuses unknown countries and malformed entries, naming them', () => {
    expect(() => parseTargets('ANDES-DEMO=BR,XX')).toThrow(/unknown country XX/);
    expect(() => parseTargets('ANDES-DEMO')).toThrow(/"ANDES-DEMO" is not/);
    expect(() => parseTargets(' ; ')).toThrow(/empty/);
  });

  test('sub-merchants only collect; merchants pay out and buy marketplace orders where there is a marketplace', () => {
    const streams = streamsOf(parseTargets('M=BR,CL;M/S=BR'));
    const kinds = (country: string, sub: boolean) =>
      streams.find((s) => s.holder.country === country && !!s.holder.subMerchantCode === sub)?.kinds.map((k) => k.kind);
    expect(kinds('BR', false)).toEqual(['payin', 'payout', 'marketplace']);
    expect(kinds('CL', false)).toEqual(['payin', 'payout']);
    expect(kinds('BR', true)).toEqual(['payin']);
  });
});
