import { ACCOUNT_TYPES, type AccountType } from '@andes/contract/account/enums';
import { addBalances, type Balances, ZERO_BALANCES } from '@andes/contract/account/schemas';
import type { Country } from '@andes/contract/common/countries';
import { addDays, addMonths, type CalendarDate, formatDateTime, isCalendarDate, startOfLocalDay } from '@andes/contract/common/dates';
import { PRODUCT_TYPES, PRODUCTS, type Product, type ProductType, type TransactionType } from '@andes/contract/common/enums';
import {
  HOME_CHART_TRANSACTION_TYPES,
  PENDING_UPCOMING_MAX_DATES,
  PRODUCT_SHOWN_RECENT_DAYS,
  TRANSACTION_TYPE_OF_PRODUCT,
} from '@andes/contract/home/constants';
import type {
  AccountingCalendar,
  AccountingCalendarRequest,
  AmountSummary,
  BalanceDetail,
  BalanceDetailRequest,
  BalanceQuery,
  ChartRangeRequest,
  CountryRequest,
  DayOfHistory,
  DayOfHistoryRequest,
  Figures,
  PendingBalanceInfo,
  ProductEntry,
  ProductLineChart,
  ProductList,
  ProductPieChart,
  RealTimeLineChart,
  RealTimeRequest,
  TransactionLineChart,
  UnreadCount,
} from '@andes/contract/home/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { type CountryContext, requireCountry } from '../../http/country-access.ts';
import { CommonErrors } from '../../http/errors.ts';
import { listLocalAccounts } from '../account/account.repository.ts';
import { balanceFigures } from '../account/balance-figures.ts';
import {
  countHeld,
  countUnread,
  hourlySuccessQuery,
  merchantProductsOf,
  releasesByDate,
  type StatRow,
  statFigures,
  upcomingReleasesQuery,
  usedProductTypes,
} from './home.repository.ts';
import { addFigures, dailyPoints, hourPoints, ZERO_FIGURES } from './home-figures.ts';

/** Messages of refusals the request schema cannot know (they depend on today in the country). */
export const HOME_MESSAGES = {
  afterToday: (today: CalendarDate, timezoneName: string) => `The date must not be after today (${today} in ${timezoneName})`,
  invalidMonth: 'Enter an existing month as YYYY-MM',
} as const;

const productTypeOrder = (t: string) => (PRODUCT_TYPES as readonly string[]).indexOf(t);
const isProductType = (t: string | null): t is ProductType => t !== null && productTypeOrder(t) >= 0;

/** The transaction types a chart counts: the product's, or payments, payouts and marketplace orders. */
function chartTypes(product: Product | undefined): TransactionType[] {
  return product === undefined ? [...HOME_CHART_TRANSACTION_TYPES] : [TRANSACTION_TYPE_OF_PRODUCT[product]];
}

/** The figures per product type, most money first (then by the product types' order). */
function byProductType(rows: readonly StatRow[]): { productType: ProductType; figures: Figures }[] {
  const sums = new Map<ProductType, Figures>();
  for (const r of rows) {
    if (!isProductType(r.productType) || r.figures.count === 0) continue;
    sums.set(r.productType, addFigures(sums.get(r.productType) ?? ZERO_FIGURES, r.figures));
  }
  return [...sums.entries()]
    .map(([productType, figures]) => ({ productType, figures }))
    .sort((a, b) => b.figures.amount - a.figures.amount || productTypeOrder(a.productType) - productTypeOrder(b.productType));
}

/** The local hour (0–23) of an instant in a zone. */
function localHour(now: Date, timezoneName: string): number {
  return Number(formatDateTime(now, timezoneName).slice(11, 13));
}

