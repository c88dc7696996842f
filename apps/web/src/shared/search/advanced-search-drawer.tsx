import { Button, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultValues, emptyDraft, readDraft, valueToDraft } from './field-values.ts';
import type { SearchContext, SearchDraft, SearchField, SearchValue, SearchValues } from './fields.ts';
import { SearchFieldControl, useFieldErrorText } from './search-field-control.tsx';

export interface AdvancedSearchDrawerProps {
  open: boolean;
  onClose(): void;
  /** Every type is offered, including multiSelect and selectDeep. */
  fields: readonly SearchField[];
  /** The applied filters the form starts from. */
  value: SearchValues;
  /** Called with the checked filters on Search; the drawer then closes. */
  onSearch(values: SearchValues): void;
  ctx: SearchContext;
  /** Drawer title (default "Advanced search"). */
  title?: string;
}

interface FieldItemControlProps {
  field: SearchField;
  ctx: SearchContext;
  id?: string;
  value?: SearchDraft;
  onChange?(draft: SearchDraft): void;
}

/** Adapts a field control to `Form.Item`, which passes `id`, `value` and `onChange`. */
function FieldItemControl({ field, ctx, id, value, onChange }: FieldItemControlProps) {
  return (
    <SearchFieldControl
      field={field}
      ctx={ctx}
      {...(id === undefined ? {} : { id })}
      draft={value ?? emptyDraft(field)}
      onChange={(draft) => onChange?.(draft)}
    />
  );
}

function draftsOf(fields: readonly SearchField[], values: SearchValues): Record<string, SearchDraft> {
  return Object.fromEntries(fields.map((field) => [field.key, valueToDraft(field, values[field.key])]));
}

/**
 * The advanced search form of spec §2 in a drawer: every field of the list as a labelled form
 * item, checked on Search with the spec §5 rules (messages under each field); Reset puts back the
 * screen's defaults (the one-week range where a field asks for it) without searching.
 */
export function AdvancedSearchDrawer({ open, onClose, fields, value, onSearch, ctx, title }: AdvancedSearchDrawerProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText();
  const [form] = Form.useForm<Record<string, SearchDraft>>();

  const search = async () => {
    const drafts = await form.validateFields().catch(() => null);
    if (!drafts) return;
    const out: Record<string, SearchValue> = {};
    for (const field of fields) {
      const result = readDraft(field, drafts[field.key] ?? emptyDraft(field), ctx);
      if (result.ok && result.value !== undefined) out[field.key] = result.value;
    }
    onSearch(out);
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title ?? t('search.advanced')}
      destroyOnHidden
      size={480}
      footer={
        <Flex justify="end" gap={8}>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(draftsOf(fields, defaultValues(fields, ctx)));
            }}
          >
            {t('reset')}
          </Button>
          <Button type="primary" onClick={search}>
            {t('search')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={title ?? t('search.advanced')}
        initialValues={draftsOf(fields, value)}
        onFinish={search}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={field.key}
            label={field.label}
            required={field.required ?? false}
            rules={[
              {
                validator: async (_rule, draft: SearchDraft | undefined) => {
                  const result = readDraft(field, draft ?? emptyDraft(field), ctx);
                  if (!result.ok) throw new Error(errorText(result.error));
                },
              },
            ]}
          >
            <FieldItemControl field={field} ctx={ctx} />
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
