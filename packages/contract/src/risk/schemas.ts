import { z } from 'zod';
import { ClientRequestIdSchema } from '../accounting/schemas.ts';
import { LIST_INPUT_ENTRY_MAX } from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { DateRangeSchema } from '../common/dates.ts';
import { ChargebackStatusSchema, ProductTypeSchema } from '../common/enums.ts';
import { InstantSchema, optionalText, RecordId, SearchText, text } from '../common/fields.ts';
import { FileIdSchema } from '../common/files.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { UploadedFile } from '../common/uploads.ts';
import { CardBrandSchema } from '../transaction/parts.ts';
import {
  CHARGEBACK_ACTION_PERMISSIONS,
  CHARGEBACK_EVENTS,
  type ChargebackMerchantAction,
  ChargebackReasonCodeSchema,
  ConfigTypeSchema,
  DEFENSE_APPENDIX_MAX,
  DEFENSE_DESCRIPTION_MAX_LENGTH,
  DeadlineBucketSchema,
  EVIDENCE_ITEMS,
  METRICS,
  REPLAY_PERIODS_DAYS,
  ReplayStatusSchema,
  ReviewStatusSchema,
  RingSliceSchema,
  RiskDecisionSchema,
  RULE_VALUES_MAX,
  RULE_VERSION_CHANGES,
  RuleActionSchema,
  RuleTypeSchema,
  SubjectSchema,
} from './enums.ts';
import { ruleFieldIssues } from './templates.ts';

/**
 * Risk rules, decisions, case management, retro performance, performance charts and chargeback
 * defence (spec §3, §4, §7 Risk; issue #13; docs/decisions/0028-risk-rules.md). Amounts are cents.
 */

export const RULE_NAME_MAX_LENGTH = 64;
export const REVIEW_NOTE_MAX_LENGTH = 256;

export const RISK_MESSAGES = {
  ruleNotFound: 'No such rule',
  ruleChanged: 'This rule was changed by someone else in the meantime; reload it and try again',
  requestReused: 'This request id was used for another rule',
  tooManyEnabled: (max: number) => `A country can have at most ${max} enabled rules; disable or delete one first`,
  subMerchantUser: 'Risk rules and case management belong to the merchant; sub-merchant users cannot use them',
  reviewNotFound: 'No such pay-in in case management',
  reviewDecided: (status: string) => `This pay-in was already ${status.toLowerCase()}`,
  reviewExpired: 'This review has expired: the pay-in waited more than 7 days',
  replayNotFound: 'No such replay',
  replayTarget: 'Replay either a saved rule (ruleId) or a draft rule (draft), not both',
  chargebackNotFound: 'No such chargeback',
  chargebackNotOpen: (status: string) => `This chargeback is ${status}: it can no longer be defended or accepted`,
  deadlinePassed: (deadline: string) => `The defence deadline (${deadline}) has passed; a defence can no longer be submitted`,
  appendixRequired: 'Upload at least one appendix as evidence',
  appendixUnknown: 'An appendix was not found: upload it again',
} as const;

// ---- rules ------------------------------------------------------------------------------------------

const Threshold = z.number({ error: 'A threshold is a number' }).nullable().optional();
const Duration = z.number({ error: 'A duration is a number of seconds' }).nullable().optional();
const Score = z.number({ error: 'A score is a number' }).nullable().optional();
const Values = z
  .array(text().max(LIST_INPUT_ENTRY_MAX, `A value has at most ${LIST_INPUT_ENTRY_MAX} characters`))
  .max(RULE_VALUES_MAX, `A rule lists at most ${RULE_VALUES_MAX} values`)
  .optional();

