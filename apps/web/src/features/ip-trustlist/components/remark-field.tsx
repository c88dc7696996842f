import { IP_TRUSTLIST_REMARK_MAX_LENGTH } from '@andes/contract/common/constants';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The remark of a trust-list entry, in the add and edit dialogs; `id` is the input's id. */
export function RemarkField({ id, value, onChange }: { id: string; value: string; onChange(remark: string): void }) {
  const { t } = useTranslation('ip');
  return (
    <Form.Item label={t('remark')} htmlFor={id}>
      <Input id={id} value={value} maxLength={IP_TRUSTLIST_REMARK_MAX_LENGTH} onChange={(event) => onChange(event.target.value)} />
    </Form.Item>
  );
}
