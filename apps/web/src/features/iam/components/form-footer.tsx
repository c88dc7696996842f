import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** The end of a role or user form: why saving failed, if it did, then Cancel and Save (submits the form). */
export function FormFooter({ error, pending, onCancel }: { error: string | null; pending: boolean; onCancel(): void }) {
  const { t } = useTranslation('common');
  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('save')}
        </Button>
      </Flex>
    </>
  );
}
