import { maskAccountNumber } from '@andes/contract/common/format';
import type { GlobalAccountInfo } from '@andes/contract/global/schemas';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { FigureCard } from '../../../shared/ui/figure-card.tsx';
import { zonedClock } from '../../../shared/ui/zoned-time.ts';

/**
 * The global account: balance, available and unavailable (USD), what came in and went out over
 * the last 30 days, and the countries and accounts its funds can be sent to.
 */
export function AccountInfoCard({ info, timeZone }: { info: GlobalAccountInfo; timeZone: string }) {
  const { t } = useTranslation('globalBalance');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  const colProps = mobile ? { span: 12 } : { xs: 24, md: 8 };
  const colProps30 = mobile ? { span: 12 } : { xs: 24, md: 12 };
  const { time, zone } = zonedClock(info.asOf, timeZone);
  return (
    <Card
      title={t('account.title')}
      extra={
        <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
          <time dateTime={info.asOf}>{t('asOf', { time, zone })}</time>
        </Typography.Text>
      }
      styles={{ header: { flexWrap: 'wrap', rowGap: 8 } }}
    >
      <Typography.Paragraph type="secondary">
        {t('account.number', { accountNo: maskAccountNumber(info.accountNo), currency: info.currency })}
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        <Col {...colProps}>
          <FigureCard label={t('account.balance')} cents={info.balance} currency={info.currency} />
        </Col>
        <Col {...colProps}>
          <FigureCard label={t('account.available')} cents={info.available} currency={info.currency} />
        </Col>
        <Col {...colProps}>
          <FigureCard label={t('account.unavailable')} cents={info.unavailable} currency={info.currency} />
        </Col>
        <Col {...colProps30}>
          <FigureCard label={t('account.topup30')} cents={info.last30Days.topup} currency={info.currency} />
        </Col>
        <Col {...colProps30}>
          <FigureCard label={t('account.transferOut30')} cents={info.last30Days.transferOut} currency={info.currency} />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('account.options')}
      </Typography.Title>
      {info.options.length === 0 ? (
        <Typography.Text type="secondary">{t('account.noOptions')}</Typography.Text>
      ) : (
        <Flex component="ul" wrap gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {info.options.map((option) => (
            <li key={`${option.countryCode}:${option.transactionTypeCode}`}>
              <Tag>
                {t('account.option', {
                  country: tc(`countryName.${option.countryCode}`),
                  type: t(`accountType.${option.transactionTypeCode}`),
                })}
              </Tag>
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}
