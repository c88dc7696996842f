import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { formatDateTime } from '@andes/contract/common/dates';
import { maskAccountNumber } from '@andes/contract/common/format';
import { Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { ACTIONS_COLUMN } from '../../../shared/list-screen/row-card.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { ALARM_STATE_COLORS, alarmStateOf } from '../alarm-form.ts';

type T = TFunction<'balanceAlarm'>;

/** An account as the screen names it: its number (masked when long, spec §9). */
export function accountLabel(accountNo: string): string {
  return maskAccountNumber(accountNo);
}

/** The account cell: number, holder and a tag for a sub-merchant's account. */
export function AccountCell({ alarm, t }: { alarm: BalanceAlarm; t: T }) {
  return (
    <Flex vertical gap={2}>
      <span style={{ whiteSpace: 'nowrap' }}>{accountLabel(alarm.accountNo)}</span>
      <Flex gap={6} align="center" wrap>
        <Typography.Text type="secondary">{alarm.holderName}</Typography.Text>
        {alarm.subMerchant && <Tag style={{ marginInlineEnd: 0 }}>{t('subMerchant')}</Tag>}
      </Flex>
    </Flex>
  );
}

/**
 * The columns of the alarms table (the mobile cards are built from the same columns). The Edit
 * action is there only for holders of `setting:balance-alarm:modify` (`onEdit`).
 */
export function alarmColumns(
  t: T,
  timeZone: string,
  zoneLabel: string,
  onEdit: ((alarm: BalanceAlarm) => void) | null,
): TableColumnsType<BalanceAlarm> {
  const columns: TableColumnsType<BalanceAlarm> = [
    { key: 'account', title: t('column.account'), render: (_, alarm) => <AccountCell alarm={alarm} t={t} /> },
    { key: 'accountType', title: t('column.accountType'), render: (_, alarm) => t(`accountType.${alarm.accountType}`) },
    {
      key: 'available',
      title: t('column.available'),
      align: 'right',
      render: (_, alarm) => <Amount cents={alarm.available} currency={alarm.currency} />,
    },
    {
      key: 'threshold',
      title: t('column.threshold'),
      align: 'right',
      render: (_, alarm) => (alarm.threshold === null ? t('off') : <Amount cents={alarm.threshold} currency={alarm.currency} />),
    },
    {
      key: 'state',
      title: t('column.state'),
      render: (_, alarm) => {
        const state = alarmStateOf(alarm);
        return <StatusTag color={ALARM_STATE_COLORS[state]}>{t(`state.${state}`)}</StatusTag>;
      },
    },
    {
      key: 'subscribers',
      title: t('column.subscribers'),
      render: (_, alarm) =>
        alarm.subscribers.length === 0 ? (
          <Typography.Text type="secondary">{t('nobody')}</Typography.Text>
        ) : (
          alarm.subscribers.map((s) => s.name).join(', ')
        ),
    },
    {
      key: 'lastFired',
      title: t('column.lastFired', { zone: zoneLabel }),
      render: (_, alarm) =>
        alarm.lastFiredAt === null ? (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ) : (
          <time dateTime={alarm.lastFiredAt} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(alarm.lastFiredAt, timeZone)}
          </time>
        ),
    },
  ];
  if (onEdit) {
    columns.push({
      key: ACTIONS_COLUMN,
      title: t('column.actions'),
      render: (_, alarm) => (
        <Button type="link" size="small" aria-label={t('editOf', { account: accountLabel(alarm.accountNo) })} onClick={() => onEdit(alarm)}>
          {t('edit')}
        </Button>
      ),
    });
  }
  return columns;
}
