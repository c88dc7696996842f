import { addDays, daysBetween } from '@andes/contract/common/dates';
import type { ProductType } from '@andes/contract/common/enums';
import {
  classifyFailReason,
  periodStartOf,
  periodsOf,
  type RevenueGranularity,
  type RevenueTransactionType,
} from '@andes/contract/revenue-assurance/enums';
import {
  type ApprovalFunnel,
  type ApprovalTrend,
  type CountAmount,
  type FailReasonRanking,
  type FunnelFigures,
  type ParsedFailReasonRankingRequest,
  type ParsedRevenueCurveRequest,
  type ParsedRevenueRequest,
  type ParsedTokenizationRequest,
  REVENUE_MESSAGES,
  revenueRangeMessage,
  type TokenGroupFigures,
  type TokenizationFigures,
  type TokenizationStatistics,
  type VolumeSuccessChart,
  type VolumeSuccessFigures,
} from '@andes/contract/revenue-assurance/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { type CountryContext, requireCountry } from '../../http/country-access.ts';
import { CommonErrors } from '../../http/errors.ts';
import { failReasonRows, type RevenueCell, type RevenueFilter, revenueCells } from './revenue.repository.ts';

/**
 * Revenue assurance's charts (issue #14 item 3; docs/decisions/0031-revenue-assurance.md). Each
 * reads the cells of revenue_daily_stats (local date × product type × funnel stage × card kind, or
 * the fail reasons) once and sums them per period in the country's local dates: days, ISO weeks
 * (Monday first) and calendar months, each clipped to the requested range.
 */

/** a ÷ b; null when b is 0. */
const rate = (a: number, b: number): number | null => (b === 0 ? null : a / b);
const diff = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);
const zero = (): CountAmount => ({ count: 0, amount: 0 });
const plus = (a: CountAmount, c: { count: number; amount: number }) => {
  a.count += c.count;
  a.amount += c.amount;
};
const minus = (a: CountAmount, b: CountAmount): CountAmount => ({ count: a.count - b.count, amount: a.amount - b.amount });

/** Created, submitted, authorised and settled sums of some cells. */
interface Stages {
  created: CountAmount;
  submitted: CountAmount;
  authorised: CountAmount;
  settled: CountAmount;
}
const emptyStages = (): Stages => ({ created: zero(), submitted: zero(), authorised: zero(), settled: zero() });
function addCell(st: Stages, c: RevenueCell): void {
  plus(st.created, c);
  if (c.stage >= 1) plus(st.submitted, c);
  if (c.stage >= 2) plus(st.authorised, c);
  if (c.stage >= 3) plus(st.settled, c);
}

function volumeFigures(st: Stages): VolumeSuccessFigures {
  return {
    ...st,
    successRate: rate(st.settled.count, st.created.count),
    approvalRate: rate(st.authorised.count, st.submitted.count),
  };
}

function funnelFigures(st: Stages): FunnelFigures {
  return {
    ...st,
    dropOff: {
      abandoned: minus(st.created, st.submitted),
      declined: minus(st.submitted, st.authorised),
      unsettled: minus(st.authorised, st.settled),
    },
    submitRate: rate(st.submitted.count, st.created.count),
    approvalRate: rate(st.authorised.count, st.submitted.count),
    settleRate: rate(st.settled.count, st.authorised.count),
    conversionRate: rate(st.settled.count, st.created.count),
  };
}

/** The periods of the range, each with its stage sums, and the total. */
function byPeriod(
  cells: readonly RevenueCell[],
  from: string,
  to: string,
  granularity: RevenueGranularity,
  keep: (c: RevenueCell) => boolean = () => true,
) {
  const periods = periodsOf(from, to, granularity).map((p) => ({ ...p, stages: emptyStages() }));
  const index = new Map(periods.map((p) => [p.period, p]));
  const total = emptyStages();
  for (const c of cells) {
    if (c.date < from || c.date > to || !keep(c)) continue;
    const p = index.get(periodStartOf(c.date, granularity));
    if (!p) continue;
    addCell(p.stages, c);
    addCell(total, c);
  }
  return { periods, total };
}

