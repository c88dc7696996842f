import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { maskAccountNumber } from '@andes/contract/common/format';
import type { PayoutTab } from '@andes/contract/payout/enums';
import type { Payout } from '@andes/contract/payout/schemas';
import { Button, Flex, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import type { usePayoutText } from '../hooks/use-payout-text.ts';
import { documentKind } from '../payout-beneficiary.ts';

interface ColumnContext {
  t: TFunction<'payout'>;
  tc: TFunction<'common'>;
  text: ReturnType<typeof usePayoutText>;
  zone: string;
  tab: PayoutTab;
  openDetail(id: number): void;
}

/** The beneficiary's document: its kind and number. */
export function DocumentText({ payout }: { payout: Payout }) {
  const { document } = payout.beneficiary;
  if (!document) return <>{EMPTY_PLACEHOLDER}</>;
  const kind = documentKind(payout);
  return <span style={{ whiteSpace: 'nowrap' }}>{kind ? `${kind} ${document}` : document}</span>;
}

/** Where the money goes: the PIX key, or the account (masked when long, spec §9) with its type, bank and agency. */
export function AccountText({ payout, t }: { payout: Payout; t: TFunction<'payout'> }) {
  const b = payout.beneficiary;
  if (b.pixKey) {
    return (
      <Flex vertical>
        <span style={{ whiteSpace: 'nowrap' }}>{b.pixKey}</span>
        {b.pixKeyType && <Typography.Text type="secondary">{t('pixKeyOf', { type: t(`pixKeyType.${b.pixKeyType}`) })}</Typography.Text>}
      </Flex>
    );
  }
  if (!b.accountNo) return <>{EMPTY_PLACEHOLDER}</>;
  const bank = [
    b.accountType ? t(`accountType.${b.accountType}`) : null,
    b.bankCode ? t('bankOf', { code: b.bankCode }) : null,
    b.branch ? t('agencyOf', { branch: b.branch }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <Flex vertical>
      <span style={{ whiteSpace: 'nowrap' }}>{maskAccountNumber(b.accountNo)}</span>
      {bank.length > 0 && <Typography.Text type="secondary">{bank.join(' · ')}</Typography.Text>}
    </Flex>
  );
}

/**
 * The payout list's columns (spec §3 Payout): unique id (opens the detail), beneficiary name,
 * document, account (PIX key, or account with type, bank code and agency), amount, fee, status,
 * payment channel, created and — on the Approved tab — decided dates. Phone, e-mail, VAT and the
 * history are in the detail.
 */
export function payoutColumns({ t, tc, text, zone, tab, openDetail }: ColumnContext): TableColumnsType<Payout> {
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  const columns: TableColumnsType<Payout> = [
    {
      key: 'uniqueId',
      title: t('uniqueId'),
      render: (_, payout) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openDetail(payout.id)}>
          {payout.uniqueId}
        </Button>
      ),
    },
    { key: 'name', title: t('beneficiaryName'), render: (_, payout) => payout.beneficiary.name },
    { key: 'document', title: t('document'), render: (_, payout) => <DocumentText payout={payout} /> },
    { key: 'account', title: t('account'), render: (_, payout) => <AccountText payout={payout} t={t} /> },
    {
      key: 'amount',
      title: t('amount'),
      align: 'right',
      render: (_, payout) => <Amount cents={payout.amount} currency={payout.currency} />,
    },
    {
      key: 'fee',
      title: t('fee'),
      align: 'right',
      render: (_, payout) => <Amount cents={payout.fee} currency={payout.currency} />,
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, payout) => (
        <StatusTag set="payout" status={payout.status}>
          {t(`status.${payout.status}`)}
        </StatusTag>
      ),
    },
    { key: 'channel', title: t('channel'), render: (_, payout) => text.channel(payout) },
    { key: 'createdAt', title: t('createdAtIn', { zone }), render: (_, payout) => time(payout.createdAt) },
  ];
  if (tab === 'APPROVED') {
    columns.push({ key: 'approvedAt', title: t('approvedAtIn', { zone }), render: (_, payout) => time(payout.approvedAt) });
  }
  columns.push({
    key: 'actions',
    title: tc('actions'),
    fixed: 'right',
    render: (_, payout) => (
      <RowActions actions={[{ key: 'detail', name: t('detailOf', { uniqueId: payout.uniqueId }), opens: payout.id }]} />
    ),
  });
  return columns;
}
