import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { RowCard } from '../../../shared/list-screen/row-card.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
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
  const mobile = useIsMobile();
  const columns = alarmColumns(t, timeZone, zoneLabel, onEdit);
  const rows = query.data?.list ?? [];
  const title = t('alarms.title');
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.empty')} />;
  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{t('alarms.intro')}</Typography.Paragraph>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data &&
        (mobile ? (
          rows.length === 0 ? (
            empty
          ) : (
            <Flex component="ul" vertical gap={12} aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((alarm, index) => (
                <li key={alarm.accountId}>
                  <RowCard<BalanceAlarm> row={alarm} index={index} columns={columns} layout={{ title: 'account', extra: 'state' }} />
                </li>
              ))}
            </Flex>
          )
        ) : (
          <ScrollTable<BalanceAlarm>
            label={title}
            caption={<VisuallyHidden>{title}</VisuallyHidden>}
            rowKey="accountId"
            size="middle"
            pagination={false}
            columns={columns}
            dataSource={rows}
            locale={{ emptyText: empty }}
          />
        ))}
    </Card>
  );
}
