import { z } from 'zod';
import type { PermissionCode } from '../permissions/registry.ts';

/**
 * Risk (spec §3 "Risk rule", §2 risk screens; issue #13; docs/decisions/0028-risk-rules.md).
 */

/** Rule types: the configuration types of spec §2/§3 that hold rules. */
export const RULE_TYPES = [
  'TRUST',
  'BLOCK',
  'MANUAL_REVIEW',
  'SMART_LIST',
  'ORDER_VELOCITY',
  'PERSONA_VELOCITY',
  'DEVICE_VELOCITY',
  'BEHAVIOR_VELOCITY',
  'ML_SCORE_CUTOFF',
  'ADDITIONAL_FEATURE',
  'AI_RECOMMENDED',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RuleTypeSchema = z.enum(RULE_TYPES);

/**
 * The twelve configuration types of the risk-profiles screen (spec §3): the eleven rule types and
 * RETRO_PERFORMANCE, the page that replays rules over history (it holds no rules of its own).
 */
export const CONFIG_TYPES = [...RULE_TYPES, 'RETRO_PERFORMANCE'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];
export const ConfigTypeSchema = z.enum(CONFIG_TYPES);

/**
 * What a rule looks at in a pay-in. CARD is the card's BIN and last 4 (`411111…1111` is written
 * `411111******1111` or `411111-1111`; full numbers never exist in Andes), BIN its first 6 to 8
 * digits, EMAIL_DOMAIN the part of the payer's e-mail after the @.
 */
export const SUBJECTS = ['DOCUMENT', 'EMAIL', 'CARD', 'BIN', 'IP', 'DEVICE', 'EMAIL_DOMAIN'] as const;
export type Subject = (typeof SUBJECTS)[number];
export const SubjectSchema = z.enum(SUBJECTS);

/**
 * How a rule measures. MATCH: the subject is one of the rule's values. COUNT: the subject's pay-ins
 * within the duration, this one included. AMOUNT: their amounts added up, in cents. DISTINCT: how
 * many different `counted` subjects the subject used within the duration, this pay-in's included.
 * FAILED: the subject's pay-ins that failed or were rejected within the duration (before this one).
 * CHARGEBACK: the subject's pay-ins charged back within the duration. SCORE: the platform's ML
 * score (0–100). AMOUNT_AT_LEAST: this pay-in's amount. NOT_AUTHENTICATED: a card pay-in without
 * 3-D Secure authentication. NO_DEVICE: a pay-in without a device fingerprint.
 */
export const METRICS = [
  'MATCH',
  'COUNT',
  'AMOUNT',
  'DISTINCT',
  'FAILED',
  'CHARGEBACK',
  'SCORE',
  'AMOUNT_AT_LEAST',
  'NOT_AUTHENTICATED',
  'NO_DEVICE',
] as const;
export type Metric = (typeof METRICS)[number];

/** What a firing rule asks for. Precedence: ALLOW (a trust rule) > BLOCK > REVIEW (Radar, Rapyd). */
export const RULE_ACTIONS = ['ALLOW', 'BLOCK', 'REVIEW'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RuleActionSchema = z.enum(RULE_ACTIONS);

/** A pay-in's risk decision: what the rules asked for (ALLOW when none fired). */
export const RISK_DECISIONS = RULE_ACTIONS;
export type RiskDecision = RuleAction;
export const RiskDecisionSchema = RuleActionSchema;

/** A pay-in sent to case management: waiting for a person, approved (ALLOW) or rejected (BLOCK). */
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);

/** How long a pay-in waits in case management before it can no longer be decided (Rapyd: 7 days). */
export const REVIEW_WINDOW_DAYS = 7;

/** What made each kept version of a rule. */
export const RULE_VERSION_CHANGES = ['ADDED', 'UPDATED', 'DELETED'] as const;
export type RuleVersionChange = (typeof RULE_VERSION_CHANGES)[number];

/** The look-back periods of a retro performance replay (issue #13). */
export const REPLAY_PERIODS_DAYS = [30, 60, 90] as const;
export type ReplayPeriodDays = (typeof REPLAY_PERIODS_DAYS)[number];

export const REPLAY_STATUSES = ['PENDING', 'RUNNING', 'COMPLETE', 'FAIL'] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];
export const ReplayStatusSchema = z.enum(REPLAY_STATUSES);

/** The longest velocity window a rule can have: the replay's longest period. */
export const RULE_DURATION_MAX_SECONDS = 90 * 86_400;
/** Values of one list rule, at most (each entry at most LIST_INPUT_ENTRY_MAX characters). */
export const RULE_VALUES_MAX = 1_000;
/** Enabled rules of one merchant and country, at most (the engine bench proves 500 in < 2 ms p99). */
export const ENABLED_RULES_MAX = 500;
/** The ML score's range (the platform's score; higher is riskier). */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

// ---- chargebacks ---------------------------------------------------------------------------------

/**
 * Dispute reason categories (the card networks' reason codes grouped as Visa's and Mastercard's
 * categories are: fraud, authorisation, processing error, consumer dispute), each with the
 * evidence that wins it (docs/decisions/0028).
 */
export const CHARGEBACK_REASON_CODES = [
  'FRAUD',
  'NOT_RECEIVED',
  'NOT_AS_DESCRIBED',
  'DUPLICATE',
  'CANCELLED_RECURRING',
  'CREDIT_NOT_PROCESSED',
  'AUTHORISATION',
  'OTHER',
] as const;
export type ChargebackReasonCode = (typeof CHARGEBACK_REASON_CODES)[number];
export const ChargebackReasonCodeSchema = z.enum(CHARGEBACK_REASON_CODES);

