import type { AccountType } from '@andes/contract/account/enums';
import type { AccountList, Balances } from '@andes/contract/account/schemas';
import type { Country, Currency } from '@andes/contract/common/countries';
import { addDays } from '@andes/contract/common/dates';
import type {
  AccountingCalendar,
  AmountSummary,
  BalanceDetail,
  BalanceQuery,
  DailyPoint,
  DayOfHistory,
  Figures,
  PendingBalanceInfo,
  ProductLineChart,
  ProductList,
  ProductPieChart,
  RealTimeLineChart,
} from '@andes/contract/home/schemas';

/** Answers of Home's calls for one country, typed by the contract. */
export interface HomeFixture {
  balance: BalanceQuery;
  detail: Record<AccountType, BalanceDetail>;
  accounts: AccountList;
  pending: PendingBalanceInfo;
  products: ProductList;
  line: (from: string, to: string) => { currency: Currency; points: DailyPoint[] };
  summary: AmountSummary;
  pie: ProductPieChart;
  productLine: (from: string, to: string) => ProductLineChart;
  realTime: RealTimeLineChart;
  history: DayOfHistory;
  calendar: (month: string) => AccountingCalendar;
}

export function balances(available: number, extra: Partial<Balances> = {}): Balances {
  const onHold = extra.onHold ?? 0;
  const depositHeld = extra.depositHeld ?? 0;
  const unavailable = onHold + depositHeld;
  return {
    balance: available + unavailable,
    available,
    unavailable,
    pending: extra.pending ?? 0,
    onHold,
    withdrawable: available,
    exchangeable: available,
    depositHeld,
    ...extra,
  };
}

const figures = (count: number, amount: number, successCount = count, successAmount = amount): Figures => ({
  count,
  amount,
  successCount,
  successAmount,
});

function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Brazil (BRL) of the demo merchant, with one sub-merchant, read at 14:05 in São Paulo on 2026-01-15. */
export function brazil(): HomeFixture {
  const payIn = balances(123_456_789, { pending: 2_500_000, onHold: 40_000, depositHeld: 100_000 });
  const payOut = balances(7_654_321);
  const market = balances(0);
  const merchantPayIn = balances(100_000_000, { pending: 2_000_000, onHold: 40_000, depositHeld: 100_000 });
  const subPayIn = balances(23_456_789, { pending: 500_000 });
  return {
    balance: {
      country: 'BR',
      currency: 'BRL',
      total: {
        balance: 131_251_110,
        available: 131_111_110,
        unavailable: 140_000,
        pending: 2_500_000,
        onHold: 40_000,
        withdrawable: 131_111_110,
        exchangeable: 131_111_110,
        depositHeld: 100_000,
      },
      byType: [
        { accountType: 'PAY_IN', balances: payIn },
        { accountType: 'PAY_OUT', balances: payOut },
        { accountType: 'MARKET_PLACE', balances: market },
      ],
      asOf: '2026-01-15T17:05:00.000Z',
    },
    detail: {
      PAY_IN: {
        country: 'BR',
        currency: 'BRL',
        accountType: 'PAY_IN',
        total: payIn,
        accounts: [
          {
            accountId: 11,
            accountNo: 'BR-PAYIN-0000000000000000011',
            holderName: 'Andes Demo Store',
            subMerchant: false,
            balances: merchantPayIn,
          },
          { accountId: 21, accountNo: 'BR-PAYIN-21', holderName: 'Andes Demo Brasil', subMerchant: true, balances: subPayIn },
        ],
      },
      PAY_OUT: { country: 'BR', currency: 'BRL', accountType: 'PAY_OUT', total: payOut, accounts: [] },
      MARKET_PLACE: { country: 'BR', currency: 'BRL', accountType: 'MARKET_PLACE', total: market, accounts: [] },
    },
    accounts: {
      list: [
        {
          accountId: 11,
          accountNo: 'BR-PAYIN-0000000000000000011',
          accountType: 'PAY_IN',
          country: 'BR',
          currency: 'BRL',
          holderId: 1,
          holderName: 'Andes Demo Store',
          subMerchant: false,
          balances: merchantPayIn,
        },
      ],
    },
    pending: {
      country: 'BR',
      currency: 'BRL',
      pending: 2_500_000,
      onHold: 40_000,
      heldCount: 3,
      upcoming: [
        { date: '2026-01-16', amount: 1_500_000, count: 12 },
        { date: '2026-01-19', amount: 1_000_000, count: 8 },
      ],
    },
    products: {
      list: [
        { id: 1, code: 'PIX', product: 'payin', show: true, open: true },
        { id: 2, code: 'BOLETO', product: 'payin', show: true, open: false },
        { id: 3, code: 'TED', product: 'payout', show: true, open: true },
        { id: 4, code: 'PIC_PAY', product: 'payin', show: false, open: false },
      ],
    },
    line: (from, to) => ({
      currency: 'BRL',
      points: datesOf(from, to).map((date, i) => ({ date, ...figures(10 + i, 100_000 * (i + 1), 9 + i, 90_000 * (i + 1)) })),
    }),
    summary: {
      currency: 'BRL',
      payin: figures(120, 98_765_432, 110, 87_654_321),
      payout: figures(40, 5_000_000, 38, 4_800_000),
      marketplace: figures(0, 0),
      refund: { count: 2, amount: 30_000 },
      chargeback: { count: 1, amount: 12_345 },
      fee: 456_789,
      vat: 12_300,
    },
    pie: {
      currency: 'BRL',
      slices: [
        { productType: 'PIX', ...figures(100, 80_000_000) },
        { productType: 'BOLETO', ...figures(20, 18_765_432) },
        { productType: 'PIC_PAY', ...figures(0, 0) },
      ],
    },
    productLine: (from, to) => ({
      currency: 'BRL',
      series: [
        { productType: 'PIX', points: datesOf(from, to).map((date) => ({ date, ...figures(5, 500_000) })) },
        { productType: 'BOLETO', points: datesOf(from, to).map((date) => ({ date, ...figures(1, 70_000) })) },
      ],
    }),
    realTime: {
      currency: 'BRL',
      timezoneName: 'America/Sao_Paulo',
      today: '2026-01-15',
      todayPoints: [
        { hour: 9, count: 3, amount: 300_000 },
        { hour: 13, count: 2, amount: 150_000 },
      ],
      yesterdayPoints: [
        { hour: 10, count: 4, amount: 200_000 },
        { hour: 20, count: 1, amount: 50_000 },
      ],
      asOf: '2026-01-15T17:05:00.000Z',
    },
    history: {
      currency: 'BRL',
      date: '2026-01-14',
      compareDate: '2026-01-07',
      rows: [
        { product: 'payin', day: figures(50, 1_125_000), compare: figures(40, 1_000_000) },
        { product: 'payout', day: figures(10, 200_000), compare: figures(0, 0) },
      ],
    },
    calendar: (month) => ({
      currency: 'BRL',
      month,
      days: [
        { date: `${month}-05`, released: 1_234_500, scheduled: 0, count: 4 },
        { date: `${month}-20`, released: 0, scheduled: 2_000_000, count: 6 },
      ],
    }),
  };
}

