import {
  reconciliation,
  statementDownload,
  statementExportPreflight,
  statementExportTaskCreate,
  statementPage,
  taxDetail,
} from '@andes/contract/finance/endpoints';
import type {
  ReconciliationRequest,
  StatementDownloadRequest,
  StatementLine,
  StatementPage,
  TaxDetailRequest,
} from '@andes/contract/finance/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download-cache.ts';
import type { ExportCalls } from '../../../shared/export/export-calls.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { StatementListRequest } from '../finance-url.ts';
import { financeKeys } from './query-keys.ts';

/**
 * The statement's pages (the list screen fetches them). Each answer is a whole `StatementPage`:
 * the lines and, beside them, the period's opening, credits, debits and closing.
 */
export const statementListQuery: ListQuery<StatementListRequest, StatementLine> = {
  key: financeKeys.statement,
  fetch: (request, signal) => call(statementPage, request, { signal }),
};

/** The period the list's answer carries (the list query resolves with whole `StatementPage`s). */
export function periodOfPage(page: unknown): StatementPage['period'] | undefined {
  return (page as StatementPage | undefined)?.period;
}

/** The name a statement file gets when the server does not name it (it does, in Content-Disposition). */
export function statementFallbackName(request: StatementDownloadRequest): string {
  const range = request.range ? `-${request.range.from}-${request.range.to}` : '';
  return `statement-${request.accountType}-${request.country}${range}.${request.format}`;
}

/** The statement's download, through the same export dialog as the transaction lists (pre-flight, then file or task). */
export const statementExportCalls: ExportCalls<StatementDownloadRequest> = {
  preflightKey: (request) => financeKeys.statementPreflight(request),
  preflight: (request, signal) => call(statementExportPreflight, request, { signal }),
  createTask: (request, idempotencyKey) => call(statementExportTaskCreate, { ...request, idempotencyKey }),
  download: (request) => downloadFile(statementDownload, request, statementFallbackName(request)),
};

/** The period's statement against the ledger and the transactions; checked anew each time the panel opens. */
export function useReconciliation(request: ReconciliationRequest | null) {
  return useQuery({
    queryKey: financeKeys.reconciliation(request as ReconciliationRequest),
    queryFn: ({ signal }) => call(reconciliation, request as ReconciliationRequest, { signal, silent: true }),
    enabled: request !== null,
    staleTime: 0,
  });
}

/** Fees and taxes of a period or of one transaction, per item and event. */
export function useTaxDetail(request: TaxDetailRequest | null) {
  return useQuery({
    queryKey: financeKeys.taxDetail(request as TaxDetailRequest),
    queryFn: ({ signal }) => call(taxDetail, request as TaxDetailRequest, { signal, silent: true }),
    enabled: request !== null,
  });
}
