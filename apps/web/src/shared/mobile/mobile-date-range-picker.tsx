import type { CalendarDate, DateBounds } from '@andes/contract/common/dates';
import { Flex, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldBounds, secondDateBounds } from '../search/date-rules.ts';
import type { DateRules, DraftOf, SearchContext } from '../search/fields.ts';

export interface MobileDateRangePickerProps {
  value: DraftOf['daterange'];
  onChange(value: DraftOf['daterange']): void;
  /** Span and 100-year variant of the field. */
  rules?: DateRules;
  ctx: SearchContext;
  /** The field's label: the two inputs are "<label> Start date" and "<label> End date". */
  label: string;
  invalid?: boolean;
}

/** The end's limits once the start is picked: not before it, and within the span of it. */
function endLimits(rules: DateRules, from: CalendarDate, bounds: DateBounds): DateBounds {
  const limits = secondDateBounds(rules, from, bounds);
  return { min: limits.min < from ? from : limits.min, max: limits.max };
}

/**
 * The mobile date-range picker of spec §2: two native date inputs (the phone's own calendar)
 * with the spec §5 limits in the merchant's zone — nothing after today, five months back, the end
 * not before the start and within the configured span of it. Picking a start that leaves the end
 * outside its new limits clears the end.
 */
export function MobileDateRangePicker({ value, onChange, rules = {}, ctx, label, invalid }: MobileDateRangePickerProps) {
  const { t } = useTranslation('common');
  const bounds = useMemo(() => fieldBounds(rules, ctx), [rules, ctx]);
  const endBounds = value.from ? endLimits(rules, value.from, bounds) : bounds;
  const status = invalid ? ('error' as const) : undefined;
  const read = (text: string): CalendarDate | undefined => (text === '' ? undefined : text);

  return (
    <Flex gap={8} align="center">
      <Input
        type="date"
        aria-label={`${label} ${t('dateFrom')}`}
        status={status}
        min={bounds.min}
        max={bounds.max}
        value={value.from ?? ''}
        onChange={(e) => {
          const from = read(e.target.value);
          const limits = from ? endLimits(rules, from, bounds) : bounds;
          const keepEnd = value.to !== undefined && value.to >= limits.min && value.to <= limits.max;
          onChange({ from, to: keepEnd ? value.to : undefined });
        }}
      />
      <span aria-hidden>–</span>
      <Input
        type="date"
        aria-label={`${label} ${t('dateTo')}`}
        status={status}
        min={endBounds.min}
        max={endBounds.max}
        value={value.to ?? ''}
        onChange={(e) => onChange({ from: value.from, to: read(e.target.value) })}
      />
    </Flex>
  );
}
