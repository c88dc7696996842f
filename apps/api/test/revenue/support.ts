import { login } from '@andes/contract/auth/endpoints';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { normaliseFailReason } from '@andes/contract/revenue-assurance/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, type TestApp } from '../helper.ts';
import { withPlatformToken } from '../ledger/support.ts';

/**
 * Revenue assurance's tests (docs/decisions/0031): an app on a fixed clock with the platform token,
 * the demo sub-merchant user given the revenue codes, and a brute-force reading of the charts'
 * figures straight from the transaction rows — written apart from the service (its own periods,
 * its own sums), so the two can only agree by both being right.
 */

export const NOW = new Date('2026-05-20T15:00:00.000Z');
export const REVENUE_CODES = ['revenue-assurance', 'revenue-assurance:situation-analysis', 'revenue-assurance:tokenization'];
/** What the marketplace staff get besides, to drill down to the payout list. */
const DRILL_DOWN_CODES = ['transactions:payout'];

export async function revenueApp(): Promise<TestApp> {
  const t = await createTestApp({
    clock: fakeClock(NOW),
    config: { session: { idleMinutes: 60 * 24, maxHours: 24 * 30, rotateMinutes: 60 * 24 } },
  });
  await withPlatformToken(t.db);
  // The marketplace staff (ANDES-DEMO-BR's users) may read revenue assurance too.
  await t.db.execute(sql`insert into role_permissions (role_id, code)
    select r.id, c from roles r cross join unnest(${`{${[...REVENUE_CODES, ...DRILL_DOWN_CODES].join(',')}}`}::text[]) as c where r.name = 'Marketplace staff'
    on conflict do nothing`);
  return t;
}

export async function tokenOf(t: TestApp, who: keyof typeof DEMO): Promise<string> {
  const u = DEMO[who];
  const res = envelope<{ token: string }>(await post(t.app, login.path, { username: u.username, password: u.password }));
  if (res.code !== ResultCode.OK) throw new Error(`sign-in of ${u.username}: ${res.code} ${res.msg}`);
  return res.data.token;
}

export async function call<T>(t: TestApp, token: string, path: string, body: unknown) {
  return envelope<T>(await post(t.app, path, body, { token }));
}

export function todayOf(country: Country): string {
  return todayIn(COUNTRY_INFO[country].timezoneName, NOW);
}

// ---- the rows, and the figures counted from them ------------------------------------------------------

export interface Row {
  merchantId: number;
  subMerchantId: number | null;
  country: string;
  transactionType: string;
  productType: string;
  status: string;
  statusReason: string | null;
  funnelStage: number;
  card: Record<string, unknown> | null;
  amount: number;
  createdDate: string;
}

