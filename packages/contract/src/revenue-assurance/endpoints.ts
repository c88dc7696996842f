import { defineEndpoint } from '../common/define-endpoint.ts';
import {
  ApprovalFunnel,
  ApprovalTrend,
  FailReasonRanking,
  FailReasonRankingRequest,
  RevenueCurveRequest,
  RevenueRequest,
  TokenizationRequest,
  TokenizationStatistics,
  VolumeSuccessChart,
} from './schemas.ts';

/**
 * Revenue assurance (issue #14 item 3; docs/decisions/0031-revenue-assurance.md). The spec names
 * no paths; Andes chooses these under /dashboard/revenue-assurance/. Every call is limited to the
 * caller's authorised countries and scope (a merchant user: every holder of the merchant; a
 * sub-merchant user: their own holder), counts transactions by created local date in the
 * country's zone, and reads the daily pre-aggregate `revenue_daily_stats` (proved equal to the
 * rows by the figures check).
 *
 * - volume-success/curve-chart: per day, ISO week or month — created, submitted, authorised and
 *   settled count and amount, success rate (settled ÷ created), approval rate (authorised ÷ submitted).
 * - {daily|weekly|monthly}/approval-trend: approval rate per period with the change from the period before.
 * - approval-funnel/statistics: created → submitted → authorised → settled with drop-offs, in all and per product type.
 * - fail-reason/ranking: the top reasons of failed, rejected and expired transactions with share,
 *   amount, soft/hard class and the change from the previous range of equal length.
 * - tokenization/statistics: card pay-ins with a network token against those with the card number,
 *   per period and in all.
 */

export const volumeSuccessCurve = defineEndpoint({
  path: '/dashboard/revenue-assurance/volume-success/curve-chart',
  summary: 'Created and settled volume per period with the success rate (settled ÷ created) and approval rate (authorised ÷ submitted)',
  permission: 'revenue-assurance:situation-analysis',
  request: RevenueCurveRequest,
  response: VolumeSuccessChart,
});

export const approvalTrendDaily = defineEndpoint({
  path: '/dashboard/revenue-assurance/daily/approval-trend',
  summary: 'Approval rate per local day with submitted and authorised counts and the change from the day before',
  permission: 'revenue-assurance:situation-analysis',
  request: RevenueRequest,
  response: ApprovalTrend,
});
export const approvalTrendWeekly = defineEndpoint({
  path: '/dashboard/revenue-assurance/weekly/approval-trend',
  summary: 'Approval rate per ISO week (Monday first) with submitted and authorised counts and the change from the week before',
  permission: 'revenue-assurance:situation-analysis',
  request: RevenueRequest,
  response: ApprovalTrend,
});
export const approvalTrendMonthly = defineEndpoint({
  path: '/dashboard/revenue-assurance/monthly/approval-trend',
  summary: 'Approval rate per calendar month with submitted and authorised counts and the change from the month before',
  permission: 'revenue-assurance:situation-analysis',
  request: RevenueRequest,
  response: ApprovalTrend,
});

export const approvalFunnel = defineEndpoint({
  path: '/dashboard/revenue-assurance/approval-funnel/statistics',
  summary: 'Created → submitted → authorised → settled with drop-off counts, in all and per product type',
  permission: 'revenue-assurance:situation-analysis',
  request: RevenueRequest,
  response: ApprovalFunnel,
});

export const failReasonRanking = defineEndpoint({
  path: '/dashboard/revenue-assurance/fail-reason/ranking',
  summary: 'The top fail reasons: count, share, amount, soft or hard, and the change from the previous range',
  permission: 'revenue-assurance:situation-analysis',
  request: FailReasonRankingRequest,
  response: FailReasonRanking,
});

export const tokenizationStatistics = defineEndpoint({
  path: '/dashboard/revenue-assurance/tokenization/statistics',
  summary: 'Share of card pay-ins with a network token and the approval rate with and without one, per period and in all',
  permission: 'revenue-assurance:tokenization',
  request: TokenizationRequest,
  response: TokenizationStatistics,
});
