import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { REPLAY_PERIODS_DAYS, type ReplayPeriodDays, RULE_TYPES, type RuleType } from '@andes/contract/risk/enums';
import type { ReplayView } from '@andes/contract/risk/schemas';
import { Alert, Button, Card, Flex, Form, Radio, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { isRunning, REPLAYS_POLL_MS, replayListQuery, useReplayStart, useRuleChoices } from '../api/risk-calls.ts';
import { RISK_PROFILES_PATH } from '../risk-paths.ts';
import { type ReplayListRequest, replayListOf } from '../risk-url.ts';
import { percent, ReplayState } from './replay-result.tsx';
import { ReplayStatusTag } from './risk-tags.tsx';

interface ReplayFormValues {
  type?: RuleType;
  ruleId?: number;
  days: ReplayPeriodDays;
}

/** Replays a saved rule of the country over 30, 60 or 90 days. */
function ReplayForm({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const [form] = Form.useForm<ReplayFormValues>();
  const type = Form.useWatch('type', form);
  const rules = useRuleChoices(area.code, type ?? null);
  const start = useReplayStart();
  const [error, setError] = useState<string | null>(null);
  const submit = (values: ReplayFormValues) => {
    if (start.isPending || values.ruleId === undefined) return;
    setError(null);
    start.mutate(
      { country: area.code, days: values.days, ruleId: values.ruleId },
      { onSuccess: () => notify.success(t('replay.started')), onError: (failure) => setError(errorMessage(failure)) },
    );
  };
  return (
    <Card size="small" title={t('retro.formTitle')} style={{ marginBottom: 16 }}>
      <Form<ReplayFormValues>
        form={form}
        name="replay-form"
        layout="vertical"
        initialValues={{ days: 30 }}
        onFinish={submit}
        onValuesChange={(changed: Partial<ReplayFormValues>) => {
          if ('type' in changed) form.setFieldsValue({ ruleId: undefined });
        }}
      >
        <Flex gap={12} wrap align="flex-end">
          <Form.Item
            name="type"
            label={t('retro.type')}
            rules={[{ required: true, message: t('retro.typeRequired') }]}
            style={{ minWidth: 200 }}
          >
            <Select options={RULE_TYPES.map((ruleType) => ({ value: ruleType, label: t(`type.${ruleType}`) }))} />
          </Form.Item>
          <Form.Item
            name="ruleId"
            label={t('retro.rule')}
            rules={[{ required: true, message: t('retro.ruleRequired') }]}
            style={{ minWidth: 240 }}
          >
            <Select
              loading={rules.isFetching}
              disabled={!type}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('retro.noRules')}
              options={(rules.data?.list ?? []).map((rule) => ({
                value: rule.id,
                label: `${rule.name} (${t('rule.versionShort', { version: rule.version })})`,
              }))}
            />
          </Form.Item>
          <Form.Item name="days" label={t('replay.period')}>
            <Radio.Group
              optionType="button"
              options={REPLAY_PERIODS_DAYS.map((d) => ({ value: d, label: t('replay.days', { days: d }) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              {t('replay.start')}
            </Button>
          </Form.Item>
        </Flex>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Card>
  );
}

/**
 * The retro performance page (docs/decisions/0028): the country's replays, newest first, with
 * their progress while they run and their figures once done, and a form to replay a saved rule.
 */
export function RetroPerformance({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const zone = area.timezoneName;
  const canReplay = usePermission('risk:configure-detail');
  const screen = useListScreen<ReplayListRequest, ReplayView>({
    filters: {},
    requestOf: (params, position) => replayListOf(area.code, params, position),
    query: replayListQuery,
    poll: (rows) => (rows.some(isRunning) ? REPLAYS_POLL_MS : false),
  });
  const done = (replay: ReplayView) => replay.status === 'COMPLETE' && replay.result !== null;
  const columns: TableColumnsType<ReplayView> = [
    {
      key: 'rule',
      title: t('retro.rule'),
      render: (_, replay) => (
        <Flex vertical>
          <Typography.Text strong>{replay.rule.name}</Typography.Text>
          <Typography.Text type="secondary">
            {t(`type.${replay.rule.type}`)}
            {replay.ruleVersion !== null ? ` · ${t('rule.versionShort', { version: replay.ruleVersion })}` : ` · ${t('retro.draft')}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: t('retro.status'), render: (_, replay) => <ReplayStatusTag status={replay.status} /> },
    { key: 'days', title: t('replay.period'), render: (_, replay) => t('replay.days', { days: replay.days }) },
    {
      key: 'progress',
      title: t('retro.progress'),
      render: (_, replay) => t('replay.progress', { processed: replay.processed, total: replay.total }),
    },
    {
      key: 'evaluated',
      title: t('replay.evaluated'),
      align: 'right',
      render: (_, r) => (done(r) ? r.result?.evaluated.count : EMPTY_PLACEHOLDER),
    },
    {
      key: 'blocked',
      title: t('replay.blocked'),
      align: 'right',
      render: (_, r) => (done(r) ? r.result?.blocked.count : EMPTY_PLACEHOLDER),
    },
    {
      key: 'reviewed',
      title: t('replay.reviewed'),
      align: 'right',
      render: (_, r) => (done(r) ? r.result?.reviewed.count : EMPTY_PLACEHOLDER),
    },
    {
      key: 'caught',
      title: t('replay.caught'),
      render: (_, r) =>
        done(r) && r.result
          ? t('replay.caughtOf', { caught: r.result.chargedBack.count, all: r.result.chargebacksInPeriod.count })
          : EMPTY_PLACEHOLDER,
    },
    {
      key: 'approval',
      title: t('replay.approvalRate'),
      render: (_, r) =>
        done(r) && r.result ? `${percent(r.result.approvalRate)} → ${percent(r.result.approvalRateWithRule)}` : EMPTY_PLACEHOLDER,
    },
    {
      key: 'created',
      title: t('retro.createdIn', { zone }),
      render: (_, replay) => (
        <Flex vertical>
          <span>{replay.createdBy}</span>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={replay.createdAt}>{formatDateTime(replay.createdAt, zone)}</time>
          </Typography.Text>
        </Flex>
      ),
    },
  ];
  const title = t('detail.title', { type: t('type.RETRO_PERFORMANCE'), country: tc(`countryName.${area.code}`) });
  return (
    <ListScreen<ReplayListRequest, ReplayView, never>
      screen={screen}
      title={title}
      back={RISK_PROFILES_PATH}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('typeIntro.RETRO_PERFORMANCE')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      toolbar={canReplay ? <ReplayForm area={area} /> : undefined}
      columns={columns}
      card={{ title: 'rule', extra: 'status' }}
      details={{ label: t('replay.result'), render: (replay) => <ReplayState replay={replay} zone={zone} /> }}
      emptyText={t('retro.empty')}
      label={title}
    />
  );
}
