import type { PayoutBalance } from '@andes/contract/payout/schemas';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Spin, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { type CurrencyTotals, decisionOutlook } from '../payout-figures.ts';

interface ApprovalPanelProps {
  /** What is chosen: rows of the list, or a whole batch. */
  title: string;
  /** Totals of the chosen payouts per currency; undefined while a batch's payouts load. */
  totals: readonly CurrencyTotals[] | undefined;
  balance: PayoutBalance | undefined;
  /** Why the batch's payouts could not be read. */
  error?: string | null;
  onApprove(): void;
  onRefuse(): void;
  onClear(): void;
}

/**
 * The approval view of the chosen pending payouts (issue #11): per currency their count, amount,
 * fees and VAT, and the payout balance — the chosen payouts' money is already reserved, so it is
 * "available now" whatever the decision, and "available if refused" once they are refused.
 */
export function ApprovalPanel({ title, totals, balance, error, onApprove, onRefuse, onClear }: ApprovalPanelProps) {
  const { t } = useTranslation('payout');
  const outlook = totals ? decisionOutlook(balance, totals) : null;
  const count = totals?.reduce((sum, total) => sum + total.count, 0) ?? 0;
  const columns: TableColumnsType<CurrencyTotals> = [
    { key: 'currency', title: t('approvalPanel.currency'), dataIndex: 'currency' },
    { key: 'count', title: t('approvalPanel.count'), dataIndex: 'count', align: 'right' },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, row) => <Amount cents={row.amount} currency={row.currency} /> },
    { key: 'fee', title: t('fees'), align: 'right', render: (_, row) => <Amount cents={row.fee} currency={row.currency} /> },
    { key: 'vat', title: t('vat'), align: 'right', render: (_, row) => <Amount cents={row.vat} currency={row.currency} /> },
    {
      key: 'total',
      title: t('quote.total'),
      align: 'right',
      render: (_, row) => <Amount cents={row.total} currency={row.currency} style={{ fontWeight: 600 }} />,
    },
  ];
  return (
    <section aria-label={t('approvalPanel.label')} style={{ marginBottom: 16 }}>
      <Card size="small" title={title} extra={<Button onClick={onClear}>{t('approvalPanel.clear')}</Button>}>
        <Flex vertical gap={12}>
          {error && <Alert type="error" showIcon role="alert" title={error} />}
          {totals === undefined && !error ? (
            <Flex justify="center" style={{ padding: 16 }}>
              <Spin />
            </Flex>
          ) : (
            totals && (
              <ScrollTable<CurrencyTotals>
                label={t('approvalPanel.label')}
                rowKey="currency"
                size="small"
                pagination={false}
                columns={columns}
                dataSource={[...totals]}
              />
            )
          )}
          {outlook && (
            <Flex vertical gap={4}>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 3 }}
                items={[
                  {
                    key: 'now',
                    label: t('approvalPanel.availableNow'),
                    children: <Amount cents={outlook.availableNow} currency={outlook.currency} />,
                  },
                  {
                    key: 'refused',
                    label: t('approvalPanel.availableIfRefused'),
                    children: <Amount cents={outlook.availableIfRefused} currency={outlook.currency} />,
                  },
                  {
                    key: 'reserved',
                    label: t('approvalPanel.reserved'),
                    children: <Amount cents={outlook.reserved} currency={outlook.currency} />,
                  },
                ]}
              />
              <Typography.Text type="secondary">{t('approvalPanel.explain')}</Typography.Text>
            </Flex>
          )}
          <Flex gap={8} wrap>
            <Button type="primary" icon={<CheckOutlined aria-hidden />} disabled={count === 0} onClick={onApprove}>
              {t('approve')}
            </Button>
            <Button danger icon={<CloseOutlined aria-hidden />} disabled={count === 0} onClick={onRefuse}>
              {t('refuse')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </section>
  );
}
