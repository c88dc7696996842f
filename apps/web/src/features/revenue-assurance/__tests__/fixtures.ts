import type {
  ApprovalFunnel,
  ApprovalTrend,
  FailReasonRanking,
  FunnelFigures,
  TokenizationFigures,
  TokenizationStatistics,
  VolumeSuccessChart,
} from '@andes/contract/revenue-assurance/schemas';

/** "Now" of the revenue tests: 2026-01-15 09:00 in São Paulo. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
/** The range the tests open: three São Paulo days. */
export const RANGE = { from: '2026-01-12', to: '2026-01-14' };
export const DAYS = ['2026-01-12', '2026-01-13', '2026-01-14'] as const;

const ca = (count: number, amount = count * 10_000) => ({ count, amount });
const rate = (a: number, b: number) => (b === 0 ? null : a / b);

/** A funnel of `created` → `submitted` → `authorised` → `settled` pay-ins (R$ 100.00 each). */
export function funnelFigures(created: number, submitted: number, authorised: number, settled: number): FunnelFigures {
  return {
    created: ca(created),
    submitted: ca(submitted),
    authorised: ca(authorised),
    settled: ca(settled),
    dropOff: { abandoned: ca(created - submitted), declined: ca(submitted - authorised), unsettled: ca(authorised - settled) },
    submitRate: rate(submitted, created),
    approvalRate: rate(authorised, submitted),
    settleRate: rate(settled, authorised),
    conversionRate: rate(settled, created),
  };
}

export function funnel(total = funnelFigures(100, 90, 72, 60)): ApprovalFunnel {
  return {
    currency: 'BRL',
    total,
    byProductType: [
      { ...funnelFigures(70, 65, 55, 50), productType: 'PIX' },
      { ...funnelFigures(30, 25, 17, 10), productType: 'CARD' },
    ],
  };
}

/** Per day: created 40, 35, 25; settled 30, 20, 10 (the funnel's 100 and 60). */
export function volume(): VolumeSuccessChart {
  const created = [40, 35, 25];
  const submitted = [36, 31, 23];
  const authorised = [30, 25, 17];
  const settled = [30, 20, 10];
  const points = DAYS.map((day, i) => {
    const c = created[i] ?? 0;
    const s = settled[i] ?? 0;
    const sub = submitted[i] ?? 0;
    const a = authorised[i] ?? 0;
    return {
      period: day,
      from: day,
      to: day,
      created: ca(c),
      submitted: ca(sub),
      authorised: ca(a),
      settled: ca(s),
      successRate: rate(s, c),
      approvalRate: rate(a, sub),
    };
  });
  return {
    currency: 'BRL',
    granularity: 'daily',
    points,
    total: {
      created: ca(100),
      submitted: ca(90),
      authorised: ca(72),
      settled: ca(60),
      successRate: 0.6,
      approvalRate: 0.8,
    },
  };
}

export function trend(): ApprovalTrend {
  return {
    granularity: 'daily',
    points: [
      {
        period: DAYS[0],
        from: DAYS[0],
        to: DAYS[0],
        submitted: 36,
        authorised: 30,
        approvalRate: 30 / 36,
        previousApprovalRate: 0.8,
        delta: 30 / 36 - 0.8,
      },
      {
        period: DAYS[1],
        from: DAYS[1],
        to: DAYS[1],
        submitted: 31,
        authorised: 25,
        approvalRate: 25 / 31,
        previousApprovalRate: 30 / 36,
        delta: 25 / 31 - 30 / 36,
      },
      {
        period: DAYS[2],
        from: DAYS[2],
        to: DAYS[2],
        submitted: 23,
        authorised: 17,
        approvalRate: 17 / 23,
        previousApprovalRate: 25 / 31,
        delta: 17 / 23 - 25 / 31,
      },
    ],
    total: { submitted: 90, authorised: 72, approvalRate: 0.8 },
  };
}

export function ranking(): FailReasonRanking {
  return {
    currency: 'BRL',
    total: ca(20),
    previousTotal: ca(12),
    previousRange: { from: '2026-01-09', to: '2026-01-11' },
    soft: ca(12),
    hard: ca(8),
    reasons: [
      {
        reason: 'Insufficient funds',
        kind: 'SOFT',
        count: 12,
        amount: 120_000,
        share: 0.6,
        previousCount: 8,
        previousShare: 8 / 12,
        trend: 0.5,
      },
      { reason: '', kind: 'HARD', count: 5, amount: 50_000, share: 0.25, previousCount: 0, previousShare: 0, trend: null },
      {
        reason: 'Card blocked',
        kind: 'HARD',
        count: 3,
        amount: 30_000,
        share: 0.15,
        previousCount: 4,
        previousShare: 4 / 12,
        trend: -0.25,
      },
    ],
  };
}

function tokenFigures(token: [number, number, number], pan: [number, number, number]): TokenizationFigures {
  const group = ([created, submitted, authorised]: [number, number, number]) => ({
    created: ca(created),
    submitted,
    authorised,
    approvalRate: rate(authorised, submitted),
  });
  const t = group(token);
  const p = group(pan);
  return {
    token: t,
    pan: p,
    tokenShare: rate(token[0], token[0] + pan[0]),
    uplift: t.approvalRate === null || p.approvalRate === null ? null : t.approvalRate - p.approvalRate,
  };
}

/** Card pay-ins: 18 with a token (16 submitted, 15 authorised) and 12 with the card number (10 submitted, 7 authorised). */
export function tokenization(): TokenizationStatistics {
  const days: [number, number, number][][] = [
    [
      [8, 7, 7],
      [5, 4, 3],
    ],
    [
      [6, 5, 4],
      [4, 3, 2],
    ],
    [
      [4, 4, 4],
      [3, 3, 2],
    ],
  ];
  return {
    currency: 'BRL',
    granularity: 'daily',
    points: DAYS.map((day, i) => {
      const [token, pan] = days[i] as [[number, number, number], [number, number, number]];
      return { period: day, from: day, to: day, ...tokenFigures(token, pan) };
    }),
    total: tokenFigures([18, 16, 15], [12, 10, 7]),
  };
}
