import { Button, Drawer, Flex, Form, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultValues, type FieldError, readDraft, valueToDraft } from '../search/field-values.ts';
import type { DraftOf, SearchContext, SearchDraft, SearchField, SearchValue, SearchValues } from '../search/fields.ts';
import { SearchFieldControl, useFieldErrorText } from '../search/search-field-control.tsx';
import { MobileDateRangePicker } from './mobile-date-range-picker.tsx';
import { MobileMultiSelect } from './mobile-multi-select.tsx';
import { MobileTreeSelect } from './mobile-tree-select.tsx';

export interface FilterSheetProps {
  open: boolean;
  onClose(): void;
  fields: readonly SearchField[];
  /** The applied filters the sheet starts from each time it opens. */
  value: SearchValues;
  /** Called with the checked filters on Confirm; the sheet then closes. */
  onApply(values: SearchValues): void;
  ctx: SearchContext;
  /** Sheet title (default "Filters"). */
  title?: string;
}

type Drafts = Record<string, SearchDraft>;

function draftsOf(fields: readonly SearchField[], values: SearchValues): Drafts {
  return Object.fromEntries(fields.map((field) => [field.key, valueToDraft(field, values[field.key])]));
}

interface MobileFieldControlProps {
  field: SearchField;
  draft: SearchDraft;
  onChange(draft: SearchDraft): void;
  ctx: SearchContext;
  invalid: boolean;
}

/** Touch-friendly controls: radio and checkbox lists, the cascading tree, native date inputs. */
function MobileFieldControl({ field, draft, onChange, ctx, invalid }: MobileFieldControlProps) {
  switch (field.type) {
    case 'select':
      return (
        <Radio.Group
          aria-label={field.label}
          value={draft as string | undefined}
          onChange={(e) => onChange(e.target.value as string)}
          options={field.options.map((o) => ({ value: o.value, label: o.label }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      );
    case 'multiSelect':
      return <MobileMultiSelect options={field.options} value={draft as string[]} onChange={onChange} label={field.label} />;
    case 'selectDeep':
      return <MobileTreeSelect tree={field.tree} value={draft as string[]} onChange={onChange} label={field.label} />;
    case 'daterange':
      return (
        <MobileDateRangePicker
          value={draft as DraftOf['daterange']}
          onChange={onChange}
          rules={field}
          ctx={ctx}
          label={field.label}
          invalid={invalid}
        />
      );
    default:
      return <SearchFieldControl field={field} draft={draft} onChange={onChange} ctx={ctx} invalid={invalid} />;
  }
}

/**
 * The mobile filter sheet of spec §2: a bottom sheet holding every field of the list with touch
 * controls (radio list, `MobileMultiSelect`, `MobileTreeSelect`, `MobileDateRangePicker`),
 * checked with the same rules as the desktop pieces. Confirm applies and closes; Reset puts back
 * the defaults inside the sheet; closing discards what was changed.
 */
export function FilterSheet({ open, onClose, fields, value, onApply, ctx, title }: FilterSheetProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(fields, value));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});

  // Each opening starts from the applied filters (adjusted while rendering, not in an effect, so
  // a parent that builds `value` anew on every render does not wipe what is being typed).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDrafts(draftsOf(fields, value));
      setErrors({});
    }
  }

  const confirm = () => {
    const out: Record<string, SearchValue> = {};
    const found: Record<string, FieldError> = {};
    for (const field of fields) {
      const result = readDraft(field, drafts[field.key] ?? valueToDraft(field, undefined), ctx);
      if (!result.ok) found[field.key] = result.error;
      else if (result.value !== undefined) out[field.key] = result.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onApply(out);
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="85%"
      title={title ?? t('search.filters')}
      styles={{ body: { paddingBottom: 16 } }}
      footer={
        <Flex gap={8}>
          <Button
            block
            size="large"
            onClick={() => {
              setDrafts(draftsOf(fields, defaultValues(fields, ctx)));
              setErrors({});
            }}
          >
            {t('reset')}
          </Button>
          <Button block size="large" type="primary" onClick={confirm}>
            {t('search.confirm')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        {fields.map((field) => {
          const error = errors[field.key];
          return (
            <Form.Item
              key={field.key}
              label={<span>{field.label}</span>}
              required={field.required ?? false}
              validateStatus={error ? 'error' : ''}
              help={error ? <span role="alert">{errorText(error)}</span> : undefined}
            >
              <MobileFieldControl
                field={field}
                draft={drafts[field.key] ?? valueToDraft(field, undefined)}
                onChange={(draft) => {
                  setDrafts((current) => ({ ...current, [field.key]: draft }));
                  setErrors(({ [field.key]: _removed, ...rest }) => rest);
                }}
                ctx={ctx}
                invalid={error !== undefined}
              />
            </Form.Item>
          );
        })}
      </Form>
      {fields.some((f) => f.type === 'datetime' || f.type === 'daterange' || f.type === 'datetimerange') && (
        <Typography.Text type="secondary">{t('search.timeZone', { zone: ctx.timeZone })}</Typography.Text>
      )}
    </Drawer>
  );
}
