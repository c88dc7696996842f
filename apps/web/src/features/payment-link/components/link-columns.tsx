import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { PaymentLink } from '@andes/contract/payment-link/schemas';
import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import type { usePaymentLinkText } from '../hooks/use-payment-link-text.ts';

/** The detail of a payment-link payment (Transactions → Payment Link). */
export const PAYMENT_DETAIL_PATH = '/transactions/payment-link-detail';

interface ColumnContext {
  t: TFunction<'paymentLink'>;
  tc: TFunction<'common'>;
  text: ReturnType<typeof usePaymentLinkText>;
  zone: string;
  /** The user may open a payment's detail. */
  canOpenPayment: boolean;
  copy(link: PaymentLink): void;
  showQr(link: PaymentLink): void;
  cancel(link: PaymentLink): Promise<unknown>;
}

/** A link's status as a coloured tag. */
export function LinkStatusTag({ link, t }: { link: Pick<PaymentLink, 'status'>; t: TFunction<'paymentLink'> }) {
  return (
    <StatusTag set="paymentLink" status={link.status}>
      {t(`status.${link.status}`)}
    </StatusTag>
  );
}

/** The payment that paid a link (its unique id): a link to its detail when the user may open it. */
function PaidCell({ link, canOpen }: { link: PaymentLink; canOpen: boolean }) {
  if (link.paymentId === null) return <>{EMPTY_PLACEHOLDER}</>;
  if (canOpen && link.paymentTransactionId !== null) {
    return <Link to={`${PAYMENT_DETAIL_PATH}/${link.paymentTransactionId}`}>{link.paymentId}</Link>;
  }
  return <span>{link.paymentId}</span>;
}

/**
 * The generated links' columns: link id, status (seen without scrolling), created, product, amount,
 * description, merchant reference, expiry, the payment that paid it, and the actions — copy the address, its QR
 * code, open it, and cancel an active one (button payment:payment-link:cancel, asked first).
 */
export function linkColumns({ t, tc, text, zone, canOpenPayment, copy, showQr, cancel }: ColumnContext): TableColumnsType<PaymentLink> {
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  return [
    {
      key: 'linkId',
      title: t('column.linkId'),
      render: (_, link) => <span style={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>{link.linkId}</span>,
    },
    { key: 'status', title: t('column.status'), render: (_, link) => <LinkStatusTag link={link} t={t} /> },
    { key: 'createdAt', title: t('column.createdAt'), render: (_, link) => time(link.createdAt) },
    { key: 'product', title: t('column.product'), render: (_, link) => text.product(link.productType) },
    {
      key: 'amount',
      title: t('column.amount'),
      align: 'right',
      render: (_, link) => <Amount cents={link.amount} currency={link.currency} />,
    },
    {
      key: 'description',
      title: t('column.description'),
      render: (_, link) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: link.description }} style={{ margin: 0, minWidth: 160, maxWidth: 280 }}>
          {link.description}
        </Typography.Paragraph>
      ),
    },
    { key: 'reference', title: t('column.reference'), render: (_, link) => link.merchantReference || EMPTY_PLACEHOLDER },
    { key: 'expiresAt', title: t('column.expiresAt'), render: (_, link) => time(link.expiresAt) },
    { key: 'paid', title: t('column.paid'), render: (_, link) => <PaidCell link={link} canOpen={canOpenPayment} /> },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, link) => (
        <RowActions
          actions={[
            { key: 'copy', label: t('action.copy'), name: t('action.copyName', { linkId: link.linkId }), onClick: () => copy(link) },
            { key: 'qr', label: t('action.qr'), name: t('action.qrName', { linkId: link.linkId }), onClick: () => showQr(link) },
            {
              key: 'open',
              label: t('action.open'),
              name: t('action.openName', { linkId: link.linkId }),
              onClick: () => window.open(link.url, '_blank', 'noopener,noreferrer'),
            },
            {
              key: 'cancel',
              label: t('action.cancel'),
              name: t('action.cancelName', { linkId: link.linkId }),
              permission: 'payment:payment-link:cancel',
              when: link.status === 'ACTIVE',
              danger: true,
              confirm: {
                title: t('cancel.title', { linkId: link.linkId }),
                content: t('cancel.content'),
                okText: t('cancel.ok'),
                onOk: () => cancel(link),
              },
            },
          ]}
        />
      ),
    },
  ];
}
