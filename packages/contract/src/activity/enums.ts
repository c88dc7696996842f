import { z } from 'zod';
import type { StatusColor } from '../common/enums.ts';

/**
 * What the activity log records (beyond the spec; under IAM): every security event and sensitive
 * action. Grouped by category for the event filter.
 */
export const ACTIVITY_EVENTS_BY_CATEGORY = {
  SIGN_IN: ['SIGN_IN_SUCCEEDED', 'SIGN_IN_FAILED', 'ACCOUNT_LOCKED', 'SIGNED_OUT', 'IP_NOT_TRUSTED', 'PERMISSION_DENIED'],
  MFA: [
    'MFA_BOUND',
    'MFA_DISABLED',
    'MFA_RESET_BY_ADMIN',
    'MFA_VALIDATED',
    'MFA_FAILED',
    'MFA_RECOVERY_CODE_USED',
    'MFA_RECOVERY_CODES_REGENERATED',
  ],
  PASSWORD: ['PASSWORD_CHANGED', 'PASSWORD_RESET', 'PASSWORD_RESET_LINK_ISSUED', 'PASSWORD_FORGOT_REQUESTED'],
  USER: ['USER_CREATED', 'USER_MODIFIED', 'USER_STATE_CHANGED', 'USER_REMOVED'],
  ROLE: ['ROLE_CREATED', 'ROLE_MODIFIED', 'ROLE_STATE_CHANGED', 'ROLE_REMOVED'],
  IP_TRUSTLIST: ['IP_TRUSTLIST_ENTRY_ADDED', 'IP_TRUSTLIST_ENTRY_MODIFIED', 'IP_TRUSTLIST_ENTRY_REMOVED', 'IP_RESTRICTION_CHANGED'],
  PAYMENT: ['PAYOUT_CREATED', 'PAYOUT_APPROVED', 'PAYOUT_REFUSED', 'PAYMENT_LINK_CREATED', 'PAYMENT_LINK_CANCELLED'],
  APPROVAL: [
    'APPROVAL_CREATED',
    'APPROVAL_CANCELLED',
    'EXCHANGE_PROOF_SUBMITTED',
    'EXCHANGE_CONTRACT_CONFIRMED',
    'WITHDRAWAL_APPROVED',
    'WITHDRAWAL_REFUSED',
    'WITHDRAWAL_THRESHOLD_CHANGED',
  ],
  RISK: [
    'RISK_RULE_ADDED',
    'RISK_RULE_UPDATED',
    'RISK_RULE_DELETED',
    'RISK_REPLAY_STARTED',
    'RISK_REVIEW_APPROVED',
    'RISK_REVIEW_REJECTED',
    'CHARGEBACK_DEFENDED',
    'CHARGEBACK_ACCEPTED',
  ],
  SUPPORT: ['CASE_CREATED', 'CASE_EDITED', 'CASE_CLOSED', 'CASE_REOPENED'],
  SETTING: ['BALANCE_ALARM_CHANGED'],
  EXPORT: ['REPORT_EXPORTED', 'FILE_DOWNLOADED', 'ACTIVITY_EXPORTED'],
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_EVENTS_BY_CATEGORY;
export const ACTIVITY_CATEGORIES = Object.keys(ACTIVITY_EVENTS_BY_CATEGORY) as ActivityCategory[];

/** Every event, in category order. */
export type ActivityEvent = (typeof ACTIVITY_EVENTS_BY_CATEGORY)[ActivityCategory][number];
export const ACTIVITY_EVENTS: readonly ActivityEvent[] = Object.values(ACTIVITY_EVENTS_BY_CATEGORY).flat();
export const ActivityEventSchema = z.enum(ACTIVITY_EVENTS);

const categoryOf = new Map<string, ActivityCategory>(
  ACTIVITY_CATEGORIES.flatMap((c) => ACTIVITY_EVENTS_BY_CATEGORY[c].map((e) => [e, c] as const)),
);

/** The category of an event (for grouping the filter and the i18n key `activity:category.<c>`). */
export function activityCategoryOf(event: ActivityEvent): ActivityCategory {
  const c = categoryOf.get(event);
  if (c === undefined) throw new Error(`unknown activity event ${event}`);
  return c;
}

/**
 * - SUCCESS: done;
 * - FAILURE: tried and failed (wrong password, wrong code);
 * - DENIED: refused by a rule before it was tried (no permission, untrusted address, locked account).
 */
export const ACTIVITY_OUTCOMES = ['SUCCESS', 'FAILURE', 'DENIED'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];
export const ActivityOutcomeSchema = z.enum(ACTIVITY_OUTCOMES);

export const ACTIVITY_OUTCOME_COLORS = {
  SUCCESS: 'success',
  FAILURE: 'error',
  DENIED: 'warning',
} as const satisfies Record<ActivityOutcome, StatusColor>;

/** What an entry acted on. ENDPOINT is a refused call (its path); SESSION a sign-in or sign-out. */
export const ACTIVITY_OBJECT_TYPES = [
  'USER',
  'ROLE',
  'SESSION',
  'MFA',
  'IP_TRUSTLIST_ENTRY',
  'IP_RESTRICTION',
  'PAYOUT',
  'PAYMENT_LINK',
  'APPROVAL',
  'REPORT',
  'FILE',
  'ENDPOINT',
  'SUPPORT_CASE',
  'ACCOUNT',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];
export const ActivityObjectTypeSchema = z.enum(ACTIVITY_OBJECT_TYPES);
