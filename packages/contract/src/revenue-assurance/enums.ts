import { z } from 'zod';
import { addDays, addMonths, type CalendarDate, daysBetween } from '../common/dates.ts';
import { text } from '../common/fields.ts';

/**
 * Revenue assurance's vocabulary (issue #14 item 3; docs/decisions/0031-revenue-assurance.md):
 * how far a payment got (the funnel stage), whether a card pay-in was paid with a network token,
 * the normalised fail reason and its soft/hard class, and the periods of the charts.
 */

/** The transaction types the charts cover (the request's `transactionType`; PAY_IN by default). */
export const REVENUE_TRANSACTION_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'] as const;
export type RevenueTransactionType = (typeof REVENUE_TRANSACTION_TYPES)[number];
export const RevenueTransactionTypeSchema = z.enum(REVENUE_TRANSACTION_TYPES);

/**
 * How far a payment got; only ever rises. 0 created, 1 submitted by the payer (it reached the
 * platform: in progress, failed, rejected or further), 2 authorised by the issuer or bank,
 * 3 settled (settled, refunding, refunded or charged back).
 */
export const FUNNEL_STAGES = { CREATED: 0, SUBMITTED: 1, AUTHORISED: 2, SETTLED: 3 } as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[keyof typeof FUNNEL_STAGES];
export const FUNNEL_STAGE_NAMES = ['CREATED', 'SUBMITTED', 'AUTHORISED', 'SETTLED'] as const;
export type FunnelStageName = (typeof FUNNEL_STAGE_NAMES)[number];

/** The transaction list's `funnelStageMin` filter: reached at least this stage (1..3). */
export const FUNNEL_STAGE_FILTER_MIN = 1;
export const FUNNEL_STAGE_FILTER_MAX = 3;
export const FUNNEL_STAGE_MESSAGE = 'The funnel stage is 1 (submitted), 2 (authorised) or 3 (settled)';

/**
 * Statuses that decide the stage as they are reached (applied with the status; the stage never
 * falls): submitted at least for these…
 */
export const SUBMITTED_STATUSES = ['IN_PROGRESS', 'FAILED', 'REJECTED'] as const;
/** …settled (3) for these (authorised_at becomes the settle time when unset). */
export const SETTLED_STATUSES = ['SETTLED', 'REFUNDING', 'REFUNDED', 'CHARGED_BACK'] as const;
/** CREATED, INITIAL_STATUS, EXPIRED and CANCELLED leave the stage as it is. */

/** Whether a card payment used a network token (`card.tokenId`), the card number, or no card at all. */
export const CARD_TOKEN_KINDS = ['TOKEN', 'PAN', 'NONE'] as const;
export type CardTokenKind = (typeof CARD_TOKEN_KINDS)[number];
export const CardTokenKindSchema = z.enum(CARD_TOKEN_KINDS);
/** The transaction list's `cardToken` filter (card payments only). */
export const CARD_TOKEN_FILTERS = ['TOKEN', 'PAN'] as const;
export type CardTokenFilter = (typeof CARD_TOKEN_FILTERS)[number];
export const CardTokenFilterSchema = z.enum(CARD_TOKEN_FILTERS);

/** Statuses whose reason is a fail reason; every other status counts with the reason ''. */
export const FAIL_REASON_STATUSES = ['FAILED', 'REJECTED', 'EXPIRED'] as const;
export const FAIL_REASON_MAX_LENGTH = 100;
export const FAIL_REASON_MESSAGE = `A fail reason has at most ${FAIL_REASON_MAX_LENGTH} characters`;

/** The whitespace the database's `\s` knows (ASCII): space, tab, line feed, carriage return, form feed, vertical tab. */
const WHITESPACE_RUN = /[ \t\n\r\f\v]+/g;

/**
 * A fail reason as the figures key it: whitespace runs collapsed to one space, trimmed, at most
 * FAIL_REASON_MAX_LENGTH characters (code points). Migration 0018's SQL does exactly this:
 * `left(btrim(regexp_replace(reason, '[ \t\n\r\f\v]+', ' ', 'g')), 100)`.
 */
