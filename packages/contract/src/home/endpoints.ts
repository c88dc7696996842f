import { defineEndpoint, EmptyRequest } from '../common/define-endpoint.ts';
import {
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
  PendingBalanceInfo,
  ProductLineChart,
  ProductList,
  ProductPieChart,
  RealTimeLineChart,
  RealTimeRequest,
  TransactionLineChart,
  UnreadCount,
} from './schemas.ts';

/** The Home calls of spec §7. Every one is scoped to one authorised country of the caller. */

export const balanceQuery = defineEndpoint({
  path: '/dashboard/home/account/balance/query',
  summary: "The country's balances, in total and per account type",
  permission: 'home',
  request: CountryRequest,
  response: BalanceQuery,
});

export const balanceDetail = defineEndpoint({
  path: '/dashboard/home/account/balance/detail',
  summary: 'One account type of the country, per holder',
  permission: 'home',
  request: BalanceDetailRequest,
  response: BalanceDetail,
});

export const pendingBalanceInfo = defineEndpoint({
  path: '/dashboard/home/pending/balance/info',
  summary: 'Pending and held money, and when pending money becomes available',
  permission: 'home',
  request: CountryRequest,
  response: PendingBalanceInfo,
});

export const productList = defineEndpoint({
  path: '/dashboard/home/product/list',
  summary: "The merchant's product types in the country",
  permission: 'home',
  request: CountryRequest,
  response: ProductList,
});

export const transactionLineChart = defineEndpoint({
  path: '/dashboard/home/transaction/line-chart',
  summary: 'Transactions per day of a range',
  permission: 'home',
  request: ChartRangeRequest,
  response: TransactionLineChart,
});

export const dayOfHistory = defineEndpoint({
  path: '/dashboard/home/transaction/day-of-history',
  summary: 'One past day per product, beside the same weekday a week before',
  permission: 'home',
  request: DayOfHistoryRequest,
  response: DayOfHistory,
});

export const amountSummary = defineEndpoint({
  path: '/dashboard/home/transaction/amount/summary',
  summary: 'Amounts per kind of transaction over a range',
  permission: 'home',
  request: ChartRangeRequest,
  response: AmountSummary,
});

export const productPieChart = defineEndpoint({
  path: '/dashboard/home/transaction-product/pie-chart',
  summary: 'Transactions per product type over a range',
  permission: 'home',
  request: ChartRangeRequest,
  response: ProductPieChart,
});

export const productLineChart = defineEndpoint({
  path: '/dashboard/home/transaction-product/line-chart',
  summary: 'Transactions per product type per day of a range',
  permission: 'home',
  request: ChartRangeRequest,
  response: ProductLineChart,
});

export const realTimeLineChart = defineEndpoint({
  path: '/dashboard/home/real-time/line-chart',
  summary: "Today's successful amount per hour, beside yesterday's",
  permission: 'home',
  request: RealTimeRequest,
  response: RealTimeLineChart,
});

export const accountingCalendar = defineEndpoint({
  path: '/dashboard/home/accounting/calendar',
  summary: 'Settled money released or scheduled per day of a month',
  permission: 'home',
  request: AccountingCalendarRequest,
  response: AccountingCalendar,
});

/** Unread messages of the caller (loaded after sign-in for users with message-center access). */
export const unreadMessageCount = defineEndpoint({
  path: '/dashboard/home/message/unread/count',
  summary: "The caller's unread messages",
  permission: 'message-center',
  request: EmptyRequest,
  response: UnreadCount,
});
