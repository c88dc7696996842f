import { createHash } from 'node:crypto';
import type { AccountType } from '@andes/contract/account/enums';
import {
  type ApprovalState,
  REQUEST_NO_PREFIX,
  REQUEST_PERMISSIONS,
  type RequestEvent,
  type RequestKind,
  type RequestStatus,
} from '@andes/contract/accounting/enums';
import { allowedActions, isFinal, nextStatus, type RequestAction } from '@andes/contract/accounting/machines';
import type { AccountingRequest, AccountingRequestDetail, BeneficiaryAccount } from '@andes/contract/accounting/schemas';
import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import { formatCents } from '@andes/contract/common/money';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { ProviderTask } from '@andes/contract/platform/schemas';
import type { Db } from '../../db/client.ts';
import { type LockedAccounts, lock, systemAccounts, write } from '../ledger/ledger.service.ts';
import {
  type AccountState,
  exchangeSettled,
  requestReserved,
  requestReturned,
  subTransferSettled,
  topupCredited,
  withdrawalSettled,
} from '../ledger/posting-rules.ts';
import { insertGlobalMovement } from '../platform/events.repository.ts';
import { AccountingErrors } from './accounting.errors.ts';
import {
  findById,
  historyOf,
  insertHistory,
  type RequestChanges,
  type RequestRow,
  reservedOf,
  updateFrom,
} from './accounting.repository.ts';

/**
 * The heart of the accounting requests (docs/decisions/0027): every transition of the four
 * machines goes through `transition` — an UPDATE conditional on the status read, a history row
 * and the money the step moves, in the caller's database transaction — whether a merchant, the
 * provider or the quote-expiry job makes it. So a cancel racing the provider's completion ends in
 * exactly one state: the loser's conditional update finds nothing and is refused.
 *
 * Lock order: the request row first (the conditional UPDATE, or the provider's SELECT … FOR
 * UPDATE), then its accounts ascending (the ledger's `lock`). One request per database transaction.
 */

// ---- small helpers -------------------------------------------------------------------------------

/** "1,234.56 BRL": amounts in messages. */
export const moneyText = (cents: number, currency: string) => `${formatCents(cents, currency as Currency, { symbol: false })} ${currency}`;

