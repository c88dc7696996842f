import { TRANSACTION_EXPORT_FORMATS, type TransactionExportFormat } from '@andes/contract/transaction/enums';
import type { TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { DownloadOutlined, DownOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFromUrl } from '../../../shared/api/download-url.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { useExportFile } from '../api/use-export-file.ts';
import { useExportLink } from '../api/use-export-link.ts';
import { exportRequestOf } from '../transaction-export.ts';
import { type DirectState, ExportDialog, type ExportOpening } from './export-dialog.tsx';

interface ExportMenuProps {
  /** The request the list sends (its page position is left out); null while the list has no filter to export. */
  request: TransactionAdvancedPageRequest | null;
  /** True when the list's total is capped ("10,000+"): the download link is offered for such large files. */
  large: boolean;
}

type MenuKey = `file:${TransactionExportFormat}` | `link:${TransactionExportFormat}`;

const DIRECT_STATES = { idle: 'idle', pending: 'busy', success: 'done', error: 'failed' } as const satisfies Record<string, DirectState>;

function ExportDropdown({ request, large }: ExportMenuProps) {
  const { t } = useTranslation('transactions');
  const language = useAppStore((s) => s.language);
  const file = useExportFile();
  const link = useExportLink();
  const busy = file.isPending || link.isPending;
  const [opening, setOpening] = useState<ExportOpening | null>(null);

  const items: MenuProps['items'] = [
    ...TRANSACTION_EXPORT_FORMATS.map((format) => ({
      key: `file:${format}`,
      icon: <DownloadOutlined aria-hidden />,
      label: t(`export.format.${format}`),
    })),
    ...(large
      ? [
          { type: 'divider' as const },
          {
            type: 'group' as const,
            key: 'links',
            label: t('export.linkGroup'),
            children: TRANSACTION_EXPORT_FORMATS.map((format) => ({
              key: `link:${format}`,
              icon: <LinkOutlined aria-hidden />,
              label: t('export.link', { format: t(`export.format.${format}`) }),
            })),
          },
        ]
      : []),
  ];

  // Each opening counts the export first and carries its own idempotency key.
  const onClick = (key: MenuKey) => {
    if (request === null || busy) return;
    const [how, format] = key.split(':') as ['file' | 'link', TransactionExportFormat];
    file.reset();
    link.reset();
    setOpening({ how, format, request: exportRequestOf(request, format, language), idempotencyKey: crypto.randomUUID() });
  };

  // A small export downloads at once, as it always did: through the download cache or a one-time link.
  const direct = useCallback(
    ({ how, request: body }: ExportOpening) => {
      if (how === 'file') {
        file.mutate(body, { onSuccess: (name) => notify.success(t('export.done', { name })) });
        return;
      }
      link.mutate(body, {
        onSuccess: ({ url }) => {
          if (downloadFromUrl(url)) notify.success(t('export.linkStarted'));
          else notify.error(t('export.linkRefused'));
        },
      });
    },
    [file.mutate, link.mutate, t],
  );
  const directStatus = opening?.how === 'link' ? link.status : file.status;

  return (
    <>
      <Dropdown trigger={['click']} disabled={request === null || busy} menu={{ items, onClick: ({ key }) => onClick(key as MenuKey) }}>
        <Button icon={<DownloadOutlined aria-hidden />} loading={busy} aria-busy={busy}>
          {busy ? t('export.busy') : t('export.button')} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {opening && (
        <ExportDialog
          key={opening.idempotencyKey}
          opening={opening}
          onClose={() => setOpening(null)}
          onDirect={direct}
          direct={DIRECT_STATES[directStatus]}
        />
      )}
    </>
  );
}

/**
 * The "Export" menu of a transaction list (shown to holders of transactions:export): CSV or XLSX
 * of exactly the current filter. The export dialog counts it first: a small one is saved through
 * the download cache (or, for large results — a capped total — a one-time download link the
 * browser's download manager fetches); a large one is prepared by the download center.
 */
export function ExportMenu(props: ExportMenuProps) {
  return (
    <Can permission="transactions:export">
      <ExportDropdown {...props} />
    </Can>
  );
}
