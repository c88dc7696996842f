import { localDateRangeToUtc } from '@andes/contract/common/dates';
import { type CurveGranularity, NETWORK_THRESHOLDS, RING_SLICES } from '@andes/contract/risk/enums';
import type { CurveChart, PerformanceRequest, RingChart } from '@andes/contract/risk/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { periodOf, periodsOf } from './curve-periods.ts';
import { curveFigures, type PerformanceFilter, ringFigures } from './performance.repository.ts';

/**
 * The risk performance charts (docs/decisions/0028): the ring of what became of the period's
 * pay-ins, and the card-network chargeback curves per day, ISO week and month — chargebacks
 * received in a period (by dispute date) against the settled pay-ins created in it — with the
 * networks' monitoring thresholds. Periods are local dates of the country.
 */

type Body = z.output<typeof PerformanceRequest>;

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export class PerformanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async filter(auth: AuthContext, body: Body) {
    const country = await requireCountry(this.db, auth, body.country, this.clock());
    const utc = localDateRangeToUtc(country.timezoneName, body.range.from, body.range.to);
    const filter: PerformanceFilter = {
      country: body.country,
      from: body.range.from,
      to: body.range.to,
      start: new Date(utc.start),
      end: new Date(utc.end),
      productType: body.productType,
      cardBrand: body.cardBrand,
    };
    return { country, filter };
  }

  async ring(auth: AuthContext, body: Body): Promise<RingChart> {
    const { country, filter } = await this.filter(auth, body);
    const rows = await ringFigures(this.db, auth.scope, filter);
    const bySlice = new Map(rows.map((r) => [r.slice, r]));
    const slices = RING_SLICES.map((slice) => ({
      slice,
      count: bySlice.get(slice)?.count ?? 0,
      amount: bySlice.get(slice)?.amount ?? 0,
    }));
    return {
      currency: country.currency,
      slices,
      total: { count: slices.reduce((s, x) => s + x.count, 0), amount: slices.reduce((s, x) => s + x.amount, 0) },
    };
  }

  async curve(auth: AuthContext, body: Body, granularity: CurveGranularity): Promise<CurveChart> {
    const { country, filter } = await this.filter(auth, body);
    const days = await curveFigures(this.db, auth.scope, filter);
    const points = new Map(
      periodsOf(filter.from, filter.to, granularity).map((period) => [
        period,
        { period, transactions: 0, volume: 0, chargebacks: 0, chargebackAmount: 0, rateByCount: 0, rateByAmount: 0 },
      ]),
    );
    for (const d of days) {
      const p = points.get(periodOf(d.date, granularity));
      if (!p) continue;
      p.transactions += d.transactions;
      p.volume += d.volume;
      p.chargebacks += d.chargebacks;
      p.chargebackAmount += d.chargebackAmount;
    }
    for (const p of points.values()) {
      p.rateByCount = ratio(p.chargebacks, p.transactions);
      p.rateByAmount = ratio(p.chargebackAmount, p.volume);
    }
    return {
      currency: country.currency,
      points: [...points.values()],
      thresholds: NETWORK_THRESHOLDS.map((t) => ({ ...t })),
    };
  }
}
