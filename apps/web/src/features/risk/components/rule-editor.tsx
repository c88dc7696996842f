import type { AreaAuthority } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { CURRENCY_SYMBOLS } from '@andes/contract/common/money';
import { normalizeAmountInput } from '@andes/contract/common/validators';
import { REPLAY_PERIODS_DAYS, type ReplayPeriodDays, type RuleType, SCORE_MAX } from '@andes/contract/risk/enums';
import { RISK_MESSAGES, type RiskRule, RULE_NAME_MAX_LENGTH, type RuleTemplateView } from '@andes/contract/risk/schemas';
import { ruleActionOf } from '@andes/contract/risk/templates';
import { Alert, Button, Card, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { ListInput } from '../../../shared/form/list-input.tsx';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ActionTag } from '../../../shared/ui/risk-decision.tsx';
import { useReplayStart, useRuleAdd, useRuleHistory, useRuleTemplates, useRuleUpdate } from '../api/risk-calls.ts';
import {
  addRequestOf,
  DURATION_UNIT_KEYS,
  durationProblem,
  hasCaseSwitch,
  isScore,
  newRuleForm,
  normalizeCount,
  type RuleFormValues,
  ruleFieldsOf,
  ruleForm,
  thresholdOf,
  updateRequestOf,
  valueProblems,
} from '../rule-form.ts';
import { ReplayFollow } from './replay-result.tsx';
import { templateLabel } from './rule-columns.tsx';

const FORM_NAME = 'rule-form';
/** The form's fields the server may name in a validation failure (`duration` is typed as a value and a unit). */
const SERVER_FIELDS = ['template', 'name', 'threshold', 'duration', 'score', 'values'] as const;

interface RuleFormProps {
  type: RuleType;
  area: AreaAuthority;
  templates: readonly RuleTemplateView[];
  /** The rule being changed (the version it was loaded at), or null for a new one. */
  rule: RiskRule | null;
  onCancel(): void;
  onSaved(rule: RiskRule): void;
  /** Loads the rule again (after someone else changed it). */
  onReload(): void;
}

/**
 * The rule editor (docs/decisions/0028): a template of the type, then only the fields it takes —
 * values with the list input, a threshold as a count or an amount, a duration in minutes, hours or
 * days, a score — the enable switch and, but for trust and manual review, "send to case
 * management". "Test before saving" replays the draft over the chosen period.
 */
