import { groupThousands } from '@andes/contract/common/money';
import { DIRECT_EXPORT_MAX_ROWS, DOWNLOAD_RETENTION_DAYS } from '@andes/contract/download-center/enums';
import type { ExportPreflight } from '@andes/contract/download-center/schemas';
import { permissionEntry } from '@andes/contract/permissions/registry';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../auth/use-permissions.ts';
import { Amount } from '../ui/amount.tsx';
import { QueryStatus } from '../ui/query-status.tsx';
import type { DirectState, ExportCalls, ExportOpening } from './export-calls.ts';

interface ExportDialogProps<Request> {
  opening: ExportOpening<Request>;
  calls: ExportCalls<Request>;
  onClose(): void;
  /** Downloads now (route DIRECT). */
  onDirect(opening: ExportOpening<Request>): void;
  direct: DirectState;
}

/** The rows and per-currency totals the export holds: the figures its file is checked against. */
function Figures({ figures }: { figures: ExportPreflight }) {
  const { t } = useTranslation('export');
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={t('figures')}
      items={[
        { key: 'rows', label: t('rows'), children: groupThousands(String(figures.rowCount)) },
        ...figures.totals.map((total) => ({
          key: total.currency,
          label: t('total', { currency: total.currency }),
          children: <Amount cents={total.cents} currency={total.currency} />,
        })),
      ]}
    />
  );
}

/**
 * The export of a screen's filter. It first counts what the file would hold (rows, totals per
 * currency) and shows it; a small export then downloads at once; a large one is prepared by the
 * download center once the user confirms, with the opening's idempotency key, and the dialog
 * links there.
 */
export function ExportDialog<Request>({ opening, calls, onClose, onDirect, direct }: ExportDialogProps<Request>) {
  const { t } = useTranslation('export');
  const { t: tc } = useTranslation('common');
  const preflight = useQuery({
    queryKey: calls.preflightKey(opening.request),
    queryFn: ({ signal }) => calls.preflight(opening.request, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const task = useMutation({ mutationFn: (key: string) => calls.createTask(opening.request, key) });
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
    if (!task.isPending) task.mutate(opening.idempotencyKey);
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
            {t('taskConfirm')}
          </Button>,
        ]
      : [close];

  return (
    <Modal open title={t('dialogTitle', { format: t(`format.${opening.format}`) })} onCancel={onClose} footer={footer}>
      <Flex vertical gap={12}>
        {preflight.isPending && (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text>{t('counting')}</Typography.Text>
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
            title={direct === 'failed' ? t('directFailed') : direct === 'done' ? t('directDone') : t('directBusy')}
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
            title={t('task', {
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
            title={t('taskCreated', { name: task.data.fileName })}
            description={
              canOpenCenter ? (
                <Link to={permissionEntry('download-center').route ?? '/download-center'} onClick={onClose}>
                  {t('openDownloadCenter')}
                </Link>
              ) : (
                t('noDownloadCenter')
              )
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
