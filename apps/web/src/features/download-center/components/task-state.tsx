import { groupThousands } from '@andes/contract/common/money';
import type { DownloadRecord } from '@andes/contract/download-center/schemas';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { isUnfinished, progressPercent } from '../download-record.ts';

/** Digits grouped as the screens show counts: 12,345. */
export const formatRows = (count: number) => groupThousands(String(count));

/**
 * A task's state: its coloured tag; while it is written, a progress bar of the rows written of
 * the rows expected; when it failed, why.
 */
export function TaskState({ record }: { record: DownloadRecord }) {
  const { t } = useTranslation('downloadCenter');
  const tag = (
    <StatusTag set="downloadTask" status={record.state}>
      {t(`state.${record.state}`)}
    </StatusTag>
  );
  if (record.state === 'FAIL' && record.failureReason) {
    return (
      <Flex vertical gap={2} align="flex-start">
        {tag}
        <Typography.Text type="secondary" ellipsis={{ tooltip: record.failureReason }} style={{ maxWidth: 200, fontSize: 12 }}>
          {record.failureReason}
        </Typography.Text>
      </Flex>
    );
  }
  if (!isUnfinished(record)) return tag;
  const text = t('progress', { written: formatRows(record.rowsWritten), expected: formatRows(record.rowsExpected) });
  return (
    <Flex vertical gap={2} style={{ minWidth: 160 }}>
      <span>{tag}</span>
      <Progress
        percent={progressPercent(record)}
        size="small"
        showInfo={false}
        status="active"
        aria-label={t('progressOf', { name: record.fileName })}
        aria-valuetext={text}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {text}
      </Typography.Text>
    </Flex>
  );
}
