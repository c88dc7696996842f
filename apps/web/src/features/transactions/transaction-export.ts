import type { Language } from '@andes/contract/common/constants';
import type { TransactionExportFormat } from '@andes/contract/transaction/enums';
import type { TransactionAdvancedPageRequest, TransactionExportRequest } from '@andes/contract/transaction/schemas';

/**
 * The export of a transaction list: exactly the filter the list sends (whichever of the page and
 * advanced-page calls answers it), without the page position, plus the file's format and the
 * interface language (the file's header row and labels).
 */
export function exportRequestOf(
  request: TransactionAdvancedPageRequest,
  format: TransactionExportFormat,
  language: Language,
): TransactionExportRequest {
  const { cursor: _cursor, pageSize: _pageSize, ...filter } = request;
  return { ...filter, format, language };
}

/** The name a file gets when the server does not name it (it does, in Content-Disposition). */
export function exportFallbackName(request: TransactionExportRequest): string {
  return `transactions-${request.list}-${request.country}.${request.format}`;
}