/** SHA-256 of JSON with sorted keys: the same request always hashes the same. */
export function requestHashOf(kind: RequestKind, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(`${kind}|${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

/**
 * A request's number: the kind's prefix, the local date of its creation (YYMMDD, in the country's
 * zone) and its id in seven digits (more once ids pass ten million): `TU2611260000123`. The id
 * makes it unique; the date makes it readable on a bank statement.
 */
export function requestNoOf(kind: RequestKind, country: string, createdAt: Date, id: number): string {
  const date = localDateOf(COUNTRY_INFO[country as Country].timezoneName, createdAt);
  return `${REQUEST_NO_PREFIX[kind]}${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(id).padStart(7, '0')}`;
}

/** A unique provisional number for the instant between a request's insert and its numbering. */
export const provisionalNo = (merchantId: number, clientRequestId: string) => `PENDING:${merchantId}:${clientRequestId}`;

/**
 * True while the provider has something to do: verify a top-up, transfer an (approved) withdrawal
 * and settle it, quote an exchange and settle it, settle a sub-merchant transfer. Final states and
 * the states waiting for the merchant (proof, contract, approval) are not awaiting.
 */
export function awaitingProvider(kind: RequestKind, status: RequestStatus, approval: ApprovalState): boolean {
  switch (kind) {
    case 'TOPUP':
    case 'SUB_TRANSFER':
      return status === 'PROCESSING';
    case 'WITHDRAWAL':
      return (status === 'PROCESSING' && (approval === 'NONE' || approval === 'APPROVED')) || status === 'IN_TRANSFER';
    case 'EXCHANGE':
      return status === 'WAIT_EXCHANGE_RATE' || status === 'PROCESSING';
  }
}

/** What the provider is asked to do with a request awaiting it. */
export function providerTaskOf(kind: RequestKind, status: RequestStatus): ProviderTask {
  if (kind === 'TOPUP') return 'VERIFY';
  if (kind === 'WITHDRAWAL') return status === 'IN_TRANSFER' ? 'SETTLE' : 'TRANSFER';
  if (kind === 'EXCHANGE') return status === 'WAIT_EXCHANGE_RATE' ? 'QUOTE' : 'SETTLE';
  return 'SETTLE';
}

/** What each action writes in the history (a sub-merchant transfer's revoke ends it REJECTED). */
const EVENT_OF_ACTION: Readonly<Record<RequestAction, RequestEvent>> = {
  CANCEL: 'CANCELED',
  APPROVE: 'APPROVED',
  REFUSE: 'REFUSED',
  SUBMIT_PROOF: 'PROOF_SUBMITTED',
  CONFIRM_CONTRACT: 'CONTRACT_CONFIRMED',
  VERIFY: 'VERIFIED',
  QUOTE: 'RATE_QUOTED',
  START_TRANSFER: 'IN_TRANSFER',
  COMPLETE: 'COMPLETED',
  TRANSFER_FAILED: 'PAYMENT_FAILED',
  REJECT: 'REJECTED',
  FAIL: 'FAILED',
  EXPIRE_QUOTE: 'QUOTE_EXPIRED',
};

// ---- who acts ------------------------------------------------------------------------------------

/** A user, or the provider (an event) or the system (a job): no user. */
export interface Actor {
  userId: number | null;
  name: string | null;
  eventId: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, name: null, eventId: null };

/** The caller as the `actions` filter sees them. */
export interface Viewer {
  userId: number;
  subMerchantId: number | null;
  permissions: ReadonlySet<PermissionCode>;
}

/**
 * The actions the viewer may take now: the machine's, within the viewer's buttons. Provider and
 * system actions never appear; a sub-merchant user only looks.
 */
export function actionsFor(row: RequestRow, viewer: Viewer, now: Date): RequestAction[] {
  if (viewer.subMerchantId !== null) return [];
  const codes = REQUEST_PERMISSIONS[row.kind];
  const has = (p: PermissionCode | null) => p !== null && viewer.permissions.has(p);
  return allowedActions(row.kind, row.status).filter((a) => {
    switch (a) {
      case 'CANCEL':
        return has(codes.revoke);
      case 'APPROVE':
      case 'REFUSE':
        return has(codes.approve) && row.createdBy !== viewer.userId && row.approvalState === 'PENDING';
      case 'SUBMIT_PROOF':
        return has(codes.proceed);
      case 'CONFIRM_CONTRACT':
        return has(codes.proceed) && row.rateExpiresAt !== null && row.rateExpiresAt.getTime() > now.getTime();
      default:
        return false;
    }
  });
}

// ---- the answer ----------------------------------------------------------------------------------

/** A request as the screens show it. */
export function requestOf(row: RequestRow, actions: RequestAction[], subMerchantName: string | null): AccountingRequest {
  return {
    id: row.id,
    requestNo: row.requestNo,
    kind: row.kind,
    country: row.country as Country,
    accountType: row.accountType,
    mode: row.mode,
    status: row.status,
    currency: row.currency as Currency,
    requestAmount: row.requestAmount,
    verifiedAmount: row.verifiedAmount,
    fee: row.fee,
    feeLines: row.feeLines,
    finalAmount: row.finalAmount,
    deductionAmount: row.deductionAmount,
    receiptAmount: row.receiptAmount,
    side: row.side as AccountingRequest['side'],
    sellCurrency: row.sellCurrency as Currency | null,
    buyCurrency: row.buyCurrency as Currency | null,
    sellAmount: row.sellAmount,
    buyAmount: row.buyAmount,
    exchangeRate: row.exchangeRate,
    rateExpiresAt: row.rateExpiresAt?.toISOString() ?? null,
    contractConfirmedAt: row.contractConfirmedAt?.toISOString() ?? null,
    contractConfirmedBy: row.contractConfirmedByName,
    transferTime: row.transferTime?.toISOString() ?? null,
    remittingBank: row.remittingBank,
    beneficiaryAccount: (row.beneficiary as BeneficiaryAccount | null) ?? null,
    proofFiles: row.proofFiles,
    remark: row.remark,
    statusReason: row.statusReason,
    target: row.target as AccountingRequest['target'],
    subMerchantId: row.subMerchantId,
    subMerchantName,
    approvalState: row.approvalState,
    approvedBy: row.approvedByName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    actions,
  };
}

export async function detailOf(
  db: Db,
  row: RequestRow,
  actions: RequestAction[],
  subMerchantName: string | null,
): Promise<AccountingRequestDetail> {
  const history = await historyOf(db, row.id);
  return {
    ...requestOf(row, actions, subMerchantName),
    history: history.map((h) => ({ event: h.event, status: h.status, at: h.at.toISOString(), by: h.byName, reason: h.reason })),
  };
}

// ---- money ---------------------------------------------------------------------------------------

function accountOf(locked: LockedAccounts, id: number): AccountState {
  const account = locked.get(id);
  if (!account) throw new Error(`account ${id} is not locked`);
  return account;
}

/**
 * Reserves `amount` of the account for the request (REQUEST_RESERVED), or refuses with the
 * balance when AVAILABLE does not cover it — nothing is written then.
 */
export async function reserve(tx: Db, row: RequestRow, accountId: number, amount: number, at: Date): Promise<void> {
  const locked = await lock(tx, [accountId]);
  const account = accountOf(locked, accountId);
  if (account.balances.AVAILABLE < amount) {
    throw AccountingErrors.insufficient(moneyText(account.balances.AVAILABLE, account.currency), moneyText(amount, account.currency));
  }
  const draft = requestReserved(account, amount);
  await write(tx, { kind: draft.kind, requestId: row.id, effectiveAt: at }, draft.lines, locked);
}

/** Gives back what the request still holds reserved (REQUEST_RETURNED); nothing when it holds none. */
async function returnReservation(tx: Db, row: RequestRow, at: Date, eventId: string | null): Promise<void> {
  const reserved = await reservedOf(tx, row.id);
  if (reserved === 0) return;
  if (reserved < 0 || row.sellAccountId === null) throw new Error(`request ${row.requestNo} holds ${reserved} reserved on no account`);
  const locked = await lock(tx, [row.sellAccountId]);
  const draft = requestReturned(accountOf(locked, row.sellAccountId), reserved);
  await write(tx, { kind: draft.kind, requestId: row.id, eventId, effectiveAt: at }, draft.lines, locked);
}

const balanceOf = (a: AccountState) => a.balances.AVAILABLE + a.balances.RESERVED;

/** The settlement entry of a COMPLETED request (and, for an exchange through the global account, its movement). */
async function settle(tx: Db, row: RequestRow, at: Date, eventId: string | null): Promise<void> {
  const meta = { requestId: row.id, eventId, effectiveAt: at };
  switch (row.kind) {
    case 'TOPUP': {
      const id = row.buyAccountId as number;
      const locked = await lock(tx, [id]);
      const account = accountOf(locked, id);
      const draft = topupCredited(account, await systemAccounts(tx, account.currency), row.verifiedAmount ?? 0, row.fee ?? 0);
      await write(tx, { kind: draft.kind, ...meta }, draft.lines, locked);
      return;
    }
    case 'WITHDRAWAL': {
      const id = row.sellAccountId as number;
      const locked = await lock(tx, [id]);
      const account = accountOf(locked, id);
      const draft = withdrawalSettled(account, await systemAccounts(tx, account.currency), row.requestAmount, row.fee ?? 0);
      await write(tx, { kind: draft.kind, ...meta }, draft.lines, locked);
      return;
    }
    case 'SUB_TRANSFER': {
      const source = row.sellAccountId as number;
      const target = row.buyAccountId as number;
      const locked = await lock(tx, [source, target]);
      const draft = subTransferSettled(accountOf(locked, source), accountOf(locked, target), row.requestAmount);
      await write(tx, { kind: draft.kind, ...meta }, draft.lines, locked);
      return;
    }
    case 'EXCHANGE': {
      const sellCurrency = row.sellCurrency as string;
      const buyId = row.buyAccountId as number;
      const locked = await lock(tx, row.sellAccountId === null ? [buyId] : [row.sellAccountId, buyId]);
      const seller = row.sellAccountId === null ? null : accountOf(locked, row.sellAccountId);
      const buyer = accountOf(locked, buyId);
      const global = row.mode === 'PAY_IN' ? buyer : row.mode === 'PAY_OUT' ? seller : null;
      const startBalance = global === null ? 0 : balanceOf(global);
      const draft = exchangeSettled(
        seller,
        await systemAccounts(tx, sellCurrency),
        buyer,
        await systemAccounts(tx, buyer.currency),
        sellCurrency,
        row.sellAmount as number,
        row.buyAmount as number,
      );
      await write(tx, { kind: draft.kind, ...meta }, draft.lines, locked);
      // The global account's statement (decision 0027): buying USD into it is a top-up of it,
      // selling its USD a transfer out to the country's account.
      if (global !== null) {
        const after = accountOf(locked, global.id);
        await insertGlobalMovement(tx, {
          merchantId: row.merchantId,
          accountId: global.id,
          businessType: row.mode === 'PAY_IN' ? 'TOPUP' : 'TRANSFER_OUT',
          reference: row.requestNo,
          amount: row.mode === 'PAY_IN' ? (row.buyAmount as number) : -(row.sellAmount as number),
          ...(row.mode === 'PAY_OUT'
            ? { targetAccountId: buyId, targetAmount: row.buyAmount, targetCurrency: buyer.currency, exchangeRate: row.exchangeRate }
            : {}),
          startBalance,
          endBalance: balanceOf(after),
          eventId,
          occurredAt: at,
        });
      }
      return;
    }
  }
}

// ---- the transition ------------------------------------------------------------------------------

export interface TransitionOptions {
  actor: Actor;
  at: Date;
  /** Why (a refusal's, rejection's or failure's reason): kept as the status reason and in the history. */
  reason?: string | null;
  /** Further columns the step sets (a verified amount, a quoted rate…). */
  changes?: RequestChanges;
  /** The approval the request must still have (a four-eyes decision), and the one it gets. */
  approvalFrom?: ApprovalState;
  approvalTo?: ApprovalState;
  /** The refusal when the machine does not allow the action from the status found. */
  refuse?: (current: RequestRow) => Error;
}

const defaultRefusal = (current: RequestRow) => AccountingErrors.notAllowed(current.status);

/**
 * Applies `action` to the request read as `row`: the status it leads to (refused when the machine
 * has none), conditional on the status (and approval) read; a history row; the provider's queue
 * flag; and the money — a COMPLETED request's settlement entry, a reservation given back when it
 * ends otherwise. Answers the request after.
 */
export async function transition(tx: Db, row: RequestRow, action: RequestAction, o: TransitionOptions): Promise<RequestRow> {
  const refuse = o.refuse ?? defaultRefusal;
  const to = nextStatus(row.kind, row.status, action);
  if (to === null) throw refuse(row);
  const approval = o.approvalTo ?? row.approvalState;
  const final = isFinal(row.kind, to);
  const reason = o.reason === undefined || o.reason === '' ? null : o.reason;
  const changes: RequestChanges = {
    status: to,
    updatedAt: o.at,
    awaitingProvider: awaitingProvider(row.kind, to, approval),
    // A new task is offered at once, whoever held the lease of the previous one.
    providerLeaseUntil: null,
    ...(o.approvalTo === undefined ? {} : { approvalState: o.approvalTo }),
    ...(final ? { completedAt: o.at } : {}),
    ...(final && to !== 'COMPLETED' ? { statusReason: reason } : {}),
    ...o.changes,
  };
  const after = await updateFrom(tx, row.id, row.status, changes, o.approvalFrom);
  if (!after) throw refuse((await findById(tx, row.id)) ?? row);
  await insertHistory(tx, [
    {
      requestId: row.id,
      event: row.kind === 'SUB_TRANSFER' && action === 'CANCEL' ? 'REJECTED' : EVENT_OF_ACTION[action],
      status: to,
      at: o.at,
      byUserId: o.actor.userId,
      byName: o.actor.name,
      reason,
      eventId: o.actor.eventId,
    },
  ]);
  if (to === 'COMPLETED') await settle(tx, after, o.at, o.actor.eventId);
  else if (final) await returnReservation(tx, after, o.at, o.actor.eventId);
  return after;
}

/** The accounts a request's kind and mode move (for a creation). */
export interface RequestAccounts {
  accountType: AccountType;
  sellAccountId: number | null;
  buyAccountId: number | null;
}
