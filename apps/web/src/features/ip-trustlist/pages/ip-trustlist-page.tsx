import { IP_TRUSTLIST_MAX_ENTRIES } from '@andes/contract/common/constants';
import { IP_TRUSTLIST_TYPES, type IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useIpTrustlistUsage } from '../api/use-ip-trustlist.ts';
import { RestrictionCard } from '../components/restriction-card.tsx';
import { serviceListPath } from '../ip-list-url.ts';

function ListCard({ listType }: { listType: IpTrustlistType }) {
  const { t } = useTranslation('ip');
  const usage = useIpTrustlistUsage(listType);
  return (
    <Card
      title={t(`type.${listType}.name`)}
      extra={
        <Can permission="setting:service-list">
          <Link to={serviceListPath(listType)} aria-label={t('openList', { list: t(`type.${listType}.name`) })}>
            {t('manage')} <RightOutlined aria-hidden />
          </Link>
        </Can>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t(`type.${listType}.description`)}</Typography.Text>
        <Typography.Text>
          {usage.data === undefined ? '\u00a0' : t('usedOf', { used: usage.data, limit: IP_TRUSTLIST_MAX_ENTRIES })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * `/setting/ip-trustlist`: the merchant's trust lists (dashboard sign-in, API calls), each leading
 * to its entries, and the switch "dashboard access only from trusted addresses".
 */
export function IpTrustlistPage() {
  const { t } = useTranslation('ip');
  return (
    <>
      <PageHeader title={t('title')} />
      <Row gutter={[16, 16]}>
        {IP_TRUSTLIST_TYPES.map((listType) => (
          <Col key={listType} xs={24} md={12}>
            <ListCard listType={listType} />
          </Col>
        ))}
        <Can permission="setting:ip-trustlist:detail">
          <Col xs={24}>
            <RestrictionCard />
          </Col>
        </Can>
      </Row>
    </>
  );
}
