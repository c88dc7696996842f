import { z } from 'zod';
import type { AccountType } from '../account/enums.ts';
import type { AccountBillType, FeeRelatedType } from '../common/enums.ts';
import type { PermissionCode } from '../permissions/registry.ts';

/**
 * Finance statements and daily reports (issue #10, docs/decisions/0026-finance-statements.md).
 *
 * A statement line is one movement of an account's **book balance** — the sum of all its buckets
 * (available, pending, on hold, reserved, deposit held, owed): what the provider owes the holder on
 * that account. A ledger entry that moves money into or out of an account gives one line per
 * item: the amount (gross), the fee and the VAT (a pay-in settled: +amount, −fee, −VAT). Entries
 * that only move money between the account's own buckets (a release, a hold, a payout's
 * reservation) do not change the book balance and give no line.
 */

/** What a line is (spec §3 fee-related types): SETTLE a transaction's money, FEE a fee or tax, ACCOUNTING a transfer between accounts. */
export const STATEMENT_TYPES = ['SETTLE', 'FEE', 'ACCOUNTING'] as const satisfies readonly FeeRelatedType[];

/** The part of an entry a line carries. */
export const STATEMENT_ITEMS = ['AMOUNT', 'FEE', 'VAT'] as const;
export type StatementItem = (typeof STATEMENT_ITEMS)[number];
export const StatementItemSchema = z.enum(STATEMENT_ITEMS);

/**
 * The business event of a line: the ledger entry that wrote it (docs/balances.md). Entries that
 * only move money between an account's buckets (RELEASE, HOLD, UNHOLD, PAYOUT_RESERVED,
 * PAYOUT_RETURNED) give no line.
 */
export const STATEMENT_EVENTS = [
  'PAYIN_SETTLED',
  'REFUND',
  'CHARGEBACK',
  'PAYOUT_SETTLED',
  'GLOBAL_TOPUP',
  'GLOBAL_TRANSFER_OUT',
  'TOPUP_CREDITED',
  'WITHDRAWAL_SETTLED',
  'EXCHANGE_SETTLED',
  'SUB_TRANSFER_SETTLED',
  'ADJUSTMENT',
] as const;
export type StatementEvent = (typeof STATEMENT_EVENTS)[number];
export const StatementEventSchema = z.enum(STATEMENT_EVENTS);

/**
 * The column of the daily report a line adds to. PAYIN…CHARGEBACK are the AMOUNT lines of
 * transactions; FEE and TAX the FEE and VAT lines; FX money converted from the global account (and,
 * with #12, exchanges); TOPUP, WITHDRAWAL and TRANSFER the account operations of #12; ADJUSTMENT
 * anything else (none today: ledger:check lists them).
 */
export const STATEMENT_CATEGORIES = [
  'PAYIN',
  'PAYOUT',
  'REFUND',
  'CHARGEBACK',
  'FEE',
  'TAX',
  'FX',
  'TOPUP',
  'WITHDRAWAL',
  'TRANSFER',
  'ADJUSTMENT',
] as const;
export type StatementCategory = (typeof STATEMENT_CATEGORIES)[number];
export const StatementCategorySchema = z.enum(STATEMENT_CATEGORIES);

/** The type of spec §3 each category's lines have. */
export const TYPE_OF_CATEGORY: Readonly<Record<StatementCategory, FeeRelatedType>> = {
  PAYIN: 'SETTLE',
  PAYOUT: 'SETTLE',
  REFUND: 'SETTLE',
  CHARGEBACK: 'SETTLE',
  FEE: 'FEE',
  TAX: 'FEE',
  FX: 'ACCOUNTING',
  TOPUP: 'ACCOUNTING',
  WITHDRAWAL: 'ACCOUNTING',
  TRANSFER: 'ACCOUNTING',
  ADJUSTMENT: 'ACCOUNTING',
};

/** The finance screen (and its menu code) of each account type. */
export const FINANCE_PERMISSIONS = {
  PAY_IN: 'finance:payin',
  PAY_OUT: 'finance:payout',
  MARKET_PLACE: 'finance:marketplace',
} as const satisfies Record<AccountType, PermissionCode>;

/** The reports screens: `/reports/<page>`, its menu code, the account it reports on and its bill types. */
export const REPORT_PAGES = ['payin', 'payout', 'marketplace', 'payment-link', 'shopify', 'shoplazza'] as const;
export type ReportPage = (typeof REPORT_PAGES)[number];
export const ReportPageSchema = z.enum(REPORT_PAGES);

export const REPORT_PAGE_INFO: Readonly<
  Record<ReportPage, { permission: PermissionCode; accountType: AccountType; billTypes: readonly AccountBillType[] }>
> = {
  payin: { permission: 'reports:payin', accountType: 'PAY_IN', billTypes: ['ACCOUNT', 'TRANSACTION'] },
  payout: { permission: 'reports:payout', accountType: 'PAY_OUT', billTypes: ['ACCOUNT', 'TRANSACTION'] },
  marketplace: { permission: 'reports:marketplace', accountType: 'MARKET_PLACE', billTypes: ['ACCOUNT', 'TRANSACTION'] },
  // Payment-link and store payments are pay-ins: their money moves on the PAY_IN account.
  'payment-link': { permission: 'reports:payment-link', accountType: 'PAY_IN', billTypes: ['PAYMENT_LINK', 'TRANSACTION'] },
  shopify: { permission: 'reports:shopify', accountType: 'PAY_IN', billTypes: ['SHOPIFY', 'TRANSACTION'] },
  shoplazza: { permission: 'reports:shoplazza', accountType: 'PAY_IN', billTypes: ['SHOPLAZZA', 'TRANSACTION'] },
};

export const REPORT_PERMISSIONS: readonly PermissionCode[] = REPORT_PAGES.map((p) => REPORT_PAGE_INFO[p].permission);

/** A statement, its download and a daily report cover at most this many local days (a year, leap years included). */
export const FINANCE_MAX_SPAN_DAYS = 366;
/** The finance and report pickers reach this many months back (two closed years for year-over-year). */
export const FINANCE_MONTHS_BACK = 25;
/** A report link works once, within this many hours of its creation. */
export const REPORT_LINK_TTL_HOURS = 24;
/** A statement download of more lines than this goes through the download center (the server's figure is in the preflight). */
export const STATEMENT_DIRECT_MAX_ROWS = 50_000;

/** Refusals of the finance calls, in words a person can act on. */
export const FINANCE_MESSAGES = {
  spanTooLong: `A statement or report covers at most ${FINANCE_MAX_SPAN_DAYS} days: choose a shorter period`,
  tooFarBack: `Statements and reports reach back ${FINANCE_MONTHS_BACK} months: choose a later start date`,
  future: 'The period cannot end after today',
  billTypeNotOnPage: 'This report page does not offer that bill type',
  noAccount: 'There is no account of this type in this country yet: it opens with its first movement',
  reportLinkInvalid: 'This report link is not valid: it was opened already, it expired or it does not exist',
  tooLargeForDirect: 'This statement has too many lines to download at once: create a download task instead',
} as const;
