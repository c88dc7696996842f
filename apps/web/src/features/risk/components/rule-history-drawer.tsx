import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { AreaAuthority } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { RuleVersion } from '@andes/contract/risk/schemas';
import { templateOf } from '@andes/contract/risk/templates';
import { Descriptions, Drawer, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ActionTag } from '../../../shared/ui/risk-decision.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useRuleHistory } from '../api/risk-calls.ts';
import { Duration, ValueChips } from './rule-parts.tsx';

const CHANGE_COLORS = { ADDED: 'green', UPDATED: 'blue', DELETED: 'red' } as const;

/** A rule's versions, newest first: who changed what, and when (a decision names one of them). */
export function RuleHistoryDrawer({
  open,
  area,
  ruleId,
  onClose,
}: {
  open: boolean;
  area: AreaAuthority;
  ruleId: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  const query = useRuleHistory(open ? ruleId : null);
  const rule = query.data?.rule;
  const template = rule ? templateOf(rule.type, rule.template) : undefined;
  const zone = area.timezoneName;
  const versions = [...(query.data?.versions ?? [])].reverse();
  const fields = (v: RuleVersion) => [
    { key: 'name', label: t('rule.name'), children: v.name },
    ...(v.values.length > 0 ? [{ key: 'values', label: t('rule.values'), children: <ValueChips values={v.values} /> }] : []),
    ...(v.threshold !== null
      ? [
          {
            key: 'threshold',
            label: t('rule.threshold'),
            children:
              template?.threshold === 'CENTS' ? (
                <Amount cents={v.threshold} currency={area.currency} />
              ) : (
                t('rule.count', { count: v.threshold })
              ),
          },
        ]
      : []),
    ...(v.duration !== null ? [{ key: 'duration', label: t('rule.duration'), children: <Duration seconds={v.duration} /> }] : []),
    ...(v.score !== null ? [{ key: 'score', label: t('rule.score'), children: v.score }] : []),
    { key: 'action', label: t('rule.action'), children: <ActionTag action={v.action} /> },
    {
      key: 'enabled',
      label: t('rule.state'),
      children: <StatusTag color={v.enabled ? 'success' : 'default'}>{tc(v.enabled ? 'state.1' : 'state.0')}</StatusTag>,
    },
  ];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={rule ? t('history.titleOf', { name: rule.name }) : t('history.title')}
      size={mobile ? '100%' : 560}
      destroyOnHidden
    >
      <QueryStatus query={query} />
      {query.data && (
        <Timeline
          items={versions.map((v) => ({
            key: v.version,
            color: CHANGE_COLORS[v.change],
            content: (
              <Flex vertical gap={4}>
                <Flex gap={8} wrap>
                  <Typography.Text strong>
                    {t('rule.versionShort', { version: v.version })} · {t(`history.change.${v.change}`)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {v.updatedBy || EMPTY_PLACEHOLDER} · <time dateTime={v.at}>{formatDateTime(v.at, zone)}</time>
                  </Typography.Text>
                </Flex>
                <Descriptions size="small" column={1} items={fields(v)} />
              </Flex>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