export function normaliseFailReason(reason: string | null | undefined): string {
  const collapsed = (reason ?? '').replace(WHITESPACE_RUN, ' ');
  const trimmed = collapsed.replace(/^ +| +$/g, '');
  return Array.from(trimmed).slice(0, FAIL_REASON_MAX_LENGTH).join('');
}

/** The transaction list's `failReason` filter: exact normalised text ('' for failures without a reason). */
export const FailReasonFilterSchema = text().max(FAIL_REASON_MAX_LENGTH, FAIL_REASON_MESSAGE);

/** The transaction list's `funnelStageMin` filter. */
export const FunnelStageFilterSchema = z
  .number({ error: FUNNEL_STAGE_MESSAGE })
  .int(FUNNEL_STAGE_MESSAGE)
  .min(FUNNEL_STAGE_FILTER_MIN, FUNNEL_STAGE_MESSAGE)
  .max(FUNNEL_STAGE_FILTER_MAX, FUNNEL_STAGE_MESSAGE);

/** SOFT: the payer may retry and succeed; HARD: retrying the same way will fail again. */
export const FAIL_REASON_KINDS = ['SOFT', 'HARD'] as const;
export type FailReasonKind = (typeof FAIL_REASON_KINDS)[number];
export const FailReasonKindSchema = z.enum(FAIL_REASON_KINDS);

/**
 * The soft/hard rule (decision 0031): a reason is SOFT when it names a temporary condition —
 * insufficient funds or balance, "do not honor", an issuer or bank unavailable or timing out, an
 * abandoned session, a limit, "try again", or a payment reference not paid before it expired.
 * Anything else (expired or blocked card, invalid CVV, 3DS failure, risk rules, unknown or empty
 * reasons) is HARD.
 */
const SOFT_FAIL_REASON = new RegExp(
  [
    'insufficient',
    'too low',
    'do not hono',
    'unavailable',
    'time ?out',
    'timed out',
    'abandon',
    'try again',
    'retry',
    'temporar',
    'limit',
    'not paid',
    'expired before',
    'before (?:it|the [a-z ]+) expired',
    'due date',
  ].join('|'),
  'i',
);
export function classifyFailReason(reason: string): FailReasonKind {
  return SOFT_FAIL_REASON.test(reason) ? 'SOFT' : 'HARD';
}

/** Chart periods: local days, ISO weeks (Monday first) and calendar months. */
export const REVENUE_GRANULARITIES = ['daily', 'weekly', 'monthly'] as const;
export type RevenueGranularity = (typeof REVENUE_GRANULARITIES)[number];
export const RevenueGranularitySchema = z.enum(REVENUE_GRANULARITIES);

/** The first local date of the period holding `date`: itself, the Monday of its ISO week, or the 1st of its month. */
export function periodStartOf(date: CalendarDate, granularity: RevenueGranularity): CalendarDate {
  if (granularity === 'daily') return date;
  if (granularity === 'monthly') return `${date.slice(0, 7)}-01`;
  // 1970-01-05 was a Monday.
  const offset = (((daysBetween('1970-01-05', date) % 7) + 7) % 7) as number;
  return addDays(date, -offset);
}

/** The first local date of the period after the one starting at `start`. */
export function nextPeriodStart(start: CalendarDate, granularity: RevenueGranularity): CalendarDate {
  if (granularity === 'daily') return addDays(start, 1);
  if (granularity === 'weekly') return addDays(start, 7);
  return addMonths(start, 1);
}

/** The periods a range covers, each clipped to the range: `{ period, from, to }` (inclusive local dates). */
export function periodsOf(
  from: CalendarDate,
  to: CalendarDate,
  granularity: RevenueGranularity,
): { period: CalendarDate; from: CalendarDate; to: CalendarDate }[] {
  const out: { period: CalendarDate; from: CalendarDate; to: CalendarDate }[] = [];
  let start = periodStartOf(from, granularity);
  while (start <= to) {
    const next = nextPeriodStart(start, granularity);
    const last = addDays(next, -1);
    out.push({ period: start, from: start < from ? from : start, to: last > to ? to : last });
    start = next;
  }
  return out;
}

/** The fail-reason ranking's size: `top` reasons (default 10). */
export const FAIL_REASON_TOP_DEFAULT = 10;
export const FAIL_REASON_TOP_MAX = 50;
