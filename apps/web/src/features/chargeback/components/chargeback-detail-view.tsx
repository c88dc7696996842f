import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { ChargebackDetail } from '@andes/contract/risk/schemas';
import { Descriptions, Flex, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { FileList } from '../../../shared/ui/file-list.tsx';
import { appendixBlob, chargebackKeys, saveAppendix } from '../api/chargeback-calls.ts';
import { payinDetailPath } from '../chargeback-paths.ts';
import { ChargebackStatusTag } from './chargeback-status.tsx';
import { DaysLeftTag } from './days-left-tag.tsx';

/** The defence's appendices: images previewed, every file downloadable. */
function Appendices({ chargeback }: { chargeback: ChargebackDetail }) {
  const { t } = useTranslation('chargeback');
  const id = chargeback.id;
  return (
    <FileList
      files={chargeback.appendices}
      queryKey={chargebackKeys.appendices(id)}
      loadBlob={(file) => appendixBlob(id, file.fileId)}
      download={(file) => saveAppendix(id, file.fileId, file.name)}
      empty={t('detail.noAppendices')}
    />
  );
}

/**
 * Every field of a chargeback (spec §3): its ids, the disputed pay-in (a link to its page), card,
 * amounts, reason and code, dispute date, deadline with the days left, status, the defence
 * (description, appendices, date, by whom), acceptance and outcome — then its history.
 */
export function ChargebackDetailView({ chargeback, zone }: { chargeback: ChargebackDetail; zone: string }) {
  const { t } = useTranslation('chargeback');
  const canOpenPayin = usePermission('transactions:detail');
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  const money = (cents: number) => <Amount cents={cents} currency={chargeback.currency} />;
  const items: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'merchantReference',
      label: t('field.merchantReference'),
      children: <Typography.Text copyable>{chargeback.merchantReference}</Typography.Text>,
    },
    { key: 'uniqueId', label: t('field.uniqueId'), children: <Typography.Text copyable>{chargeback.uniqueId}</Typography.Text> },
    {
      key: 'payin',
      label: t('field.payin'),
      children: canOpenPayin ? (
        <Link to={payinDetailPath(chargeback.transactionId)} aria-label={t('detail.openPayin', { id: chargeback.payinUniqueId })}>
          {chargeback.payinUniqueId}
        </Link>
      ) : (
        chargeback.payinUniqueId
      ),
    },
    { key: 'country', label: t('field.country'), children: chargeback.country },
    {
      key: 'productType',
      label: t('field.productType'),
      children: t(`productType.${chargeback.productType}` as 'productType.CARD', { defaultValue: chargeback.productType }),
    },
    {
      key: 'cardBrand',
      label: t('field.cardBrand'),
      children: chargeback.cardBrand ? t(`cardBrand.${chargeback.cardBrand}`) : EMPTY_PLACEHOLDER,
    },
    { key: 'card', label: t('field.card'), children: chargeback.cardMasked ?? EMPTY_PLACEHOLDER },
    { key: 'payinAmount', label: t('field.payinAmount'), children: money(chargeback.payinAmount) },
    { key: 'disputeAmount', label: t('field.disputeAmount'), children: money(chargeback.disputeAmount) },
    { key: 'reasonCode', label: t('field.reasonCode'), children: t(`reasonCode.${chargeback.reasonCode}`) },
    { key: 'reason', label: t('field.reason'), children: chargeback.reason || EMPTY_PLACEHOLDER },
    { key: 'disputeDate', label: t('field.disputeDate'), children: time(chargeback.disputeDate) },
    { key: 'deadline', label: t('field.deadline'), children: time(chargeback.deadline) },
    { key: 'daysLeft', label: t('field.daysLeft'), children: <DaysLeftTag daysLeft={chargeback.daysLeft} /> },
    { key: 'status', label: t('field.status'), children: <ChargebackStatusTag status={chargeback.status} /> },
    {
      key: 'description',
      label: t('field.description'),
      children: chargeback.description ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{chargeback.description}</Typography.Paragraph>
      ) : (
        EMPTY_PLACEHOLDER
      ),
    },
    { key: 'appendices', label: t('field.appendices'), children: <Appendices chargeback={chargeback} /> },
    { key: 'defenseDate', label: t('field.defenseDate'), children: time(chargeback.defenseDate) },
    { key: 'defendedBy', label: t('field.defendedBy'), children: chargeback.defendedBy ?? EMPTY_PLACEHOLDER },
    { key: 'accepted', label: t('field.accepted'), children: chargeback.accepted ? t('detail.accepted') : t('detail.acceptedNo') },
    { key: 'outcomeAt', label: t('field.outcomeAt'), children: time(chargeback.outcomeAt) },
  ];
  if (chargeback.subMerchantName) items.push({ key: 'subMerchant', label: t('field.subMerchant'), children: chargeback.subMerchantName });

  return (
    <Flex vertical gap={16}>
      <section aria-label={t('detail.fields')}>
        <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }} items={items} />
      </section>
      <section aria-labelledby="chargeback-history-title">
        <Typography.Title level={5} id="chargeback-history-title">
          {t('history.title')}
        </Typography.Title>
        {chargeback.history.length === 0 ? (
          <Typography.Text type="secondary">{t('history.empty')}</Typography.Text>
        ) : (
          <Timeline
            items={chargeback.history.map((entry, index) => ({
              key: `${entry.event}-${entry.at}-${index}`,
              content: (
                <Flex vertical gap={2}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{t(`event.${entry.event}`)}</Typography.Text>
                    <ChargebackStatusTag status={entry.status} />
                  </Flex>
                  <Typography.Text type="secondary">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                    {' · '}
                    {entry.by ?? t('history.byProvider')}
                  </Typography.Text>
                  {entry.note && <Typography.Text>{entry.note}</Typography.Text>}
                </Flex>
              ),
            }))}
          />
        )}
      </section>
    </Flex>
  );
}