export function RuleForm({ type, area, templates, rule, onCancel, onSaved, onReload }: RuleFormProps) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<RuleFormValues>();
  const [requestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [days, setDays] = useState<ReplayPeriodDays>(30);
  const [replayId, setReplayId] = useState<number | null>(null);
  const [replayError, setReplayError] = useState<string | null>(null);
  const add = useRuleAdd();
  const update = useRuleUpdate();
  const replay = useReplayStart();
  const pending = add.isPending || update.isPending;
  // A double click submits twice before the form shows it is busy: one save at a time.
  const sending = useRef(false);
  const first = templates[0] as RuleTemplateView;
  const initial = rule
    ? ruleForm(
        rule,
        templates.find((tpl) => tpl.code === rule.template),
      )
    : newRuleForm(first);
  const code = Form.useWatch('template', form) ?? initial.template;
  const send = Form.useWatch('sendToCaseManagement', form) ?? initial.sendToCaseManagement;
  const template = templates.find((tpl) => tpl.code === code) ?? first;
  const currency = area.currency;

  const changeTemplate = (next: string) => {
    const chosen = templates.find((tpl) => tpl.code === next);
    if (!chosen) return;
    const defaults = newRuleForm(chosen);
    form.setFieldsValue({
      threshold: defaults.threshold,
      durationValue: defaults.durationValue,
      durationUnit: defaults.durationUnit,
      score: defaults.score,
    });
    setReplayId(null);
  };

  // A rule saved without a name is named after its template (in the language of the editor).
  const named = (values: RuleFormValues): RuleFormValues =>
    values.name?.trim() ? values : { ...values, name: templateLabel(t, template.code) };

  const failed = (failure: unknown) => {
    const fieldErrors = serverFieldErrors(failure, SERVER_FIELDS).map((e) =>
      e.name[0] === 'duration' ? { ...e, name: ['durationValue'] as [string] } : e,
    );
    if (failure instanceof ApiError && failure.code === ResultCode.CONFLICT && failure.msg === RISK_MESSAGES.ruleChanged) {
      setConflict(true);
      return;
    }
    if (fieldErrors.length > 0) form.setFields(fieldErrors as never);
    else setError(errorMessage(failure));
  };

  const submit = async (values: RuleFormValues) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    setConflict(false);
    const fields = ruleFieldsOf(area.code, type, template, named(values));
    try {
      const saved = rule ? await update.mutateAsync(updateRequestOf(fields, rule)) : await add.mutateAsync(addRequestOf(fields, requestId));
      // Saved: this form is done (a second click of a double click must not save again).
      onSaved(saved);
    } catch (failure) {
      sending.current = false;
      failed(failure);
    }
  };

  const test = async () => {
    setReplayError(null);
    let values: RuleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const started = await replay.mutateAsync({ country: area.code, days, draft: ruleFieldsOf(area.code, type, template, values) });
      setReplayId(started.id);
    } catch (failure) {
      setReplayError(errorMessage(failure));
    }
  };

  const subject = template.values;
  const subjectLabel = subject ? t(`subject.${subject}`) : '';

  return (
    <Form<RuleFormValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      disabled={pending}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setReplayId(null)}
    >
      <Form.Item name="template" label={t('rule.template')} extra={t(`metricHint.${template.metric}`)} required>
        <Select
          disabled={rule !== null}
          onChange={changeTemplate}
          options={templates.map((tpl) => ({ value: tpl.code, label: templateLabel(t, tpl.code) }))}
        />
      </Form.Item>
      <Form.Item name="name" label={t('rule.name')} extra={t('editor.nameHint')}>
        <Input maxLength={RULE_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      {subject && (
        <Form.Item
          name="values"
          label={t('editor.valuesOf', { subject: subjectLabel })}
          extra={t('editor.valuesHint', { example: t(`valueExample.${subject}`) })}
          required
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const rows = value ?? [];
                if (rows.every((v) => v.trim() === '')) throw new Error(t('editor.valuesRequired'));
                const problems = valueProblems(subject, rows);
                const found = problems.findIndex((p) => p !== null);
                if (found < 0) return;
                const problem = problems[found];
                const reason = problem === 'format' ? t(`valueFormat.${subject}`) : t(`valueProblem.${problem ?? 'empty'}`);
                throw new Error(t('editor.valueRow', { row: found + 1, reason }));
              },
            },
          ]}
        >
          <ListInput label={subjectLabel} placeholder={t(`valueExample.${subject}`)} />
        </Form.Item>
      )}
      {template.threshold === 'COUNT' && (
        <Form.Item
          name="threshold"
          label={t('editor.thresholdCount')}
          extra={t('editor.thresholdHint')}
          required
          normalize={(value: string | undefined) => normalizeCount(value)}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if ((value ?? '').trim() === '') throw new Error(t('editor.thresholdRequired'));
                if (thresholdOf(template, value) === null) throw new Error(t('editor.thresholdInvalid'));
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" style={{ maxWidth: 220 }} />
        </Form.Item>
      )}
      {template.threshold === 'CENTS' && (
        <Form.Item
          name="threshold"
          label={t('editor.thresholdAmount', { currency })}
          extra={t('editor.thresholdHint')}
          required
          normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if ((value ?? '').trim() === '') throw new Error(t('editor.thresholdRequired'));
                if (thresholdOf(template, value) === null) throw new Error(t('editor.amountInvalid'));
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" prefix={CURRENCY_SYMBOLS[currency]} style={{ maxWidth: 220 }} />
        </Form.Item>
      )}
      {template.duration && (
        <Form.Item label={t('rule.duration')} htmlFor={`${FORM_NAME}_durationValue`} required extra={t('editor.durationHint')}>
          <Space.Compact>
            <Form.Item
              name="durationValue"
              noStyle
              normalize={(value: string | undefined) => normalizeCount(value)}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const problem = durationProblem(value, form.getFieldValue('durationUnit'));
                    if (problem) throw new Error(t(`editor.duration.${problem}`));
                  },
                },
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="durationUnit" noStyle>
              <Select
                aria-label={t('editor.durationUnit')}
                style={{ width: 130 }}
                onChange={() => void form.validateFields(['durationValue']).catch(() => undefined)}
                options={DURATION_UNIT_KEYS.map((unit) => ({ value: unit, label: t(`unit.${unit}`) }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
      {template.score && (
        <Form.Item
          name="score"
          label={t('editor.score')}
          extra={t('editor.scoreHint')}
          required
          rules={[
            {
              validator: async (_, value: number | null | undefined) => {
                if (!isScore(value)) throw new Error(t('editor.scoreRange', { max: SCORE_MAX }));
              },
            },
          ]}
        >
          <InputNumber min={1} max={SCORE_MAX} precision={0} style={{ width: 120 }} />
        </Form.Item>
      )}
      <Form.Item name="enabled" label={t('rule.state')} valuePropName="checked">
        <Switch checkedChildren={tc('state.1')} unCheckedChildren={tc('state.0')} />
      </Form.Item>
      {hasCaseSwitch(type) && (
        <Form.Item name="sendToCaseManagement" label={t('editor.sendToCase')} valuePropName="checked" extra={t('editor.sendToCaseHint')}>
          <Switch />
        </Form.Item>
      )}
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('editor.whenFires')}</Typography.Text>
        <ActionTag action={ruleActionOf(type, send)} />
      </Flex>

      <Card size="small" title={t('editor.testTitle')} style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('editor.testHint')}</Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Radio.Group
              aria-label={t('replay.period')}
              optionType="button"
              value={days}
              onChange={(event) => setDays(event.target.value as ReplayPeriodDays)}
              options={REPLAY_PERIODS_DAYS.map((d) => ({ value: d, label: t('replay.days', { days: d }) }))}
            />
            <Button onClick={() => void test()} loading={replay.isPending}>
              {t('editor.test')}
            </Button>
          </Flex>
          {replayError && <Alert type="error" showIcon role="alert" title={replayError} />}
          {replayId !== null && <ReplayFollow id={replayId} zone={area.timezoneName} />}
        </Flex>
      </Card>

      <Flex vertical gap={12}>
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('editor.conflict')}
            action={
              <Button size="small" onClick={onReload}>
                {t('editor.reload')}
              </Button>
            }
          />
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onCancel}>{tc('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {rule ? t('editor.saveChanges') : t('editor.add')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

interface RuleEditorDrawerProps {
  open: boolean;
  type: RuleType;
  area: AreaAuthority;
  /** The rule to change, or null to add one. */
  ruleId: number | null;
  onClose(): void;
  onSaved(rule: RiskRule, added: boolean): void;
}

/** Add or edit a rule: the type's templates, and (editing) the rule as it is now, with its version. */
export function RuleEditorDrawer({ open, type, area, ruleId, onClose, onSaved }: RuleEditorDrawerProps) {
  const { t } = useTranslation('risk');
  const mobile = useIsMobile();
  const templates = useRuleTemplates(open ? type : null);
  const history = useRuleHistory(open ? ruleId : null);
  const editing = ruleId !== null;
  const rule = history.data?.rule ?? null;
  const ready = templates.data !== undefined && templates.data.list.length > 0 && (!editing || rule !== null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('editor.editTitle', { type: t(`type.${type}`) }) : t('editor.addTitle', { type: t(`type.${type}`) })}
      size={mobile ? '100%' : 640}
      destroyOnHidden
    >
      <QueryStatus query={templates} />
      {editing && <QueryStatus query={history} />}
      {open && ready && (
        <RuleForm
          key={rule ? `${rule.id}-${rule.version}` : 'new'}
          type={type}
          area={area}
          templates={templates.data?.list ?? []}
          rule={rule}
          onCancel={onClose}
          onSaved={(saved) => onSaved(saved, !editing)}
          onReload={() => void history.refetch()}
        />
      )}
    </Drawer>
  );
}
