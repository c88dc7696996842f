import { groupThousands } from '@andes/contract/common/money';
import type { TaxDetail, TaxDetailRequest } from '@andes/contract/finance/schemas';
import { Descriptions, Drawer, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { useTaxDetail } from '../api/statement-calls.ts';
import { periodLabel, zoneLabel } from '../zone-label.ts';

type TaxRow = TaxDetail['rows'][number];

interface TaxDrawerProps {
  /** A period's or one transaction's fees and taxes; null while the drawer is closed. */
  request: TaxDetailRequest | null;
  /** The transaction's unique id (its drawer), or null for the period's. */
  transaction: string | null;
  onClose(): void;
}

/**
 * Fees and taxes as the ledger booked them, per item (fee, VAT) and event: of the statement's
 * period, or of one transaction beside the fee and VAT the platform reported for it.
 */
export function TaxDrawer({ request, transaction, onClose }: TaxDrawerProps) {
  const { t } = useTranslation('finance');
  const mobile = useIsMobile();
  const query = useTaxDetail(request);
  return (
    <Drawer
      open={request !== null}
      onClose={onClose}
      title={transaction === null ? t('taxes.title') : t('taxes.titleOf', { uniqueId: transaction })}
      size={mobile ? '100%' : 640}
      destroyOnHidden
    >
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && <TaxView data={query.data} />}
    </Drawer>
  );
}

function TaxView({ data }: { data: TaxDetail }) {
  const { t } = useTranslation('finance');
  const { currency } = data;
  const money = (cents: number) => <Amount cents={cents} currency={currency} />;
  const columns: TableColumnsType<TaxRow> = [
    { key: 'item', title: t('column.item'), render: (_, row) => t(`item.${row.item}`) },
    { key: 'event', title: t('column.event'), render: (_, row) => t(`event.${row.event}`) },
    { key: 'count', title: t('taxes.count'), align: 'right', render: (_, row) => groupThousands(String(row.count)) },
    { key: 'amount', title: t('taxes.amount'), align: 'right', render: (_, row) => money(row.amount) },
  ];
  const tx = data.transaction;
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {data.range ? t('taxes.periodIn', { period: periodLabel(data.range), zone: zoneLabel(data.timezoneName) }) : t('taxes.asBooked')}
      </Typography.Text>
      {tx && (
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t('taxes.transaction')}
          items={[
            { key: 'uniqueId', label: t('taxes.uniqueId'), children: tx.uniqueId },
            { key: 'reference', label: t('taxes.merchantReference'), children: tx.merchantReference },
            { key: 'type', label: t('taxes.transactionType'), children: t(`transactionType.${tx.transactionType}`) },
            { key: 'amount', label: t('taxes.transactionAmount'), children: money(tx.amount) },
            { key: 'fee', label: t('taxes.reportedFee'), children: money(tx.fee) },
            { key: 'vat', label: t('taxes.reportedVat'), children: money(tx.vat) },
          ]}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('taxes.totals')}
        items={[
          { key: 'fee', label: t('taxes.fee'), children: money(data.totals.fee) },
          { key: 'vat', label: t('taxes.vat'), children: money(data.totals.vat) },
          { key: 'total', label: t('taxes.total'), children: <strong>{money(data.totals.total)}</strong> },
        ]}
      />
      <ScrollTable<TaxRow>
        label={t('taxes.tableLabel')}
        rowKey={(row) => `${row.item}:${row.event}`}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={data.rows}
        locale={{ emptyText: t('taxes.none') }}
      />
    </Flex>
  );
}
