import type { AreaAuthority } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { REPLAY_PERIODS_DAYS, type ReplayPeriodDays } from '@andes/contract/risk/enums';
import type { RiskRule } from '@andes/contract/risk/schemas';
import { Alert, Button, Collapse, Drawer, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useReplayStart, useRuleReplays } from '../api/risk-calls.ts';
import { ReplayState } from './replay-result.tsx';
import { ReplayStatusTag } from './risk-tags.tsx';

/** Replay a saved rule (its current version) over 30, 60 or 90 days, and its earlier replays. */
export function RuleReplayDrawer({
  open,
  area,
  rule,
  onClose,
}: {
  open: boolean;
  area: AreaAuthority;
  rule: Pick<RiskRule, 'id' | 'name' | 'version'> | null;
  onClose(): void;
}) {
  const { t } = useTranslation('risk');
  const mobile = useIsMobile();
  const [days, setDays] = useState<ReplayPeriodDays>(30);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState<string[] | null>(null);
  const start = useReplayStart();
  const replays = useRuleReplays(area.code, open && rule ? rule.id : null);
  const zone = area.timezoneName;
  const list = replays.data?.list ?? [];

  const run = () => {
    if (!rule || start.isPending) return;
    setError(null);
    start.mutate(
      { country: area.code, days, ruleId: rule.id },
      { onSuccess: (started) => setActive([String(started.id)]), onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={rule ? t('replay.titleOf', { name: rule.name }) : t('replay.title')}
      size={mobile ? '100%' : 720}
      destroyOnHidden
    >
      {rule && (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('replay.intro', { version: rule.version })}
          </Typography.Paragraph>
          <Flex gap={8} align="center" wrap>
            <Radio.Group
              aria-label={t('replay.period')}
              optionType="button"
              value={days}
              onChange={(event) => setDays(event.target.value as ReplayPeriodDays)}
              options={REPLAY_PERIODS_DAYS.map((d) => ({ value: d, label: t('replay.days', { days: d }) }))}
            />
            <Button type="primary" onClick={run} loading={start.isPending}>
              {t('replay.start')}
            </Button>
          </Flex>
          {error && <Alert type="error" showIcon role="alert" title={error} />}
          <QueryStatus query={replays} />
          {replays.data && list.length === 0 && <Typography.Text type="secondary">{t('replay.noneForRule')}</Typography.Text>}
          {list.length > 0 && (
            <Collapse
              activeKey={active ?? [String(list[0]?.id)]}
              onChange={(keys) => setActive(Array.isArray(keys) ? keys : [keys])}
              items={list.map((replay) => ({
                key: String(replay.id),
                label: (
                  <Flex gap={8} wrap align="center">
                    <ReplayStatusTag status={replay.status} />
                    <span>{t('replay.days', { days: replay.days })}</span>
                    <Typography.Text type="secondary">
                      {t('rule.versionShort', { version: replay.ruleVersion ?? rule.version })} · {replay.createdBy} ·{' '}
                      <time dateTime={replay.createdAt}>{formatDateTime(replay.createdAt, zone)}</time>
                    </Typography.Text>
                  </Flex>
                ),
                children: <ReplayState replay={replay} zone={zone} />,
              }))}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
