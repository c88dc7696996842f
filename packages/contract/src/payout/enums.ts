import { z } from 'zod';

/**
 * A payout as the payout screen shows it (spec §4 "Payment (payout)"): PENDING while it waits for
 * approval ("pending" in the payout list), WAITING once approved until the platform takes it,
 * IN_PROGRESS, SETTLED or FAILED as the platform reports, REJECTED when refused (by the approver or
 * the platform), and CANCELLED — the further status the spec does not name: an approval that ran
 * out (PAYOUT_APPROVAL_EXPIRY_DAYS) or a payout the platform cancelled (docs/decisions/0025).
 */
export const PAYOUT_STATUSES = ['PENDING', 'WAITING', 'IN_PROGRESS', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);

/** The approval of a payout (spec §4 "Payout approval"; tabs Pending and Approved). */
export const PAYOUT_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type PayoutApprovalStatus = (typeof PAYOUT_APPROVAL_STATUSES)[number];
export const PayoutApprovalStatusSchema = z.enum(PAYOUT_APPROVAL_STATUSES);

/** The two tabs of the payout list: Pending (approval PENDING) and Approved (decided: APPROVED or REJECTED). */
export const PAYOUT_TABS = ['PENDING', 'APPROVED'] as const;
export type PayoutTab = (typeof PAYOUT_TABS)[number];
export const PayoutTabSchema = z.enum(PAYOUT_TABS);

/** How a payout was created. */
export const PAYOUT_SOURCES = ['SINGLE', 'FILE'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/** What the payout's history records. */
export const PAYOUT_HISTORY_EVENTS = [
  'CREATED',
  'APPROVED',
  'REFUSED',
  'EXPIRED',
  'CLAIMED',
  'IN_PROGRESS',
  'SETTLED',
  'FAILED',
  'REJECTED',
  'CANCELLED',
] as const;
export type PayoutHistoryEvent = (typeof PAYOUT_HISTORY_EVENTS)[number];
export const PayoutHistoryEventSchema = z.enum(PAYOUT_HISTORY_EVENTS);

/** Why a payout of an approve or refuse call was left as it was. */
export const PAYOUT_SKIP_REASONS = ['NOT_PENDING', 'OWN_PAYOUT', 'NOT_FOUND'] as const;
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];
