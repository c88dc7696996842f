import type { AlarmEvent, BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { Card, Empty, Flex, Form, Select, Spin, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import type { ListUrl } from '../../../shared/list/use-list-url.ts';
import { RowsOrCards } from '../../../shared/list-screen/rows-or-cards.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ListPager } from '../../../shared/ui/list-pager.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useBalanceAlarmHistory } from '../api/balance-alarm-calls.ts';
import { HISTORY_ACCOUNT_PARAM, historyAccountOf, historyRequestOf } from '../history-url.ts';
import { accountLabel } from './alarm-columns.tsx';

type T = TFunction<'balanceAlarm'>;

const ALL_ACCOUNTS = 'all';

/** The history's columns (the mobile cards are built from the same columns). */
export function historyColumns(t: T, timeZone: string, zoneLabel: string): TableColumnsType<AlarmEvent> {
  return [
    {
      key: 'time',
      title: t('history.time', { zone: zoneLabel }),
      render: (_, event) => (
        <time dateTime={event.at} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(event.at, timeZone)}
        </time>
      ),
    },
    {
      key: 'account',
      title: t('history.account'),
      render: (_, event) => (
        <Flex vertical gap={2}>
          <span style={{ whiteSpace: 'nowrap' }}>{accountLabel(event.accountNo)}</span>
          <Typography.Text type="secondary">{t(`accountType.${event.accountType}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'event',
      title: t('history.event'),
      render: (_, event) => <StatusTag color={event.kind === 'FIRED' ? 'error' : 'success'}>{t(`history.kind.${event.kind}`)}</StatusTag>,
    },
    {
      key: 'available',
      title: t('history.available'),
      align: 'right',
      render: (_, event) => <Amount cents={event.available} currency={event.currency} />,
    },
    {
      key: 'threshold',
      title: t('history.threshold'),
      align: 'right',
      render: (_, event) => <Amount cents={event.threshold} currency={event.currency} />,
    },
    {
      key: 'notified',
      title: t('history.notified'),
      align: 'right',
      render: (_, event) => (event.kind === 'FIRED' ? event.notified : EMPTY_PLACEHOLDER),
    },
    {
      key: 'mail',
      title: t('history.mail'),
      render: (_, event) => {
        if (event.kind !== 'FIRED') return EMPTY_PLACEHOLDER;
        if (event.mailedAt === null) return <Typography.Text type="warning">{t('history.mailPending')}</Typography.Text>;
        return (
          <time dateTime={event.mailedAt} style={{ whiteSpace: 'nowrap' }}>
            {t('history.mailSent', { time: formatDateTime(event.mailedAt, timeZone) })}
          </time>
        );
      },
    },
  ];
}

interface HistoryCardProps {
  country: Country;
  /** The country's accounts (the filter's choices); the history waits for them. */
  accounts: readonly BalanceAlarm[] | undefined;
  list: ListUrl;
  timeZone: string;
  zoneLabel: string;
}

/**
 * The alarms' firings and recoveries in the country, newest first, of one account or all (the
 * filter and the page are in the URL), paged by cursor (the keyset pager of the lists).
 */
export function HistoryCard({ country, accounts, list, timeZone, zoneLabel }: HistoryCardProps) {
  const { t } = useTranslation('balanceAlarm');
  const mobile = useIsMobile();
  const filterId = useId();
  const accountId = historyAccountOf(
    list.params,
    (accounts ?? []).map((a) => a.accountId),
  );
  const request = historyRequestOf(country, accountId, list.params, list.position);
  const page = useBalanceAlarmHistory(request, accounts !== undefined);
  const columns = historyColumns(t, timeZone, zoneLabel);
  const title = t('history.title');
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  const rows = page.data?.list ?? [];
  const loading = page.isFetching || accounts === undefined;

  return (
    <Card title={title}>
      <Form layout={mobile ? 'vertical' : 'inline'} component="div" style={{ marginBottom: 16 }}>
        <Form.Item label={t('history.filterAccount')} htmlFor={filterId}>
          <Select<number | typeof ALL_ACCOUNTS>
            id={filterId}
            style={{ minWidth: 260 }}
            value={accountId ?? ALL_ACCOUNTS}
            onChange={(value) => list.update({ [HISTORY_ACCOUNT_PARAM]: value === ALL_ACCOUNTS ? undefined : value })}
            options={[
              { value: ALL_ACCOUNTS, label: t('history.allAccounts') },
              ...(accounts ?? []).map((a) => ({
                value: a.accountId,
                label: `${accountLabel(a.accountNo)} · ${t(`accountType.${a.accountType}`)}`,
              })),
            ]}
          />
        </Form.Item>
      </Form>
      <QueryStatus query={{ isError: page.isError, isPending: false, error: page.error }} onRetry={() => void page.refetch()} />
      <Spin spinning={mobile && loading}>
        <RowsOrCards<AlarmEvent>
          title={title}
          rows={rows}
          rowKey="id"
          columns={columns}
          layout={{ title: 'time', extra: 'event' }}
          empty={empty}
          loading={loading}
        />
      </Spin>
      <ListPager list={list} page={page.data} loading={loading} />
    </Card>
  );
}
