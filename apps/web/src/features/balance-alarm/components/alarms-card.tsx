import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowsOrCards } from '../../../shared/list-screen/rows-or-cards.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { alarmColumns } from './alarm-columns.tsx';

interface AlarmsCardProps {
  query: { data: { list: BalanceAlarm[] } | undefined; isError: boolean; isPending: boolean; error: unknown; refetch(): unknown };
  timeZone: string;
  zoneLabel: string;
  /** Opens the edit dialog; null without `setting:balance-alarm:modify`. */
  onEdit: ((alarm: BalanceAlarm) => void) | null;
}

/**
 * The country's local accounts with their alarms: what an alarm does, then a table (cards on a
 * phone) of balance, threshold, state, people notified and the last firing.
 */
export function AlarmsCard({ query, timeZone, zoneLabel, onEdit }: AlarmsCardProps) {
  const { t } = useTranslation('balanceAlarm');
  const columns = alarmColumns(t, timeZone, zoneLabel, onEdit);
  const rows = query.data?.list ?? [];
  const title = t('alarms.title');
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.empty')} />;
  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{t('alarms.intro')}</Typography.Paragraph>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && (
        <RowsOrCards<BalanceAlarm>
          title={title}
          rows={rows}
          rowKey="accountId"
          columns={columns}
          layout={{ title: 'account', extra: 'state' }}
          empty={empty}
        />
      )}
    </Card>
  );
}
