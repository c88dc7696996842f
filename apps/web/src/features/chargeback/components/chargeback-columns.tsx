import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { Chargeback } from '@andes/contract/risk/schemas';
import { Flex, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Amount } from '../../../shared/ui/amount.tsx';
import { chargebackDetailPath } from '../chargeback-paths.ts';
import { ChargebackStatusTag } from './chargeback-status.tsx';
import { DaysLeftTag } from './days-left-tag.tsx';

/** The reason says no more than its code's label ("Not as described" twice). */
const sameWords = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface ColumnContext {
  t: TFunction<'chargeback'>;
  zone: string;
  /** The caller may open a chargeback's page. */
  canOpen: boolean;
}

/**
 * The chargeback list's columns (spec §3): merchant ref (opens its page), dispute date, dispute
 * amount, reason with its code, days left (coloured by urgency), deadline, status, defence date.
 */
export function chargebackColumns({ t, zone, canOpen }: ColumnContext): TableColumnsType<Chargeback> {
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  return [
    {
      key: 'merchantReference',
      title: t('field.merchantReference'),
      render: (_, row) =>
        canOpen ? (
          <Link
            to={chargebackDetailPath(row.id)}
            aria-label={t('list.openOf', { ref: row.merchantReference })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {row.merchantReference}
          </Link>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{row.merchantReference}</span>
        ),
    },
    { key: 'disputeDate', title: t('field.disputeDate'), render: (_, row) => time(row.disputeDate) },
    {
      key: 'disputeAmount',
      title: t('field.disputeAmount'),
      align: 'right',
      render: (_, row) => <Amount cents={row.disputeAmount} currency={row.currency} />,
    },
    {
      key: 'reason',
      title: t('field.reason'),
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text>{t(`reasonCode.${row.reasonCode}`)}</Typography.Text>
          {row.reason && !sameWords(row.reason, t(`reasonCode.${row.reasonCode}`)) && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.reason }} style={{ maxWidth: 240 }}>
              {row.reason}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'daysLeft', title: t('field.daysLeft'), render: (_, row) => <DaysLeftTag daysLeft={row.daysLeft} /> },
    { key: 'deadline', title: t('field.deadline'), render: (_, row) => time(row.deadline) },
    { key: 'status', title: t('field.status'), render: (_, row) => <ChargebackStatusTag status={row.status} /> },
    { key: 'defenseDate', title: t('field.defenseDate'), render: (_, row) => time(row.defenseDate) },
  ];
}
