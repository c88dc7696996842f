import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { maskAccountNumber } from '@andes/contract/common/format';
import { formatCents } from '@andes/contract/common/money';
import type { Party } from '@andes/contract/transaction/parts';
import type { RelatedTransaction, TransactionDetail } from '@andes/contract/transaction/schemas';
import { Card, Descriptions, type DescriptionsProps, Empty, Flex, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { detailPath } from '../list-kinds.ts';
import { RiskSection } from './risk-section.tsx';
import { TransactionAttachments } from './transaction-attachments.tsx';
import { holdTag, transactionStatusTag } from './transaction-columns.tsx';

type Items = NonNullable<DescriptionsProps['items']>;

const or = (value: ReactNode | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? EMPTY_PLACEHOLDER : value;

function Section({ title, items }: { title: string; items: Items }) {
  return (
    <Card title={title} size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3 }} items={items} />
    </Card>
  );
}

/**
 * Every field of spec §3 of one transaction: overview with status colours, amounts (fee, VAT, FX
 * rate, refunds, hold), payer or beneficiary, card, store order, attachments (image thumbnails
 * with preview, other files to download), its refunds and chargebacks, and its history; times in `timeZone` (`zoneLabel`).
 */
export function TransactionDetailView({ detail, timeZone, zoneLabel }: { detail: TransactionDetail; timeZone: string; zoneLabel: string }) {
  const { t } = useTranslation('transactions');
  const { t: tc } = useTranslation('common');
  const time = (value: string | null) =>
    value === null ? EMPTY_PLACEHOLDER : <time dateTime={value}>{formatDateTime(value, timeZone)}</time>;
  const money = (cents: number) => <Amount cents={cents} currency={detail.currency} />;
  const item = (key: string, label: string, children: ReactNode): Items[number] => ({ key, label, children: or(children) });

  const overview: Items = [
    item('uniqueId', t('detail.uniqueId'), <Typography.Text copyable>{detail.uniqueId}</Typography.Text>),
    item('merchantReference', t('detail.merchantReference'), detail.merchantReference),
    item('accountName', t('detail.accountName'), detail.accountName),
    item('subMerchant', t('detail.subMerchant'), detail.subMerchantName ?? t('merchantOwn')),
    item('transactionType', t('detail.transactionType'), t(`transactionType.${detail.transactionType}`)),
    item('productType', t('detail.productType'), t(`productType.${detail.productType}`)),
    item('country', t('detail.country'), tc(`countryName.${detail.country}`)),
    item('status', t('detail.status'), transactionStatusTag(t, detail.status)),
    item('statusReason', t('detail.statusReason'), detail.statusReason),
    item('holdStatus', t('detail.holdStatus'), holdTag(t, detail.holdStatus)),
    item('transferStatus', t('detail.transferStatus'), detail.transferStatus && t(`transferStatus.${detail.transferStatus}`)),
    item('submitTime', `${t('detail.submitTime')} (${zoneLabel})`, time(detail.createdAt)),
    item('settleTime', `${t('detail.settleTime')} (${zoneLabel})`, time(detail.settledAt)),
    item('availableAt', `${t('detail.availableAt')} (${zoneLabel})`, time(detail.availableAt)),
    item('description', t('detail.description'), detail.description),
  ];
  if (detail.paymentLinkId !== null) overview.push(item('paymentLinkId', t('detail.paymentLinkId'), detail.paymentLinkId));
  if (detail.original !== null) {
    overview.push(
      item(
        'original',
        t('detail.original'),
        <Link to={detailPath('transaction', detail.original.id)}>
          {detail.original.uniqueId} ({t(`transactionType.${detail.original.transactionType}`)})
        </Link>,
      ),
    );
  }

  const amounts: Items = [
    item('amount', t('detail.amount'), money(detail.amount)),
    item('fee', t('detail.fee'), money(detail.fee)),
    item('vat', t('detail.vat'), money(detail.vat)),
    item('net', t('detail.net'), money(detail.amount - detail.fee - detail.vat)),
    item('exchangeRate', t('detail.exchangeRate'), detail.exchangeRate),
    item('heldAmount', t('detail.heldAmount'), money(detail.heldAmount)),
    item('refundStatus', t('detail.refundStatus'), t(`refundStatus.${detail.refundStatus}`)),
    item('refundedAmount', t('detail.refundedAmount'), money(detail.refundedAmount)),
    item('refundTime', `${t('detail.refundTime')} (${zoneLabel})`, time(detail.refundTime)),
    item('chargedBackAmount', t('detail.chargedBackAmount'), money(detail.chargedBackAmount)),
  ];

  const party = (prefix: string, p: Party): Items => [
    item(`${prefix}.name`, t('detail.name'), p.name),
    item(`${prefix}.document`, t('detail.document'), p.document),
    item(`${prefix}.documentType`, t('detail.documentType'), p.documentType),
    item(`${prefix}.email`, t('detail.email'), p.email),
    item(`${prefix}.phone`, t('detail.phone'), p.phone),
    item(`${prefix}.bank`, t('detail.bank'), [p.bankName, p.bankCode && `(${p.bankCode})`].filter(Boolean).join(' ')),
    item(`${prefix}.branch`, t('detail.branch'), p.branch),
    item(`${prefix}.accountNo`, t('detail.accountNo'), p.accountNo && maskAccountNumber(p.accountNo)),
    item(`${prefix}.accountType`, t('detail.accountType'), p.accountType),
    item(`${prefix}.pixKey`, t('detail.pixKey'), p.pixKey),
    item(`${prefix}.pixKeyType`, t('detail.pixKeyType'), p.pixKeyType && t(`pixKeyType.${p.pixKeyType}`)),
    item(`${prefix}.e2eId`, t('detail.e2eId'), p.e2eId ?? (prefix === 'payer' || prefix === 'beneficiary' ? detail.e2eId : null)),
  ];

  const link = detail.paymentLink;
  const plan = link?.installments;
  const planText = (installments: NonNullable<typeof plan>) => {
    const figures = {
      count: installments.count,
      amount: formatCents(installments.installmentAmount, detail.currency, { symbol: false }),
      currency: detail.currency,
    };
    return installments.firstAmount === installments.installmentAmount
      ? t('detail.linkPlan', figures)
      : t('detail.linkPlanFirst', { ...figures, first: formatCents(installments.firstAmount, detail.currency, { symbol: false }) });
  };

  const card = detail.card;
  const threeDs = card?.threeDs;
  const relatedColumns = [
    {
      key: 'uniqueId',
      title: t('detail.related.uniqueId'),
      render: (_: unknown, r: RelatedTransaction) => <Link to={detailPath('transaction', r.id)}>{r.uniqueId}</Link>,
    },
    {
      key: 'type',
      title: t('detail.related.type'),
      render: (_: unknown, r: RelatedTransaction) => t(`transactionType.${r.transactionType}`),
    },
    {
      key: 'amount',
      title: t('detail.related.amount'),
      align: 'right' as const,
      render: (_: unknown, r: RelatedTransaction) => money(r.amount),
    },
    { key: 'fee', title: t('detail.related.fee'), align: 'right' as const, render: (_: unknown, r: RelatedTransaction) => money(r.fee) },
    { key: 'status', title: t('detail.related.status'), render: (_: unknown, r: RelatedTransaction) => transactionStatusTag(t, r.status) },
    { key: 'time', title: t('detail.related.time', { zone: zoneLabel }), render: (_: unknown, r: RelatedTransaction) => time(r.createdAt) },
    { key: 'reason', title: t('detail.related.reason'), render: (_: unknown, r: RelatedTransaction) => or(r.reason) },
  ];

  return (
    <Flex vertical gap={16}>
      <Section title={t('section.overview')} items={overview} />
      <Section title={t('section.amounts')} items={amounts} />
      {link && (
        <Section
          title={t('section.paymentLink')}
          items={[
            item('linkId', t('detail.linkId'), <Typography.Text copyable>{link.linkId}</Typography.Text>),
            item('linkDescription', t('detail.linkDescription'), link.description),
            item('linkReference', t('detail.linkReference'), link.merchantReference),
            item('linkAmount', t('detail.linkAmount'), money(link.amount)),
            item('linkPlan', t('detail.linkInstallments'), plan ? planText(plan) : t('detail.linkPaidAtOnce')),
            item('linkCreatedAt', `${t('detail.linkCreatedAt')} (${zoneLabel})`, time(link.createdAt)),
          ]}
        />
      )}
      {detail.risk && <RiskSection risk={detail.risk} currency={detail.currency} timeZone={timeZone} />}
      {detail.payer && <Section title={t('section.payer')} items={party('payer', detail.payer)} />}
      {detail.beneficiary && <Section title={t('section.beneficiary')} items={party('beneficiary', detail.beneficiary)} />}
      {card && (
        <Section
          title={t('section.card')}
          items={[
            item('brand', t('detail.cardBrand'), card.brand),
            item('holder', t('detail.cardHolder'), card.holder),
            item('bin', t('detail.cardBin'), card.bin),
            item('last4', t('detail.cardLast4'), card.last4),
            item('expiry', t('detail.cardExpiry'), card.expiry),
            item('token', t('detail.cardToken'), card.tokenId),
            item('issuer', t('detail.cardIssuer'), card.issuer),
            item(
              'threeDs',
              t('detail.threeDs'),
              threeDs &&
                t('detail.threeDsValue', {
                  version: threeDs.version,
                  eci: threeDs.eci,
                  result: threeDs.authenticated ? t('detail.threeDsAuthenticated') : t('detail.threeDsNotAuthenticated'),
                }),
            ),
          ]}
        />
      )}
      {detail.storeOrder && (
        <Section
          title={t('section.store')}
          items={[
            item('platform', t('detail.platform'), detail.storeOrder.platform === 'SHOPIFY' ? t('title.shopify') : t('title.shoplazza')),
            item('shopDomain', t('detail.shopDomain'), detail.storeOrder.shopDomain),
            item('orderId', t('detail.orderId'), detail.storeOrder.orderId),
            item('orderName', t('detail.orderName'), detail.storeOrder.orderName),
          ]}
        />
      )}
      <Card title={t('section.attachments')} size="small">
        <TransactionAttachments id={detail.id} files={detail.attachments} />
      </Card>
      {(detail.related.length > 0 || detail.transactionType === 'PAY_IN') && (
        <Card title={t('section.related')} size="small">
          <ScrollTable<RelatedTransaction>
            label={t('section.related')}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={detail.related}
            columns={relatedColumns}
            locale={{ emptyText: t('detail.noRelated') }}
          />
        </Card>
      )}
      <Card title={`${t('section.history')} (${zoneLabel})`} size="small">
        {detail.history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />
        ) : (
          <Timeline
            items={detail.history.map((entry, index) => ({
              key: `${entry.at}-${index}`,
              ...(entry.status ? { color: statusDot(entry.status) } : {}),
              title: <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>,
              content: (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{t(`historyEvent.${entry.event}`)}</Typography.Text>
                  {entry.status && (
                    <span>
                      <StatusTag set="transaction" status={entry.status}>
                        {t(`status.${entry.status}`)}
                      </StatusTag>
                    </span>
                  )}
                  {entry.holdStatus !== null && <span>{t('history.hold', { hold: t(`holdStatus.${entry.holdStatus}`) })}</span>}
                  {entry.amount !== null && <span>{t('history.amount', { amount: formatCents(entry.amount, detail.currency) })}</span>}
                  {entry.reference && <span>{t('history.reference', { reference: entry.reference })}</span>}
                  {entry.reason && <span>{t('history.reason', { reason: entry.reason })}</span>}
                </Flex>
              ),
            }))}
          />
        )}
      </Card>
    </Flex>
  );
}

/** The timeline dot of a status: the status colour's family. */
function statusDot(status: NonNullable<TransactionDetail['history'][number]['status']>): string {
  if (status === 'SETTLED') return 'green';
  if (status === 'FAILED' || status === 'REJECTED' || status === 'CHARGED_BACK') return 'red';
  if (status === 'IN_PROGRESS' || status === 'REFUNDING') return 'blue';
  if (status === 'REFUNDED') return 'orange';
  return 'gray';
}
