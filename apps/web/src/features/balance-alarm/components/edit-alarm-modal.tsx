import { ALARM_SUBSCRIBERS_MAX, type AlarmPerson, type BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { formatDateTime } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { normalizeAmountInput } from '@andes/contract/common/validators';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import {
  type AlarmFormValues,
  alarmFormOf,
  alarmMessageKey,
  type ThresholdOutcome,
  thresholdCentsOf,
  thresholdOutcome,
  thresholdProblem,
  updateRequestOf,
} from '../alarm-form.ts';
import { useBalanceAlarmUpdate } from '../api/balance-alarm-calls.ts';
import { accountLabel } from './alarm-columns.tsx';

const SERVER_FIELDS = ['threshold', 'subscriberIds'] as const;

const OUTCOME_ALERT: Readonly<Record<ThresholdOutcome, 'warning' | 'info' | 'success'>> = {
  fires: 'warning',
  staysBelow: 'warning',
  recovers: 'success',
  watching: 'info',
  off: 'info',
};

interface AlarmFormProps {
  alarm: BalanceAlarm;
  recipients: readonly AlarmPerson[];
  timeZone: string;
  onCancel(): void;
  onSaved(): void;
  /** A refusal not tied to a field (a stale version, a failure), shown above the buttons; null clears it. */
  onRefused(message: string | null): void;
}

function AlarmForm({ alarm, recipients, timeZone, onCancel, onSaved, onRefused }: AlarmFormProps) {
  const { t } = useTranslation('balanceAlarm');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<AlarmFormValues>();
  const update = useBalanceAlarmUpdate();
  const sending = useRef(false);
  const { values: initial, dropped } = useMemo(() => alarmFormOf(alarm, recipients), [alarm, recipients]);
  const on = Form.useWatch('on', form) ?? initial.on;
  const typed = Form.useWatch('threshold', form) ?? initial.threshold;
  const chosen = Form.useWatch('subscriberIds', form) ?? initial.subscriberIds;
  const outcome = thresholdOutcome(alarm, on, thresholdCentsOf(typed));
  const translate = (serverText: string) => {
    const key = alarmMessageKey(serverText);
    return key ? t(key) : serverText;
  };

  const submit = async (values: AlarmFormValues) => {
    const request = updateRequestOf(alarm, values);
    if (request === null || sending.current) return;
    sending.current = true;
    onRefused(null);
    try {
      await update.mutateAsync(request);
      notify.success(t('saved', { account: accountLabel(alarm.accountNo) }));
      onSaved();
    } catch (failure) {
      sending.current = false;
      const fieldErrors = serverFieldErrors(failure, SERVER_FIELDS);
      if (fieldErrors.length > 0) {
        form.setFields(fieldErrors.map((e) => ({ ...e, errors: e.errors.map(translate) })));
      } else if (failure instanceof ApiError && failure.code === ResultCode.CONFLICT) {
        onRefused(translate(failure.msg));
      } else {
        onRefused(failure instanceof ApiError ? translate(failure.msg) : errorMessage(failure));
      }
    }
  };

  const options = recipients.map((r) => ({ value: r.userId, label: r.name }));
  return (
    <Form<AlarmFormValues>
      form={form}
      name="balance-alarm"
      layout="vertical"
      initialValues={initial}
      disabled={update.isPending}
      onFinish={(values) => void submit(values)}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'available',
            label: t('edit.available'),
            children: <Amount cents={alarm.available} currency={alarm.currency} />,
          },
          ...(alarm.updatedAt
            ? [
                {
                  key: 'updated',
                  label: t('edit.lastChange'),
                  children: t('edit.lastChangeBy', {
                    time: formatDateTime(alarm.updatedAt, timeZone, { withZone: true }),
                    name: alarm.updatedByName ?? '',
                  }),
                },
              ]
            : []),
        ]}
      />
      <Form.Item name="on" label={t('edit.on')} valuePropName="checked">
        <Switch onChange={() => form.setFields([{ name: 'threshold', errors: [] }])} />
      </Form.Item>
      <Form.Item
        name="threshold"
        label={t('edit.threshold', { currency: alarm.currency })}
        extra={t('edit.thresholdHint')}
        required={on}
        dependencies={['on']}
        normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
        validateTrigger="onBlur"
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              const problem = thresholdProblem(getFieldValue('on') === true, value);
              if (problem === 'required') throw new Error(t('edit.thresholdRequired'));
              if (problem === 'invalid') throw new Error(t('edit.thresholdInvalid'));
            },
          }),
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" disabled={!on || update.isPending} />
      </Form.Item>
      {outcome && (
        <Alert type={OUTCOME_ALERT[outcome]} role="status" showIcon title={t(`outcome.${outcome}`)} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="subscriberIds" label={t('edit.subscribers')} extra={t('edit.subscribersHint', { max: ALARM_SUBSCRIBERS_MAX })}>
        <Select<number[]>
          mode="multiple"
          options={options}
          maxCount={ALARM_SUBSCRIBERS_MAX}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('edit.subscribersPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {dropped.length > 0 && (
        <Alert
          type="info"
          role="status"
          showIcon
          title={t('edit.dropped', { names: dropped.map((p) => p.name).join(', ') })}
          style={{ marginBottom: 16 }}
        />
      )}
      {on && chosen.length === 0 && <Typography.Paragraph type="secondary">{t('edit.noSubscribers')}</Typography.Paragraph>}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel} disabled={false}>
          {tc('cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {tc('save')}
        </Button>
      </Flex>
    </Form>
  );
}

interface EditAlarmModalProps {
  /** The alarm as the list shows it now (a reload after a conflict brings its new version); null: closed. */
  alarm: BalanceAlarm | null;
  recipients: readonly AlarmPerson[];
  timeZone: string;
  onClose(): void;
}

/**
 * Changing an alarm: on or off, the threshold (typed in units, sent in cents), the people to
 * notify, and what saving does at once. The form starts again from the list's values whenever the
 * alarm's version changes (after a conflict the list reloads: the user sees the other change).
 */
export function EditAlarmModal({ alarm, recipients, timeZone, onClose }: EditAlarmModalProps) {
  const { t } = useTranslation('balanceAlarm');
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <Modal
      open={alarm !== null}
      title={alarm ? t('edit.title', { account: accountLabel(alarm.accountNo) }) : null}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      {alarm && (
        <AlarmForm
          key={`${alarm.accountId}:${alarm.version}`}
          alarm={alarm}
          recipients={recipients}
          timeZone={timeZone}
          onCancel={close}
          onSaved={close}
          onRefused={setRefusal}
        />
      )}
    </Modal>
  );
}
