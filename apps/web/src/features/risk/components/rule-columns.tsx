import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { RiskRule, RuleTemplateView } from '@andes/contract/risk/schemas';
import type { TableColumnsType } from 'antd';
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type RowAction, RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { ActionTag } from '../../../shared/ui/risk-decision.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { Duration, ValueChips } from './rule-parts.tsx';

interface ColumnContext {
  t: TFunction<'risk'>;
  tc: TFunction<'common'>;
  zone: string;
  currency: Currency;
  /** The type's templates: which columns the list needs, and how each rule's threshold reads. */
  templates: readonly RuleTemplateView[];
  /** Deletes a rule after its confirmation. */
  remove(rule: RiskRule): Promise<unknown>;
}

/** The template's label (its code when this build does not know it). */
export function templateLabel(t: TFunction<'risk'>, code: string): string {
  return t(`template.${code}` as 'template.DOCUMENT_LIST', { defaultValue: code });
}

/** A rule's name, or its template's label when it was saved without one. */
export function ruleName(t: TFunction<'risk'>, rule: Pick<RiskRule, 'name' | 'template'>): string {
  return rule.name.trim() === '' ? templateLabel(t, rule.template) : rule.name;
}

/**
 * A rule list's columns: name, template, then only the fields the type's templates take (values as
 * chips, threshold as a count or money, duration in human units, score), what it asks for, state,
 * version, who changed it last and when, and its actions.
 */
export function ruleColumns(ctx: ColumnContext): TableColumnsType<RiskRule> {
  const { t, tc, zone, currency, templates } = ctx;
  const any = (field: 'values' | 'threshold' | 'duration' | 'score') =>
    templates.some((tpl) => (field === 'values' ? tpl.values !== null : field === 'threshold' ? tpl.threshold !== null : tpl[field]));
  const templateOf = (rule: RiskRule) => templates.find((tpl) => tpl.code === rule.template);
  const columns: TableColumnsType<RiskRule> = [
    {
      key: 'name',
      title: t('rule.name'),
      render: (_, rule) => <Typography.Text strong>{ruleName(t, rule)}</Typography.Text>,
    },
    { key: 'template', title: t('rule.template'), render: (_, rule) => templateLabel(t, rule.template) },
  ];
  if (any('values')) {
    columns.push({ key: 'values', title: t('rule.values'), render: (_, rule) => <ValueChips values={rule.values} /> });
  }
  if (any('threshold')) {
    columns.push({
      key: 'threshold',
      title: t('rule.threshold'),
      align: 'right',
      render: (_, rule) =>
        rule.threshold === null ? (
          EMPTY_PLACEHOLDER
        ) : templateOf(rule)?.threshold === 'CENTS' ? (
          <Amount cents={rule.threshold} currency={currency} />
        ) : (
          t('rule.count', { count: rule.threshold })
        ),
    });
  }
  if (any('duration')) {
    columns.push({ key: 'duration', title: t('rule.duration'), render: (_, rule) => <Duration seconds={rule.duration} /> });
  }
  if (any('score')) {
    columns.push({ key: 'score', title: t('rule.score'), align: 'right', render: (_, rule) => rule.score ?? EMPTY_PLACEHOLDER });
  }
  columns.push(
    { key: 'action', title: t('rule.action'), render: (_, rule) => <ActionTag action={rule.action} /> },
    {
      key: 'enabled',
      title: t('rule.state'),
      render: (_, rule) => <StatusTag color={rule.enabled ? 'success' : 'default'}>{tc(rule.enabled ? 'state.1' : 'state.0')}</StatusTag>,
    },
    { key: 'version', title: t('rule.version'), align: 'right', render: (_, rule) => t('rule.versionShort', { version: rule.version }) },
    {
      key: 'updated',
      title: t('rule.updatedIn', { zone }),
      render: (_, rule) => (
        <Flex vertical>
          <span>{rule.updatedBy}</span>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={rule.updatedAt}>{formatDateTime(rule.updatedAt, zone)}</time>
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, row) => {
        const rule = { ...row, name: ruleName(t, row) };
        const actions: RowAction[] = [
          { key: 'edit', name: t('rule.editOf', { name: rule.name }), permission: 'risk:rule:edit', opens: rule.id },
          { key: 'history', label: t('rule.history'), name: t('rule.historyOf', { name: rule.name }), opens: rule.id },
          { key: 'replay', label: t('replay.action'), name: t('replay.actionOf', { name: rule.name }), opens: rule.id },
          {
            key: 'delete',
            name: t('rule.deleteOf', { name: rule.name }),
            permission: 'risk:rule:delete',
            confirm: { title: t('rule.deleteConfirm', { name: rule.name }), content: t('rule.deleteHint'), onOk: () => ctx.remove(row) },
          },
        ];
        return <RowActions actions={actions} />;
      },
    },
  );
  return columns;
}
