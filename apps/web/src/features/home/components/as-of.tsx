import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zonedClock } from '../../../shared/ui/zoned-time.ts';

/** "as of 14:05 UTC-3": when the figures were read, in the selected country's zone. */
export function AsOf({ instant, timeZone }: { instant: string | number; timeZone: string }) {
  const { t } = useTranslation('home');
  const { time, zone } = zonedClock(instant, timeZone);
  return (
    <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
      <time dateTime={new Date(instant).toISOString()}>{t('asOf', { time, zone })}</time>
    </Typography.Text>
  );
}
