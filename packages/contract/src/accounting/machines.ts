import type { ExchangeSide, FeeItem, RequestKind, RequestStatus } from './enums.ts';

/**
 * The four state machines of issue #12 (spec §4 lists the statuses; docs/decisions/0027 the
 * transitions). Pure data and arithmetic shared by the server (which applies every transition as
 * an update conditional on the current status) and the screens (which offer only what is allowed).
 */

/** What moves a request: the merchant's actions, the provider's events, the system's jobs. */
export const REQUEST_ACTIONS = [
  // the merchant (dashboard)
  'CANCEL',
  'APPROVE',
  'REFUSE',
  'SUBMIT_PROOF',
  'CONFIRM_CONTRACT',
  // the provider (/internal/v1)
  'VERIFY',
  'QUOTE',
  'START_TRANSFER',
  'COMPLETE',
  'TRANSFER_FAILED',
  'REJECT',
  'FAIL',
  // the system
  'EXPIRE_QUOTE',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

type Table = Readonly<Partial<Record<RequestStatus, Readonly<Partial<Record<RequestAction, RequestStatus>>>>>>;

/**
 * `TRANSITIONS[kind][from][action]` is the status the action leads to; an action missing from a
 * status is refused. APPROVE leaves a withdrawal PROCESSING (its approval changes, not its status).
 */
export const TRANSITIONS: Readonly<Record<RequestKind, Table>> = {
  TOPUP: {
    PROCESSING: { CANCEL: 'CANCELED', VERIFY: 'COMPLETED', REJECT: 'REJECTED', FAIL: 'FAILED' },
  },
  WITHDRAWAL: {
    PROCESSING: {
      CANCEL: 'CANCELED',
      APPROVE: 'PROCESSING',
      REFUSE: 'REJECTED',
      START_TRANSFER: 'IN_TRANSFER',
      REJECT: 'REJECTED',
      FAIL: 'FAILED',
    },
    IN_TRANSFER: { COMPLETE: 'COMPLETED', TRANSFER_FAILED: 'PAYMENT_FAILED' },
  },
  EXCHANGE: {
    WAIT_PROOF: { SUBMIT_PROOF: 'WAIT_EXCHANGE_RATE', CANCEL: 'CANCELED', REJECT: 'REJECTED', FAIL: 'FAILED' },
    WAIT_EXCHANGE_RATE: { QUOTE: 'WAIT_CONFIRM_CONTRACT', CANCEL: 'CANCELED', REJECT: 'REJECTED', FAIL: 'FAILED' },
    WAIT_CONFIRM_CONTRACT: {
      CONFIRM_CONTRACT: 'PROCESSING',
      EXPIRE_QUOTE: 'WAIT_EXCHANGE_RATE',
      CANCEL: 'CANCELED',
      REJECT: 'REJECTED',
      FAIL: 'FAILED',
    },
    PROCESSING: { COMPLETE: 'COMPLETED', REJECT: 'REJECTED', FAIL: 'FAILED' },
  },
  SUB_TRANSFER: {
    // The spec's sub-merchant transfer has no CANCELED: a merchant's revoke ends it REJECTED ("Revoked by …").
    PROCESSING: { CANCEL: 'REJECTED', COMPLETE: 'COMPLETED', REJECT: 'REJECTED', FAIL: 'FAILED' },
  },
};

/** The status a request starts in. */
export function initialStatus(kind: RequestKind, offline = false): RequestStatus {
  if (kind === 'EXCHANGE') return offline ? 'WAIT_PROOF' : 'WAIT_EXCHANGE_RATE';
  return 'PROCESSING';
}

/** The status `action` leads to from `from`, or null when the machine does not allow it. */
export function nextStatus(kind: RequestKind, from: RequestStatus, action: RequestAction): RequestStatus | null {
  return TRANSITIONS[kind][from]?.[action] ?? null;
}

/** True for a status no action leaves. */
export function isFinal(kind: RequestKind, status: RequestStatus): boolean {
  return TRANSITIONS[kind][status] === undefined;
}

/** Actions allowed from a status (the screens show the buttons of these). */
export function allowedActions(kind: RequestKind, status: RequestStatus): RequestAction[] {
  return Object.keys(TRANSITIONS[kind][status] ?? {}) as RequestAction[];
}

/** Every status a request of `kind` can be in: the initial ones and every target. */
export function reachableStatuses(kind: RequestKind): RequestStatus[] {
  const out = new Set<RequestStatus>(kind === 'EXCHANGE' ? ['WAIT_PROOF', 'WAIT_EXCHANGE_RATE'] : ['PROCESSING']);
  for (const [from, actions] of Object.entries(TRANSITIONS[kind])) {
    out.add(from as RequestStatus);
    for (const to of Object.values(actions ?? {})) out.add(to as RequestStatus);
  }
  return [...out];
}

// ---- fees (spec §9) ----------------------------------------------------------------------------

/**
 * A merchant's fee and limit configuration of one kind in one country (cents of the account's
 * currency). The small-transfer fee applies to an amount strictly below the threshold.
 */
export interface FeeConfig {
  /** TOPUP: charged per top-up, out of the verified amount. WITHDRAWAL: charged per transfer, on top of the amount. */
  perRequestFee: number;
  smallTransferThreshold: number;
  smallTransferFee: number;
}

export interface FeeLine {
  item: FeeItem;
  amount: number;
}

/** The fee lines of a top-up or withdrawal of `amount` cents, exactly as they will be posted. */
export function feeLines(kind: 'TOPUP' | 'WITHDRAWAL', config: FeeConfig, amount: number): FeeLine[] {
  const lines: FeeLine[] = [];
  if (config.perRequestFee > 0) lines.push({ item: kind === 'TOPUP' ? 'TOPUP_FEE' : 'WITHDRAWAL_FEE', amount: config.perRequestFee });
  if (config.smallTransferFee > 0 && amount < config.smallTransferThreshold) {
    lines.push({ item: 'SMALL_TRANSFER_FEE', amount: config.smallTransferFee });
  }
  return lines;
}

export const sumFees = (lines: readonly FeeLine[]): number => lines.reduce((s, l) => s + l.amount, 0);

/**
 * A top-up's fee out of its verified amount: the configured fee, never more than the amount (a
 * top-up smaller than its fee credits nothing and is all fee). Returns the fee and the final
 * amount credited.
 */
export function topupSettlement(config: FeeConfig, verifiedAmount: number): { fee: number; finalAmount: number; lines: FeeLine[] } {
  const lines = feeLines('TOPUP', config, verifiedAmount);
  const fee = Math.min(sumFees(lines), verifiedAmount);
  return { fee, finalAmount: verifiedAmount - fee, lines };
}

// ---- exchange arithmetic ------------------------------------------------------------------------

/** Fraction digits of a rate (ExchangeRateSchema: up to 8). */
export const RATE_SCALE_DIGITS = 8;
const SCALE = 10n ** BigInt(RATE_SCALE_DIGITS);

/** A decimal rate string as an integer of 1e-8 units (exact, no float). */
export function scaledRate(rate: string): bigint {
  const m = /^(\d{1,6})(?:\.(\d{1,8}))?$/.exec(rate);
  if (!m) throw new RangeError(`Not a rate: ${rate}`);
  const fraction = (m[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0');
  const scaled = BigInt(m[1] as string) * SCALE + BigInt(fraction);
  if (scaled <= 0n) throw new RangeError('A rate is above zero');
  return scaled;
}

const divFloor = (a: bigint, b: bigint) => a / b;
const divCeil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The two amounts of an exchange at `rate` (local currency units per 1 USD). The merchant fixes
 * one side (`side`, `amount` cents); the other is derived and rounded against the merchant to the
 * cent: an amount bought is rounded down, an amount sold is rounded up — the provider never pays a
 * fraction of a cent it was not paid (docs/decisions/0027). `sellIsUsd` says which currency is sold.
 * Returns null when the derived side would be 0 cents (too small to exchange).
 */
export function exchangeAmounts(
  rate: string,
  sellIsUsd: boolean,
  side: ExchangeSide,
  amount: number,
): { sellAmount: number; buyAmount: number } | null {
  const r = scaledRate(rate);
  const a = BigInt(amount);
  let derived: bigint;
  if (side === 'SELL') {
    // Selling USD buys USD × rate local; selling local buys local ÷ rate USD. Rounded down.
    derived = sellIsUsd ? divFloor(a * r, SCALE) : divFloor(a * SCALE, r);
  } else {
    // Buying local costs local ÷ rate USD; buying USD costs USD × rate local. Rounded up.
    derived = sellIsUsd ? divCeil(a * SCALE, r) : divCeil(a * r, SCALE);
  }
  if (derived <= 0n || derived > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const d = Number(derived);
  return side === 'SELL' ? { sellAmount: amount, buyAmount: d } : { sellAmount: d, buyAmount: amount };
}
