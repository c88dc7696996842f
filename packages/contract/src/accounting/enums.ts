import { z } from 'zod';
import { EXCHANGE_STATUSES, SUB_MERCHANT_TRANSFER_STATUSES, TOPUP_STATUSES, WITHDRAWAL_STATUSES } from '../common/enums.ts';
import type { PermissionCode } from '../permissions/registry.ts';

/**
 * Accounting requests (spec §3 "Top-up, withdrawal, exchange and sub-merchant requests", §4, §7
 * Approvals; issue #12; docs/decisions/0027). Four kinds of request a merchant makes and the
 * provider's operations team processes; each is a state machine (./machines.ts).
 */
export const REQUEST_KINDS = ['TOPUP', 'WITHDRAWAL', 'EXCHANGE', 'SUB_TRANSFER'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const RequestKindSchema = z.enum(REQUEST_KINDS);

/** The letters that start a request's number (`TU2611260000123`), per kind. */
export const REQUEST_NO_PREFIX: Readonly<Record<RequestKind, string>> = {
  TOPUP: 'TU',
  WITHDRAWAL: 'WD',
  EXCHANGE: 'EX',
  SUB_TRANSFER: 'ST',
};

// ---- statuses (spec §4, exactly) and modes (spec §3): the contract's vocabulary (common/enums.ts) --

export {
  EXCHANGE_MODES,
  EXCHANGE_STATUSES,
  type ExchangeMode,
  ExchangeModeSchema,
  type ExchangeStatus,
  ExchangeStatusSchema,
  TOPUP_MODES,
  TOPUP_STATUSES,
  type TopupMode,
  TopupModeSchema,
  type TopupStatus,
  TopupStatusSchema,
  TRANSFER_TARGETS,
  type TransferTarget,
  TransferTargetSchema,
  WITHDRAW_MODES,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
  WithdrawalStatusSchema,
  type WithdrawMode,
  WithdrawModeSchema,
} from '../common/enums.ts';

/** A sub-merchant transfer's statuses (the vocabulary's SUB_MERCHANT_TRANSFER_STATUSES). */
export const SUB_TRANSFER_STATUSES = SUB_MERCHANT_TRANSFER_STATUSES;

/** Every status of any kind (the union; each kind's own set is in STATUSES_OF). */
export const REQUEST_STATUSES = [
  'PROCESSING',
  'IN_TRANSFER',
  'WAIT_PROOF',
  'WAIT_EXCHANGE_RATE',
  'WAIT_CONFIRM_CONTRACT',
  'COMPLETED',
  'REJECTED',
  'CANCELED',
  'PAYMENT_FAILED',
  'FAILED',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);

export const STATUSES_OF: Readonly<Record<RequestKind, readonly RequestStatus[]>> = {
  TOPUP: TOPUP_STATUSES,
  WITHDRAWAL: WITHDRAWAL_STATUSES,
  EXCHANGE: EXCHANGE_STATUSES,
  SUB_TRANSFER: SUB_TRANSFER_STATUSES,
};

/*
 * Exchange modes (docs/decisions/0027):
 * - PAY_IN: sell the country's pay-in money (local currency) for USD into the global account;
 * - PAY_OUT: sell USD of the global account for local currency into the country's payout account;
 * - OFFLINE: USD wired by the merchant outside Andes (with proof) buys local currency into the
 *   country's payout account.
 */

/** Which side of an exchange the merchant fixed: the amount sold or the amount bought. */
export const EXCHANGE_SIDES = ['SELL', 'BUY'] as const;
export type ExchangeSide = (typeof EXCHANGE_SIDES)[number];
export const ExchangeSideSchema = z.enum(EXCHANGE_SIDES);

/** Account types a sub-merchant transfer moves (the same type on both sides). */
export const SUB_TRANSFER_ACCOUNT_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE'] as const;
export const SubTransferAccountTypeSchema = z.enum(SUB_TRANSFER_ACCOUNT_TYPES);

/** The four-eyes approval of a withdrawal above the merchant's threshold. NONE: not needed. */
export const APPROVAL_STATES = ['NONE', 'PENDING', 'APPROVED', 'REFUSED'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const ApprovalStateSchema = z.enum(APPROVAL_STATES);

/** Fee items (spec §9): a top-up fee per top-up, a withdrawal fee per transfer, a small-transfer fee below a threshold. */
export const FEE_ITEMS = ['TOPUP_FEE', 'WITHDRAWAL_FEE', 'SMALL_TRANSFER_FEE'] as const;
export type FeeItem = (typeof FEE_ITEMS)[number];
export const FeeItemSchema = z.enum(FEE_ITEMS);

/** What a request's history records: the transitions, and the steps that move no status. */
export const REQUEST_EVENTS = [
  'CREATED',
  'APPROVAL_REQUESTED',
  'APPROVED',
  'REFUSED',
  'PROOF_SUBMITTED',
  'RATE_QUOTED',
  'QUOTE_EXPIRED',
  'CONTRACT_CONFIRMED',
  'VERIFIED',
  'IN_TRANSFER',
  'COMPLETED',
  'REJECTED',
  'CANCELED',
  'PAYMENT_FAILED',
  'FAILED',
] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];
export const RequestEventSchema = z.enum(REQUEST_EVENTS);

/**
 * The registry's codes of each kind's screens and buttons (spec §6: funding, withdrawal, exchange
 * and sub-merchant add and revoke): the server checks them, the screens show what they grant.
 */
export interface RequestPermissions {
  /** The list's menu. */
  list: PermissionCode;
  /** The hidden detail route (a request and its proofs). */
  detail: PermissionCode;
  add: PermissionCode;
  /** Cancel (a sub-merchant transfer: revoke). */
  revoke: PermissionCode;
  /** Approve and refuse (withdrawals' four eyes). */
  approve: PermissionCode | null;
  /** Submit an offline proof, confirm a contract (exchanges). */
  proceed: PermissionCode | null;
}

export const REQUEST_PERMISSIONS: Readonly<Record<RequestKind, RequestPermissions>> = {
  TOPUP: {
    list: 'accounting:payout-funding',
    detail: 'accounting:funding-detail',
    add: 'accounting:funding:add',
    revoke: 'accounting:funding:revoke',
    approve: null,
    proceed: null,
  },
  WITHDRAWAL: {
    list: 'accounting:withdrawal',
    detail: 'accounting:withdraws-detail',
    add: 'accounting:withdrawal:add',
    revoke: 'accounting:withdrawal:revoke',
    approve: 'accounting:withdrawal:approve',
    proceed: null,
  },
  EXCHANGE: {
    list: 'accounting:exchange',
    detail: 'accounting:exchange-detail',
    add: 'accounting:exchange:add',
    revoke: 'accounting:exchange:revoke',
    approve: null,
    proceed: 'accounting:exchange:add',
  },
  SUB_TRANSFER: {
    list: 'setting:sub-merchant',
    detail: 'setting:sub-merchant-detail',
    add: 'setting:sub-merchant:add',
    revoke: 'setting:sub-merchant:revoke',
    approve: null,
    proceed: null,
  },
};