export async function rowsOf(db: Db): Promise<Row[]> {
  const res = (await db.execute(sql`select merchant_id, sub_merchant_id, country, transaction_type, product_type, status, status_reason,
      funnel_stage, card, amount, created_date from transactions`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => ({
    merchantId: Number(r.merchant_id),
    subMerchantId: r.sub_merchant_id === null ? null : Number(r.sub_merchant_id),
    country: String(r.country),
    transactionType: String(r.transaction_type),
    productType: String(r.product_type),
    status: String(r.status),
    statusReason: (r.status_reason as string | null) ?? null,
    funnelStage: Number(r.funnel_stage),
    card: (r.card as Record<string, unknown> | null) ?? null,
    amount: Number(r.amount),
    createdDate: String(r.created_date),
  }));
}

const FAILING = ['FAILED', 'REJECTED', 'EXPIRED'];
export const cardKind = (r: Row) => (r.card === null ? 'NONE' : 'tokenId' in r.card ? 'TOKEN' : 'PAN');
export const failReason = (r: Row) => (FAILING.includes(r.status) ? normaliseFailReason(r.statusReason) : '');

/** Periods counted by hand: days, Mondays, 1sts; each clipped to the range. */
export function handPeriods(from: string, to: string, g: 'daily' | 'weekly' | 'monthly') {
  const startOf = (d: string) => {
    if (g === 'daily') return d;
    if (g === 'monthly') return `${d.slice(0, 7)}-01`;
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    return addDays(d, -((day + 6) % 7));
  };
  const nextOf = (d: string) => {
    if (g === 'daily') return addDays(d, 1);
    if (g === 'weekly') return addDays(d, 7);
    const [y, m] = d.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  };
  const out: { period: string; from: string; to: string }[] = [];
  for (let p = startOf(from); p <= to; p = nextOf(p)) {
    const last = addDays(nextOf(p), -1);
    out.push({ period: p, from: p < from ? from : p, to: last > to ? to : last });
  }
  return { periods: out, startOf };
}

export interface Query {
  merchantId: number;
  subMerchantId: number | null;
  country: string;
  transactionType: string;
  productTypes: string[];
}

export function inScope(q: Query, from: string, to: string) {
  return (r: Row) =>
    r.merchantId === q.merchantId &&
    (q.subMerchantId === null || r.subMerchantId === q.subMerchantId) &&
    r.country === q.country &&
    r.transactionType === q.transactionType &&
    (q.productTypes.length === 0 || q.productTypes.includes(r.productType)) &&
    r.createdDate >= from &&
    r.createdDate <= to;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const sum = (rows: Row[]) => ({ count: rows.length, amount: rows.reduce((s, r) => s + r.amount, 0) });

export function stagesOf(rows: Row[]) {
  return {
    created: sum(rows),
    submitted: sum(rows.filter((r) => r.funnelStage >= 1)),
    authorised: sum(rows.filter((r) => r.funnelStage >= 2)),
    settled: sum(rows.filter((r) => r.funnelStage >= 3)),
  };
}

export function expectedVolume(rows: Row[], q: Query, from: string, to: string, g: 'daily' | 'weekly' | 'monthly') {
  const figures = (rs: Row[]) => {
    const s = stagesOf(rs);
    return { ...s, successRate: ratio(s.settled.count, s.created.count), approvalRate: ratio(s.authorised.count, s.submitted.count) };
  };
  const mine = rows.filter(inScope(q, from, to));
  return {
    points: handPeriods(from, to, g).periods.map((p) => ({
      ...p,
      ...figures(mine.filter((r) => r.createdDate >= p.from && r.createdDate <= p.to)),
    })),
    total: figures(mine),
  };
}

export function expectedTrend(rows: Row[], q: Query, from: string, to: string, g: 'daily' | 'weekly' | 'monthly') {
  const { periods, startOf } = handPeriods(from, to, g);
  const firstStart = startOf(from);
  const prevStart = startOf(addDays(firstStart, -1));
  const approval = (rs: Row[]) => {
    const submitted = rs.filter((r) => r.funnelStage >= 1).length;
    const authorised = rs.filter((r) => r.funnelStage >= 2).length;
    return { submitted, authorised, approvalRate: ratio(authorised, submitted) };
  };
  let previous = approval(rows.filter(inScope(q, prevStart, addDays(firstStart, -1)))).approvalRate;
  const mine = rows.filter(inScope(q, from, to));
  const points = periods.map((p) => {
    const a = approval(mine.filter((r) => r.createdDate >= p.from && r.createdDate <= p.to));
    const point = {
      ...p,
      ...a,
      previousApprovalRate: previous,
      delta: a.approvalRate === null || previous === null ? null : a.approvalRate - previous,
    };
    previous = a.approvalRate;
    return point;
  });
  return { granularity: g, points, total: approval(mine) };
}

export function expectedFunnel(rows: Row[], q: Query, from: string, to: string) {
  const figures = (rs: Row[]) => {
    const s = stagesOf(rs);
    const minus = (a: { count: number; amount: number }, b: { count: number; amount: number }) => ({
      count: a.count - b.count,
      amount: a.amount - b.amount,
    });
    return {
      ...s,
      dropOff: {
        abandoned: minus(s.created, s.submitted),
        declined: minus(s.submitted, s.authorised),
        unsettled: minus(s.authorised, s.settled),
      },
      submitRate: ratio(s.submitted.count, s.created.count),
      approvalRate: ratio(s.authorised.count, s.submitted.count),
      settleRate: ratio(s.settled.count, s.authorised.count),
      conversionRate: ratio(s.settled.count, s.created.count),
    };
  };
  const mine = rows.filter(inScope(q, from, to));
  const products = [...new Set(mine.map((r) => r.productType))];
  return {
    total: figures(mine),
    byProductType: products
      .map((productType) => ({ productType, ...figures(mine.filter((r) => r.productType === productType)) }))
      .sort((a, b) => b.created.count - a.created.count || a.productType.localeCompare(b.productType)),
  };
}

export function expectedFailReasons(rows: Row[], q: Query, from: string, to: string, top: number, kindOf: (reason: string) => string) {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const previousRange = { from: addDays(from, -days), to: addDays(from, -1) };
  const failed = (a: string, b: string) => rows.filter(inScope(q, a, b)).filter((r) => FAILING.includes(r.status));
  const now = failed(from, to);
  const before = failed(previousRange.from, previousRange.to);
  const group = (rs: Row[]) => {
    const m = new Map<string, { count: number; amount: number }>();
    for (const r of rs) {
      const g = m.get(failReason(r)) ?? { count: 0, amount: 0 };
      g.count += 1;
      g.amount += r.amount;
      m.set(failReason(r), g);
    }
    return m;
  };
  const total = sum(now);
  const previousTotal = sum(before);
  const prev = group(before);
  const soft = sum(now.filter((r) => kindOf(failReason(r)) === 'SOFT'));
  const hard = sum(now.filter((r) => kindOf(failReason(r)) === 'HARD'));
  const reasons = [...group(now).entries()]
    .sort((a, b) => b[1].count - a[1].count || b[1].amount - a[1].amount || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, top)
    .map(([reason, g]) => {
      const previousCount = prev.get(reason)?.count ?? 0;
      return {
        reason,
        kind: kindOf(reason),
        count: g.count,
        amount: g.amount,
        share: g.count / total.count,
        previousCount,
        previousShare: ratio(previousCount, previousTotal.count),
        trend: previousCount === 0 ? null : (g.count - previousCount) / previousCount,
      };
    });
  return { total, previousTotal, previousRange, soft, hard, reasons };
}

export function expectedTokenization(rows: Row[], q: Query, from: string, to: string, g: 'daily' | 'weekly' | 'monthly') {
  const cards = rows.filter(inScope({ ...q, transactionType: 'PAY_IN' }, from, to)).filter((r) => r.card !== null);
  const group = (rs: Row[]) => {
    const s = stagesOf(rs);
    return {
      created: s.created,
      submitted: s.submitted.count,
      authorised: s.authorised.count,
      approvalRate: ratio(s.authorised.count, s.submitted.count),
    };
  };
  const figures = (rs: Row[]) => {
    const token = group(rs.filter((r) => cardKind(r) === 'TOKEN'));
    const pan = group(rs.filter((r) => cardKind(r) === 'PAN'));
    return {
      token,
      pan,
      tokenShare: ratio(token.created.count, token.created.count + pan.created.count),
      uplift: token.approvalRate === null || pan.approvalRate === null ? null : token.approvalRate - pan.approvalRate,
    };
  };
  return {
    granularity: g,
    points: handPeriods(from, to, g).periods.map((p) => ({
      ...p,
      ...figures(cards.filter((r) => r.createdDate >= p.from && r.createdDate <= p.to)),
    })),
    total: figures(cards),
  };
}
