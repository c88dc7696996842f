import { z } from 'zod';
import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { attachmentFiles, UploadedFilesResponse } from '../common/uploads.ts';
import { CHARGEBACK_ACTION_PERMISSIONS, DEFENSE_APPENDIX_MAX } from './enums.ts';
import {
  ChargebackAcceptRequest,
  ChargebackAppendixFields,
  ChargebackAppendixRequest,
  ChargebackDefenseRequest,
  ChargebackDetail,
  ChargebackPage,
  ChargebackPageRequest,
  ChargebackQueryRequest,
  ChargebackSummary,
  ChargebackSummaryRequest,
  CurveChart,
  PerformanceRequest,
  RecommendationList,
  RecommendationRequest,
  ReplayPage,
  ReplayPageRequest,
  ReplayQueryRequest,
  ReplayStarted,
  ReplayStartRequest,
  ReplayView,
  ReviewDecideRequest,
  ReviewItem,
  ReviewPage,
  ReviewPageRequest,
  RingChart,
  RiskRule,
  RuleAddRequest,
  RuleCounts,
  RuleCountsRequest,
  RuleDeleteRequest,
  RuleHistory,
  RuleHistoryRequest,
  RulePage,
  RuleQueryRequest,
  RuleUpdateRequest,
  TemplateList,
  TemplateQueryRequest,
} from './schemas.ts';

/**
 * Risk (spec §7 Risk; issue #13; docs/decisions/0028-risk-rules.md). Rules, case management and
 * replays are the merchant's (a sub-merchant user is refused); chargebacks are scoped like
 * transactions (a sub-merchant user sees their sub-merchant's). Every call is limited to the
 * caller's authorised countries.
 */

// ---- rules --------------------------------------------------------------------------------------

export const ruleCounts = defineEndpoint({
  path: '/dashboard/risk/rule/counts',
  summary: 'Rules per configuration type in a country, and how many are enabled',
  permission: 'risk:configure',
  request: RuleCountsRequest,
  response: RuleCounts,
});
export const ruleTemplates = defineEndpoint({
  path: '/dashboard/risk/rules/template/query',
  summary: 'The templates of a rule type: what they look at and which fields they take',
  permission: 'risk:configure',
  request: TemplateQueryRequest,
  response: TemplateList,
});
export const ruleQuery = defineEndpoint({
  path: '/dashboard/risk/rule/query',
  summary: 'Rules of one type in a country, newest first',
  permission: 'risk:configure-detail',
  request: RuleQueryRequest,
  response: RulePage,
});
export const ruleAdd = defineEndpoint({
  path: '/dashboard/risk/rule/add',
  summary: 'Add a rule (idempotent by request id); version 1',
  permission: 'risk:rule:add',
  request: RuleAddRequest,
  response: RiskRule,
});
export const ruleUpdate = defineEndpoint({
  path: '/dashboard/risk/rule/update',
  summary: 'Change a rule: a new version, conditional on the version the editor loaded',
  permission: 'risk:rule:edit',
  request: RuleUpdateRequest,
  response: RiskRule,
});
export const ruleDelete = defineEndpoint({
  path: '/dashboard/risk/rule/delete',
  summary: 'Delete a rule (its versions stay, to explain the decisions it made)',
  permission: 'risk:rule:delete',
  request: RuleDeleteRequest,
  response: z.object({ id: z.number().int() }),
});
/** Andes: a rule's versions, oldest first. */
export const ruleHistory = defineEndpoint({
  path: '/dashboard/risk/rule/history',
  summary: "A rule's versions: who changed what, and when",
  permission: 'risk:configure-detail',
  request: RuleHistoryRequest,
  response: RuleHistory,
});
/** Andes: rules proposed from the merchant's last 90 days (AI recommended rules). */
export const ruleRecommendations = defineEndpoint({
  path: '/dashboard/risk/rules/recommendation/query',
  summary: "Rules proposed from the country's last 90 days of pay-ins and chargebacks, with what each would have caught",
  permission: 'risk:configure-detail',
  request: RecommendationRequest,
  response: RecommendationList,
});

// ---- retro performance (Andes) -------------------------------------------------------------------

export const replayStart = defineEndpoint({
  path: '/dashboard/risk/rule/replay',
  summary: 'Replay a saved or draft rule over the last 30, 60 or 90 days (a job; follow it with replay/query)',
  permission: 'risk:configure-detail',
  request: ReplayStartRequest,
  response: ReplayStarted,
});
export const replayQuery = defineEndpoint({
  path: '/dashboard/risk/rule/replay/query',
  summary: 'A replay: its progress, then what the rule would have blocked, reviewed and caught',
  permission: 'risk:configure-detail',
  request: ReplayQueryRequest,
  response: ReplayView,
});
export const replayPage = defineEndpoint({
  path: '/dashboard/risk/rule/replay/page',
  summary: 'Replays of a country (or of one rule), newest first',
  permission: 'risk:configure-detail',
  request: ReplayPageRequest,
  response: ReplayPage,
});

