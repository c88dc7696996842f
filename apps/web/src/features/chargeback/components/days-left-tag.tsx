import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysLeftBand, daysLeftText } from '../days-left.ts';

/** Days left to defend, coloured by urgency (overdue or ≤ 1 red, ≤ 3 orange, ≤ 7 gold); a dash once answered. */
export function DaysLeftTag({ daysLeft }: { daysLeft: number | null }) {
  const { t } = useTranslation('chargeback');
  const band = daysLeftBand(daysLeft);
  if (band === null) return <>{EMPTY_PLACEHOLDER}</>;
  const { key, count } = daysLeftText(daysLeft);
  return (
    <Tag color={band} data-band={band} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      {t(`daysLeft.${key}`, { count })}
    </Tag>
  );
}
