import type { Language } from '@andes/contract/common/constants';
import type { ReportFormat } from '@andes/contract/download-center/enums';
import { dailyReportDownload, dailyReportLink, dailyReportPage } from '@andes/contract/finance/endpoints';
import type { DailyMoneyRow, DailyReportDownloadRequest, DailyReportPage, DailyTransactionRow } from '@andes/contract/finance/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download-cache.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import { type ReportListRequest, reportDownloadOf } from '../finance-url.ts';
import { financeKeys } from './query-keys.ts';

/** A day of a report as the list shows it: keyed by its date. */
export type ReportRow = (DailyMoneyRow | DailyTransactionRow) & { id: string };

/** A page of a report as the list screen reads it: the rows keyed by date, and the report's head and totals. */
export type ReportListPage = (DailyReportPage extends infer P ? (P extends DailyReportPage ? Omit<P, 'list'> : never) : never) & {
  list: ReportRow[];
  totalCapped: boolean;
};

/** The answer with each day keyed by its date (the list's rows need an id). */
export function reportListPage(page: DailyReportPage): ReportListPage {
  const list: ReportRow[] =
    page.kind === 'MONEY' ? page.list.map((row) => ({ ...row, id: row.date })) : page.list.map((row) => ({ ...row, id: row.date }));
  return { ...page, list, totalCapped: false };
}

/** The report's pages (one row per local day, newest first). */
export const reportListQuery: ListQuery<ReportListRequest, ReportRow> = {
  key: financeKeys.report,
  fetch: (request, signal) => call(dailyReportPage, request, { signal }).then(reportListPage),
};

/** The report head (currency, zone, period, totals…) the list's answer carries. */
export function reportOfPage(page: unknown): ReportListPage | undefined {
  return page as ReportListPage | undefined;
}

function reportFallbackName(request: DailyReportDownloadRequest): string {
  const range = request.range ? `-${request.range.from}-${request.range.to}` : '';
  return `report-${request.billType}-${request.accountType}-${request.country}${range}.${request.format}`;
}

/** Downloads the whole period of the report shown (binary, DAILY_REPORT_TIMEOUT_MS); resolves with the file's name. */
export function downloadReport(request: ReportListRequest, format: ReportFormat, language: Language): Promise<string> {
  const body = reportDownloadOf(request, format, language);
  return downloadFile(dailyReportDownload, body, reportFallbackName(body));
}

/** A link that downloads the report once, without signing in, until it expires. The dialog shows a refusal itself. */
export function useReportLink() {
  return useMutation({ mutationFn: (request: DailyReportDownloadRequest) => call(dailyReportLink, request, { silent: true }) });
}