/** A rule's editable fields (spec §3: type, template, threshold, duration, score, enable flag, values, send to case management). */
const RuleFieldsShape = {
  country: CountrySchema,
  type: RuleTypeSchema,
  template: text().trim().min(1, 'Choose a template').max(64),
  name: optionalText(RULE_NAME_MAX_LENGTH),
  /** COUNT templates: a number of events; CENTS templates: an amount in cents. */
  threshold: Threshold,
  /** Seconds (a velocity window). */
  duration: Duration,
  /** The ML score cutoff (1–100). */
  score: Score,
  enabled: z.boolean(),
  /** MATCH templates: the list (list input, each entry ≤ 128 characters). */
  values: Values,
  sendToCaseManagement: z.boolean().default(false),
};

function checkFields(r: z.infer<z.ZodObject<typeof RuleFieldsShape>>, ctx: z.RefinementCtx) {
  for (const issue of ruleFieldIssues(r)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** A draft rule (retro performance of a rule not saved yet). */
export const RuleDraft = z.object(RuleFieldsShape).superRefine(checkFields);
export type RuleDraft = z.infer<typeof RuleDraft>;
export type RuleDraftInput = z.input<typeof RuleDraft>;

export const RuleAddRequest = z.object({ ...RuleFieldsShape, requestId: ClientRequestIdSchema }).superRefine(checkFields);
export type RuleAddRequest = z.input<typeof RuleAddRequest>;

/**
 * Changes a rule: a new version, conditional on `version` being the current one (another person's
 * change in the meantime answers CONFLICT). Type, template and country stay.
 */
export const RuleUpdateRequest = z.object({ ...RuleFieldsShape, id: RecordId, version: z.number().int().min(1) }).superRefine(checkFields);
export type RuleUpdateRequest = z.input<typeof RuleUpdateRequest>;

export const RuleDeleteRequest = z.object({ id: RecordId, version: z.number().int().min(1) });
export type RuleDeleteRequest = z.infer<typeof RuleDeleteRequest>;

export const RiskRule = z.object({
  id: RecordId,
  country: CountrySchema,
  type: RuleTypeSchema,
  template: z.string(),
  name: z.string(),
  threshold: z.number().nullable(),
  duration: z.number().int().nullable(),
  score: z.number().int().nullable(),
  enabled: z.boolean(),
  /** As the engine compares them (normalised). */
  values: z.array(z.string()),
  sendToCaseManagement: z.boolean(),
  /** What the rule asks for when it fires. */
  action: RuleActionSchema,
  /** Starts at 1; every change adds one. */
  version: z.number().int().min(1),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  updatedBy: z.string(),
});
export type RiskRule = z.infer<typeof RiskRule>;

/** A rule's kept versions (a decision names the version that made it). */
export const RuleVersion = RiskRule.omit({ id: true, country: true, type: true, template: true, createdAt: true, updatedAt: true }).extend({
  /** ADDED, UPDATED or DELETED. */
  change: z.enum(RULE_VERSION_CHANGES),
  at: InstantSchema,
});
export type RuleVersion = z.infer<typeof RuleVersion>;

export const RuleCountsRequest = z.object({ country: CountrySchema });
export type RuleCountsRequest = z.infer<typeof RuleCountsRequest>;
export const RuleCounts = z.object({
  list: z.array(z.object({ type: ConfigTypeSchema, total: z.number().int(), enabled: z.number().int() })),
});
export type RuleCounts = z.infer<typeof RuleCounts>;

export const TemplateQueryRequest = z.object({ type: RuleTypeSchema });
export type TemplateQueryRequest = z.infer<typeof TemplateQueryRequest>;
export const RuleTemplateView = z.object({
  code: z.string(),
  type: RuleTypeSchema,
  subject: SubjectSchema.nullable(),
  metric: z.enum(METRICS),
  counted: SubjectSchema.nullable(),
  threshold: z.enum(['COUNT', 'CENTS']).nullable(),
  duration: z.boolean(),
  score: z.boolean(),
  values: SubjectSchema.nullable(),
  defaults: z.object({ threshold: z.number().optional(), duration: z.number().optional(), score: z.number().optional() }),
});
export type RuleTemplateView = z.infer<typeof RuleTemplateView>;
export const TemplateList = z.object({ list: z.array(RuleTemplateView) });
export type TemplateList = z.infer<typeof TemplateList>;

/** Rules of one type in a country, newest first (keyset). `keyword`: a rule's name or one of its values. */
export const RuleQueryRequest = PageRequest.extend({
  country: CountrySchema,
  type: RuleTypeSchema,
  enabled: z.boolean().optional(),
  keyword: SearchText,
});
export type RuleQueryRequest = z.input<typeof RuleQueryRequest>;
export const RulePage = pageOf(RiskRule);
export type RulePage = z.infer<typeof RulePage>;

export const RuleHistoryRequest = z.object({ id: RecordId });
export type RuleHistoryRequest = z.infer<typeof RuleHistoryRequest>;
export const RuleHistory = z.object({ rule: RiskRule, versions: z.array(RuleVersion) });
export type RuleHistory = z.infer<typeof RuleHistory>;

// ---- decisions --------------------------------------------------------------------------------------

/** A rule that fired on a pay-in, as it was then (its version), and what it measured. */
export const FiredRule = z.object({
  ruleId: RecordId,
  version: z.number().int(),
  name: z.string(),
  type: RuleTypeSchema,
  template: z.string(),
  action: RuleActionSchema,
  /** What the rule measured against its threshold: a count, cents, a score; null for a list match. */
  measured: z.number().nullable(),
  /** The value that matched (a list rule), as the engine compares it (cards as BIN-LAST4). */
  matched: z.string().nullable(),
});
export type FiredRule = z.infer<typeof FiredRule>;

export const ReviewView = z.object({
  status: ReviewStatusSchema,
  by: z.string().nullable(),
  at: InstantSchema.nullable(),
  note: z.string().nullable(),
  expiresAt: InstantSchema,
});

/** A pay-in's risk decision (transaction detail, the platform's read). */
export const RiskDecisionView = z.object({
  /** What the rules asked for at creation. */
  decision: RiskDecisionSchema,
  /** After case management: ALLOW (approved) or BLOCK (rejected); REVIEW while it waits. */
  finalDecision: RiskDecisionSchema,
  /** The platform's ML score, when it sent one. */
  score: z.number().int().nullable(),
  rules: z.array(FiredRule),
  evaluatedAt: InstantSchema,
  /** Rules evaluated (enabled rules of the merchant and country then). */
  rulesEvaluated: z.number().int(),
  review: ReviewView.nullable(),
});
export type RiskDecisionView = z.infer<typeof RiskDecisionView>;

// ---- case management (manual review queue) -------------------------------------------------------

export const ReviewPageRequest = PageRequest.extend({
  country: CountrySchema,
  status: ReviewStatusSchema.default('PENDING'),
  range: DateRangeSchema.optional(),
  keyword: SearchText,
});
export type ReviewPageRequest = z.input<typeof ReviewPageRequest>;

export const ReviewItem = z.object({
  transactionId: RecordId,
  uniqueId: z.string(),
  merchantReference: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: z.string(),
  amount: CentsSchema,
  createdAt: InstantSchema,
  transactionStatus: z.string(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  /** BIN******LAST4 of a card pay-in. */
  cardMasked: z.string().nullable(),
  score: z.number().int().nullable(),
  rules: z.array(FiredRule),
  review: ReviewView,
});
export type ReviewItem = z.infer<typeof ReviewItem>;
export const ReviewPage = pageOf(ReviewItem);
export type ReviewPage = z.infer<typeof ReviewPage>;

export const ReviewDecideRequest = z.object({
  transactionId: RecordId,
  decision: z.enum(['APPROVE', 'REJECT']),
  note: optionalText(REVIEW_NOTE_MAX_LENGTH),
});
export type ReviewDecideRequest = z.input<typeof ReviewDecideRequest>;

// ---- retro performance ----------------------------------------------------------------------------

/** Replays a saved rule (`ruleId`, its current version) or a draft over the last 30, 60 or 90 days. */
export const ReplayStartRequest = z
  .object({
    country: CountrySchema,
    days: z.union(REPLAY_PERIODS_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<90>]),
    ruleId: RecordId.optional(),
    draft: RuleDraft.optional(),
  })
  .refine((r) => (r.ruleId === undefined) !== (r.draft === undefined), {
    message: 'Replay either a saved rule (ruleId) or a draft rule (draft), not both',
    path: ['ruleId'],
  });
export type ReplayStartRequest = z.input<typeof ReplayStartRequest>;
export const ReplayStarted = z.object({ id: RecordId });
export type ReplayStarted = z.infer<typeof ReplayStarted>;

const CountAmount = z.object({ count: z.number().int(), amount: CentsSchema });

export const ReplayResult = z.object({
  /** Pay-ins of the period evaluated, and their volume. */
  evaluated: CountAmount,
  /** Of those, the ones the rule would have blocked, and sent to review. */
  blocked: CountAmount,
  reviewed: CountAmount,
  /** Of the blocked or reviewed ones, those later charged back (what the rule would have caught). */
  chargedBack: CountAmount,
  /** All chargebacks of the period's pay-ins (to read `chargedBack` against). */
  chargebacksInPeriod: CountAmount,
  /** Approved (settled) pay-ins the rule would have blocked or sent to review (the good business it costs). */
  approvedHit: CountAmount,
  /** Share of pay-ins approved in the period, and what it would have been with the rule (blocked = declined). */
  approvalRate: z.number(),
  approvalRateWithRule: z.number(),
  /** Up to 20 pay-ins the rule fired on, newest first. */
  sample: z.array(
    z.object({
      transactionId: RecordId,
      uniqueId: z.string(),
      createdAt: InstantSchema,
      amount: CentsSchema,
      action: RuleActionSchema,
      chargedBack: z.boolean(),
    }),
  ),
});
export type ReplayResult = z.infer<typeof ReplayResult>;

export const ReplayView = z.object({
  id: RecordId,
  country: CountrySchema,
  currency: CurrencySchema,
  days: z.number().int(),
  /** The rule replayed, as it was (a saved rule's id and version, or null for a draft). */
  ruleId: RecordId.nullable(),
  ruleVersion: z.number().int().nullable(),
  rule: z.object({
    type: RuleTypeSchema,
    template: z.string(),
    name: z.string(),
    threshold: z.number().nullable(),
    duration: z.number().nullable(),
    score: z.number().nullable(),
    values: z.array(z.string()),
    sendToCaseManagement: z.boolean(),
    action: RuleActionSchema,
  }),
  status: ReplayStatusSchema,
  /** Pay-ins processed so far and in all (progress). */
  processed: z.number().int(),
  total: z.number().int(),
  from: InstantSchema,
  to: InstantSchema,
  result: ReplayResult.nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: InstantSchema,
  finishedAt: InstantSchema.nullable(),
  /** Seconds the replay took. */
  seconds: z.number().nullable(),
});
export type ReplayView = z.infer<typeof ReplayView>;

export const ReplayQueryRequest = z.object({ id: RecordId });
export type ReplayQueryRequest = z.infer<typeof ReplayQueryRequest>;
export const ReplayPageRequest = PageRequest.extend({ country: CountrySchema, ruleId: RecordId.optional() });
export type ReplayPageRequest = z.input<typeof ReplayPageRequest>;
export const ReplayPage = pageOf(ReplayView);
export type ReplayPage = z.infer<typeof ReplayPage>;

// ---- recommendations (AI recommended rules) -------------------------------------------------------

export const RecommendationRequest = z.object({ country: CountrySchema });
export type RecommendationRequest = z.infer<typeof RecommendationRequest>;
export const Recommendation = z.object({
  /** A draft ready to add (type AI_RECOMMENDED). */
  draft: z.object({
    type: z.literal('AI_RECOMMENDED'),
    template: z.string(),
    values: z.array(z.string()),
    score: z.number().int().nullable(),
    sendToCaseManagement: z.boolean(),
  }),
  /** Why: over the last 90 days, what the draft would have caught and cost. */
  caughtChargebacks: CountAmount,
  hitApproved: CountAmount,
  evaluated: z.number().int(),
});
export type Recommendation = z.infer<typeof Recommendation>;
export const RecommendationList = z.object({ list: z.array(Recommendation) });
export type RecommendationList = z.infer<typeof RecommendationList>;

// ---- performance ------------------------------------------------------------------------------------

/** The period (local dates of the country), and optionally one product type or card brand. */
export const PerformanceRequest = z.object({
  country: CountrySchema,
  range: DateRangeSchema,
  productType: ProductTypeSchema.optional(),
  cardBrand: CardBrandSchema.optional(),
});
export type PerformanceRequest = z.input<typeof PerformanceRequest>;

export const RingChart = z.object({
  currency: CurrencySchema,
  slices: z.array(z.object({ slice: RingSliceSchema, count: z.number().int(), amount: CentsSchema })),
  total: CountAmount,
});
export type RingChart = z.infer<typeof RingChart>;

export const CurvePoint = z.object({
  /** First local date of the day, ISO week (Monday) or month. */
  period: z.string(),
  /** Card-network basis: settled pay-ins created in the period, and their volume. */
  transactions: z.number().int(),
  volume: CentsSchema,
  /** Chargebacks received in the period (by dispute date), and their amount. */
  chargebacks: z.number().int(),
  chargebackAmount: CentsSchema,
  /** chargebacks / transactions and chargebackAmount / volume (fractions; 0 without transactions). */
  rateByCount: z.number(),
  rateByAmount: z.number(),
});
export type CurvePoint = z.infer<typeof CurvePoint>;

export const CurveChart = z.object({
  currency: CurrencySchema,
  points: z.array(CurvePoint),
  /** The networks' monitoring thresholds to draw (NETWORK_THRESHOLDS). */
  thresholds: z.array(
    z.object({
      network: z.string(),
      programme: z.string(),
      basis: z.enum(['COUNT', 'AMOUNT']),
      rate: z.number(),
      minCount: z.number().int(),
    }),
  ),
});
export type CurveChart = z.infer<typeof CurveChart>;

// ---- chargebacks ------------------------------------------------------------------------------------

/** A chargeback (spec §3: merchant ref, dispute date, dispute amount, dispute reason, days left, deadline, description, appendices, defence date). */
export const Chargeback = z.object({
  id: RecordId,
  /** The chargeback's own unique id (a CHARGE_BACK transaction) and the pay-in it disputes. */
  uniqueId: z.string(),
  transactionId: RecordId,
  payinUniqueId: z.string(),
  merchantReference: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: z.string(),
  cardBrand: CardBrandSchema.nullable(),
  /** BIN******LAST4 of the disputed card pay-in. */
  cardMasked: z.string().nullable(),
  payinAmount: CentsSchema,
  disputeAmount: CentsSchema,
  reason: z.string(),
  reasonCode: ChargebackReasonCodeSchema,
  disputeDate: InstantSchema,
  deadline: InstantSchema,
  /** Whole days from today to the deadline's date in the country's time zone (0 = today, negative = overdue); null once answered. */
  daysLeft: z.number().int().nullable(),
  bucket: DeadlineBucketSchema.nullable(),
  status: ChargebackStatusSchema,
  description: z.string().nullable(),
  defenseDate: InstantSchema.nullable(),
  defendedBy: z.string().nullable(),
  /** True when the merchant accepted it (DEFENSE_LOST without a defence). */
  accepted: z.boolean(),
  outcomeAt: InstantSchema.nullable(),
  subMerchantName: z.string().nullable(),
  /** What the caller may do now (within their permissions): DEFEND, ACCEPT. */
  actions: z.array(z.enum(Object.keys(CHARGEBACK_ACTION_PERMISSIONS) as [ChargebackMerchantAction, ...ChargebackMerchantAction[]])),
});
export type Chargeback = z.infer<typeof Chargeback>;

export const ChargebackHistoryEntry = z.object({
  event: z.enum(CHARGEBACK_EVENTS),
  status: ChargebackStatusSchema,
  at: InstantSchema,
  by: z.string().nullable(),
  note: z.string().nullable(),
});

export const ChargebackDetail = Chargeback.extend({
  appendices: z.array(UploadedFile),
  /** The evidence that wins this reason code (EVIDENCE_CHECKLIST). */
  checklist: z.array(z.enum(EVIDENCE_ITEMS)),
  history: z.array(ChargebackHistoryEntry),
});
export type ChargebackDetail = z.infer<typeof ChargebackDetail>;

export const ChargebackSummaryRequest = z.object({ country: CountrySchema });
export type ChargebackSummaryRequest = z.infer<typeof ChargebackSummaryRequest>;
export const ChargebackSummary = z.object({
  currency: CurrencySchema,
  statuses: z.array(z.object({ status: ChargebackStatusSchema, count: z.number().int(), amount: CentsSchema })),
  /** Open chargebacks (CHARGE_BACK) by deadline. */
  board: z.array(z.object({ bucket: DeadlineBucketSchema, count: z.number().int(), amount: CentsSchema })),
  /** Won / (won + lost) of those decided; null before any. */
  winRate: z.number().nullable(),
});
export type ChargebackSummary = z.infer<typeof ChargebackSummary>;

/** Chargebacks of a country: newest dispute first; with `bucket`, open ones by nearest deadline. */
export const ChargebackPageRequest = PageRequest.extend({
  country: CountrySchema,
  status: ChargebackStatusSchema.optional(),
  bucket: DeadlineBucketSchema.optional(),
  reasonCode: ChargebackReasonCodeSchema.optional(),
  /** Local dates of the dispute. */
  range: DateRangeSchema.optional(),
  /** The merchant reference, or the chargeback's or pay-in's unique id (exact). */
  keyword: SearchText,
});
export type ChargebackPageRequest = z.input<typeof ChargebackPageRequest>;
export const ChargebackPage = pageOf(Chargeback);
export type ChargebackPage = z.infer<typeof ChargebackPage>;

export const ChargebackQueryRequest = z.object({ id: RecordId });
export type ChargebackQueryRequest = z.infer<typeof ChargebackQueryRequest>;

export const ChargebackDefenseRequest = z.object({
  id: RecordId,
  description: text()
    .trim()
    .min(1, 'Describe the defence')
    .max(DEFENSE_DESCRIPTION_MAX_LENGTH, `A defence description has at most ${DEFENSE_DESCRIPTION_MAX_LENGTH} characters`),
  fileIds: z
    .array(FileIdSchema)
    .min(1, RISK_MESSAGES.appendixRequired)
    .max(DEFENSE_APPENDIX_MAX, `A defence has at most ${DEFENSE_APPENDIX_MAX} appendices`),
});
export type ChargebackDefenseRequest = z.input<typeof ChargebackDefenseRequest>;

export const ChargebackAcceptRequest = z.object({ id: RecordId });
export type ChargebackAcceptRequest = z.infer<typeof ChargebackAcceptRequest>;

export const ChargebackAppendixFields = z.object({}).strict();
export const ChargebackAppendixRequest = z.object({ id: RecordId, fileId: FileIdSchema });
export type ChargebackAppendixRequest = z.infer<typeof ChargebackAppendixRequest>;
