import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { orEmpty } from '@andes/contract/common/format';
import type { PayoutDetail } from '@andes/contract/payout/schemas';
import { permissionEntry } from '@andes/contract/permissions/registry';
import { Button, Descriptions, Drawer, Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { usePayoutDetail } from '../api/use-payouts.ts';
import { usePayoutText } from '../hooks/use-payout-text.ts';
import { documentKind } from '../payout-beneficiary.ts';

/** The transaction detail screen of a payout's transaction. */
function transactionPath(transactionId: number): string {
  return (permissionEntry('transactions:detail').route ?? '').replace(':id', String(transactionId));
}

interface PayoutDetailDrawerProps {
  country: Country;
  zone: string;
  /** The payout shown; null closes the drawer. */
  id: number | null;
  onClose(): void;
  /** Shows only this payout's batch in the list. */
  onShowBatch(batchId: number): void;
  /** Chooses the whole batch for a decision (approvers, on a pending payout). */
  onSelectBatch?: ((batchId: number) => void) | undefined;
}

/**
 * A payout in full (spec §3 Payout): every field, the beneficiary, the quoted figures, the
 * approval (who, when, why), its history, its batch and the transaction it is in /transactions/payout.
 */
export function PayoutDetailDrawer({ country, zone, id, onClose, onShowBatch, onSelectBatch }: PayoutDetailDrawerProps) {
  const { t } = useTranslation('payout');
  const mobile = useIsMobile();
  const detail = usePayoutDetail(country, id);
  const payout = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('detailTitle')} size={mobile ? '100%' : 640} destroyOnHidden>
      <QueryStatus query={detail} />
      {detail.isSuccess && payout === null && <Empty description={t('detailNotFound')} />}
      {payout && <PayoutDetailView payout={payout} zone={zone} onShowBatch={onShowBatch} onSelectBatch={onSelectBatch} />}
    </Drawer>
  );
}

