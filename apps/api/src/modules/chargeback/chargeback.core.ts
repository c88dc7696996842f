import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import type { ChargebackStatus } from '@andes/contract/common/enums';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { ChargebackReasonCode } from '@andes/contract/risk/enums';
import { CHARGEBACK_ACTION_PERMISSIONS, EVIDENCE_CHECKLIST } from '@andes/contract/risk/enums';
import type { Chargeback, ChargebackDetail } from '@andes/contract/risk/schemas';
import { type CARD_BRANDS, maskedCard } from '@andes/contract/transaction/parts';
import type { Db } from '../../db/client.ts';
import type { TransactionRow } from '../platform/events.repository.ts';
import {
  type ChargebackChanges,
  type ChargebackRow,
  type ChargebackView,
  type HistoryEvent,
  historyOf,
  insertChargeback,
  insertHistory,
  updateFrom,
} from './chargeback.repository.ts';
import { bucketOf, daysLeftOf, deadlineOf, isPassed } from './deadline.ts';

type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * The chargeback state machine (docs/decisions/0028) and the answer the screens get. Every
 * transition is an UPDATE conditional on the status read, with a history row, in the caller's
 * database transaction — whether the merchant (defend, accept), the platform (won, lost) or the
 * ingestion of `transaction.charged_back` (received) makes it.
 *
 *   CHARGE_BACK ──defend (before the deadline)──▶ UNDER_DEFENSE ──won──▶ DEFENSE_WON
 *        │                                             └──────lost──▶ DEFENSE_LOST
 *        └──accept / lost──▶ DEFENSE_LOST
 */

export type ChargebackAction = 'DEFEND' | 'ACCEPT' | 'WIN' | 'LOSE';

/** The statuses each action may start from, and the one it leads to. */
export const CHARGEBACK_MACHINE: Readonly<
  Record<ChargebackAction, { from: readonly ChargebackStatus[]; to: ChargebackStatus; event: HistoryEvent }>
> = {
  DEFEND: { from: ['CHARGE_BACK'], to: 'UNDER_DEFENSE', event: 'DEFENDED' },
  ACCEPT: { from: ['CHARGE_BACK'], to: 'DEFENSE_LOST', event: 'ACCEPTED' },
  WIN: { from: ['UNDER_DEFENSE'], to: 'DEFENSE_WON', event: 'WON' },
  LOSE: { from: ['UNDER_DEFENSE', 'CHARGE_BACK'], to: 'DEFENSE_LOST', event: 'LOST' },
};

export const isFinalStatus = (s: ChargebackStatus) => s === 'DEFENSE_WON' || s === 'DEFENSE_LOST';

export const timeZoneOf = (country: string) => COUNTRY_INFO[country as Country].timezoneName;

/** Who acts: a user, or nobody (the platform, a job). */
export interface Actor {
  userId: number | null;
  name: string | null;
}

/**
 * Applies `action` to the chargeback read as `row`, conditional on its status (and `extra`): the
 * row after, or null when it moved on meanwhile (the caller refuses with what it finds now).
 */
export async function transition(
  tx: Db,
  row: ChargebackRow,
  action: ChargebackAction,
  o: { actor: Actor; at: Date; note?: string | null; changes?: ChargebackChanges; extra?: Parameters<typeof updateFrom>[4] },
): Promise<ChargebackRow | null> {
  const step = CHARGEBACK_MACHINE[action];
  if (!step.from.includes(row.status)) return null;
  const after = await updateFrom(tx, row.id, step.from, { status: step.to, updatedAt: o.at, ...o.changes }, o.extra);
  if (!after) return null;
  await insertHistory(tx, [
    {
      chargebackId: row.id,
      event: step.event,
      status: step.to,
      at: o.at,
      byUserId: o.actor.userId,
      byName: o.actor.name,
      note: o.note === undefined || o.note === '' ? null : o.note,
    },
  ]);
  return after;
}

// ---- received ------------------------------------------------------------------------------------

/**
 * Records the chargeback of `transaction.charged_back` (in the ingestion's database transaction,
 * after its CHARGE_BACK transaction and reversal entry): CHARGE_BACK, due by `respondBy` or by the
 * dispute date plus the provider's window for the pay-in card's brand, with its RECEIVED history.
 */
