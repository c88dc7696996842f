import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { CaseDetail } from '@andes/contract/support/schemas';
import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseFiles } from './case-files.tsx';
import { CaseStatusTag } from './case-status.tsx';
import { PlainText } from './case-thread.tsx';

/**
 * Every field of a case (spec §3 "Support case"): case id, type, transaction type, title, country,
 * product type, transaction key, E2E id, CLABE number, notification e-mail, status, who opened it and
 * when, the description (as text, line breaks kept) and the appendices.
 */
export function CaseDetailView({ detail, zone }: { detail: CaseDetail; zone: string }) {
  const { t } = useTranslation('support');
  const { t: tt } = useTranslation('transactions');
  const { t: tc } = useTranslation('common');
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  const or = (value: string | null) => value ?? EMPTY_PLACEHOLDER;
  const items: { key: string; label: string; children: ReactNode; span?: number | 'filled' }[] = [
    { key: 'caseNo', label: t('field.caseNo'), children: <Typography.Text copyable>{detail.caseNo}</Typography.Text> },
    { key: 'status', label: t('field.status'), children: <CaseStatusTag status={detail.status} /> },
    { key: 'caseType', label: t('field.caseType'), children: t(`caseType.${detail.caseType}`) },
    {
      key: 'transactionType',
      label: t('field.transactionType'),
      children: detail.transactionType ? tt(`transactionType.${detail.transactionType}`) : EMPTY_PLACEHOLDER,
    },
    { key: 'country', label: t('field.country'), children: tc(`countryName.${detail.country}`) },
    {
      key: 'productType',
      label: t('field.productType'),
      children: detail.productType ? tt(`productType.${detail.productType}`) : EMPTY_PLACEHOLDER,
    },
    { key: 'transactionKey', label: t('field.transactionKey'), children: or(detail.transactionKey) },
    { key: 'e2eId', label: t('field.e2eId'), children: or(detail.e2eId) },
    ...(detail.country === 'MX' || detail.clabe ? [{ key: 'clabe', label: t('field.clabe'), children: or(detail.clabe) }] : []),
    { key: 'notificationEmail', label: t('field.notificationEmail'), children: or(detail.notificationEmail) },
    { key: 'createdBy', label: t('field.createdBy'), children: detail.createdByName },
    { key: 'createdAt', label: t('field.createdAt'), children: time(detail.createdAt) },
    ...(detail.subMerchantName ? [{ key: 'subMerchant', label: t('field.subMerchant'), children: detail.subMerchantName }] : []),
    ...(detail.closedAt ? [{ key: 'closedAt', label: t('field.closedAt'), children: time(detail.closedAt) }] : []),
    { key: 'title', label: t('field.title'), span: 'filled', children: <PlainText>{detail.title}</PlainText> },
    { key: 'description', label: t('field.description'), span: 'filled', children: <PlainText>{detail.description}</PlainText> },
    {
      key: 'appendices',
      label: t('field.appendices'),
      span: 'filled',
      children: <CaseFiles caseId={detail.id} files={detail.appendices} empty={t('detail.noAppendices')} />,
    },
  ];
  return (
    <section aria-label={t('detail.fields')}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }} items={items} />
    </section>
  );
}
