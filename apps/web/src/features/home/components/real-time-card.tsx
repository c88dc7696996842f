import type { Country } from '@andes/contract/common/countries';
import { PRODUCTS, type Product } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/ui/echart.tsx';
import { useRealTimeLineChart } from '../api/use-real-time-line-chart.ts';
import { hourLabel, realTimeChart } from '../chart-options.ts';
import { realTimeSeries } from '../figures.ts';
import { AsOf } from './as-of.tsx';
import { SectionCard } from './section-card.tsx';

type ProductChoice = Product | 'all';

/** Today's successful amount accumulated hour by hour beside yesterday's, refreshed every 15 s. */
export function RealTimeCard({ country, timeZone }: { country: Country; timeZone: string }) {
  const { t } = useTranslation('home');
  const [choice, setChoice] = useState<ProductChoice>('all');
  const query = useRealTimeLineChart(choice === 'all' ? { country } : { country, product: choice });
  const data = query.data;
  const chart = useMemo(() => {
    if (!data) return undefined;
    const series = realTimeSeries(data);
    const built = realTimeChart(series.today, series.yesterday, data.currency, {
      caption: t('realTime.caption'),
      x: t('col.hour'),
      today: t('realTime.today'),
      yesterday: t('realTime.yesterday'),
    });
    const lastHour = series.today.length - 1;
    return {
      ...built,
      summary: built.empty
        ? t('realTime.empty')
        : t('realTime.summary', {
            hour: hourLabel(lastHour),
            today: formatCents(series.today.at(-1) ?? 0, data.currency),
            yesterdaySame: formatCents(series.yesterday[lastHour] ?? 0, data.currency),
            yesterday: formatCents(series.yesterday.at(-1) ?? 0, data.currency),
          }),
    };
  }, [data, t]);
  return (
    <SectionCard title={t('realTime.title')} extra={data && <AsOf instant={data.asOf} timeZone={timeZone} />} query={query} rows={6}>
      {() => (
        <>
          <Segmented<ProductChoice>
            aria-label={t('transactions.product')}
            value={choice}
            onChange={setChoice}
            options={[{ value: 'all', label: t('product.all') }, ...PRODUCTS.map((p) => ({ value: p, label: t(`product.${p}`) }))]}
            style={{ marginBottom: 12 }}
          />
          {chart && <EChart {...chart} height={260} emptyText={t('realTime.empty')} />}
        </>
      )}
    </SectionCard>
  );
}
