import { ResultCode } from '@andes/contract/common/envelope';
import type { ChargebackClaimRequest, OfferedDefense, PlatformEvent } from '@andes/contract/platform/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { moveTransaction, statsFactOf } from '../ledger/daily-stats.ts';
import { lock, systemAccounts, write } from '../ledger/ledger.service.ts';
import { chargebackReversed } from '../ledger/posting-rules.ts';
import { findTransactionById, type MerchantRow, updateTransaction } from '../platform/events.repository.ts';
import { PlatformErrors } from '../platform/platform.errors.ts';
import { merchantCodes } from '../sub-merchant/sub-merchant.repository.ts';
import { CHARGEBACK_MACHINE, isFinalStatus, transition } from './chargeback.core.ts';
import { type ChargebackRow, leaseWaiting, lockByUniqueId, lockTransactionById, payinUniqueIds } from './chargeback.repository.ts';

/**
 * The provider's side of chargeback defence (`/internal/v1`; docs/decisions/0028): the claim that
 * leases the defences waiting to be presented, and the outcome events `chargeback.won` and
 * `chargeback.lost`. An event runs in the ingestion's database transaction, idempotent by its event
 * id there; an outcome the machine does not allow from the chargeback's status (a second outcome,
 * a win of an undefended chargeback) is a CONFLICT that changes nothing.
 */

export type ChargebackOutcomeEvent = Extract<PlatformEvent, { type: 'chargeback.won' | 'chargeback.lost' }>;

export function isChargebackOutcome(event: PlatformEvent): event is ChargebackOutcomeEvent {
  return event.type === 'chargeback.won' || event.type === 'chargeback.lost';
}

/**
 * Applies an outcome to its chargeback (locked first; then its pay-in, then the account): it must
 * exist (NOT_FOUND: nothing is parked — the platform reports on chargebacks it sent) and belong to
 * the event's merchant. WON: UNDER_DEFENSE → DEFENSE_WON, the disputed amount credited back
 * (CHARGEBACK_REVERSED) and taken off the pay-in's charged-back amount. LOST: CHARGE_BACK or
 * UNDER_DEFENSE → DEFENSE_LOST, nothing posted.
 */
export async function applyChargebackOutcome(
  tx: Db,
  merchant: MerchantRow,
  event: ChargebackOutcomeEvent,
  ctx: { eventId: string; at: Date },
): Promise<'APPLIED'> {
  const id = event.data.chargebackId;
  const row = await lockByUniqueId(tx, id);
  if (!row) throw new AppError(ResultCode.NOT_FOUND, `Chargeback ${id} was not found`);
  if (row.merchantId !== merchant.id) throw PlatformErrors.conflict(`Chargeback ${id} belongs to another merchant than ${merchant.code}`);
  const action = event.type === 'chargeback.won' ? 'WIN' : 'LOSE';
  const refuse = (current: ChargebackRow) =>
    PlatformErrors.conflict(
      isFinalStatus(current.status)
        ? `Chargeback ${id} was already decided (${current.status}): ${event.type} does not apply to it`
        : `Chargeback ${id} is ${current.status}: ${event.type} applies to ${CHARGEBACK_MACHINE[action].from.join(' or ')} only`,
    );
  const after = await transition(tx, row, action, {
    actor: { userId: null, name: null },
    at: ctx.at,
    note: event.data.reason ?? null,
    changes: { outcomeAt: ctx.at, awaitingProvider: false, providerLeaseUntil: null },
  });
  if (!after) throw refuse(row);
  if (action === 'WIN') await reverse(tx, after, ctx);
  return 'APPLIED';
}

/**
 * The money of a won chargeback: its amount back to the pay-in's account (the fee stays with the
 * provider), and the pay-in's charged-back amount less it — back to SETTLED (REFUNDED when refunds
 * took the rest) once no chargeback stands on it, its daily figures moved with it.
 */
async function reverse(tx: Db, cb: ChargebackRow, ctx: { eventId: string; at: Date }): Promise<void> {
  const payin = await lockTransactionById(tx, cb.payinId);
  const chargebackTx = await findTransactionById(tx, cb.transactionId);
  if (!payin || !chargebackTx) throw new Error(`chargeback ${cb.uniqueId}: its transactions are missing`);
  if (payin.chargedBackAmount < cb.amount) {
    throw PlatformErrors.conflict(
      `Pay-in ${payin.uniqueId} has ${payin.chargedBackAmount} charged back, less than chargeback ${cb.uniqueId} gives back`,
    );
  }
  const locked = await lock(tx, [chargebackTx.accountId]);
  const account = locked.get(chargebackTx.accountId);
  if (!account) throw new Error(`account ${chargebackTx.accountId} is not locked`);
  const draft = chargebackReversed(account, await systemAccounts(tx, account.currency), cb.amount);
  await write(tx, { kind: draft.kind, transactionId: chargebackTx.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
  const chargedBackAmount = payin.chargedBackAmount - cb.amount;
  const status =
    payin.status === 'CHARGED_BACK' && chargedBackAmount === 0
      ? payin.refundedAmount === payin.amount
        ? 'REFUNDED'
        : 'SETTLED'
      : payin.status;
  const updated = await updateTransaction(tx, payin.id, payin.status, { chargedBackAmount, status });
  await moveTransaction(tx, statsFactOf(payin), statsFactOf(updated));
}

/** Leases defences waiting for the provider, with what it presents (see the claim endpoint). */
export async function claimDefenses(db: Db, request: ChargebackClaimRequest, now: Date): Promise<OfferedDefense[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  const rows = await db.transaction((tx) => leaseWaiting(tx, now, leasedUntil, request.limit));
  const [codes, payins] = await Promise.all([
    merchantCodes(
      db,
      rows.map((r) => r.merchantId),
    ),
    payinUniqueIds(
      db,
      rows.map((r) => r.payinId),
    ),
  ]);
  return rows.map((r) => ({
    chargebackId: r.uniqueId,
    payinUniqueId: payins.get(r.payinId) ?? '',
    merchantCode: codes.get(r.merchantId) ?? '',
    country: r.country as OfferedDefense['country'],
    currency: r.currency as OfferedDefense['currency'],
    amount: r.amount,
    reasonCode: r.reasonCode,
    description: r.description ?? '',
    appendices: r.appendices.map((a) => ({ name: a.name, size: a.size })),
    defendedAt: (r.defendedAt ?? r.updatedAt).toISOString(),
    deadline: r.deadline.toISOString(),
    attempts: r.providerAttempts - 1,
  }));
}
