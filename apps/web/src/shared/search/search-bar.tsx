import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chipValueText } from './chip-text.ts';
import { type FieldError, readDraft, valueToDraft, withValue } from './field-values.ts';
import type { SearchContext, SearchDraft, SearchField, SearchValues } from './fields.ts';
import { SearchFieldControl, useFieldErrorText } from './search-field-control.tsx';

export interface SearchBarProps {
  /** The filters offered, in the order the picker and the chips show them. */
  fields: readonly SearchField[];
  /** Applied filters (from the URL: `searchValuesFromParams`). */
  value: SearchValues;
  /** Called with the new filters when one is applied, changed or removed. */
  onChange(values: SearchValues): void;
  /** The merchant's zone and the current time for the date rules. */
  ctx: SearchContext;
  /** Accessible name of the bar, like "Search pay-ins". */
  label: string;
  /** Put after the picker (an "Advanced search" button, an export button). */
  extra?: ReactNode;
}

interface Editing {
  field: SearchField;
  draft: SearchDraft;
  error: FieldError | null;
}

/**
 * The simple search bar of spec §2: applied filters as removable chips ("Status: Settled ×"); a
 * field picker adds a filter (or edits one already applied); the chosen field's editor applies
 * with Enter or Apply and closes with Escape or Cancel. Clicking a chip edits it. Values are
 * checked with the same rules as the advanced form (`readDraft`).
 */
export function SearchBar({ fields, value, onChange, ctx, label, extra }: SearchBarProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText();
  const [editing, setEditing] = useState<Editing | null>(null);
  const applied = fields.filter((field) => value[field.key] !== undefined);

  const edit = (key: string) => {
    const field = fields.find((f) => f.key === key);
    if (field) setEditing({ field, draft: valueToDraft(field, value[field.key]), error: null });
  };
  const apply = () => {
    if (!editing) return;
    const result = readDraft({ ...editing.field, required: false }, editing.draft, ctx);
    if (!result.ok) {
      setEditing({ ...editing, error: result.error });
      return;
    }
    setEditing(null);
    onChange(withValue(value, editing.field.key, result.value));
  };
  const onEditorKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setEditing(null);
    }
  };

  return (
    <section aria-label={label} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <Select<string>
          aria-label={t('search.addFilter')}
          placeholder={t('search.addFilter')}
          style={{ minWidth: 160 }}
          value={null}
          showSearch={{ optionFilterProp: 'label' }}
          options={fields.map((field) => ({ value: field.key, label: field.label }))}
          onChange={edit}
        />
        {extra}
      </Flex>
      {editing && (
        <fieldset aria-label={editing.field.label} onKeyDown={onEditorKey} style={{ marginTop: 8, border: 0, padding: 0, marginInline: 0 }}>
          <Flex wrap gap={8} align="center">
            <Typography.Text strong>{editing.field.label}</Typography.Text>
            <SearchFieldControl
              field={editing.field}
              draft={editing.draft}
              onChange={(draft) => setEditing({ ...editing, draft, error: null })}
              ctx={ctx}
              invalid={editing.error !== null}
              onEnter={apply}
            />
            <Button type="primary" onClick={apply}>
              {t('search.apply')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
          </Flex>
          {editing.error && (
            <Typography.Text type="danger" role="alert">
              {errorText(editing.error)}
            </Typography.Text>
          )}
        </fieldset>
      )}
      {applied.length > 0 && (
        <Flex wrap gap={4} align="center" style={{ marginTop: 8 }}>
          <ul aria-label={t('search.appliedFilters')} style={{ display: 'contents', listStyle: 'none' }}>
            {applied.map((field) => {
              const text = t('search.chip', { label: field.label, value: chipValueText(field, value[field.key] as never) });
              return (
                <li key={field.key} style={{ display: 'inline-flex' }}>
                  <Tag style={{ display: 'inline-flex', alignItems: 'center', marginInlineEnd: 0 }}>
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0, height: 'auto' }}
                      aria-label={t('search.editFilter', { label: text })}
                      onClick={() => edit(field.key)}
                    >
                      {text}
                    </Button>
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('search.removeFilter', { label: field.label })}
                      onClick={() => {
                        if (editing?.field.key === field.key) setEditing(null);
                        onChange(withValue(value, field.key, undefined));
                      }}
                    />
                  </Tag>
                </li>
              );
            })}
          </ul>
          <Button type="link" size="small" onClick={() => onChange({})}>
            {t('search.clearAll')}
          </Button>
        </Flex>
      )}
    </section>
  );
}
