import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { DOWNLOAD_RETENTION_DAYS, DOWNLOAD_TASK_STATES, REPORT_TYPES } from '@andes/contract/download-center/enums';
import type { DownloadRecord } from '@andes/contract/download-center/schemas';
import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFromUrl } from '../../../shared/api/download-url.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { downloadRecordQuery, useDownloadLink, useTaskDelete, useTaskRetry } from '../api/use-download-records.ts';
import { CompletenessProof } from '../components/completeness-proof.tsx';
import { formatRows, TaskState } from '../components/task-state.tsx';
import { DOWNLOAD_LIST_URL } from '../download-center-url.ts';
import { canDownload, expirationOf, formatBytes, pollWhileRunning } from '../download-record.ts';

/** The expiration line refreshes once a minute. */
const EXPIRY_TICK_MS = 60_000;

/**
 * `/download-center`: the caller's download tasks, newest first (spec §2, §4 download task). The
 * list polls every 2 s while a task on screen is still written, showing its progress; a finished
 * file can be downloaded once per link until it expires; a failed task can be retried; holders of
 * `download-center:delete` delete tasks. Each task shows its proof of completeness.
 */
export function DownloadCenterPage() {
  const { t } = useTranslation('downloadCenter');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const now = useNow(EXPIRY_TICK_MS);
  const screen = useListScreen({ ...DOWNLOAD_LIST_URL, query: downloadRecordQuery, poll: pollWhileRunning });
  const link = useDownloadLink();
  const retry = useTaskRetry();
  const remove = useTaskDelete();

  const download = (record: DownloadRecord) =>
    link.mutate(record.id, {
      onSuccess: ({ url }) => {
        if (downloadFromUrl(url)) notify.success(t('downloadStarted'));
        else notify.error(t('downloadRefused'));
      },
    });

  const expiration = (record: DownloadRecord) => {
    const when = expirationOf(record, now);
    if (when.kind === 'none') return EMPTY_PLACEHOLDER;
    const text = when.kind === 'expired' ? t('expired') : when.days === 1 ? t('expiresInOneDay') : t('expiresInDays', { days: when.days });
    if (record.expiresAt === null) return text;
    return (
      <Tooltip title={t('expiresAt', { time: formatDateTime(record.expiresAt, zone) })}>
        <Typography.Text type={when.kind === 'expired' ? 'secondary' : undefined}>{text}</Typography.Text>
      </Tooltip>
    );
  };

  const columns: TableColumnsType<DownloadRecord> = [
    {
      key: 'fileName',
      title: t('fileName'),
      render: (_, record) => (
        <Typography.Text strong ellipsis={{ tooltip: record.fileName }} style={{ maxWidth: 280 }}>
          {record.fileName}
        </Typography.Text>
      ),
    },
    { key: 'reportType', title: t('reportType'), render: (_, record) => t(`reportType.${record.reportType}`) },
    { key: 'format', title: t('format'), render: (_, record) => t(`format.${record.format}`) },
    { key: 'state', title: t('state'), render: (_, record) => <TaskState record={record} /> },
    { key: 'creator', title: t('creator'), render: (_, record) => record.creatorUsername },
    {
      key: 'createdAt',
      title: t('createdAtIn', { zone }),
      render: (_, record) => <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, zone)}</time>,
    },
    { key: 'expiration', title: t('expiration'), render: (_, record) => expiration(record) },
    {
      key: 'size',
      title: t('size'),
      align: 'right',
      render: (_, record) => (record.size === null ? EMPTY_PLACEHOLDER : formatBytes(record.size)),
    },
    {
      key: 'rows',
      title: t('rows'),
      align: 'right',
      render: (_, record) => formatRows(record.written?.rowCount ?? record.expected.rowCount),
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, record) => (
        <RowActions
          actions={[
            {
              key: 'download',
              label: t('download'),
              name: t('downloadOf', { name: record.fileName }),
              when: canDownload(record),
              icon: <DownloadOutlined aria-hidden />,
              loading: link.isPending && link.variables === record.id,
              onClick: () => download(record),
            },
            {
              key: 'retry',
              label: t('retry'),
              name: t('retryOf', { name: record.fileName }),
              when: record.retryable,
              icon: <RedoOutlined aria-hidden />,
              loading: retry.isPending && retry.variables === record.id,
              onClick: () => retry.mutate(record.id, { onSuccess: () => notify.success(t('retried', { name: record.fileName })) }),
            },
            {
              key: 'delete',
              name: t('deleteOf', { name: record.fileName }),
              permission: 'download-center:delete',
              confirm: {
                title: t('deleteConfirm', { name: record.fileName }),
                content: t('deleteEffect'),
                onOk: () => remove.mutateAsync(record.id).then(() => notify.success(t('deleted', { name: record.fileName }))),
              },
            },
          ]}
        />
      ),
    },
  ];

  const filters: ListFilterField[] = [
    {
      kind: 'select',
      name: 'reportType',
      label: t('reportType'),
      width: 160,
      options: REPORT_TYPES.map((type) => ({ value: type, label: t(`reportType.${type}`) })),
    },
  ];

  return (
    <ListScreen
      screen={screen}
      title={t('title')}
      intro={<Typography.Paragraph type="secondary">{t('intro', { days: DOWNLOAD_RETENTION_DAYS })}</Typography.Paragraph>}
      tabs={{
        name: 'state',
        label: t('stateTabs'),
        options: [
          { value: '', label: t('allStates') },
          ...DOWNLOAD_TASK_STATES.map((state) => ({ value: state, label: t(`state.${state}`) })),
        ],
      }}
      filterBar={{ name: 'download-filters', label: t('filters'), fields: filters }}
      columns={columns}
      // The state (with its progress or failure) takes a line of the card: the file name needs the head.
      card={{ title: 'fileName' }}
      details={{ label: t('proof.title'), render: (record) => <CompletenessProof record={record} /> }}
      emptyText={t('empty')}
      label={t('listLabel')}
    />
  );
}
