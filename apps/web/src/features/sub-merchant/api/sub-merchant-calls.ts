import type { Language } from '@andes/contract/common/constants';
import type { ReportFormat } from '@andes/contract/download-center/enums';
import { subAccountPage, subAccountSummary, subAccountSummaryDownload } from '@andes/contract/sub-merchant/endpoints';
import type { SubAccount, SubAccountSummaryRequest } from '@andes/contract/sub-merchant/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download-cache.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { SubAccountListRequest } from '../sub-account-url.ts';

export const subMerchantKeys = {
  all: ['sub-merchant'] as const,
  page: (request: SubAccountListRequest) => [...subMerchantKeys.all, 'page', request] as const,
  summary: (request: SubAccountSummaryRequest) => [...subMerchantKeys.all, 'summary', request] as const,
};

/** A sub-account as the list shows it: one row per sub-merchant and country, keyed by both. */
export type SubAccountRow = SubAccount & { id: string };

/** The sub-accounts' pages; balances move all the time, so the list reloads whenever the screen opens. */
export const subAccountListQuery: ListQuery<SubAccountListRequest, SubAccountRow> = {
  key: subMerchantKeys.page,
  fetch: (request, signal) =>
    call(subAccountPage, request, { signal }).then((page) => ({
      ...page,
      list: page.list.map((row) => ({ ...row, id: `${row.subMerchantId}:${row.country}` })),
    })),
  staleTime: 0,
};

/** A sub-merchant's daily summary in a country and period. */
export function useSubAccountSummary(request: SubAccountSummaryRequest) {
  return useQuery({
    queryKey: subMerchantKeys.summary(request),
    queryFn: ({ signal }) => call(subAccountSummary, request, { signal }),
  });
}

/** Downloads the summary shown as CSV or XLSX; resolves with the file's name. */
export function downloadSummary(request: SubAccountSummaryRequest, format: ReportFormat, language: Language): Promise<string> {
  const body = { ...request, format, language };
  const range = request.range ? `-${request.range.from}-${request.range.to}` : '';
  return downloadFile(subAccountSummaryDownload, body, `sub-merchant-${request.subMerchantId}-${request.country}${range}.${format}`);
}
