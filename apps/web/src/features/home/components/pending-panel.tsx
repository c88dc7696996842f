import type { Country } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/ui/echart.tsx';
import { FigureCard } from '../../../shared/ui/figure-card.tsx';
import { usePendingBalanceInfo } from '../api/use-pending-balance-info.ts';
import { amountBarsChart, formatCount } from '../chart-options.ts';
import { SectionCard } from './section-card.tsx';

/** Pending and held money, and when the pending money becomes available (a bar per date). */
export function PendingPanel({ country }: { country: Country }) {
  const { t } = useTranslation('home');
  const query = usePendingBalanceInfo(country);
  const info = query.data;
  const chart = useMemo(
    () =>
      info &&
      amountBarsChart(info.upcoming, info.currency, {
        caption: t('pending.caption'),
        x: t('col.date'),
        amount: t('col.amount'),
        count: t('col.count'),
      }),
    [info, t],
  );
  return (
    <SectionCard title={t('pending.title')} query={query} rows={5}>
      {(data) => (
        <>
          <Row gutter={[12, 12]}>
            <Col span={12}>
              <FigureCard label={t('figure.pending')} cents={data.pending} currency={data.currency} />
            </Col>
            <Col span={12}>
              <FigureCard
                label={t('figure.onHold')}
                cents={data.onHold}
                currency={data.currency}
                footer={t('pending.heldCount', { count: formatCount(data.heldCount) })}
              />
            </Col>
          </Row>
          {chart && (
            <div style={{ marginTop: 16 }}>
              <EChart
                option={chart.option}
                table={chart.table}
                empty={chart.empty}
                emptyText={t('pending.empty')}
                height={200}
                summary={
                  data.upcoming.length === 0
                    ? t('pending.empty')
                    : t('pending.summary', {
                        dates: formatCount(data.upcoming.length),
                        first: data.upcoming[0]?.date ?? '',
                        amount: formatCents(data.pending, data.currency),
                      })
                }
              />
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}
