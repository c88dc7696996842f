import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { TransactionListItem } from '@andes/contract/transaction/schemas';
import { ExportOutlined } from '@ant-design/icons';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { type DetailKind, detailPath, type ListKind } from '../list-kinds.ts';

type T = TFunction<'transactions'>;

/** A list field: its label and how a row shows it (the table's columns and the mobile cards share these). */
export interface TransactionField {
  key: string;
  title: string;
  /** The label on a mobile card when shorter than the column's (the list names the zone once, above the cards). */
  cardTitle?: string;
  align?: 'right';
  render(row: TransactionListItem): ReactNode;
}

function time(value: string | null, timeZone: string): ReactNode {
  if (value === null) return EMPTY_PLACEHOLDER;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value, timeZone)}
    </time>
  );
}

/** Who is on the other side: the payer of money in, the beneficiary of money out. */
export function counterpartyIsBeneficiary(kind: ListKind | 'deep-query', type: TransactionListItem['transactionType']): boolean {
  if (kind === 'payout' || kind === 'market-place') return true;
  return type === 'PAY_OUT' || type === 'MARKET_PLACE_ORDERS';
}

export function transactionStatusTag(t: T, status: TransactionListItem['status']): ReactNode {
  return (
    <StatusTag set="transaction" status={status}>
      {t(`status.${status}`)}
    </StatusTag>
  );
}

export function holdTag(t: T, flag: TransactionListItem['holdStatus']): ReactNode {
  return <Tag color={flag === 1 ? 'orange' : 'default'}>{t(`holdStatus.${flag}`)}</Tag>;
}

/**
 * The columns of a transaction list (spec §3 fields a list shows), times in `timeZone` (the
 * selected country's, named in the headers by `zoneLabel`).
 */
export function transactionFields(
  t: T,
  kind: ListKind | 'deep-query',
  detail: DetailKind,
  timeZone: string,
  zoneLabel: string,
  deepType: ListKind = 'payin',
): TransactionField[] {
  const effective = kind === 'deep-query' ? deepType : kind;
  const fields: TransactionField[] = [
    {
      key: 'uniqueId',
      title: t('column.uniqueId'),
      render: (row) => (
        <Link to={detailPath(detail, row.id)} aria-label={t('openDetail', { uniqueId: row.uniqueId })} style={{ whiteSpace: 'nowrap' }}>
          {row.uniqueId}
        </Link>
      ),
    },
    { key: 'merchantReference', title: t('column.merchantReference'), render: (row) => row.merchantReference },
    { key: 'subMerchant', title: t('column.subMerchant'), render: (row) => row.subMerchantName ?? t('merchantOwn') },
  ];
  if (effective === 'payin') {
    fields.push({
      key: 'transactionType',
      title: t('column.transactionType'),
      render: (row) => t(`transactionType.${row.transactionType}`),
    });
  }
  fields.push(
    { key: 'productType', title: t('column.productType'), render: (row) => t(`productType.${row.productType}`) },
    { key: 'amount', title: t('column.amount'), align: 'right', render: (row) => <Amount cents={row.amount} currency={row.currency} /> },
    { key: 'fee', title: t('column.fee'), align: 'right', render: (row) => <Amount cents={row.fee} currency={row.currency} /> },
    { key: 'status', title: t('column.status'), render: (row) => transactionStatusTag(t, row.status) },
    { key: 'holdStatus', title: t('column.holdStatus'), render: (row) => holdTag(t, row.holdStatus) },
    { key: 'refundStatus', title: t('column.refundStatus'), render: (row) => t(`refundStatus.${row.refundStatus}`) },
    {
      key: 'submitTime',
      title: t('column.submitTime', { zone: zoneLabel }),
      cardTitle: t('detail.submitTime'),
      render: (row) => time(row.createdAt, timeZone),
    },
    {
      key: 'settleTime',
      title: t('column.settleTime', { zone: zoneLabel }),
      cardTitle: t('detail.settleTime'),
      render: (row) => time(row.settledAt, timeZone),
    },
    {
      key: 'counterparty',
      title: effective === 'payout' || effective === 'market-place' ? t('column.beneficiary') : t('column.payer'),
      render: (row) => row.counterpartyName ?? EMPTY_PLACEHOLDER,
    },
  );
  if (kind === 'payment-link') {
    fields.push({ key: 'paymentLinkId', title: t('column.paymentLinkId'), render: (row) => row.paymentLinkId ?? EMPTY_PLACEHOLDER });
  }
  if (kind === 'shopify' || kind === 'shoplazza') {
    fields.push({
      key: 'storeOrder',
      title: t('column.storeOrder'),
      render: (row) =>
        row.storeOrder ? `${row.storeOrder.orderName ?? row.storeOrder.orderId} · ${row.storeOrder.shopDomain}` : EMPTY_PLACEHOLDER,
    });
  }
  fields.push({
    key: 'actions',
    title: t('column.actions'),
    render: (row) => (
      <Tooltip title={t('openInNewTab')}>
        <a href={detailPath(detail, row.id, true)} target="_blank" rel="noopener" aria-label={`${t('openInNewTab')} ${row.uniqueId}`}>
          <ExportOutlined aria-hidden />
        </a>
      </Tooltip>
    ),
  });
  return fields;
}

/** The fields as table columns. */
export function transactionColumns(fields: readonly TransactionField[]): TableColumnsType<TransactionListItem> {
  return fields.map((field) => ({
    key: field.key,
    title: field.title,
    ...(field.align ? { align: field.align } : {}),
    render: (_: unknown, row: TransactionListItem) => field.render(row),
  }));
}
