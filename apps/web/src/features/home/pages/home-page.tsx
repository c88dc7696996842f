import { utcOffsetLabel } from '@andes/contract/common/countries';
import { Alert, Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { usePermissionLoad } from '../../../shared/auth/use-permission-load.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

type Items = NonNullable<DescriptionsProps['items']>;

/**
 * Home: who is signed in, for which merchant, and the selected country's currency and local time.
 * Without two-factor authentication, one quiet line says where to turn it on (no nagging dialog).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('common');
  const [language] = useLanguage();
  const { data: user } = useCurrentUserInfo();
  const { area } = useSelectedArea();
  const { data: load } = usePermissionLoad();
  const mfaOff = load?.userInfo.mfaOpenState === false;
  const now = useNow();

  const items: Items = [];
  if (user) {
    items.push(
      { key: 'user', label: t('user'), children: `${user.displayName} (${user.username})` },
      { key: 'merchant', label: t('merchant'), children: `${user.merchantName} (${user.merchantCode})` },
    );
  }
  if (area) {
    items.push(
      { key: 'country', label: t('country'), children: `${tc(`countryName.${area.code}`)} (${area.code})` },
      { key: 'currency', label: t('currency'), children: area.currency },
      { key: 'timeZone', label: t('timeZone'), children: `${area.timezoneName} (${utcOffsetLabel(area.timezoneName, now)})` },
      {
        key: 'localTime',
        label: t('localTime'),
        children: (
          <time dateTime={now.toISOString()}>
            {new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'medium', timeZone: area.timezoneName }).format(now)}
          </time>
        ),
      },
    );
  }

  return (
    <>
      <PageHeader title={t('title')} />
      {mfaOff && <Alert type="info" showIcon closable title={t('mfaHint')} style={{ marginBottom: 16 }} />}
      <Card>
        {user && (
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('welcome', { name: user.displayName })}
          </Typography.Title>
        )}
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small" items={items} />
        {!area && <Alert type="warning" showIcon title={t('noArea')} style={{ marginTop: 16 }} />}
      </Card>
    </>
  );
}
