import type { TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { Can } from '../../../shared/auth/can.tsx';
import { ExportMenu as SharedExportMenu } from '../../../shared/export/export-menu.tsx';
import { transactionExportCalls } from '../api/export-calls.ts';
import { exportRequestOf } from '../transaction-export.ts';

interface ExportMenuProps {
  /** The request the list sends (its page position is left out); null while the list has no filter to export. */
  request: TransactionAdvancedPageRequest | null;
  /** True when the list's total is capped ("10,000+"): the download link is offered for such large files. */
  large: boolean;
}

/**
 * The "Export" menu of a transaction list (shown to holders of transactions:export): CSV or XLSX
 * of exactly the current filter, through the shared export dialog (`shared/export`): counted
 * first, a small file saved at once (or, for a capped total, a one-time download link), a large
 * one prepared by the download center.
 */
export function ExportMenu({ request, large }: ExportMenuProps) {
  return (
    <Can permission="transactions:export">
      <SharedExportMenu
        calls={transactionExportCalls}
        requestOf={request === null ? null : (format, language) => exportRequestOf(request, format, language)}
        large={large}
      />
    </Can>
  );
}
