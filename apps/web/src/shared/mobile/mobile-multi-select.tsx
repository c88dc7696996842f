import { Checkbox, Flex, Input, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchOption } from '../search/fields.ts';

export interface MobileMultiSelectProps {
  options: readonly SearchOption[];
  /** The chosen option values, in option order. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** Accessible name of the list (the field's label). */
  label: string;
  /** Shows a search box above the list (default when there are more than 8 options). */
  searchable?: boolean;
}

/**
 * The mobile multi-select of spec §2: a list of large checkboxes, with a search box that narrows
 * the list by label (case-insensitive). The value keeps option order, whatever the order of taps.
 */
export function MobileMultiSelect({ options, value, onChange, label, searchable }: MobileMultiSelectProps) {
  const { t } = useTranslation('common');
  const [query, setQuery] = useState('');
  const labelId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q === '' ? options : options.filter((o) => o.label.toLowerCase().includes(q));
  }, [options, query]);
  const chosen = new Set(value);
  const toggle = (optionValue: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(optionValue);
    else next.delete(optionValue);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };

  return (
    <Flex vertical gap={8}>
      {(searchable ?? options.length > 8) && (
        <Input
          type="search"
          allowClear
          aria-label={`${label} ${t('search.searchOptions')}`}
          placeholder={t('search.searchOptions')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <Typography.Text id={labelId} type="secondary">
        {t('search.selectedCount', { count: value.length })}
      </Typography.Text>
      <fieldset aria-label={label} aria-describedby={labelId} style={{ border: 0, margin: 0, padding: 0 }}>
        <Flex vertical gap={4}>
          {shown.map((option) => (
            <Checkbox
              key={option.value}
              checked={chosen.has(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              style={{ minHeight: 40, alignItems: 'center' }}
            >
              {option.label}
            </Checkbox>
          ))}
          {shown.length === 0 && <Typography.Text type="secondary">{t('search.noOptions')}</Typography.Text>}
        </Flex>
      </fieldset>
    </Flex>
  );
}
