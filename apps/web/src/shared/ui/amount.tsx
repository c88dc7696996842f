import type { Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import { Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { abbreviateCents, formatSignedCents } from './amount-format.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

/** 1,000 units: from here on cards abbreviate (spec §9: K above 1e3). */
const ABBREVIATE_FROM_CENTS = 100_000;

interface AmountProps {
  cents: number;
  currency: Currency;
  /** Short form (K, M, B) with the exact amount in a tooltip and for screen readers (cards, charts). */
  abbreviate?: boolean;
  /** A movement: `+` before money in (money out has its minus anyway). */
  signed?: boolean;
  style?: CSSProperties;
}

/**
 * An amount as spec §9 shows it: cents / 100 with the currency symbol. Abbreviated amounts keep
 * the exact figure one hover or focus away, and screen readers read the exact figure only.
 */
export function Amount({ cents, currency, abbreviate = false, signed = false, style }: AmountProps) {
  const exact = signed ? formatSignedCents(cents, currency) : formatCents(cents, currency);
  // Below 1,000 units the short form would only drop the cents: show the exact amount.
  if (!abbreviate || Math.abs(cents) < ABBREVIATE_FROM_CENTS) {
    return (
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }} data-amount={cents}>
        {exact}
      </span>
    );
  }
  const short = abbreviateCents(cents, currency);
  const shown = signed && cents > 0 ? `+${short}` : short;
  return (
    <Tooltip title={exact}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that keyboard users get the exact amount's tooltip */}
      <span tabIndex={0} style={{ whiteSpace: 'nowrap', ...style }} data-amount={cents}>
        <span aria-hidden="true">{shown}</span>
        <VisuallyHidden>{exact}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