// ---- case management (Andes) ---------------------------------------------------------------------

export const reviewPage = defineEndpoint({
  path: '/dashboard/risk/review/page',
  summary: 'Pay-ins sent to case management in a country (waiting first by default)',
  permission: 'risk:case-management',
  request: ReviewPageRequest,
  response: ReviewPage,
});
export const reviewDecide = defineEndpoint({
  path: '/dashboard/risk/review/decide',
  summary: 'Approve or reject a pay-in waiting in case management (once; the platform follows the decision)',
  permission: 'risk:review:decide',
  request: ReviewDecideRequest,
  response: ReviewItem,
});

// ---- performance ---------------------------------------------------------------------------------

export const performanceRing = defineEndpoint({
  path: '/dashboard/risk/performance/transaction/ring-chart',
  summary: "What became of the period's pay-ins: approved, declined, blocked, in review, charged back",
  permission: 'risk:performance',
  request: PerformanceRequest,
  response: RingChart,
});
export const performanceDaily = defineEndpoint({
  path: '/dashboard/risk/performance/daily/transaction/chargeback/curve-chart',
  summary: 'Chargeback rate and count per day, by count and by amount, with the networks’ thresholds',
  permission: 'risk:performance',
  request: PerformanceRequest,
  response: CurveChart,
});
export const performanceWeekly = defineEndpoint({
  path: '/dashboard/risk/performance/weekly/transaction/chargeback/curve-chart',
  summary: 'Chargeback rate and count per ISO week, by count and by amount, with the networks’ thresholds',
  permission: 'risk:performance',
  request: PerformanceRequest,
  response: CurveChart,
});
export const performanceMonthly = defineEndpoint({
  path: '/dashboard/risk/performance/monthly/transaction/chargeback/curve-chart',
  summary: 'Chargeback rate and count per month, by count and by amount, with the networks’ thresholds',
  permission: 'risk:performance',
  request: PerformanceRequest,
  response: CurveChart,
});

// ---- chargeback defence --------------------------------------------------------------------------

export const chargebackSummary = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/summary',
  summary: 'Chargebacks per status, the deadline board of the open ones, and the win rate',
  permission: 'risk:chargeback-represent',
  request: ChargebackSummaryRequest,
  response: ChargebackSummary,
});
export const chargebackPage = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/page',
  summary: 'Chargebacks of a country, newest dispute first (or by deadline within a board bucket)',
  permission: 'risk:chargeback-represent',
  request: ChargebackPageRequest,
  response: ChargebackPage,
});
export const chargebackQuery = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/query',
  summary: 'One chargeback with its appendices, evidence checklist and history',
  permission: 'risk:chargeback-represent-detail',
  request: ChargebackQueryRequest,
  response: ChargebackDetail,
});
export const chargebackDefense = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/defense',
  summary: 'Defend a chargeback before its deadline with a description and appendices (once)',
  permission: CHARGEBACK_ACTION_PERMISSIONS.DEFEND,
  request: ChargebackDefenseRequest,
  response: ChargebackDetail,
});
export const chargebackAccept = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/accept',
  summary: 'Accept a chargeback: it ends DEFENSE_LOST, the amount stays with the cardholder',
  permission: CHARGEBACK_ACTION_PERMISSIONS.ACCEPT,
  request: ChargebackAcceptRequest,
  response: ChargebackDetail,
});
export const chargebackAppendixUpload = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/appendix/upload',
  summary: 'Upload defence appendices (then named by id in the defence)',
  permission: CHARGEBACK_ACTION_PERMISSIONS.DEFEND,
  kind: 'multipart',
  files: attachmentFiles({ maxFiles: DEFENSE_APPENDIX_MAX, required: true }),
  request: ChargebackAppendixFields,
  response: UploadedFilesResponse,
});
/** Andes: one appendix of a defence (the detail's file list with preview). */
export const chargebackAppendixDownload = defineEndpoint({
  path: '/dashboard/risk/chargeback-represent/appendix/download',
  summary: 'Download one appendix of a chargeback defence',
  permission: 'risk:chargeback-represent-detail',
  kind: 'binary',
  request: ChargebackAppendixRequest,
  response: BinaryResponse,
  silentErrors: true,
});