/** Evidence items of the defence checklist. */
export const EVIDENCE_ITEMS = [
  'RECEIPT',
  'AUTHENTICATION',
  'CUSTOMER_IDENTITY',
  'DEVICE_AND_IP',
  'PRIOR_UNDISPUTED_PAYMENTS',
  'PROOF_OF_DELIVERY',
  'CUSTOMER_COMMUNICATION',
  'PRODUCT_DESCRIPTION',
  'REFUND_POLICY',
  'CANCELLATION_POLICY',
  'PROOF_NOT_DUPLICATE',
  'REFUND_RECORD',
  'AUTHORISATION_RECORD',
] as const;
export type EvidenceItem = (typeof EVIDENCE_ITEMS)[number];

/** The evidence checklist per reason code; the first items are the ones that usually decide it. */
export const EVIDENCE_CHECKLIST: Readonly<Record<ChargebackReasonCode, readonly EvidenceItem[]>> = {
  FRAUD: ['AUTHENTICATION', 'DEVICE_AND_IP', 'PRIOR_UNDISPUTED_PAYMENTS', 'CUSTOMER_IDENTITY', 'RECEIPT'],
  NOT_RECEIVED: ['PROOF_OF_DELIVERY', 'CUSTOMER_COMMUNICATION', 'RECEIPT'],
  NOT_AS_DESCRIBED: ['PRODUCT_DESCRIPTION', 'CUSTOMER_COMMUNICATION', 'REFUND_POLICY', 'RECEIPT'],
  DUPLICATE: ['PROOF_NOT_DUPLICATE', 'RECEIPT'],
  CANCELLED_RECURRING: ['CANCELLATION_POLICY', 'CUSTOMER_COMMUNICATION', 'RECEIPT'],
  CREDIT_NOT_PROCESSED: ['REFUND_RECORD', 'REFUND_POLICY', 'CUSTOMER_COMMUNICATION'],
  AUTHORISATION: ['AUTHORISATION_RECORD', 'RECEIPT'],
  OTHER: ['RECEIPT', 'CUSTOMER_COMMUNICATION'],
};

/**
 * Days the merchant has to defend, counted from the dispute date, when the platform names no
 * deadline: the provider's window, shorter than the networks' (Visa 30, Mastercard 45, Amex 20
 * calendar days) because the provider must compile and forward the defence in time.
 */
export const DEFENSE_DAYS_BY_BRAND: Readonly<Record<string, number>> = {
  VISA: 20,
  MASTERCARD: 30,
  AMEX: 15,
  DEFAULT: 20,
};
/** Days before a deadline when the defence reminder is e-mailed (issue #13). */
export const DEFENSE_REMINDER_DAYS = [3, 1] as const;
/** Most appendices of one defence (the uploader's default, spec §9). */
export const DEFENSE_APPENDIX_MAX = 3;
export const DEFENSE_DESCRIPTION_MAX_LENGTH = 2_000;

/** What a chargeback's history records. */
export const CHARGEBACK_EVENTS = ['RECEIVED', 'DEFENDED', 'ACCEPTED', 'WON', 'LOST', 'REMINDED'] as const;
export type ChargebackEvent = (typeof CHARGEBACK_EVENTS)[number];

/** The merchant's actions on an open chargeback, and the button each needs. */
export const CHARGEBACK_ACTION_PERMISSIONS = {
  DEFEND: 'risk:chargeback:defense',
  ACCEPT: 'risk:chargeback:accept',
} as const satisfies Record<string, PermissionCode>;
export type ChargebackMerchantAction = keyof typeof CHARGEBACK_ACTION_PERMISSIONS;

/** The deadline board's buckets. */
export const DEADLINE_BUCKETS = ['OVERDUE', 'TODAY', 'THIS_WEEK', 'LATER'] as const;
export type DeadlineBucket = (typeof DEADLINE_BUCKETS)[number];
export const DeadlineBucketSchema = z.enum(DEADLINE_BUCKETS);

// ---- performance -------------------------------------------------------------------------------

export const CURVE_GRANULARITIES = ['daily', 'weekly', 'monthly'] as const;
export type CurveGranularity = (typeof CURVE_GRANULARITIES)[number];

/** The ring chart's slices: what became of the period's pay-ins. */
export const RING_SLICES = ['APPROVED', 'DECLINED', 'BLOCKED', 'IN_REVIEW', 'CHARGED_BACK', 'PENDING'] as const;
export type RingSlice = (typeof RING_SLICES)[number];
export const RingSliceSchema = z.enum(RING_SLICES);

/**
 * The card networks' merchant monitoring thresholds drawn on the chargeback curve (monthly ratios;
 * docs/decisions/0028 names the programmes and their published figures). `rate` is a fraction
 * (0.009 = 0.9 %), `minCount` the chargebacks a month needs before the programme applies.
 */
export const NETWORK_THRESHOLDS = [
  { network: 'VISA', programme: 'VAMP excessive', basis: 'COUNT', rate: 0.015, minCount: 1_500 },
  { network: 'MASTERCARD', programme: 'ECM', basis: 'COUNT', rate: 0.015, minCount: 100 },
  { network: 'MASTERCARD', programme: 'HECM', basis: 'COUNT', rate: 0.03, minCount: 300 },
] as const;
export type NetworkThreshold = (typeof NETWORK_THRESHOLDS)[number];
