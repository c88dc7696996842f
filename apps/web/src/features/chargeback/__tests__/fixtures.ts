import { EVIDENCE_CHECKLIST, NETWORK_THRESHOLDS } from '@andes/contract/risk/enums';
import type { Chargeback, ChargebackDetail, ChargebackPage, ChargebackSummary, CurveChart, RingChart } from '@andes/contract/risk/schemas';

/** "Now" of the chargeback tests: 2026-01-15 09:00 in São Paulo. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
export const at = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

/** An open FRAUD chargeback of R$ 250.00 on a Visa pay-in, 5 days left to defend it. */
export function chargeback(overrides: Partial<Chargeback> = {}): Chargeback {
  return {
    id: 41,
    uniqueId: 'CB2601100000041',
    transactionId: 901,
    payinUniqueId: 'PI2601050000901',
    merchantReference: 'order-901',
    country: 'BR',
    currency: 'BRL',
    productType: 'CARD',
    cardBrand: 'VISA',
    cardMasked: '411111******1111',
    payinAmount: 25_000,
    disputeAmount: 25_000,
    reason: 'Cardholder does not recognise the payment',
    reasonCode: 'FRAUD',
    disputeDate: at(-15),
    deadline: at(5),
    daysLeft: 5,
    bucket: 'LATER',
    status: 'CHARGE_BACK',
    description: null,
    defenseDate: null,
    defendedBy: null,
    accepted: false,
    outcomeAt: null,
    subMerchantName: null,
    actions: ['DEFEND', 'ACCEPT'],
    ...overrides,
  };
}

export function detail(overrides: Partial<ChargebackDetail> = {}): ChargebackDetail {
  const base = chargeback(overrides);
  return {
    ...base,
    appendices: [],
    checklist: [...EVIDENCE_CHECKLIST[base.reasonCode]],
    history: [{ event: 'RECEIVED', status: 'CHARGE_BACK', at: base.disputeDate, by: null, note: null }],
    ...overrides,
  };
}

export function page(list: Chargeback[]): ChargebackPage {
  return { list, total: list.length, totalCapped: false, nextCursor: null };
}

export function summary(): ChargebackSummary {
  return {
    currency: 'BRL',
    statuses: [
      { status: 'CHARGE_BACK', count: 4, amount: 100_000 },
      { status: 'UNDER_DEFENSE', count: 2, amount: 30_000 },
      { status: 'DEFENSE_WON', count: 3, amount: 45_000 },
      { status: 'DEFENSE_LOST', count: 1, amount: 5_000 },
    ],
    board: [
      { bucket: 'OVERDUE', count: 1, amount: 10_000 },
      { bucket: 'TODAY', count: 1, amount: 20_000 },
      { bucket: 'THIS_WEEK', count: 2, amount: 70_000 },
      { bucket: 'LATER', count: 0, amount: 0 },
    ],
    winRate: 0.75,
  };
}

export function ring(empty = false): RingChart {
  if (empty) return { currency: 'BRL', slices: [], total: { count: 0, amount: 0 } };
  return {
    currency: 'BRL',
    slices: [
      { slice: 'APPROVED', count: 80, amount: 800_000 },
      { slice: 'DECLINED', count: 10, amount: 100_000 },
      { slice: 'BLOCKED', count: 5, amount: 50_000 },
      { slice: 'CHARGED_BACK', count: 5, amount: 60_000 },
    ],
    total: { count: 100, amount: 1_010_000 },
  };
}

export function curve(): CurveChart {
  return {
    currency: 'BRL',
    points: [
      {
        period: '2026-01-14',
        transactions: 50,
        volume: 500_000,
        chargebacks: 1,
        chargebackAmount: 10_000,
        rateByCount: 0.02,
        rateByAmount: 0.02,
      },
      { period: '2026-01-15', transactions: 40, volume: 400_000, chargebacks: 0, chargebackAmount: 0, rateByCount: 0, rateByAmount: 0 },
    ],
    thresholds: NETWORK_THRESHOLDS.map((t) => ({ ...t })),
  };
}
