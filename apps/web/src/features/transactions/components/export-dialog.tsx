import { groupThousands } from '@andes/contract/common/money';
import { DIRECT_EXPORT_MAX_ROWS, DOWNLOAD_RETENTION_DAYS } from '@andes/contract/download-center/enums';
import type { ExportPreflight } from '@andes/contract/download-center/schemas';
import { permissionEntry } from '@andes/contract/permissions/registry';
import type { TransactionExportFormat } from '@andes/contract/transaction/enums';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useExportPreflight } from '../api/use-export-preflight.ts';
import { useExportTask } from '../api/use-export-task.ts';

/** One opening of the export dialog: what was asked for, and the key that makes its task once. */
export interface ExportOpening {
  /** A file through the download cache, or a one-time link the browser follows. */
  how: 'file' | 'link';
  format: TransactionExportFormat;
  /** Exactly the filter of the list, with the format and language. */
  request: TransactionExportRequest;
  /** Made once per opening (`crypto.randomUUID()`): retries and double clicks queue one task. */
  idempotencyKey: string;
}

/** Where the direct download stands (the menu's file or link call). */
export type DirectState = 'idle' | 'busy' | 'done' | 'failed';

interface ExportDialogProps {
  opening: ExportOpening;
  onClose(): void;
  /** Downloads now, as the menu always did (route DIRECT). */
  onDirect(opening: ExportOpening): void;
  direct: DirectState;
}

/** The rows and per-currency totals the export holds: the figures its file is checked against. */
function Figures({ figures }: { figures: ExportPreflight }) {
  const { t } = useTranslation('transactions');
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={t('export.figures')}
      items={[
        { key: 'rows', label: t('export.rows'), children: groupThousands(String(figures.rowCount)) },
        ...figures.totals.map((total) => ({
          key: total.currency,
          label: t('export.total', { currency: total.currency }),
          children: <Amount cents={total.cents} currency={total.currency} />,
        })),
      ]}
    />
  );
}

/**
 * The export of a transaction list. It first counts what the file would hold (rows, totals per
 * currency) and shows it; a small export then downloads at once, as before; a large one is
 * prepared by the download center once the user confirms, with the opening's idempotency key,
 * and the dialog links there.
 */
export function ExportDialog({ opening, onClose, onDirect, direct }: ExportDialogProps) {
  const { t } = useTranslation('transactions');
  const { t: tc } = useTranslation('common');
  const preflight = useExportPreflight(opening.request);
  const task = useExportTask();
  const canOpenCenter = usePermission('download-center');
  const route = preflight.data?.route;

  // A small export downloads as soon as it is counted, once per opening.
  const started = useRef(false);
  useEffect(() => {
    if (route !== 'DIRECT' || started.current) return;
    started.current = true;
    onDirect(opening);
  }, [route, onDirect, opening]);

  const createTask = () => {
    if (!task.isPending) task.mutate({ ...opening.request, idempotencyKey: opening.idempotencyKey });
  };

  const close = (
    <Button key="close" onClick={onClose}>
      {tc('close')}
    </Button>
  );
  const footer =
    route === 'TASK' && !task.isSuccess
      ? [
          <Button key="cancel" onClick={onClose}>
            {tc('cancel')}
          </Button>,
          <Button key="confirm" type="primary" loading={task.isPending} onClick={createTask}>
            {t('export.taskConfirm')}
          </Button>,
        ]
      : [close];

  return (
    <Modal open title={t('export.dialogTitle', { format: t(`export.format.${opening.format}`) })} onCancel={onClose} footer={footer}>
      <Flex vertical gap={12}>
        {preflight.isPending && (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text>{t('export.counting')}</Typography.Text>
          </Flex>
        )}
        <QueryStatus
          query={{ isError: preflight.isError, isPending: false, error: preflight.error }}
          onRetry={() => void preflight.refetch()}
        />
        {preflight.data && <Figures figures={preflight.data} />}
        {route === 'DIRECT' && (
          <Alert
            type={direct === 'failed' ? 'error' : direct === 'done' ? 'success' : 'info'}
            showIcon
            role="status"
            title={direct === 'failed' ? t('export.directFailed') : direct === 'done' ? t('export.directDone') : t('export.directBusy')}
            {...(direct === 'failed'
              ? {
                  action: (
                    <Button size="small" onClick={() => onDirect(opening)}>
                      {tc('retry')}
                    </Button>
                  ),
                }
              : {})}
          />
        )}
        {route === 'TASK' && !task.isSuccess && (
          <Alert
            type="info"
            showIcon
            title={t('export.task', {
              max: groupThousands(String(preflight.data?.directMaxRows ?? DIRECT_EXPORT_MAX_ROWS)),
              days: DOWNLOAD_RETENTION_DAYS,
            })}
          />
        )}
        {task.isSuccess && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('export.taskCreated', { name: task.data.fileName })}
            description={
              canOpenCenter ? (
                <Link to={permissionEntry('download-center').route ?? '/download-center'} onClick={onClose}>
                  {t('export.openDownloadCenter')}
                </Link>
              ) : (
                t('export.noDownloadCenter')
              )
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
