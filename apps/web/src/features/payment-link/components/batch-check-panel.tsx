import type { Country, Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import type { paymentLinkBatchGenerate } from '@andes/contract/payment-link/endpoints';
import type { PaymentLinkBatchCheck, PaymentLinkCheckRow } from '@andes/contract/payment-link/schemas';
import { Alert, Button, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestId } from '../../../shared/form/request-id.ts';
import type { BatchCheckActions } from '../../../shared/ui/batch-tool.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { usePaymentLinkText } from '../hooks/use-payment-link-text.ts';

interface BatchCheckPanelProps {
  check: PaymentLinkBatchCheck;
  actions: BatchCheckActions<typeof paymentLinkBatchGenerate>;
  country: Country;
  currency: Currency;
}

/**
 * The dry run of a batch file, inline: each row with an error (row number, product, description,
 * amount, its errors), the valid rows' total, and "Generate" for them. The request id is made once
 * per file checked, so a retry never generates twice.
 */
export function BatchCheckPanel({ check, actions, country, currency }: BatchCheckPanelProps) {
  const { t } = useTranslation('paymentLink');
  const text = usePaymentLinkText();
  const [requestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const rows = check.rows.filter((row) => row.errors.length > 0);

  const generate = () => {
    if (actions.creating) return;
    setError(null);
    actions.create({ country, dryRun: 'false', requestId }).catch((failure: unknown) => setError(text.failure(failure)));
  };

  /** A row error `Header: message`: the column, then the rule's message in the interface language. */
  const rowError = (message: string) => {
    const at = message.indexOf(': ');
    return at < 0 ? text.message(message) : `${message.slice(0, at)}: ${text.message(message.slice(at + 2))}`;
  };

  const columns: TableColumnsType<PaymentLinkCheckRow> = [
    { key: 'rowNumber', title: t('batchCheck.row'), dataIndex: 'rowNumber', width: 72 },
    { key: 'product', title: t('batchCheck.product'), render: (_, row) => (row.productType ? text.product(row.productType) : '--') },
    { key: 'description', title: t('batchCheck.description'), render: (_, row) => row.description || '--' },
    {
      key: 'amount',
      title: t('batchCheck.amount'),
      align: 'right',
      render: (_, row) => (row.amount === null ? '--' : formatCents(row.amount, currency)),
    },
    {
      key: 'errors',
      title: t('batchCheck.errors'),
      render: (_, row) => (
        <ul style={{ margin: 0, paddingInlineStart: 18, maxWidth: 320, minWidth: 200, whiteSpace: 'normal' }}>
          {row.errors.map((message) => (
            <li key={message}>
              <Typography.Text type="danger">{rowError(message)}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {rows.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('batchCheck.rowsTitle', { count: rows.length })}</Typography.Text>
          <ScrollTable<PaymentLinkCheckRow>
            label={t('batchCheck.rowsTitle', { count: rows.length })}
            rowKey="rowNumber"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          />
        </Flex>
      )}
      {check.ok === 0 ? (
        <Alert type="error" showIcon role="alert" title={t('batchCheck.noValidRows')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{t('batchCheck.total', { count: check.ok, amount: formatCents(check.amount, currency) })}</Typography.Text>
          {error && <Alert type="error" showIcon role="alert" title={error} />}
          <Flex justify="flex-end">
            <Button type="primary" onClick={generate} loading={actions.creating}>
              {t('batchCheck.generate', { count: check.ok })}
            </Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
