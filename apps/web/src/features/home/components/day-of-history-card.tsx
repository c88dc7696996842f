import type { Country, Currency } from '@andes/contract/common/countries';
import { addDays, pickerBounds } from '@andes/contract/common/dates';
import { formatCents } from '@andes/contract/common/money';
import type { DayOfHistory, Figures } from '@andes/contract/home/schemas';
import { Empty, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { ZonedDatePicker } from '../../../shared/ui/zoned-date-picker.tsx';
import { useDayOfHistory } from '../api/use-day-of-history.ts';
import { formatCount } from '../chart-options.ts';
import { percentChange } from '../figures.ts';
import { SectionCard } from './section-card.tsx';

type Row = DayOfHistory['rows'][number];

/** A figure of the day over its value a week before and the change. */
function Compared({ day, compare, show }: { day: number; compare: number; show(value: number): string }) {
  const { t } = useTranslation('home');
  const change = percentChange(day, compare);
  const tone = change === null || change === '0.0%' ? 'secondary' : change.startsWith('-') ? 'danger' : 'success';
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div style={{ fontVariantNumeric: 'tabular-nums' }}>{show(day)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('history.weekBefore', { value: show(compare) })}{' '}
        <Typography.Text type={tone} style={{ fontSize: 12 }}>
          {change ?? t('history.noChange')}
        </Typography.Text>
      </Typography.Text>
    </div>
  );
}

/**
 * One past day per product beside the same weekday a week before. The day defaults to yesterday
 * in the country's zone; it may go back as far as the search pickers (five months).
 */
export function DayOfHistoryCard({ country, timeZone }: { country: Country; timeZone: string }) {
  const { t } = useTranslation('home');
  const bounds = useMemo(() => {
    const picker = pickerBounds(timeZone);
    return { min: picker.min, max: addDays(picker.max, -1) };
  }, [timeZone]);
  const [date, setDate] = useState(bounds.max);
  const query = useDayOfHistory({ country, date });
  const figure = (key: keyof Figures, show: (value: number) => string): ((row: Row) => ReactNode) => {
    return (row) => <Compared day={row.day[key]} compare={row.compare[key]} show={show} />;
  };
  const columnsOf = (currency: Currency): TableColumnsType<Row> => [
    { key: 'product', title: t('col.product'), render: (_, row) => t(`product.${row.product}`) },
    { key: 'count', title: t('col.count'), render: (_, row) => figure('count', formatCount)(row) },
    { key: 'success', title: t('history.successCount'), render: (_, row) => figure('successCount', formatCount)(row) },
    { key: 'amount', title: t('history.successAmount'), render: (_, row) => figure('successAmount', (v) => formatCents(v, currency))(row) },
  ];
  return (
    <SectionCard
      title={t('history.title')}
      extra={<ZonedDatePicker value={date} onChange={setDate} bounds={bounds} label={t('history.date')} />}
      query={query}
      rows={4}
    >
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">
            {t('history.comparing', { date: data.date, compare: data.compareDate })}
          </Typography.Paragraph>
          {data.rows.every((row) => row.day.count === 0 && row.compare.count === 0) ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
          ) : (
            <ScrollTable<Row>
              label={t('history.title')}
              rowKey="product"
              size="small"
              pagination={false}
              columns={columnsOf(data.currency)}
              dataSource={data.rows}
            />
          )}
        </>
      )}
    </SectionCard>
  );
}
