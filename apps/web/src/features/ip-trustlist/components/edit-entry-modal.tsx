import { IP_ENTRY_MAX_LENGTH } from '@andes/contract/common/constants';
import { parseIpEntry } from '@andes/contract/common/ip';
import type { IpTrustEntry } from '@andes/contract/ip-trustlist/schemas';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { useIpTrustlistEdit } from '../api/use-ip-trustlist.ts';
import { ipErrorText } from './ip-findings.tsx';
import { RemarkField } from './remark-field.tsx';

/** Changing one entry: its address or block (parsed as typed) and its remark. */
export function EditEntryModal({ entry, onClose }: { entry: IpTrustEntry | null; onClose(): void }) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const edit = useIpTrustlistEdit();
  const [value, setValue] = useState(entry?.value ?? '');
  const [remark, setRemark] = useState(entry?.remark ?? '');
  const [error, setError] = useState<string | null>(null);
  const parsed = parseIpEntry(value);

  const save = () => {
    if (!entry || !parsed.ok) return;
    setError(null);
    edit.mutate(
      { listType: entry.listType, id: entry.id, addresses: value, remark },
      {
        onSuccess: (answer) => {
          if (answer.savedIds.length === 0 && answer.duplicates.length > 0) {
            setError(t('editDuplicate', { value: parsed.entry.value }));
            return;
          }
          notify.success(t('changed', { value: parsed.entry.value }));
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Modal
      open={entry !== null}
      title={t('editTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button type="primary" loading={edit.isPending} disabled={!parsed.ok} onClick={save}>
            {tc('save')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('address')}
          htmlFor={`${id}-value`}
          validateStatus={parsed.ok ? undefined : 'error'}
          help={parsed.ok ? undefined : ipErrorText(t, parsed.error)}
        >
          <Input
            id={`${id}-value`}
            value={value}
            maxLength={IP_ENTRY_MAX_LENGTH}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            onChange={(event) => setValue(event.target.value)}
          />
        </Form.Item>
        {parsed.ok && parsed.entry.value !== value.trim() && (
          <Typography.Paragraph type="secondary">{t('normalised', { value: parsed.entry.value })}</Typography.Paragraph>
        )}
        <RemarkField id={`${id}-remark`} value={remark} onChange={setRemark} />
      </Form>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Modal>
  );
}
