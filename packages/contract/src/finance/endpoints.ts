import { DAILY_REPORT_TIMEOUT_MS } from '../common/constants.ts';
import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { DownloadRecord, ExportPreflight } from '../download-center/schemas.ts';
import { FINANCE_PERMISSIONS, REPORT_PERMISSIONS } from './enums.ts';
import {
  DailyReportDownloadRequest,
  DailyReportPage,
  DailyReportRequest,
  Reconciliation,
  ReconciliationRequest,
  ReportLink,
  StatementDownloadRequest,
  StatementExportTaskRequest,
  StatementPage,
  StatementPageRequest,
  TaxDetail,
  TaxDetailRequest,
} from './schemas.ts';

/**
 * Finance (`/finance/payin|payout|marketplace`) and reports (`/reports/*`) calls of spec §7, plus
 * the reconciliation and the statement's download-center calls the spec does not name
 * (docs/decisions/0026). A finance call needs the finance code of the request's account type
 * (FINANCE_PERMISSIONS); the server checks it, on top of any finance code admitting the call.
 */

const FINANCE_CODES = Object.values(FINANCE_PERMISSIONS);

export const statementPage = defineEndpoint({
  path: '/dashboard/account-details/list',
  summary: 'A page of an account statement (newest first), with the period’s opening and closing balance',
  permission: FINANCE_CODES,
  request: StatementPageRequest,
  response: StatementPage,
});

export const statementDownload = defineEndpoint({
  path: '/dashboard/fiance/account-details/download',
  summary: 'The filtered statement as CSV or XLSX (oldest first, with opening, closing and the trailer)',
  permission: FINANCE_CODES,
  kind: 'binary',
  timeoutMs: DAILY_REPORT_TIMEOUT_MS,
  request: StatementDownloadRequest,
  response: BinaryResponse,
});

export const statementExportPreflight = defineEndpoint({
  path: '/dashboard/fiance/account-details/export/preflight',
  summary: 'What a statement download would write, and whether it goes through the download center',
  permission: FINANCE_CODES,
  request: StatementDownloadRequest,
  response: ExportPreflight,
});

export const statementExportTaskCreate = defineEndpoint({
  path: '/dashboard/fiance/account-details/export/task/create',
  summary: 'Queue a statement download in the download center',
  permission: FINANCE_CODES,
  request: StatementExportTaskRequest,
  response: DownloadRecord,
});

export const taxDetail = defineEndpoint({
  path: '/dashboard/fiance/transaction-tax/detail',
  summary: 'Fees, VAT and taxes of a transaction or a period, per kind, as the ledger booked them',
  permission: FINANCE_CODES,
  request: TaxDetailRequest,
  response: TaxDetail,
});

export const reconciliation = defineEndpoint({
  path: '/dashboard/fiance/reconciliation',
  summary: 'The period’s statement against the ledger’s postings and the transactions’ own sums',
  permission: FINANCE_CODES,
  request: ReconciliationRequest,
  response: Reconciliation,
});

export const dailyReportPage = defineEndpoint({
  path: '/dashboard/report/daily-finance/page',
  summary: 'A daily report: one row per local day of the period, newest first, with the period’s totals',
  permission: REPORT_PERMISSIONS,
  request: DailyReportRequest,
  response: DailyReportPage,
});

export const dailyReportDownload = defineEndpoint({
  path: '/dashboard/report/daily/download',
  summary: 'A daily report as CSV or XLSX, with the trailer of the download center',
  permission: REPORT_PERMISSIONS,
  kind: 'binary',
  timeoutMs: DAILY_REPORT_TIMEOUT_MS,
  request: DailyReportDownloadRequest,
  response: BinaryResponse,
});

export const dailyReportLink = defineEndpoint({
  path: '/dashboard/report/daily-finance-link/generate',
  summary: 'A shareable link that downloads a daily report once, without signing in, until it expires',
  permission: REPORT_PERMISSIONS,
  request: DailyReportDownloadRequest,
  response: ReportLink,
});
