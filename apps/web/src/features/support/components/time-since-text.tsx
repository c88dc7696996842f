import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { useTranslation } from 'react-i18next';
import { elapsedOf } from '../time-since.ts';

/** "5 min ago", "3 h ago", "2 d ago" or "just now"; the placeholder when that side has not replied. */
export function TimeSinceText({ seconds, none }: { seconds: number | null; none?: string }) {
  const { t } = useTranslation('support');
  if (seconds === null) return <span>{none ?? EMPTY_PLACEHOLDER}</span>;
  const elapsed = elapsedOf(seconds);
  return <span>{elapsed.unit === 'justNow' ? t('since.justNow') : t(`since.${elapsed.unit}`, { count: elapsed.count })}</span>;
}
