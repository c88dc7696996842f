import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import type { Countdown } from '../accounting-form.ts';

/**
 * The time left to confirm a quoted rate, `mm:ss`, ticking each second on screen. Screen readers
 * hear it through a polite live region whose text changes only every 30 s (every 10 s in the last
 * minute) and once when it runs out — never each second.
 */
export function QuoteCountdown({ left }: { left: Countdown }) {
  const { t } = useTranslation('accounting');
  const minutes = Math.floor(left.announced / 60);
  const seconds = left.announced % 60;
  return (
    <span>
      <Typography.Text
        strong
        type={left.seconds <= 60 ? 'danger' : undefined}
        aria-hidden="true"
        data-testid="quote-countdown"
        style={{ fontVariantNumeric: 'tabular-nums', fontSize: 20 }}
      >
        {left.clock}
      </Typography.Text>
      <VisuallyHidden>
        <span aria-live="polite" aria-atomic="true" data-testid="quote-countdown-spoken">
          {left.expired ? t('contract.expired') : t('contract.leftSpoken', { minutes, seconds })}
        </span>
      </VisuallyHidden>
    </span>
  );
}
