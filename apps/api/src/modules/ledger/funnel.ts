import type { TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import {
  type CardTokenKind,
  FAIL_REASON_MAX_LENGTH,
  FAIL_REASON_STATUSES,
  FUNNEL_STAGES,
  normaliseFailReason,
  REVENUE_TRANSACTION_TYPES,
  SETTLED_STATUSES,
  SUBMITTED_STATUSES,
} from '@andes/contract/revenue-assurance/enums';
import { type SQL, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema/transactions.ts';

/**
 * Revenue assurance's reading of a transaction (docs/decisions/0031): how far it got (the funnel
 * stage, kept with the status), whether its card was a network token, and its normalised fail
 * reason. The TypeScript functions and the SQL expressions below say the same thing; migration
 * 0018's backfill uses the same SQL, and the figures check and the property test prove the
 * pre-aggregate (revenue_daily_stats) equals a GROUP BY of the rows with these expressions.
 */

const SUBMITTED = new Set<string>(SUBMITTED_STATUSES);
const SETTLED = new Set<string>(SETTLED_STATUSES);
const FAILING = new Set<string>(FAIL_REASON_STATUSES);
const REVENUE_TYPES = new Set<string>(REVENUE_TRANSACTION_TYPES);

/** The stage a status implies at least (0 for the statuses that leave it as it is). */
export function stageOfStatus(status: TransactionStatus): number {
  if (SETTLED.has(status)) return FUNNEL_STAGES.SETTLED;
  if (SUBMITTED.has(status)) return FUNNEL_STAGES.SUBMITTED;
  return FUNNEL_STAGES.CREATED;
}

/** The stage after a status is reached: never lower than before. */
export function funnelStageAfter(stage: number, status: TransactionStatus): number {
  return Math.max(stage, stageOfStatus(status));
}

/** TOKEN when the card carries a network token id, PAN for another card, NONE without a card. */
export function cardTokenOf(card: unknown): CardTokenKind {
  if (card === null || card === undefined) return 'NONE';
  return typeof card === 'object' && !Array.isArray(card) && 'tokenId' in card ? 'TOKEN' : 'PAN';
}

/** The normalised reason of a failed, rejected or expired transaction; '' for every other status. */
export function failReasonOf(status: TransactionStatus, statusReason: string | null): string {
  return FAILING.has(status) ? normaliseFailReason(statusReason) : '';
}

/** Whether revenue_daily_stats counts the type (pay-ins, payouts, marketplace orders). */
export function isRevenueType(type: TransactionType): boolean {
  return REVENUE_TYPES.has(type);
}

// ---- the same in SQL ------------------------------------------------------------------------------

const list = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');

/** `stageOfStatus` of a status column, as SQL text. */
export function stageOfStatusText(status: string): string {
  return `(case when ${status} in (${list(SETTLED_STATUSES)}) then 3 when ${status} in (${list(SUBMITTED_STATUSES)}) then 1 else 0 end)`;
}
/** `cardTokenOf` of a card column, as SQL text. */
export function cardTokenText(card: string): string {
  return `(case when ${card} is null then 'NONE' when ${card} ? 'tokenId' then 'TOKEN' else 'PAN' end)`;
}
/** `normaliseFailReason` of a text column, as SQL text (migration 0018 says exactly this). */
export function normalisedReasonText(reason: string): string {
  return `left(btrim(regexp_replace(coalesce(${reason}, ''), '[ \\t\\n\\r\\f\\v]+', ' ', 'g'), ' '), ${FAIL_REASON_MAX_LENGTH})`;
}
/** `failReasonOf` of a status and a reason column, as SQL text. */
export function failReasonText(status: string, reason: string): string {
  return `(case when ${status} in (${list(FAIL_REASON_STATUSES)}) then ${normalisedReasonText(reason)} else '' end)`;
}
/** The revenue transaction types, as an SQL list. */
export const REVENUE_TYPES_TEXT = list(REVENUE_TRANSACTION_TYPES);

const T = '"transactions"';
/** `cardTokenOf` of the transactions row (inside a query on `transactions`, not aliased). */
export const CARD_TOKEN_SQL: SQL<CardTokenKind> = sql<CardTokenKind>`${sql.raw(cardTokenText(`${T}."card"`))}`;
/** `failReasonOf` of the transactions row. */
export const FAIL_REASON_SQL: SQL<string> = sql<string>`${sql.raw(failReasonText(`${T}."status"`, `${T}."status_reason"`))}`;

/**
 * revenue_daily_stats rebuilt from the rows (the seeds' and benches' bulk loads; the table must be
 * empty): the GROUP BY the figures check compares with.
 */
export const REVENUE_STATS_FROM_TRANSACTIONS_SQL = `insert into revenue_daily_stats (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, funnel_stage, card_token, fail_reason, count, amount)
select merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status, funnel_stage,
       ${cardTokenText('card')}, ${failReasonText('status', 'status_reason')}, count(*), sum(amount)
  from transactions
 where transaction_type in (${REVENUE_TYPES_TEXT})
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;

/**
 * The funnel columns an update that sets `status` writes with it: the stage never falls, and a
 * settled stage sets `authorised_at` (when unset) to the settle time — `settledAt` when the update
 * sets it, else the row's, else `at`.
 */
export function funnelColumnsFor(status: TransactionStatus, at: Date, settledAt?: Date | null): { funnelStage: SQL; authorisedAt?: SQL } {
  const stage = stageOfStatus(status);
  const funnelStage = sql`greatest(${transactions.funnelStage}, ${stage})`;
  if (stage < FUNNEL_STAGES.SETTLED) return { funnelStage };
  return {
    funnelStage,
    authorisedAt: sql`coalesce(${transactions.authorisedAt}, ${settledAt ? settledAt.toISOString() : null}::timestamptz, ${transactions.settledAt}, ${at.toISOString()}::timestamptz)`,
  };
}