/** Mexico (MXN), smaller figures. */
export function mexico(): HomeFixture {
  const br = brazil();
  const payIn = balances(55_500_000);
  return {
    ...br,
    balance: {
      country: 'MX',
      currency: 'MXN',
      total: payIn,
      byType: [{ accountType: 'PAY_IN', balances: payIn }],
      asOf: '2026-01-15T17:05:00.000Z',
    },
    accounts: { list: [] },
    pending: { ...br.pending, country: 'MX', currency: 'MXN' },
    products: { list: [{ id: 9, code: 'SPEI', product: 'payin', show: true, open: true }] },
    line: (from, to) => ({ ...br.line(from, to), currency: 'MXN' }),
    summary: { ...br.summary, currency: 'MXN' },
    pie: { currency: 'MXN', slices: [{ productType: 'SPEI', ...figures(7, 700_000) }] },
    productLine: () => ({ currency: 'MXN', series: [] }),
    realTime: { ...br.realTime, currency: 'MXN', timezoneName: 'America/Mexico_City' },
    history: { ...br.history, currency: 'MXN' },
    calendar: (month) => ({ ...br.calendar(month), currency: 'MXN' }),
  };
}

/** A country without any activity yet: zero balances and empty charts. */
export function quiet(country: Country, currency: Currency): HomeFixture {
  const zero = balances(0);
  return {
    balance: { country, currency, total: zero, byType: [], asOf: '2026-01-15T17:05:00.000Z' },
    detail: {
      PAY_IN: { country, currency, accountType: 'PAY_IN', total: zero, accounts: [] },
      PAY_OUT: { country, currency, accountType: 'PAY_OUT', total: zero, accounts: [] },
      MARKET_PLACE: { country, currency, accountType: 'MARKET_PLACE', total: zero, accounts: [] },
    },
    accounts: { list: [] },
    pending: { country, currency, pending: 0, onHold: 0, heldCount: 0, upcoming: [] },
    products: { list: [] },
    line: (from, to) => ({ currency, points: datesOf(from, to).map((date) => ({ date, ...figures(0, 0) })) }),
    summary: {
      currency,
      payin: figures(0, 0),
      payout: figures(0, 0),
      marketplace: figures(0, 0),
      refund: { count: 0, amount: 0 },
      chargeback: { count: 0, amount: 0 },
      fee: 0,
      vat: 0,
    },
    pie: { currency, slices: [] },
    productLine: () => ({ currency, series: [] }),
    realTime: {
      currency,
      timezoneName: 'America/Sao_Paulo',
      today: '2026-01-15',
      todayPoints: [],
      yesterdayPoints: [],
      asOf: '2026-01-15T17:05:00.000Z',
    },
    history: {
      currency,
      date: '2026-01-14',
      compareDate: '2026-01-07',
      rows: [
        { product: 'payin', day: figures(0, 0), compare: figures(0, 0) },
        { product: 'payout', day: figures(0, 0), compare: figures(0, 0) },
      ],
    },
    calendar: (month) => ({ currency, month, days: [] }),
  };
}
