import { normalizeAmountInput } from '@andes/contract/common/validators';
import { DatePicker, Input, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumericRangeInput } from '../form/numeric-range-input.tsx';
import { fieldBounds, isDateDisabled } from './date-rules.ts';
import type { FieldError } from './field-values.ts';
import type { DraftOf, SearchContext, SearchDraft, SearchField, TreeOption } from './fields.ts';

const DATE_FORMAT = 'YYYY-MM-DD';
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const LOCAL_DATE_TIME_FORMAT = 'YYYY-MM-DD[T]HH:mm:ss';

interface TreeDataNode {
  title: string;
  value: string;
  children?: TreeDataNode[];
}

function toTreeData(nodes: readonly TreeOption[]): TreeDataNode[] {
  return nodes.map((node) => ({
    title: node.label,
    value: node.value,
    ...(node.children && node.children.length > 0 ? { children: toTreeData(node.children) } : {}),
  }));
}

/** The translated text of a field error. */
export function useFieldErrorText(): (error: FieldError) => string {
  const { t } = useTranslation('common');
  return (error) => error.message ?? t(error.key, error.params ?? {});
}

export interface SearchFieldControlProps {
  field: SearchField;
  draft: SearchDraft;
  onChange(draft: SearchDraft): void;
  ctx: SearchContext;
  /** id of the control (a form label's `htmlFor`); the control is also named by the field's label. */
  id?: string;
  /** Marks the control invalid (red border) while its error shows. */
  invalid?: boolean;
  /** Enter in a text or amount input (the search bar applies the filter). */
  onEnter?(): void;
}

/**
 * The desktop editor of one search field (antd controls): text, amount (normalised as typed,
 * spec §5), amount range, select, multiple select, tree select with cascading checks, date-time,
 * date range and date-time range pickers that offer only the dates spec §5 allows in the
 * merchant's zone. Works on drafts (`field-values.ts`); used by the search bar and the advanced form.
 */
export function SearchFieldControl({ field, draft, onChange, ctx, id, invalid, onEnter }: SearchFieldControlProps) {
  const { t } = useTranslation('common');
  const bounds = useMemo(
    () => fieldBounds(field.type === 'datetime' || field.type === 'daterange' || field.type === 'datetimerange' ? field : {}, ctx),
    [field, ctx],
  );
  const status = invalid ? ('error' as const) : undefined;
  const common = { id, 'aria-label': field.label, status };
  const enter = (event: { key: string; preventDefault(): void }) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };

  switch (field.type) {
    case 'input':
      return (
        <Input
          {...common}
          value={draft as string}
          placeholder={field.placeholder}
          allowClear
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={enter}
        />
      );
    case 'amount':
      return (
        <Input
          {...common}
          inputMode="decimal"
          value={draft as string}
          placeholder={field.placeholder ?? '0.00'}
          onChange={(e) => onChange(normalizeAmountInput(e.target.value))}
          onKeyDown={enter}
        />
      );
    case 'amountRange':
      return (
        <NumericRangeInput
          {...(id === undefined ? {} : { id })}
          label={field.label}
          value={draft as DraftOf['amountRange']}
          onChange={onChange}
          normalize={normalizeAmountInput}
          invalid={invalid ?? false}
          // The search bar and the forms show the field's own error (min ≤ max included).
          showOrderError={false}
          {...(onEnter ? { onEnter } : {})}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select<string | string[]>
          {...common}
          style={{ minWidth: 180 }}
          {...(field.type === 'multiSelect' ? { mode: 'multiple' as const, maxTagCount: 'responsive' as const } : {})}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={field.placeholder ?? t('search.pickOption')}
          options={field.options.map((o) => ({ value: o.value, label: o.label }))}
          value={draft as string | string[] | undefined}
          onChange={(value) => onChange(value ?? (field.type === 'multiSelect' ? [] : undefined))}
          notFoundContent={t('search.noOptions')}
        />
      );
    case 'selectDeep':
      return (
        <TreeSelect
          {...common}
          style={{ minWidth: 220 }}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_CHILD}
          showSearch={{ treeNodeFilterProp: 'title' }}
          allowClear
          maxTagCount="responsive"
          placeholder={field.placeholder ?? t('search.pickOption')}
          treeData={toTreeData(field.tree)}
          value={draft as string[]}
          onChange={(value: string[] | undefined) => onChange(value ?? [])}
          notFoundContent={t('search.noOptions')}
        />
      );
    case 'datetime':
      return (
        <DatePicker
          {...common}
          showTime
          format={DATE_TIME_FORMAT}
          placeholder={field.placeholder ?? t('search.pickDate')}
          value={draft === undefined ? null : dayjs(draft as string)}
          disabledDate={(current: Dayjs) => isDateDisabled(current.format(DATE_FORMAT), field, bounds)}
          onChange={(date: Dayjs | null) => onChange(date ? date.format(LOCAL_DATE_TIME_FORMAT) : undefined)}
        />
      );
    case 'daterange': {
      const range = draft as DraftOf['daterange'];
      return (
        <DatePicker.RangePicker
          {...common}
          format={DATE_FORMAT}
          placeholder={[t('dateFrom'), t('dateTo')]}
          value={range.from && range.to ? [dayjs(range.from), dayjs(range.to)] : null}
          disabledDate={(current: Dayjs, info) =>
            isDateDisabled(current.format(DATE_FORMAT), field, bounds, info.from ? info.from.format(DATE_FORMAT) : undefined)
          }
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            onChange(from && to ? { from: from.format(DATE_FORMAT), to: to.format(DATE_FORMAT) } : { from: undefined, to: undefined });
          }}
        />
      );
    }
    case 'datetimerange': {
      const range = draft as DraftOf['datetimerange'];
      return (
        <DatePicker.RangePicker
          {...common}
          showTime
          format={DATE_TIME_FORMAT}
          placeholder={[t('search.startTime'), t('search.endTime')]}
          value={range.start && range.end ? [dayjs(range.start), dayjs(range.end)] : null}
          disabledDate={(current: Dayjs, info) =>
            isDateDisabled(current.format(DATE_FORMAT), field, bounds, info.from ? info.from.format(DATE_FORMAT) : undefined)
          }
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            onChange(
              start && end
                ? { start: start.format(LOCAL_DATE_TIME_FORMAT), end: end.format(LOCAL_DATE_TIME_FORMAT) }
                : { start: undefined, end: undefined },
            );
          }}
        />
      );
    }
  }
}