function PayoutDetailView({
  payout,
  zone,
  onShowBatch,
  onSelectBatch,
}: {
  payout: PayoutDetail;
  zone: string;
  onShowBatch(batchId: number): void;
  onSelectBatch?: ((batchId: number) => void) | undefined;
}) {
  const { t } = useTranslation('payout');
  const { t: tc } = useTranslation('common');
  const text = usePayoutText();
  const time = (value: string | null) => (value ? formatDateTime(value, zone, { withZone: true }) : EMPTY_PLACEHOLDER);
  const money = (cents: number) => <Amount cents={cents} currency={payout.currency} />;
  const b = payout.beneficiary;
  const kind = documentKind(payout);
  const pending = payout.approvalStatus === 'PENDING';

  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 24 }}>
      {title}
    </Typography.Title>
  );

  return (
    <Flex vertical>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong copyable style={{ fontSize: 16 }}>
          {payout.uniqueId}
        </Typography.Text>
        <StatusTag set="payout" status={payout.status}>
          {t(`status.${payout.status}`)}
        </StatusTag>
      </Flex>
      {section(t('section.payout'))}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'merchantReference', label: t('merchantReference'), children: payout.merchantReference },
          { key: 'channel', label: t('channel'), children: text.channel(payout) },
          { key: 'amount', label: t('amount'), children: money(payout.amount) },
          { key: 'fee', label: t('fee'), children: money(payout.fee) },
          { key: 'vat', label: t('vat'), children: money(payout.vat) },
          { key: 'total', label: t('totalReserved'), children: money(payout.amount + payout.fee + payout.vat) },
          {
            key: 'status',
            label: t('status'),
            children: (
              <Flex vertical gap={4}>
                <span>
                  <StatusTag set="payout" status={payout.status}>
                    {t(`status.${payout.status}`)}
                  </StatusTag>
                </span>
                {payout.statusReason && <Typography.Text type="secondary">{payout.statusReason}</Typography.Text>}
              </Flex>
            ),
          },
          { key: 'created', label: t('created'), children: t('byAt', { by: payout.createdBy, at: time(payout.createdAt) }) },
          ...(pending ? [{ key: 'expiresAt', label: t('expiresAt'), children: time(payout.expiresAt) }] : []),
          { key: 'settledAt', label: t('settledAt'), children: time(payout.settledAt) },
          { key: 'duplicate', label: t('duplicateConfirmed'), children: payout.duplicateConfirmed ? tc('yes') : tc('no') },
          {
            key: 'transaction',
            label: t('transaction'),
            children: (
              <Can permission="transactions:detail" fallback={payout.uniqueId}>
                <Link to={transactionPath(payout.transactionId)}>{t('openTransaction', { uniqueId: payout.uniqueId })}</Link>
              </Can>
            ),
          },
        ]}
      />
      {section(t('section.batch'))}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'batchId', label: t('batch'), children: `#${payout.batchId}` },
          { key: 'source', label: t('source'), children: payout.fileName ? t('fromFile', { name: payout.fileName }) : t('single') },
        ]}
      />
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <Button onClick={() => onShowBatch(payout.batchId)}>{t('showBatch', { batchId: payout.batchId })}</Button>
        {pending && onSelectBatch && (
          <Can permission="payment:payout:approve">
            <Button type="primary" onClick={() => onSelectBatch(payout.batchId)}>
              {t('selectBatch', { batchId: payout.batchId })}
            </Button>
          </Can>
        )}
      </Flex>
      {section(t('section.beneficiary'))}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'name', label: t('beneficiaryName'), children: b.name },
          { key: 'document', label: t('document'), children: b.document ? `${kind ? `${kind} ` : ''}${b.document}` : EMPTY_PLACEHOLDER },
          ...(b.pixKey
            ? [
                {
                  key: 'pixKeyType',
                  label: t('field.pixKeyType'),
                  children: b.pixKeyType ? t(`pixKeyType.${b.pixKeyType}`) : EMPTY_PLACEHOLDER,
                },
                { key: 'pixKey', label: t('field.pixKey'), children: b.pixKey },
              ]
            : [
                { key: 'bankCode', label: t('bankCode'), children: orEmpty(b.bankCode) },
                { key: 'branch', label: t('agency'), children: orEmpty(b.branch) },
                {
                  key: 'accountType',
                  label: t('accountTypeLabel'),
                  children: b.accountType ? t(`accountType.${b.accountType}`) : EMPTY_PLACEHOLDER,
                },
                { key: 'accountNo', label: t('accountId'), children: orEmpty(b.accountNo) },
              ]),
          { key: 'phone', label: t('field.phone'), children: orEmpty(b.phone) },
          { key: 'email', label: t('field.email'), children: orEmpty(b.email) },
        ]}
      />
      {section(t('section.approval'))}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'approvalStatus',
            label: t('approvalStatus'),
            children: (
              <StatusTag set="payoutApproval" status={payout.approvalStatus}>
                {t(`approval.${payout.approvalStatus}`)}
              </StatusTag>
            ),
          },
          { key: 'approvedBy', label: t('decidedBy'), children: orEmpty(payout.approvedBy) },
          { key: 'approvedAt', label: t('decidedAt'), children: time(payout.approvedAt) },
          ...(payout.approvalStatus === 'REJECTED'
            ? [{ key: 'reason', label: t('refuseReason'), children: orEmpty(payout.statusReason) }]
            : []),
        ]}
      />
      {section(t('section.history'))}
      {payout.history.length === 0 ? (
        <Typography.Text type="secondary">{t('noHistory')}</Typography.Text>
      ) : (
        <Timeline
          items={payout.history.map((entry, index) => ({
            key: `${entry.event}-${entry.at}-${index}`,
            content: (
              <Flex vertical gap={2}>
                <Typography.Text strong>{t(`event.${entry.event}`)}</Typography.Text>
                <Typography.Text type="secondary">
                  <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                  {' · '}
                  {entry.by ?? t('byPlatform')}
                </Typography.Text>
                {entry.transactionStatus && (
                  <Typography.Text type="secondary">
                    {t('transactionStatus', { status: t(`txStatus.${entry.transactionStatus}`) })}
                  </Typography.Text>
                )}
                {entry.reason && <Typography.Text>{entry.reason}</Typography.Text>}
              </Flex>
            ),
          }))}
        />
      )}
    </Flex>
  );
}
