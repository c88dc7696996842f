import type { AccountType } from '@andes/contract/account/enums';
import type { Language } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { type DateRange, defaultRange } from '@andes/contract/common/dates';
import type { AccountBillType } from '@andes/contract/common/enums';
import type { ReportFormat } from '@andes/contract/download-center/enums';
import { FINANCE_MAX_SPAN_DAYS, FINANCE_MONTHS_BACK } from '@andes/contract/finance/enums';
import {
  type DailyReportDownloadRequest,
  DailyReportRequest,
  type ReconciliationRequest,
  type StatementDownloadRequest,
  StatementPageRequest,
  type TaxDetailRequest,
} from '@andes/contract/finance/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';
import { isRangeAllowed, type RangeLimits, rangeBounds } from '../../shared/ui/date-range-rules.ts';

/** The pickers of statements and reports: FINANCE_MONTHS_BACK months back, at most FINANCE_MAX_SPAN_DAYS days. */
export const FINANCE_RANGE_LIMITS = { monthsBack: FINANCE_MONTHS_BACK, maxSpanDays: FINANCE_MAX_SPAN_DAYS } as const satisfies RangeLimits;

/**
 * The period a screen shows: the one of the URL when it lies within the finance pickers' rules
 * (not after today in the zone, FINANCE_MONTHS_BACK months back, at most FINANCE_MAX_SPAN_DAYS
 * days); else the default, the last week (the server's default too). A hand-edited link never
 * reaches the server with a period it would refuse.
 */
export function periodOf(asked: DateRange | undefined, timeZone: string, now: Date | number = Date.now()): DateRange {
  const bounds = rangeBounds(timeZone, now, FINANCE_RANGE_LIMITS);
  return asked && isRangeAllowed(asked, bounds, FINANCE_MAX_SPAN_DAYS) ? asked : defaultRange(timeZone, now);
}

/** Whose account: the holder of the URL only where the user may choose one (a merchant user whose merchant has sub-merchants). */
function holderOf<R extends { subMerchantId?: number | undefined }>(request: R, canChoose: boolean): R {
  if (canChoose || request.subMerchantId === undefined) return request;
  const { subMerchantId: _ignored, ...rest } = request;
  return rest as R;
}

// ---------------------------------------------------------------------------------------------
// The statement (`/finance/payin|payout|marketplace`)
// ---------------------------------------------------------------------------------------------

/** The statement page request the screen sends (the contract's, parsed; no keyword when there is none). */
export type StatementListRequest = Omit<z.output<typeof StatementPageRequest>, 'keyword'> & { keyword?: string };

/**
 * The statement's URL (CONVENTIONS §4.6): the holder (a sub-merchant's id; none for the merchant
 * itself), the period, and the search bar's type, category and keyword. Country and account type
 * are the shell's and the path's.
 */
export const STATEMENT_FILTERS = {
  subMerchantId: 'number',
  range: 'dateRange',
  type: 'text',
  category: 'text',
  keyword: 'text',
} as const satisfies FilterParams;

/** Drawers of the statement screen, opened through the URL; `tax` names its transaction in TAX_TRANSACTION_PARAM. */
export const STATEMENT_DIALOGS = ['reconciliation', 'taxes', 'tax'] as const;
export type StatementDialog = (typeof STATEMENT_DIALOGS)[number];
export const TAX_TRANSACTION_PARAM = 'transaction';

export interface AccountContext {
  country: Country;
  accountType: AccountType;
  timeZone: string;
  /** The user may choose the holder (merchant user, merchant with sub-merchants). */
  canChooseHolder: boolean;
  /** The current time (tests); defaults to now. */
  now?: Date | number;
}

/** The page request of the URL: its filters (a bad value is dropped), the period always in force. */
export function statementRequestOf(ctx: AccountContext, params: URLSearchParams, position: KeysetPosition): StatementListRequest {
  const request = listRequestOf(StatementPageRequest, STATEMENT_FILTERS, params, position, {
    country: ctx.country,
    accountType: ctx.accountType,
  });
  const { keyword, ...rest } = request;
  // An empty keyword is no filter (the contract's default): it is left out of the request.
  return holderOf({ ...rest, ...(keyword ? { keyword } : {}), range: periodOf(request.range, ctx.timeZone, ctx.now) }, ctx.canChooseHolder);
}

/** The download of exactly the statement's filter (no page position), in a format and language. */
export function statementDownloadOf(request: StatementListRequest, format: ReportFormat, language: Language): StatementDownloadRequest {
  const { cursor: _cursor, pageSize: _pageSize, ...filter } = request;
  return { ...filter, format, language };
}

/** The account and period of the statement (the reconciliation and the period's fees and taxes): no type, category or keyword. */
export function periodRequestOf(request: StatementListRequest): ReconciliationRequest {
  const { country, accountType, subMerchantId, range } = request;
  return { country, accountType, range, ...(subMerchantId === undefined ? {} : { subMerchantId }) };
}

/** The fees and taxes of one transaction of the statement's account (by its unique id). */
export function transactionTaxRequestOf(request: StatementListRequest, transactionKey: string): TaxDetailRequest {
  const { country, accountType, subMerchantId } = request;
  return { country, accountType, transactionKey, ...(subMerchantId === undefined ? {} : { subMerchantId }) };
}

// ---------------------------------------------------------------------------------------------
// Daily reports (`/reports/*`)
// ---------------------------------------------------------------------------------------------

export type ReportListRequest = z.output<typeof DailyReportRequest>;

/** The report's URL: the bill type (tab), the holder and the period. */
export const REPORT_FILTERS = {
  billType: 'text',
  subMerchantId: 'number',
  range: 'dateRange',
} as const satisfies FilterParams;

export const REPORT_DIALOGS = ['share'] as const;
export type ReportDialog = (typeof REPORT_DIALOGS)[number];

/** The report page request of the URL: a bill type of the page (else its first), the period always in force. */
export function reportRequestOf(
  ctx: AccountContext & { billTypes: readonly AccountBillType[] },
  params: URLSearchParams,
  position: KeysetPosition,
): ReportListRequest {
  const asked = ctx.billTypes.find((billType) => billType === params.get('billType'));
  const request = listRequestOf(DailyReportRequest, REPORT_FILTERS, params, position, {
    country: ctx.country,
    accountType: ctx.accountType,
    billType: asked ?? ctx.billTypes[0] ?? 'ACCOUNT',
  });
  return holderOf({ ...request, range: periodOf(request.range, ctx.timeZone, ctx.now) }, ctx.canChooseHolder);
}

/** The download (and the share link) of exactly the report shown: the whole period, in a format and language. */
export function reportDownloadOf(request: ReportListRequest, format: ReportFormat, language: Language): DailyReportDownloadRequest {
  const { cursor: _cursor, pageSize: _pageSize, ...filter } = request;
  return { ...filter, format, language };
}
