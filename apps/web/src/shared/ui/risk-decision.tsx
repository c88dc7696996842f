import type { Currency } from '@andes/contract/common/countries';
import type { StatusColor } from '@andes/contract/common/enums';
import type { ReviewStatus, RuleAction } from '@andes/contract/risk/enums';
import type { FiredRule } from '@andes/contract/risk/schemas';
import { templateOf } from '@andes/contract/risk/templates';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from './amount.tsx';
import { StatusTag } from './status-tag.tsx';

/**
 * How a risk decision reads wherever it is shown (docs/decisions/0028): the risk screens, case
 * management and the transaction detail. Texts are in the `risk` namespace.
 */

/** The colour of what a rule asks for: allow is good, block an end, review waits on a person. */
export const ACTION_COLORS: Readonly<Record<RuleAction, StatusColor>> = { ALLOW: 'success', BLOCK: 'error', REVIEW: 'warning' };
export const REVIEW_COLORS: Readonly<Record<ReviewStatus, StatusColor>> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'error' };

export function ActionTag({ action }: { action: RuleAction }) {
  const { t } = useTranslation('risk');
  return <StatusTag color={ACTION_COLORS[action]}>{t(`action.${action}`)}</StatusTag>;
}

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('risk');
  return <StatusTag color={REVIEW_COLORS[status]}>{t(`reviewStatus.${status}`)}</StatusTag>;
}

export type Measure =
  | { kind: 'match'; value: string }
  | { kind: 'cents'; value: number }
  | { kind: 'count'; value: number }
  | { kind: 'score'; value: number }
  | { kind: 'flag' };

/** What a fired rule measured or matched, read by its template (a template unknown here shows the raw number). */
export function measureOf(rule: Pick<FiredRule, 'type' | 'template' | 'measured' | 'matched'>): Measure {
  if (rule.matched !== null) return { kind: 'match', value: rule.matched };
  if (rule.measured === null) return { kind: 'flag' };
  const template = templateOf(rule.type, rule.template);
  if (template?.score) return { kind: 'score', value: rule.measured };
  if (template?.threshold === 'CENTS') return { kind: 'cents', value: rule.measured };
  return { kind: 'count', value: rule.measured };
}

/** What a fired rule measured or matched. */
export function Measured({ rule, currency }: { rule: FiredRule; currency: Currency }) {
  const { t } = useTranslation('risk');
  const measure = measureOf(rule);
  switch (measure.kind) {
    case 'match':
      return <>{t('fired.matched', { value: measure.value })}</>;
    case 'cents':
      return (
        <>
          {t('fired.measuredAmount')} <Amount cents={measure.value} currency={currency} />
        </>
      );
    case 'score':
      return <>{t('fired.measuredScore', { score: measure.value })}</>;
    case 'count':
      return <>{t('fired.measuredCount', { count: measure.value })}</>;
    case 'flag':
      return <>{t('fired.flag')}</>;
  }
}

/** The rules that fired on a pay-in: name (its template's when it has none), type, version, what they asked for and measured. */
export function FiredRules({ rules, currency, compact = false }: { rules: readonly FiredRule[]; currency: Currency; compact?: boolean }) {
  const { t } = useTranslation('risk');
  if (rules.length === 0) return <Typography.Text type="secondary">{t('fired.none')}</Typography.Text>;
  return (
    <Flex
      component="ul"
      vertical
      gap={compact ? 2 : 6}
      style={{ listStyle: 'none', margin: 0, padding: 0, ...(compact ? { maxWidth: 320 } : {}) }}
    >
      {rules.map((rule) => (
        <li key={`${rule.ruleId}-${rule.version}`}>
          <Flex gap={6} wrap align="center">
            <Typography.Text strong>
              {rule.name.trim() === ''
                ? t(`template.${rule.template}` as 'template.DOCUMENT_LIST', { defaultValue: rule.template })
                : rule.name}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t(`type.${rule.type}`)} · {t('rule.versionShort', { version: rule.version })}
            </Typography.Text>
            <ActionTag action={rule.action} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Measured rule={rule} currency={currency} />
          </Typography.Text>
        </li>
      ))}
    </Flex>
  );
}