export class RevenueAssuranceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The caller's country (authorised), with the range checked against the searchable window. */
  private async context(
    auth: AuthContext,
    body: { country: ParsedRevenueRequest['country']; range: { from: string; to: string } },
  ): Promise<CountryContext> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const message = revenueRangeMessage(body.range, body.country, now);
    if (message !== null) {
      throw CommonErrors.validation([{ path: message === REVENUE_MESSAGES.rangeInFuture ? 'range.to' : 'range.from', message }]);
    }
    return country;
  }

  private filter(
    body: { country: string; range: { from: string; to: string }; productTypes: readonly ProductType[] },
    transactionType: RevenueTransactionType,
    from = body.range.from,
    cardsOnly = false,
  ): RevenueFilter {
    return { country: body.country, transactionType, from, to: body.range.to, productTypes: body.productTypes, cardsOnly };
  }

  async volumeSuccess(auth: AuthContext, body: ParsedRevenueCurveRequest): Promise<VolumeSuccessChart> {
    const country = await this.context(auth, body);
    const cells = await revenueCells(this.db, auth.scope, this.filter(body, body.transactionType), { date: true });
    const { periods, total } = byPeriod(cells, body.range.from, body.range.to, body.granularity);
    return {
      currency: country.currency,
      granularity: body.granularity,
      points: periods.map((p) => ({ period: p.period, from: p.from, to: p.to, ...volumeFigures(p.stages) })),
      total: volumeFigures(total),
    };
  }

  async approvalTrend(auth: AuthContext, body: ParsedRevenueRequest, granularity: RevenueGranularity): Promise<ApprovalTrend> {
    await this.context(auth, body);
    // The first point compares with the whole calendar period before it.
    const firstStart = periodStartOf(body.range.from, granularity);
    const previousStart = periodStartOf(addDays(firstStart, -1), granularity);
    const cells = await revenueCells(this.db, auth.scope, this.filter(body, body.transactionType, previousStart), { date: true });
    const { periods, total } = byPeriod(cells, body.range.from, body.range.to, granularity);
    const before = byPeriod(cells, previousStart, addDays(firstStart, -1), granularity).total;
    let previous = rate(before.authorised.count, before.submitted.count);
    const points = periods.map((p) => {
      const approvalRate = rate(p.stages.authorised.count, p.stages.submitted.count);
      const point = {
        period: p.period,
        from: p.from,
        to: p.to,
        submitted: p.stages.submitted.count,
        authorised: p.stages.authorised.count,
        approvalRate,
        previousApprovalRate: previous,
        delta: diff(approvalRate, previous),
      };
      previous = approvalRate;
      return point;
    });
    return {
      granularity,
      points,
      total: {
        submitted: total.submitted.count,
        authorised: total.authorised.count,
        approvalRate: rate(total.authorised.count, total.submitted.count),
      },
    };
  }

  async funnel(auth: AuthContext, body: ParsedRevenueRequest): Promise<ApprovalFunnel> {
    const country = await this.context(auth, body);
    const cells = await revenueCells(this.db, auth.scope, this.filter(body, body.transactionType), { productType: true });
    const total = emptyStages();
    const byProduct = new Map<string, Stages>();
    for (const c of cells) {
      addCell(total, c);
      const st = byProduct.get(c.productType) ?? emptyStages();
      addCell(st, c);
      byProduct.set(c.productType, st);
    }
    return {
      currency: country.currency,
      total: funnelFigures(total),
      byProductType: [...byProduct.entries()]
        .sort((a, b) => b[1].created.count - a[1].created.count || a[0].localeCompare(b[0]))
        .map(([productType, st]) => ({ productType: productType as ProductType, ...funnelFigures(st) })),
    };
  }

  async failReasons(auth: AuthContext, body: ParsedFailReasonRankingRequest): Promise<FailReasonRanking> {
    const country = await this.context(auth, body);
    const days = daysBetween(body.range.from, body.range.to) + 1;
    const previousRange = { from: addDays(body.range.from, -days), to: addDays(body.range.from, -1) };
    const [current, earlier] = await Promise.all([
      failReasonRows(this.db, auth.scope, this.filter(body, body.transactionType)),
      failReasonRows(this.db, auth.scope, { ...this.filter(body, body.transactionType), ...previousRange }),
    ]);
    const total = zero();
    const soft = zero();
    const hard = zero();
    for (const r of current) {
      plus(total, r);
      plus(classifyFailReason(r.reason) === 'SOFT' ? soft : hard, r);
    }
    const previousTotal = zero();
    for (const r of earlier) plus(previousTotal, r);
    const before = new Map(earlier.map((r) => [r.reason, r]));
    const reasons = current
      .filter((r) => r.count > 0)
      .sort((a, b) => b.count - a.count || b.amount - a.amount || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0))
      .slice(0, body.top)
      .map((r) => {
        const previousCount = before.get(r.reason)?.count ?? 0;
        return {
          reason: r.reason,
          kind: classifyFailReason(r.reason),
          count: r.count,
          amount: r.amount,
          share: r.count / total.count,
          previousCount,
          previousShare: rate(previousCount, previousTotal.count),
          trend: previousCount === 0 ? null : (r.count - previousCount) / previousCount,
        };
      });
    return { currency: country.currency, total, previousTotal, previousRange, soft, hard, reasons };
  }

  async tokenization(auth: AuthContext, body: ParsedTokenizationRequest): Promise<TokenizationStatistics> {
    const country = await this.context(auth, body);
    const cells = await revenueCells(this.db, auth.scope, this.filter(body, 'PAY_IN', body.range.from, true), {
      date: true,
      cardToken: true,
    });
    const token = byPeriod(cells, body.range.from, body.range.to, body.granularity, (c) => c.cardToken === 'TOKEN');
    const pan = byPeriod(cells, body.range.from, body.range.to, body.granularity, (c) => c.cardToken === 'PAN');
    const group = (st: Stages): TokenGroupFigures => ({
      created: st.created,
      submitted: st.submitted.count,
      authorised: st.authorised.count,
      approvalRate: rate(st.authorised.count, st.submitted.count),
    });
    const figures = (t: Stages, p: Stages): TokenizationFigures => {
      const tg = group(t);
      const pg = group(p);
      return {
        token: tg,
        pan: pg,
        tokenShare: rate(t.created.count, t.created.count + p.created.count),
        uplift: diff(tg.approvalRate, pg.approvalRate),
      };
    };
    return {
      currency: country.currency,
      granularity: body.granularity,
      points: token.periods.map((p, i) => ({
        period: p.period,
        from: p.from,
        to: p.to,
        ...figures(p.stages, (pan.periods[i] as (typeof pan.periods)[number]).stages),
      })),
      total: figures(token.total, pan.total),
    };
  }
}
