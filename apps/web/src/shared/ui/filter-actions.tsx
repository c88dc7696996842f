import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';

interface FilterActionsProps {
  /** Called by Reset, after the form's fields are cleared (unless `clearFields` is off). */
  onReset(): void;
  /**
   * Clear the form's fields before `onReset` (the default). Off for a form that `onReset` refills
   * itself, e.g. from the defaults it writes into the URL.
   */
  clearFields?: boolean;
}

/**
 * The Search / Reset pair that ends an inline filter form: Search submits the form (its
 * `onFinish`), Reset clears it and applies no filter. Must sit inside an antd `Form`.
 */
export function FilterActions({ onReset, clearFields = true }: FilterActionsProps) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            if (clearFields) form.resetFields();
            onReset();
          }}
        >
          {t('reset')}
        </Button>
      </Form.Item>
    </>
  );
}
