import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RevenueFilters } from '../components/revenue-filters.tsx';
import { FunnelCard, KpiCards, ReasonsCard, TrendCard, VolumeCard } from '../components/situation-cards.tsx';
import { revenueViewOf } from '../revenue-url.ts';

/** `/revenue-assurance/situation-analysis`. */
export function SituationAnalysisPage() {
  const { t } = useTranslation('revenueAssurance');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <SituationScreen key={area.code} area={area} />;
}

/**
 * Situation analysis of the selected country (issue #14 item 3; docs/decisions/0031): the range's
 * KPIs with their change, volume and success rate, the approval trend, the approval funnel and the
 * fail-reason ranking. Filters live in the URL; every figure opens its transactions (a click on
 * the chart, or its link in the data table).
 */
function SituationScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('revenueAssurance');
  const [params] = useSearchParams();
  const zone = area.timezoneName;
  const view = revenueViewOf({ country: area.code, timeZone: zone }, params);
  return (
    <>
      <PageHeader title={t('situation.title')} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t('situation.intro')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
      </Typography.Paragraph>
      <RevenueFilters view={view} withType />
      <Flex vertical gap={16}>
        <KpiCards view={view} />
        <VolumeCard view={view} />
        <TrendCard view={view} />
        <FunnelCard view={view} />
        <ReasonsCard view={view} />
      </Flex>
    </>
  );
}