/** Home (`/home`): balances and charts of one authorised country, in its currency and time zone. */
export class HomeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private country(auth: AuthContext, country: Country): Promise<CountryContext> {
    return requireCountry(this.db, auth, country, this.clock());
  }

  /** Refuses a date after today in the country (`path` names the field). */
  private notAfterToday(ctx: CountryContext, date: CalendarDate, path: string): void {
    if (date > ctx.today) throw CommonErrors.validation([{ path, message: HOME_MESSAGES.afterToday(ctx.today, ctx.timezoneName) }]);
  }

  private async rangeContext(auth: AuthContext, body: ChartRangeRequest): Promise<CountryContext> {
    const ctx = await this.country(auth, body.country);
    this.notAfterToday(ctx, body.to, 'to');
    return ctx;
  }

  // ---- balances -------------------------------------------------------------------------------

  async balanceQuery(auth: AuthContext, body: CountryRequest): Promise<BalanceQuery> {
    const ctx = await this.country(auth, body.country);
    const rows = await listLocalAccounts(this.db, auth.scope, ctx.country);
    const byType = new Map<AccountType, Balances>(ACCOUNT_TYPES.map((t) => [t, ZERO_BALANCES]));
    for (const r of rows)
      byType.set(r.accountType, addBalances(byType.get(r.accountType) ?? ZERO_BALANCES, balanceFigures(r.buckets, r.accountType)));
    return {
      country: ctx.country,
      currency: ctx.currency,
      total: [...byType.values()].reduce(addBalances, ZERO_BALANCES),
      byType: ACCOUNT_TYPES.map((accountType) => ({ accountType, balances: byType.get(accountType) ?? ZERO_BALANCES })),
      asOf: this.clock().toISOString(),
    };
  }

  async balanceDetail(auth: AuthContext, body: BalanceDetailRequest): Promise<BalanceDetail> {
    const ctx = await this.country(auth, body.country);
    const rows = await listLocalAccounts(this.db, auth.scope, ctx.country, body.accountType);
    const accounts = rows.map((r) => ({
      accountId: r.id,
      accountNo: r.accountNo,
      holderName: r.holderName,
      subMerchant: r.subMerchant,
      balances: balanceFigures(r.buckets, r.accountType),
    }));
    return {
      country: ctx.country,
      currency: ctx.currency,
      accountType: body.accountType,
      total: accounts.map((a) => a.balances).reduce(addBalances, ZERO_BALANCES),
      accounts,
    };
  }

  async pendingBalanceInfo(auth: AuthContext, body: CountryRequest): Promise<PendingBalanceInfo> {
    const ctx = await this.country(auth, body.country);
    const [rows, heldCount, upcoming] = await Promise.all([
      listLocalAccounts(this.db, auth.scope, ctx.country),
      countHeld(this.db, auth.scope, ctx.country),
      upcomingReleasesQuery(this.db, auth.scope, ctx.country, PENDING_UPCOMING_MAX_DATES),
    ]);
    const total = rows.map((r) => balanceFigures(r.buckets, r.accountType)).reduce(addBalances, ZERO_BALANCES);
    return {
      country: ctx.country,
      currency: ctx.currency,
      pending: total.pending,
      onHold: total.onHold,
      heldCount,
      upcoming: upcoming.map((u) => ({ date: u.date, amount: u.amount, count: u.count })),
    };
  }

  // ---- products -------------------------------------------------------------------------------

  async productList(auth: AuthContext, body: CountryRequest): Promise<ProductList> {
    const ctx = await this.country(auth, body.country);
    const [products, used] = await Promise.all([
      merchantProductsOf(this.db, auth.scope, ctx.country),
      usedProductTypes(this.db, auth.scope, ctx.country, addDays(ctx.today, 1 - PRODUCT_SHOWN_RECENT_DAYS), ctx.today),
    ]);
    const usedKeys = new Set(used.map((u) => `${u.transactionType}|${u.productType}`));
    const list: ProductEntry[] = products.flatMap((p) => {
      if (!isProductType(p.productType)) return [];
      const recent = usedKeys.has(`${TRANSACTION_TYPE_OF_PRODUCT[p.product]}|${p.productType}`);
      return [{ id: p.id, code: p.productType, product: p.product, show: p.open === 1 || recent, open: p.open === 1 }];
    });
    list.sort((a, b) => PRODUCTS.indexOf(a.product) - PRODUCTS.indexOf(b.product) || productTypeOrder(a.code) - productTypeOrder(b.code));
    return { list };
  }

  // ---- charts ---------------------------------------------------------------------------------

  async transactionLineChart(auth: AuthContext, body: ChartRangeRequest): Promise<TransactionLineChart> {
    const ctx = await this.rangeContext(auth, body);
    const rows = await statFigures(
      this.db,
      auth.scope,
      { country: ctx.country, from: body.from, to: body.to, types: chartTypes(body.product) },
      ['statDate'],
    );
    const byDate = new Map(rows.flatMap((r) => (r.statDate === null ? [] : [[r.statDate, r.figures] as const])));
    return { currency: ctx.currency, points: dailyPoints(body.from, body.to, byDate) };
  }

  async dayOfHistory(auth: AuthContext, body: DayOfHistoryRequest): Promise<DayOfHistory> {
    const ctx = await this.country(auth, body.country);
    this.notAfterToday(ctx, body.date, 'date');
    const compareDate = addDays(body.date, -7);
    const rows = await statFigures(
      this.db,
      auth.scope,
      { country: ctx.country, from: compareDate, to: body.date, types: PRODUCTS.map((p) => TRANSACTION_TYPE_OF_PRODUCT[p]) },
      ['statDate', 'transactionType'],
    );
    const figuresOf = (date: CalendarDate, type: TransactionType) =>
      rows.find((r) => r.statDate === date && r.transactionType === type)?.figures ?? ZERO_FIGURES;
    return {
      currency: ctx.currency,
      date: body.date,
      compareDate,
      rows: PRODUCTS.map((product) => ({
        product,
        day: figuresOf(body.date, TRANSACTION_TYPE_OF_PRODUCT[product]),
        compare: figuresOf(compareDate, TRANSACTION_TYPE_OF_PRODUCT[product]),
      })),
    };
  }

  async amountSummary(auth: AuthContext, body: ChartRangeRequest): Promise<AmountSummary> {
    const ctx = await this.rangeContext(auth, body);
    // Refunds and chargebacks are movements of pay-ins: they belong to the payin product.
    const types: TransactionType[] =
      body.product === undefined
        ? [...HOME_CHART_TRANSACTION_TYPES, 'REFUND', 'CHARGE_BACK']
        : body.product === 'payin'
          ? ['PAY_IN', 'REFUND', 'CHARGE_BACK']
          : [TRANSACTION_TYPE_OF_PRODUCT[body.product]];
    const rows = await statFigures(this.db, auth.scope, { country: ctx.country, from: body.from, to: body.to, types }, ['transactionType']);
    const of = (type: TransactionType) => rows.find((r) => r.transactionType === type)?.figures ?? ZERO_FIGURES;
    return {
      currency: ctx.currency,
      payin: of('PAY_IN'),
      payout: of('PAY_OUT'),
      marketplace: of('MARKET_PLACE_ORDERS'),
      refund: { count: of('REFUND').count, amount: of('REFUND').amount },
      chargeback: { count: of('CHARGE_BACK').count, amount: of('CHARGE_BACK').amount },
      fee: rows.reduce((sum, r) => sum + r.successFee, 0),
      vat: rows.reduce((sum, r) => sum + r.successVat, 0),
    };
  }

  async productPieChart(auth: AuthContext, body: ChartRangeRequest): Promise<ProductPieChart> {
    const ctx = await this.rangeContext(auth, body);
    const rows = await statFigures(
      this.db,
      auth.scope,
      { country: ctx.country, from: body.from, to: body.to, types: chartTypes(body.product) },
      ['productType'],
    );
    return { currency: ctx.currency, slices: byProductType(rows).map((s) => ({ productType: s.productType, ...s.figures })) };
  }

  async productLineChart(auth: AuthContext, body: ChartRangeRequest): Promise<ProductLineChart> {
    const ctx = await this.rangeContext(auth, body);
    const rows = await statFigures(
      this.db,
      auth.scope,
      { country: ctx.country, from: body.from, to: body.to, types: chartTypes(body.product) },
      ['statDate', 'productType'],
    );
    const series = byProductType(rows).map(({ productType }) => {
      const byDate = new Map<CalendarDate, Figures>();
      for (const r of rows) if (r.productType === productType && r.statDate !== null) byDate.set(r.statDate, r.figures);
      return { productType, points: dailyPoints(body.from, body.to, byDate) };
    });
    return { currency: ctx.currency, series };
  }

  async realTimeLineChart(auth: AuthContext, body: RealTimeRequest): Promise<RealTimeLineChart> {
    const ctx = await this.country(auth, body.country);
    const now = this.clock();
    const yesterday = addDays(ctx.today, -1);
    const todayStart = new Date(startOfLocalDay(ctx.timezoneName, ctx.today));
    const rows = await hourlySuccessQuery(this.db, auth.scope, {
      country: ctx.country,
      types: chartTypes(body.product),
      timezoneName: ctx.timezoneName,
      start: new Date(startOfLocalDay(ctx.timezoneName, yesterday)),
      end: new Date(now.getTime() + 1),
      todayStart,
    });
    const hours = (today: boolean) =>
      new Map(rows.filter((r) => r.today === today).map((r) => [r.hour, { count: r.count, amount: r.amount }]));
    return {
      currency: ctx.currency,
      timezoneName: ctx.timezoneName,
      today: ctx.today,
      todayPoints: hourPoints(localHour(now, ctx.timezoneName), hours(true)),
      yesterdayPoints: hourPoints(23, hours(false)),
      asOf: now.toISOString(),
    };
  }

  async accountingCalendar(auth: AuthContext, body: AccountingCalendarRequest): Promise<AccountingCalendar> {
    const ctx = await this.country(auth, body.country);
    const first = `${body.month}-01`;
    if (!isCalendarDate(first)) throw CommonErrors.validation([{ path: 'month', message: HOME_MESSAGES.invalidMonth }]);
    const last = addDays(addMonths(first, 1), -1);
    const rows = await releasesByDate(this.db, auth.scope, ctx.country, first, last);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const days: AccountingCalendar['days'] = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      const r = byDate.get(date);
      days.push({ date, released: r?.released ?? 0, scheduled: r?.scheduled ?? 0, count: r?.count ?? 0 });
    }
    return { currency: ctx.currency, month: body.month, days };
  }

  // ---- messages -------------------------------------------------------------------------------

  async unreadMessageCount(auth: AuthContext): Promise<UnreadCount> {
    return { count: await countUnread(this.db, auth.scope, auth.userId, this.clock()) };
  }
}
