import type { CurrentUser } from '@andes/contract/auth/schemas';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { usePermissionLoad } from '../../../shared/auth/use-permission-load.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { AccountListCard } from '../components/account-list-card.tsx';
import { AccountingCalendarCard } from '../components/accounting-calendar-card.tsx';
import { BalanceOverview } from '../components/balance-overview.tsx';
import { DayOfHistoryCard } from '../components/day-of-history-card.tsx';
import { PendingPanel } from '../components/pending-panel.tsx';
import { ProductListCard } from '../components/product-list-card.tsx';
import { RealTimeCard } from '../components/real-time-card.tsx';
import { TransactionsSection } from '../components/transactions-section.tsx';
import { UnreadMessages } from '../components/unread-messages.tsx';

/** Every part of Home for one country; keyed by it, so switching country starts its ranges afresh. */
function CountryHome({ area }: { area: AreaAuthority }) {
  const mobile = useIsMobile();
  const half = mobile ? 24 : 12;
  const country = area.code;
  const timeZone = area.timezoneName;
  return (
    <Flex vertical gap={16}>
      <BalanceOverview country={country} timeZone={timeZone} />
      <Row gutter={[16, 16]}>
        <Col span={half}>
          <PendingPanel country={country} />
        </Col>
        <Col span={half}>
          <ProductListCard country={country} />
        </Col>
      </Row>
      <RealTimeCard country={country} timeZone={timeZone} />
      <TransactionsSection country={country} timeZone={timeZone} />
      <DayOfHistoryCard country={country} timeZone={timeZone} />
      <Card>
        <AccountingCalendarCard country={country} timeZone={timeZone} />
      </Card>
      <AccountListCard country={country} />
    </Flex>
  );
}

/** Who is signed in for which merchant, and the country, currency and zone the figures are in. */
function Context({ user, area }: { user: CurrentUser | undefined; area: AreaAuthority | null }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('common');
  const now = useNow(60_000);
  const items = [
    ...(user ? [{ key: 'merchant', label: t('merchant'), value: `${user.merchantName} (${user.merchantCode})` }] : []),
    ...(area
      ? [
          { key: 'country', label: t('country'), value: `${tc(`countryName.${area.code}`)} (${area.code})` },
          { key: 'currency', label: t('currency'), value: area.currency },
          { key: 'timeZone', label: t('timeZone'), value: `${area.timezoneName} (${utcOffsetLabel(area.timezoneName, now)})` },
        ]
      : []),
  ];
  return (
    <div style={{ marginTop: -8, marginBottom: 16 }}>
      {user && <Typography.Text strong>{t('welcome', { name: user.displayName })}</Typography.Text>}
      <Flex component="ul" wrap gap={4} style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {items.map((item, index) => (
          <li key={item.key}>
            <Typography.Text type="secondary">
              {index > 0 && <span aria-hidden="true">· </span>}
              <VisuallyHidden>{item.label}: </VisuallyHidden>
              <span>{item.value}</span>
            </Typography.Text>
          </li>
        ))}
      </Flex>
    </div>
  );
}

/**
 * Home (`/home`): the selected country's balances, pending money, products and transaction charts,
 * in its currency and time zone, refreshed as the platform's events arrive. Without two-factor
 * authentication, one quiet line says where to turn it on (no nagging dialog).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: user } = useCurrentUserInfo();
  const { area } = useSelectedArea();
  const { data: load } = usePermissionLoad();
  const mfaOff = load?.userInfo.mfaOpenState === false;
  return (
    <>
      <PageHeader title={t('title')} extra={<UnreadMessages />} />
      <Context user={user} area={area} />
      {mfaOff && <Alert type="info" showIcon closable title={t('mfaHint')} style={{ marginBottom: 16 }} />}
      {area ? <CountryHome key={area.code} area={area} /> : <Alert type="warning" showIcon title={t('noArea')} />}
    </>
  );
}
