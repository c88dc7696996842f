import { Flex, Input, Space, Typography } from 'antd';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isReversed, type NumericRange, normalizeNumber } from './numeric-range.ts';

export interface NumericRangeInputProps {
  /** What is bounded, like "Amount": names both inputs ("Amount Minimum", "Amount Maximum"). */
  label: string;
  /** The range as typed (a Form.Item passes it); empty ends mean no bound. */
  value?: NumericRange;
  onChange?(value: NumericRange): void;
  /** How typing is cleaned (default: digits and one decimal point; amounts pass their own). */
  normalize?(text: string): string;
  /** id of the first input (a form label's `htmlFor`). */
  id?: string;
  /** Marks both inputs invalid (an error the caller shows). */
  invalid?: boolean;
  /** Show "the minimum must not be more than the maximum" under the inputs (default true). */
  showOrderError?: boolean;
  /** Enter in either input. */
  onEnter?(): void;
}

const EMPTY: NumericRange = { min: '', max: '' };

/**
 * A numeric range input (spec §2): a minimum and a maximum side by side, typed as text and cleaned
 * as typed; when both are given the minimum may not exceed the maximum — said under the inputs,
 * linked to them for assistive technology.
 */
export function NumericRangeInput({
  label,
  value = EMPTY,
  onChange,
  normalize = normalizeNumber,
  id,
  invalid = false,
  showOrderError = true,
  onEnter,
}: NumericRangeInputProps) {
  const { t } = useTranslation('common');
  const errorId = useId();
  const reversed = showOrderError && isReversed(value);
  const bad = invalid || reversed;
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };
  const common = {
    inputMode: 'decimal' as const,
    status: bad ? ('error' as const) : undefined,
    'aria-invalid': bad || undefined,
    'aria-describedby': reversed ? errorId : undefined,
    onKeyDown: enter,
  };
  return (
    <Flex vertical gap={2}>
      <Space.Compact>
        <Input
          {...common}
          id={id}
          aria-label={`${label} ${t('range.min')}`}
          placeholder={t('range.min')}
          value={value.min}
          onChange={(event) => onChange?.({ ...value, min: normalize(event.target.value) })}
        />
        <Input
          {...common}
          aria-label={`${label} ${t('range.max')}`}
          placeholder={t('range.max')}
          value={value.max}
          onChange={(event) => onChange?.({ ...value, max: normalize(event.target.value) })}
        />
      </Space.Compact>
      {reversed && (
        <Typography.Text type="danger" id={errorId} role="alert">
          {t('range.order')}
        </Typography.Text>
      )}
    </Flex>
  );
}
