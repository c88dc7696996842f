import type { DownloadRecord } from '@andes/contract/download-center/schemas';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Descriptions, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { completenessOf, type ProofLine } from '../download-record.ts';
import { formatRows } from './task-state.tsx';

const EMPTY = '--';

/**
 * The proof of completeness of a task: the row count and the total per currency counted before
 * the file was written, against the file's own figures (its trailer), each line checked, with a
 * verdict ("matches" or "does not match") and the SHA-256 of the file's data rows.
 */
export function CompletenessProof({ record }: { record: DownloadRecord }) {
  const { t } = useTranslation('downloadCenter');
  const { verdict, lines } = completenessOf(record.expected, record.written);

  const figure = (line: ProofLine, value: number | null) => {
    if (value === null) return EMPTY;
    return line.figure === 'rows' ? formatRows(value) : <Amount cents={value} currency={line.figure} />;
  };
  const columns: TableColumnsType<ProofLine> = [
    {
      key: 'figure',
      title: t('proof.figure'),
      render: (_, line) => (line.figure === 'rows' ? t('proof.rows') : t('proof.total', { currency: line.figure })),
    },
    { key: 'expected', title: t('proof.expected'), align: 'right', render: (_, line) => figure(line, line.expected) },
    { key: 'written', title: t('proof.written'), align: 'right', render: (_, line) => figure(line, line.written) },
    {
      key: 'check',
      title: t('proof.check'),
      render: (_, line) =>
        verdict === 'pending' ? (
          EMPTY
        ) : line.equal ? (
          <Flex gap={4} align="center">
            <CheckCircleFilled aria-hidden style={{ color: 'var(--ant-color-success)' }} />
            {t('proof.equal')}
          </Flex>
        ) : (
          <Flex gap={4} align="center">
            <CloseCircleFilled aria-hidden style={{ color: 'var(--ant-color-error)' }} />
            {t('proof.notEqual')}
          </Flex>
        ),
    },
  ];

  return (
    // Its own width: as wide as the table's content, a long sentence would widen every column.
    <section aria-label={t('proof.title')} style={{ maxWidth: 760 }}>
      <Flex vertical gap={12}>
        <Alert
          type={verdict === 'matches' ? 'success' : verdict === 'differs' ? 'error' : 'info'}
          showIcon
          title={t(`proof.${verdict}`)}
          {...(verdict === 'differs' ? { role: 'alert' } : {})}
        />
        <ScrollTable<ProofLine>
          label={t('proof.title')}
          rowKey="figure"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={lines}
        />
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'sha256',
              label: t('proof.sha256'),
              children: record.sha256 ? (
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {record.sha256}
                </Typography.Text>
              ) : (
                EMPTY
              ),
            },
            ...(record.failureReason ? [{ key: 'failure', label: t('failureReason'), children: record.failureReason }] : []),
            ...(record.attempts > 1 ? [{ key: 'attempts', label: t('attempts'), children: String(record.attempts) }] : []),
          ]}
        />
      </Flex>
    </section>
  );
}
