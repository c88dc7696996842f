import type { TransactionStatus, TransactionType } from '@andes/contract/common/enums';

/**
 * The transaction state machine: which status each event may move a transaction from, per
 * transaction type. The one place that says it; the events service asks `transitionOf` before it
 * changes anything, and its UPDATEs are conditional on the status it read (the row is locked).
 *
 * Two kinds of status events (docs/decisions: ingestion ordering):
 * - progress reports (`transaction.status_changed`, payout IN_PROGRESS) carry no money: one older
 *   than the latest status applied (`status_at`) is STALE — recorded, not applied;
 * - money facts (settled, refunded, charged back, payout SETTLED/FAILED/REJECTED/CANCELLED)
 *   happened whatever else arrived since: they apply whenever the current status allows them.
 * An event the table does not allow from the current status is refused (CONFLICT, not recorded).
 */

/** What an event does to the status, as the state machine sees it. */
export type StatusEvent =
  | 'PAYIN_IN_PROGRESS'
  | 'PAYIN_FAILED'
  | 'PAYIN_EXPIRED'
  | 'PAYIN_REJECTED'
  | 'PAYIN_CANCELLED'
  | 'PAYIN_SETTLED'
  | 'PAYIN_REFUNDED'
  | 'PAYIN_CHARGED_BACK'
  | 'PAYIN_HELD'
  | 'PAYIN_UNHELD'
  | 'PAYIN_AUTHORISED'
  | 'PAYOUT_IN_PROGRESS'
  | 'PAYOUT_SETTLED'
  | 'PAYOUT_FAILED'
  | 'PAYOUT_REJECTED'
  | 'PAYOUT_CANCELLED';

interface Transition {
  /** Types of transaction the event concerns. */
  types: readonly TransactionType[];
  /** Statuses it may start from. */
  from: readonly TransactionStatus[];
  /** The status after it; null: unchanged (holds, and partial refunds: see the service). */
  to: TransactionStatus | null;
  /** A money fact: applies whenever `from` allows it, never stale. */
  fact: boolean;
}

const PAYIN = ['PAY_IN'] as const satisfies readonly TransactionType[];
const PAYOUTS = ['PAY_OUT', 'MARKET_PLACE_ORDERS'] as const satisfies readonly TransactionType[];
/** A pay-in or payout not finished yet. */
const OPEN = ['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS'] as const satisfies readonly TransactionStatus[];

export const TRANSITIONS: Readonly<Record<StatusEvent, Transition>> = {
  PAYIN_IN_PROGRESS: { types: PAYIN, from: ['INITIAL_STATUS', 'CREATED'], to: 'IN_PROGRESS', fact: false },
  PAYIN_FAILED: { types: PAYIN, from: OPEN, to: 'FAILED', fact: false },
  PAYIN_EXPIRED: { types: PAYIN, from: OPEN, to: 'EXPIRED', fact: false },
  PAYIN_REJECTED: { types: PAYIN, from: OPEN, to: 'REJECTED', fact: false },
  PAYIN_CANCELLED: { types: PAYIN, from: OPEN, to: 'CANCELLED', fact: false },
  // A late confirmation settles a pay-in already reported FAILED or EXPIRED: the money did
  // arrive. A CANCELLED or REJECTED pay-in was refused on purpose and cannot settle.
  PAYIN_SETTLED: { types: PAYIN, from: [...OPEN, 'FAILED', 'EXPIRED'], to: 'SETTLED', fact: true },
  // Partial refunds keep SETTLED; the refund that leaves nothing makes it REFUNDED.
  PAYIN_REFUNDED: { types: PAYIN, from: ['SETTLED'], to: null, fact: true },
  // A second (partial) chargeback of a charged-back pay-in is possible while money is left.
  PAYIN_CHARGED_BACK: { types: PAYIN, from: ['SETTLED', 'CHARGED_BACK'], to: 'CHARGED_BACK', fact: true },
  PAYIN_HELD: { types: PAYIN, from: ['SETTLED'], to: null, fact: true },
  PAYIN_UNHELD: { types: PAYIN, from: ['SETTLED'], to: null, fact: true },
  // The issuer authorised a pay-in still open (docs/decisions/0031): a progress report that raises
  // the funnel stage and keeps the status.
  PAYIN_AUTHORISED: { types: PAYIN, from: OPEN, to: null, fact: false },
  PAYOUT_IN_PROGRESS: { types: PAYOUTS, from: ['INITIAL_STATUS', 'CREATED'], to: 'IN_PROGRESS', fact: false },
  PAYOUT_SETTLED: { types: PAYOUTS, from: OPEN, to: 'SETTLED', fact: true },
  PAYOUT_FAILED: { types: PAYOUTS, from: OPEN, to: 'FAILED', fact: true },
  PAYOUT_REJECTED: { types: PAYOUTS, from: OPEN, to: 'REJECTED', fact: true },
  PAYOUT_CANCELLED: { types: PAYOUTS, from: OPEN, to: 'CANCELLED', fact: true },
};

export type TransitionCheck =
  | { ok: true; to: TransactionStatus | null; fact: boolean }
  | { ok: false; reason: 'WRONG_TYPE' | 'WRONG_STATUS'; message: string };

const EVENT_NAMES: Readonly<Record<StatusEvent, string>> = {
  PAYIN_IN_PROGRESS: 'IN_PROGRESS',
  PAYIN_FAILED: 'FAILED',
  PAYIN_EXPIRED: 'EXPIRED',
  PAYIN_REJECTED: 'REJECTED',
  PAYIN_CANCELLED: 'CANCELLED',
  PAYIN_SETTLED: 'settled',
  PAYIN_REFUNDED: 'refunded',
  PAYIN_CHARGED_BACK: 'charged back',
  PAYIN_HELD: 'put on hold',
  PAYIN_UNHELD: 'released from hold',
  PAYIN_AUTHORISED: 'authorised',
  PAYOUT_IN_PROGRESS: 'IN_PROGRESS',
  PAYOUT_SETTLED: 'SETTLED',
  PAYOUT_FAILED: 'FAILED',
  PAYOUT_REJECTED: 'REJECTED',
  PAYOUT_CANCELLED: 'CANCELLED',
};

/** Whether `event` may apply to a transaction of this type in this status. */
export function transitionOf(event: StatusEvent, uniqueId: string, type: TransactionType, status: TransactionStatus): TransitionCheck {
  const t = TRANSITIONS[event];
  if (!t.types.includes(type)) {
    return {
      ok: false,
      reason: 'WRONG_TYPE',
      message: `Transaction ${uniqueId} is a ${type}: it cannot be ${EVENT_NAMES[event]} by this event (it concerns ${t.types.join(' or ')})`,
    };
  }
  if (!t.from.includes(status)) {
    const what = t.to !== null && t.to === EVENT_NAMES[event] ? `become ${t.to}` : `be ${EVENT_NAMES[event]}`;
    return { ok: false, reason: 'WRONG_STATUS', message: `Transaction ${uniqueId} is ${status}: it cannot ${what}` };
  }
  return { ok: true, to: t.to, fact: t.fact };
}