export async function receiveChargeback(
  tx: Db,
  payinRow: TransactionRow,
  chargebackTx: TransactionRow,
  d: { amount: number; reason: string; reasonCode: ChargebackReasonCode; respondBy?: string },
  disputeDate: Date,
  now: Date,
): Promise<ChargebackRow> {
  const brand = payinRow.card?.brand ?? null;
  const row = await insertChargeback(tx, {
    merchantId: payinRow.merchantId,
    subMerchantId: payinRow.subMerchantId,
    country: payinRow.country,
    currency: payinRow.currency,
    transactionId: chargebackTx.id,
    payinId: payinRow.id,
    uniqueId: chargebackTx.uniqueId,
    amount: d.amount,
    reason: d.reason,
    reasonCode: d.reasonCode,
    cardBrand: brand,
    disputeDate,
    deadline: deadlineOf(timeZoneOf(payinRow.country), disputeDate, brand, d.respondBy),
    status: 'CHARGE_BACK',
    createdAt: now,
    updatedAt: now,
  });
  await insertHistory(tx, [
    { chargebackId: row.id, event: 'RECEIVED', status: 'CHARGE_BACK', at: disputeDate, byUserId: null, byName: null, note: d.reason },
  ]);
  return row;
}

// ---- the answer ----------------------------------------------------------------------------------

/** The caller as the `actions` filter sees them. */
export interface Viewer {
  subMerchantId: number | null;
  permissions: ReadonlySet<PermissionCode>;
}

/**
 * What the viewer may do now: DEFEND an open chargeback before its deadline, ACCEPT an open one,
 * each within the viewer's buttons. A sub-merchant user only looks (as with accounting requests).
 */
export function actionsFor(row: ChargebackRow, viewer: Viewer, now: Date): ('DEFEND' | 'ACCEPT')[] {
  if (viewer.subMerchantId !== null || row.status !== 'CHARGE_BACK') return [];
  const out: ('DEFEND' | 'ACCEPT')[] = [];
  if (viewer.permissions.has(CHARGEBACK_ACTION_PERMISSIONS.DEFEND) && !isPassed(row.deadline, now)) out.push('DEFEND');
  if (viewer.permissions.has(CHARGEBACK_ACTION_PERMISSIONS.ACCEPT)) out.push('ACCEPT');
  return out;
}

export function chargebackOf(v: ChargebackView, viewer: Viewer, now: Date): Chargeback {
  const row = v.cb;
  const zone = timeZoneOf(row.country);
  const open = row.status === 'CHARGE_BACK';
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    transactionId: row.payinId,
    payinUniqueId: v.payinUniqueId,
    merchantReference: v.merchantReference,
    country: row.country as Country,
    currency: row.currency as Currency,
    productType: v.productType,
    cardBrand: (row.cardBrand as CardBrand | null) ?? null,
    cardMasked: maskedCard(v.cardBin, v.cardLast4),
    payinAmount: v.payinAmount,
    disputeAmount: row.amount,
    reason: row.reason,
    reasonCode: row.reasonCode,
    disputeDate: row.disputeDate.toISOString(),
    deadline: row.deadline.toISOString(),
    daysLeft: open ? daysLeftOf(zone, row.deadline, now) : null,
    bucket: open ? bucketOf(zone, row.deadline, now) : null,
    status: row.status,
    description: row.description,
    defenseDate: row.defendedAt?.toISOString() ?? null,
    defendedBy: row.defendedByName,
    accepted: row.accepted,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
    subMerchantName: v.subMerchantName,
    actions: actionsFor(row, viewer, now),
  };
}

export async function detailOf(db: Db, v: ChargebackView, viewer: Viewer, now: Date): Promise<ChargebackDetail> {
  const history = await historyOf(db, v.cb.id);
  return {
    ...chargebackOf(v, viewer, now),
    appendices: v.cb.appendices,
    checklist: [...EVIDENCE_CHECKLIST[v.cb.reasonCode]],
    history: history.map((h) => ({ event: h.event, status: h.status, at: h.at.toISOString(), by: h.byName, note: h.note })),
  };
}
