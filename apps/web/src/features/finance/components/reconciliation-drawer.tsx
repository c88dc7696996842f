import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { groupThousands } from '@andes/contract/common/money';
import type { Reconciliation, ReconciliationRequest, ReconciliationRow } from '@andes/contract/finance/schemas';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { useReconciliation } from '../api/statement-calls.ts';
import { periodLabel, zoneLabel } from '../zone-label.ts';

interface ReconciliationDrawerProps {
  /** The account and period to check; null while the drawer is closed. */
  request: ReconciliationRequest | null;
  onClose(): void;
}

/**
 * The reconciliation panel: the period's statement per category against the ledger's postings
 * and the transactions' own figures, the chain of balances (opening + movements = closing, each
 * day's closing the next day's opening), and a clear verdict — balanced, or the differences and
 * broken days to look at.
 */
export function ReconciliationDrawer({ request, onClose }: ReconciliationDrawerProps) {
  const { t } = useTranslation('finance');
  const mobile = useIsMobile();
  const query = useReconciliation(request);
  return (
    <Drawer
      open={request !== null}
      onClose={onClose}
      title={t('reconciliation.title')}
      size={mobile ? '100%' : 760}
      destroyOnHidden
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('reconciliation.again')}
        </Button>
      }
    >
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && <ReconciliationView data={query.data} />}
    </Drawer>
  );
}

function ReconciliationView({ data }: { data: Reconciliation }) {
  const { t } = useTranslation('finance');
  const { currency, chain } = data;
  const money = (cents: number) => <Amount cents={cents} currency={currency} />;
  const broken = chain.brokenDays.length;
  const differences = data.rows.filter((row) => row.difference !== 0).length;
  const columns: TableColumnsType<ReconciliationRow> = [
    { key: 'category', title: t('reconciliation.category'), render: (_, row) => t(`category.${row.category}`) },
    { key: 'count', title: t('reconciliation.count'), align: 'right', render: (_, row) => groupThousands(String(row.count)) },
    { key: 'statement', title: t('reconciliation.statement'), align: 'right', render: (_, row) => money(row.statement) },
    { key: 'postings', title: t('reconciliation.postings'), align: 'right', render: (_, row) => money(row.postings) },
    {
      key: 'transactions',
      title: t('reconciliation.transactions'),
      align: 'right',
      render: (_, row) => (row.transactions === null ? EMPTY_PLACEHOLDER : money(row.transactions)),
    },
    {
      key: 'difference',
      title: t('reconciliation.difference'),
      align: 'right',
      render: (_, row) =>
        row.difference === 0 ? (
          <Typography.Text type="success">{money(0)}</Typography.Text>
        ) : (
          <Typography.Text type="danger" strong>
            {money(row.difference)} <span>{t('reconciliation.differs')}</span>
          </Typography.Text>
        ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Alert
        type={data.balanced ? 'success' : 'error'}
        showIcon
        role="status"
        title={data.balanced ? t('reconciliation.balanced') : t('reconciliation.unbalanced')}
        description={
          data.balanced
            ? t('reconciliation.balancedText')
            : [
                differences > 0 ? t('reconciliation.differencesText', { n: differences }) : null,
                broken > 0 ? t('reconciliation.brokenText', { n: broken }) : null,
              ]
                .filter((line) => line !== null)
                .join(' ')
        }
      />
      <Typography.Text type="secondary">
        {t('reconciliation.checked', {
          period: periodLabel(data.range),
          zone: zoneLabel(data.timezoneName),
          at: formatDateTime(data.checkedAt, data.timezoneName),
        })}
      </Typography.Text>
      <ScrollTable<ReconciliationRow>
        label={t('reconciliation.tableLabel')}
        rowKey="category"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={data.rows}
        locale={{ emptyText: t('reconciliation.noLines') }}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('reconciliation.chain')}
        items={[
          { key: 'opening', label: t('period.opening'), children: money(chain.openingBalance) },
          {
            key: 'movements',
            label: t('reconciliation.movements'),
            children: <Amount cents={chain.movements} currency={currency} signed />,
          },
          { key: 'closing', label: t('period.closing'), children: money(chain.closingBalance) },
          {
            key: 'sum',
            label: t('reconciliation.sum'),
            children:
              chain.openingBalance + chain.movements === chain.closingBalance ? (
                <Typography.Text type="success">{t('reconciliation.sumOk')}</Typography.Text>
              ) : (
                <Typography.Text type="danger" strong>
                  {t('reconciliation.sumBroken')}
                </Typography.Text>
              ),
          },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('reconciliation.brokenDays')}</Typography.Title>
        {broken === 0 ? (
          <Typography.Text type="success">{t('reconciliation.noBrokenDays')}</Typography.Text>
        ) : (
          <ul aria-label={t('reconciliation.brokenDays')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {chain.brokenDays.map((day) => (
              <li key={day}>
                <Typography.Text type="danger">
                  <time dateTime={day}>{day}</time>
                </Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Flex>
  );
}
