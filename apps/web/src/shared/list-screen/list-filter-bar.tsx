import { SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import type { DateRange } from '@andes/contract/common/dates';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../hooks/use-is-mobile.ts';
import type { RangeLimits } from '../ui/date-range-rules.ts';
import { FilterActions } from '../ui/filter-actions.tsx';
import { FilterForm } from '../ui/filter-form.tsx';
import { ZonedDateRangePicker } from '../ui/zoned-date-range-picker.tsx';
import type { FilterValues } from './list-filters.ts';

interface FieldBase {
  /** The filter's name: its URL parameter and request field (`FilterParams`). */
  name: string;
  /** Shown label, translated. */
  label: string;
  /** Width of the control in px. */
  width?: number;
}

/** A free-text filter (at most SEARCH_TEXT_MAX_LENGTH characters). */
export interface TextFilterField extends FieldBase {
  kind: 'text';
}

/** A choice among options; cleared means "all". */
export interface SelectFilterField extends FieldBase {
  kind: 'select';
  options: readonly { value: string | number; label: string }[];
  /** The options are still loading. */
  loading?: boolean;
  /** Typing narrows the options (long lists). */
  searchable?: boolean;
  /** Several options at once (the value is an array; the screen writes it to the URL itself). */
  multiple?: boolean;
}

/**
 * A range of calendar dates in the merchant's zone, with the search pickers' rules of spec §5
 * (nothing after today, five months back, the end not before the start) or the screen's own
 * limits (`monthsBack`, `maxSpanDays`). Optional by default; a range always in force (a statement's
 * period, which defaults to the last week) is not `clearable`. Its filter is a `dateRange` one
 * (`list-filters.ts`).
 */
export interface DateRangeFilterField extends FieldBase, RangeLimits {
  kind: 'dateRange';
  /** The merchant's IANA zone: "today" is today there. */
  timeZone: string;
  /** The range may be removed (default true); false for a range always in force. */
  clearable?: boolean;
}

/** One field of a list's filter bar, as data. */
export type ListFilterField = TextFilterField | SelectFilterField | DateRangeFilterField;

/** The range of a date-range field (Form.Item passes value and onChange). */
function DateRangeControl({
  id,
  value,
  onChange,
  field,
}: {
  id?: string;
  value?: DateRange | undefined;
  onChange?: (range: DateRange | undefined) => void;
  field: DateRangeFilterField;
}) {
  const common = {
    ...(id === undefined ? {} : { id }),
    timeZone: field.timeZone,
    label: field.label,
    monthsBack: field.monthsBack,
    maxSpanDays: field.maxSpanDays,
    ...(field.width === undefined ? {} : { width: field.width }),
  };
  return field.clearable === false && value !== undefined ? (
    <ZonedDateRangePicker {...common} value={value} onChange={(range) => onChange?.(range)} />
  ) : (
    <ZonedDateRangePicker {...common} clearable value={value} onChange={(range) => onChange?.(range)} />
  );
}

export interface ListFilterBarProps {
  /** The form's name (its fields' ids are `<name>_<field>`). */
  name: string;
  /** Accessible name of the form, like "Search users". */
  label: string;
  fields: readonly ListFilterField[];
  /** The filters in force (from the URL): the form shows them again after Back, reload or a shared link. */
  values: Readonly<Record<string, unknown>>;
  /** Search: the form's values; Reset: no filter. */
  onSearch(values: FilterValues): void;
}

/**
 * The inline filter bar of a list screen: its fields from data, applied by Search, cleared by
 * Reset. The URL is the source of truth: the form follows the filters in force.
 */
export function ListFilterBar({ name, label, fields, values, onSearch }: ListFilterBarProps) {
  const { t } = useTranslation('common');
  const mobile = useIsMobile();
  const [form] = Form.useForm<Record<string, unknown>>();
  // One text for the filters in force, so that a new render with the same filters (a reload of
  // the rows) does not overwrite what the user is typing.
  const shown = JSON.stringify(fields.map((field) => [field.name, values[field.name] ?? null]));
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries((JSON.parse(shown) as [string, unknown][]).map(([key, value]) => [key, value ?? undefined])));
  }, [form, shown]);

  return (
    <FilterForm<Record<string, unknown>> form={form} name={name} onFinish={onSearch} label={label}>
      {fields.map((field) => (
        // On a phone each field fills its row (a long label and a wide box would overflow it), and a
        // date range's name is on the picker itself.
        <Form.Item
          key={field.name}
          name={field.name}
          label={mobile && field.kind === 'dateRange' ? undefined : field.label}
          {...(mobile && field.kind !== 'dateRange' ? { style: { width: '100%' } } : {})}
        >
          {field.kind === 'text' ? (
            <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: mobile ? '100%' : (field.width ?? 180) }} />
          ) : field.kind === 'dateRange' ? (
            <DateRangeControl field={field} />
          ) : (
            <Select
              allowClear
              placeholder={t('all')}
              style={{ width: mobile ? '100%' : (field.width ?? 140) }}
              options={field.options.map((option) => ({ value: option.value, label: option.label }))}
              {...(field.loading === undefined ? {} : { loading: field.loading })}
              {...(field.searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
              {...(field.multiple ? { mode: 'multiple' as const, maxTagCount: 'responsive' as const } : {})}
            />
          )}
        </Form.Item>
      ))}
      <FilterActions onReset={() => onSearch({})} />
    </FilterForm>
  );
}
