import type { Language } from '@andes/contract/common/constants';
import { REPORT_FORMATS, type ReportFormat } from '@andes/contract/download-center/enums';
import { DownloadOutlined, DownOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFromUrl } from '../api/download-url.ts';
import { notify } from '../api/notifier.ts';
import { useAppStore } from '../store/app-store.ts';
import type { DirectState, ExportCalls, ExportOpening } from './export-calls.ts';
import { ExportDialog } from './export-dialog.tsx';

export interface ExportMenuProps<Request> {
  calls: ExportCalls<Request>;
  /** The request of a format and language: exactly the screen's filter. Null while there is nothing to export. */
  requestOf: ((format: ReportFormat, language: Language) => Request) | null;
  /** The result is large (a capped total): the one-time download link is offered too (when `calls.link` exists). */
  large?: boolean;
  /** The button's text ("Export" by default). */
  label?: string;
}

type MenuKey = `file:${ReportFormat}` | `link:${ReportFormat}`;

const DIRECT_STATES = { idle: 'idle', pending: 'busy', success: 'done', error: 'failed' } as const satisfies Record<string, DirectState>;

/**
 * An "Export" menu: CSV or XLSX of exactly the screen's filter (and, for large results of a screen
 * that offers it, a one-time download link). Each choice opens the export dialog, which counts
 * the file first: a small one is saved at once through the download cache (or the link the
 * browser's download manager follows); a large one is prepared by the download center.
 */
export function ExportMenu<Request>({ calls, requestOf, large = false, label }: ExportMenuProps<Request>) {
  const { t } = useTranslation('export');
  const language = useAppStore((s) => s.language);
  const file = useMutation({ mutationFn: (request: Request) => calls.download(request) });
  const link = useMutation({
    mutationFn: (request: Request) => {
      if (!calls.link) throw new Error('this export offers no download link');
      return calls.link(request);
    },
  });
  const busy = file.isPending || link.isPending;
  const [opening, setOpening] = useState<ExportOpening<Request> | null>(null);
  const offersLink = large && calls.link !== undefined;

  const items: MenuProps['items'] = [
    ...REPORT_FORMATS.map((format) => ({
      key: `file:${format}`,
      icon: <DownloadOutlined aria-hidden />,
      label: t(`format.${format}`),
    })),
    ...(offersLink
      ? [
          { type: 'divider' as const },
          {
            type: 'group' as const,
            key: 'links',
            label: t('linkGroup'),
            children: REPORT_FORMATS.map((format) => ({
              key: `link:${format}`,
              icon: <LinkOutlined aria-hidden />,
              label: t('link', { format: t(`format.${format}`) }),
            })),
          },
        ]
      : []),
  ];

  // Each opening counts the export first and carries its own idempotency key.
  const onClick = (key: MenuKey) => {
    if (requestOf === null || busy) return;
    const [how, format] = key.split(':') as ['file' | 'link', ReportFormat];
    file.reset();
    link.reset();
    setOpening({ how, format, request: requestOf(format, language), idempotencyKey: crypto.randomUUID() });
  };

  const direct = useCallback(
    ({ how, request }: ExportOpening<Request>) => {
      if (how === 'file') {
        file.mutate(request, { onSuccess: (name) => notify.success(t('done', { name })) });
        return;
      }
      link.mutate(request, {
        onSuccess: ({ url }) => {
          if (downloadFromUrl(url)) notify.success(t('linkStarted'));
          else notify.error(t('linkRefused'));
        },
      });
    },
    [file.mutate, link.mutate, t],
  );
  const directStatus = opening?.how === 'link' ? link.status : file.status;

  return (
    <>
      <Dropdown trigger={['click']} disabled={requestOf === null || busy} menu={{ items, onClick: ({ key }) => onClick(key as MenuKey) }}>
        <Button icon={<DownloadOutlined aria-hidden />} loading={busy} aria-busy={busy}>
          {busy ? t('busy') : (label ?? t('button'))} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {opening && (
        <ExportDialog<Request>
          key={opening.idempotencyKey}
          opening={opening}
          calls={calls}
          onClose={() => setOpening(null)}
          onDirect={direct}
          direct={DIRECT_STATES[directStatus]}
        />
      )}
    </>
  );
}
