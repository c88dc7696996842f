import { IP_TRUSTLIST_INPUT_MAX_LENGTH, IP_TRUSTLIST_MAX_ENTRIES } from '@andes/contract/common/constants';
import { ResultCode, ValidationErrorData } from '@andes/contract/common/envelope';
import { parseIpList } from '@andes/contract/common/ip';
import type { IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import type { IpTrustlistEditResponse } from '@andes/contract/ip-trustlist/schemas';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { useIpTrustlistEdit } from '../api/use-ip-trustlist.ts';
import { FindingList, inputFindings, serverFindings } from './ip-findings.tsx';
import { RemarkField } from './remark-field.tsx';

/** The messages of a refused save: each validation issue, or the server's message. */
function refusalMessages(failure: unknown): string[] {
  if (failure instanceof ApiError && failure.code === ResultCode.VALIDATION_FAILED) {
    const parsed = ValidationErrorData.safeParse(failure.data);
    if (parsed.success && parsed.data.issues.length > 0) return parsed.data.issues.map((issue) => issue.message);
  }
  return [errorMessage(failure)];
}

interface AddEntriesModalProps {
  listType: IpTrustlistType;
  open: boolean;
  /** Entries the list holds now. */
  used: number;
  onClose(): void;
}

/**
 * Adding addresses and blocks to a list: comma-separated, parsed as typed with the contract's
 * parser (errors per entry, repeats, overlaps), then checked by the server (dry run: entries
 * already in the list, overlaps with them) before saving.
 */
export function AddEntriesModal({ listType, open, used, onClose }: AddEntriesModalProps) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const edit = useIpTrustlistEdit();
  const [text, setText] = useState('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const [checked, setChecked] = useState<IpTrustlistEditResponse | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);

  const parse = useMemo(() => parseIpList(text), [text]);
  const findings = inputFindings(t, parse);
  const showErrors = tried || text.trim() !== '';
  const left = Math.max(0, IP_TRUSTLIST_MAX_ENTRIES - used);
  const overLimit = parse.entries.length > left;
  const blocked = parse.errors.length > 0 || parse.entries.length === 0 || overLimit;

  const reset = () => {
    setText('');
    setRemark('');
    setTried(false);
    setChecked(null);
    setRefusal([]);
    edit.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = (dryRun: boolean) =>
    edit.mutateAsync({ listType, addresses: text, remark, dryRun }).then(
      (answer) => answer,
      (failure: unknown) => {
        setRefusal(refusalMessages(failure));
        return null;
      },
    );

  const save = async () => {
    const answer = await send(false);
    if (!answer) return;
    notify.success(t('added', { count: answer.savedIds.length, skipped: answer.duplicates.length }));
    close();
  };

  const submit = async () => {
    setTried(true);
    setRefusal([]);
    if (blocked) return;
    if (checked) {
      await save();
      return;
    }
    const answer = await send(true);
    if (!answer) return;
    if (answer.duplicates.length === 0 && answer.overlaps.length === 0) await save();
    else setChecked(answer);
  };

  return (
    <Modal
      open={open}
      title={t('addTitle', { list: t(`type.${listType}.name`) })}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={close}>{tc('cancel')}</Button>
          <Button type="primary" loading={edit.isPending} disabled={showErrors && blocked} onClick={() => void submit()}>
            {checked ? t('saveAnyway') : t('checkAndSave')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('addresses')} htmlFor={`${id}-addresses`} extra={t('addressesHint')}>
          <Input.TextArea
            id={`${id}-addresses`}
            value={text}
            maxLength={IP_TRUSTLIST_INPUT_MAX_LENGTH}
            autoSize={{ minRows: 3, maxRows: 10 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            aria-describedby={`${id}-usage`}
            placeholder="203.0.113.10, 198.51.100.0/24, 2001:db8::/48"
            onChange={(event) => {
              setText(event.target.value);
              setChecked(null);
              setRefusal([]);
            }}
          />
        </Form.Item>
        <Typography.Paragraph id={`${id}-usage`} type={overLimit ? 'danger' : 'secondary'} aria-live="polite">
          {t('usage', { entries: parse.entries.length, used, limit: IP_TRUSTLIST_MAX_ENTRIES, left })}
          {overLimit && ` ${t('overLimit', { left })}`}
        </Typography.Paragraph>
        <RemarkField id={`${id}-remark`} value={remark} onChange={setRemark} />
      </Form>
      <Flex vertical gap={8}>
        {showErrors && <FindingList type="error" title={t('errorsTitle')} items={findings.errors} />}
        <FindingList type="warning" title={t('notesTitle')} items={findings.notes} />
        {checked && <FindingList type="warning" title={t('serverTitle')} items={serverFindings(t, checked)} />}
        <FindingList type="error" title={t('refusedTitle')} items={refusal} />
      </Flex>
    </Modal>
  );
}
