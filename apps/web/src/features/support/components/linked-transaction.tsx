import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { CaseTransaction } from '@andes/contract/support/schemas';
import { Card, Descriptions, Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { transactionDetailPath } from '../support-paths.ts';

/**
 * The transaction a case is about, inline (issue #14 "beyond the anchors"): its live status (the
 * case reloads while open), amount and dates, a link to its page, and its status history — labels
 * and colours as the transaction screens show them (the `transactions` strings, the contract's
 * status colours).
 */
export function LinkedTransaction({ transaction, zone }: { transaction: CaseTransaction | null; zone: string }) {
  const { t } = useTranslation('support');
  const { t: tt } = useTranslation('transactions');
  const canOpen = usePermission('transactions:detail');
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  return (
    <Card size="small" title={<span id="case-transaction-title">{t('detail.transaction')}</span>}>
      <section aria-labelledby="case-transaction-title">
        {transaction === null ? (
          <Typography.Text type="secondary">{t('detail.noTransaction')}</Typography.Text>
        ) : (
          <Flex vertical gap={12}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
              items={[
                {
                  key: 'uniqueId',
                  label: t('detail.transactionId'),
                  children: canOpen ? (
                    <Link
                      to={transactionDetailPath(transaction.id)}
                      aria-label={t('detail.openTransaction', { uniqueId: transaction.uniqueId })}
                    >
                      {transaction.uniqueId}
                    </Link>
                  ) : (
                    transaction.uniqueId
                  ),
                },
                { key: 'merchantReference', label: t('detail.merchantReference'), children: transaction.merchantReference },
                { key: 'type', label: t('field.transactionType'), children: tt(`transactionType.${transaction.transactionType}`) },
                { key: 'productType', label: t('field.productType'), children: tt(`productType.${transaction.productType}`) },
                {
                  key: 'status',
                  label: t('detail.transactionStatus'),
                  children: (
                    <Flex vertical gap={2}>
                      <span>
                        <StatusTag set="transaction" status={transaction.status}>
                          {tt(`status.${transaction.status}`)}
                        </StatusTag>
                      </span>
                      {transaction.statusReason && <Typography.Text type="secondary">{transaction.statusReason}</Typography.Text>}
                    </Flex>
                  ),
                },
                {
                  key: 'amount',
                  label: t('detail.amount'),
                  children: <Amount cents={transaction.amount} currency={transaction.currency} />,
                },
                { key: 'createdAt', label: t('detail.submitted'), children: time(transaction.createdAt) },
                { key: 'settledAt', label: t('detail.settled'), children: time(transaction.settledAt) },
                ...(transaction.e2eId ? [{ key: 'e2eId', label: t('field.e2eId'), children: transaction.e2eId }] : []),
              ]}
            />
            <section aria-label={t('detail.transactionHistory')}>
              <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                {t('detail.transactionHistory')}
              </Typography.Text>
              {transaction.history.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('detail.noHistory')} />
              ) : (
                <Timeline
                  items={transaction.history.map((entry, index) => ({
                    key: `${entry.at}-${index}`,
                    title: <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>,
                    content: (
                      <Flex gap={8} align="center" wrap>
                        <Typography.Text strong>{tt(`historyEvent.${entry.event}`)}</Typography.Text>
                        {entry.status && (
                          <StatusTag set="transaction" status={entry.status}>
                            {tt(`status.${entry.status}`)}
                          </StatusTag>
                        )}
                        {entry.reason && <Typography.Text type="secondary">{entry.reason}</Typography.Text>}
                      </Flex>
                    ),
                  }))}
                />
              )}
            </section>
          </Flex>
        )}
      </section>
    </Card>
  );
}
