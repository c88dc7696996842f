import { PAYOUT_VERIFY_CODE_LENGTH } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import type { RequestOf } from '@andes/contract/common/define-endpoint';
import { formatCents } from '@andes/contract/common/money';
import type { payoutBatchUpload } from '@andes/contract/payout/endpoints';
import { PAYOUT_MESSAGES, type PayoutBatchCheck, type PayoutCheckRow, type PayoutVerifyCodeSent } from '@andes/contract/payout/schemas';
import { Alert, Button, Checkbox, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/errors.ts';
import { newRequestId } from '../../../shared/form/request-id.ts';
import type { BatchCheckActions } from '../../../shared/ui/batch-tool.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { usePayoutText } from '../hooks/use-payout-text.ts';
import { duplicateText } from './duplicate-list.tsx';
import { QuoteFigures } from './quote-figures.tsx';
import { resentNow, VerifyCodeStep } from './verify-code-step.tsx';

interface BatchCheckPanelProps {
  check: PayoutBatchCheck;
  actions: BatchCheckActions<typeof payoutBatchUpload>;
  country: Country;
  zone: string;
}

/**
 * The dry run of a payout file, inline: each row with an error or flagged as a duplicate (row
 * number, product type, name, amount, errors), the quote of the valid rows, and the way on —
 * confirm the duplicates, e-mail a code for the valid rows' count and total, create them as one
 * batch. The request id is made once per file checked, so a retry never creates twice.
 */
export function BatchCheckPanel({ check, actions, country, zone }: BatchCheckPanelProps) {
  const { t } = useTranslation('payout');
  const text = usePayoutText();
  const [requestId] = useState(newRequestId);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PayoutVerifyCodeSent | null>(null);
  const [error, setError] = useState<string | null>(null);

  const { quote } = check;
  // Duplicates among the rows that would be created need a confirmation; those with errors are not created anyway.
  const duplicates = check.rows.filter((row) => row.duplicate !== null && row.errors.length === 0).length;
  const ready = quote.sufficient && quote.count > 0 && code.length === PAYOUT_VERIFY_CODE_LENGTH && (duplicates === 0 || confirmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || actions.creating) return;
    setError(null);
    const fields: RequestOf<typeof payoutBatchUpload> = {
      country,
      verifyCode: code,
      requestId,
      confirmDuplicates: confirmed ? 'true' : 'false',
    };
    actions.create(fields).catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.msg === PAYOUT_MESSAGES.codeExpired) {
        setCode('');
        setSent((s) => s && resentNow(s));
      }
      setError(text.failure(failure));
    });
  };

  const columns: TableColumnsType<PayoutCheckRow> = [
    { key: 'rowNumber', title: t('batchCheck.row'), dataIndex: 'rowNumber', width: 72 },
    {
      key: 'productType',
      title: t('batchCheck.productType'),
      render: (_, row) => (row.productType ? text.productType(row.productType) : '--'),
    },
    { key: 'name', title: t('beneficiaryName'), render: (_, row) => row.name || '--' },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      render: (_, row) => (row.amount === null ? '--' : formatCents(row.amount, quote.currency)),
    },
    {
      key: 'errors',
      title: t('batchCheck.errors'),
      render: (_, row) => (
        // Long messages wrap rather than widen the table.
        <Flex vertical gap={4} style={{ maxWidth: 320, minWidth: 200, whiteSpace: 'normal' }}>
          {row.duplicate && (
            <span>
              <Tag color="warning">{t('batchCheck.duplicate')}</Tag> {duplicateText(t, row.duplicate, zone)}
            </span>
          )}
          {row.errors.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {row.errors.map((message) => (
                <li key={message}>
                  <Typography.Text type="danger">{text.rowError(message)}</Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {check.rows.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('batchCheck.rowsTitle', { count: check.rows.length })}</Typography.Text>
          <ScrollTable<PayoutCheckRow>
            label={t('batchCheck.rowsTitle', { count: check.rows.length })}
            rowKey="rowNumber"
            size="small"
            columns={columns}
            dataSource={check.rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          />
        </Flex>
      )}
      {quote.count === 0 ? (
        <Alert type="error" showIcon role="alert" title={t('server.noValidRows')} />
      ) : (
        <form onSubmit={submit} aria-label={t('batchCheck.createTitle', { count: quote.count })}>
          <Flex vertical gap={16}>
            <QuoteFigures quote={quote} title={t('batchCheck.quoteTitle', { count: quote.count })} />
            {duplicates > 0 && (
              <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)}>
                {t('duplicates.confirmRows', { count: duplicates })}
              </Checkbox>
            )}
            {quote.sufficient && (
              <VerifyCodeStep
                country={country}
                zone={zone}
                count={quote.count}
                amount={quote.amount}
                code={code}
                onCode={setCode}
                sent={sent}
                onSent={setSent}
                disabled={actions.creating}
              />
            )}
            {error && <Alert type="error" showIcon role="alert" title={error} />}
            <Flex justify="flex-end">
              <Button type="primary" htmlType="submit" disabled={!ready} loading={actions.creating}>
                {t('batchCheck.create', { count: quote.count })}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
