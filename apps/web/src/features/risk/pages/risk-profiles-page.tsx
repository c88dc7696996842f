import { CONFIG_TYPES, type ConfigType } from '@andes/contract/risk/enums';
import type { RuleCounts } from '@andes/contract/risk/schemas';
import { Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useRuleCounts } from '../api/risk-calls.ts';
import { configurePathOf } from '../risk-paths.ts';

function TypeFigures({ type, counts, loading }: { type: ConfigType; counts: RuleCounts | undefined; loading: boolean }) {
  const { t } = useTranslation('risk');
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />;
  if (!counts) return null;
  const entry = counts.list.find((c) => c.type === type) ?? { total: 0, enabled: 0 };
  return (
    <Typography.Text type="secondary">
      {type === 'RETRO_PERFORMANCE'
        ? t('profiles.replays', { count: entry.total })
        : t('profiles.rules', { total: entry.total, enabled: entry.enabled })}
    </Typography.Text>
  );
}

/**
 * `/risk/risk-profiles` (spec §2 Risk → Configure, §3 the twelve configuration types): one card per
 * type with what it does and how many rules it holds (and how many are enabled) in the selected
 * country — retro performance counts its replays — each opening the type's page.
 */
export function RiskProfilesPage() {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const { area } = useSelectedArea();
  const canOpen = usePermission('risk:configure-detail');
  const counts = useRuleCounts(area?.code ?? 'US');
  if (!area) return <Empty description={t('noCountry')} />;
  return (
    <>
      <PageHeader title={t('profiles.title', { country: tc(`countryName.${area.code}`) })} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t('profiles.intro')}
      </Typography.Paragraph>
      {counts.isError && (
        <div style={{ marginBottom: 16 }}>
          <QueryStatus query={counts} onRetry={() => void counts.refetch()} />
        </div>
      )}
      <Row gutter={[16, 16]} role="list" aria-label={t('profiles.listLabel')}>
        {CONFIG_TYPES.map((type) => (
          <Col key={type} xs={24} sm={12} lg={8} xxl={6} role="listitem">
            <Card size="small" hoverable={canOpen} style={{ height: '100%' }}>
              <Flex vertical gap={6}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {canOpen ? (
                    <Link to={configurePathOf(type)} data-testid={`risk-type-${type}`}>
                      {t(`type.${type}`)}
                    </Link>
                  ) : (
                    t(`type.${type}`)
                  )}
                </Typography.Title>
                <Typography.Text>{t(`typeIntro.${type}`)}</Typography.Text>
                <TypeFigures type={type} counts={counts.data} loading={counts.isPending} />
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
