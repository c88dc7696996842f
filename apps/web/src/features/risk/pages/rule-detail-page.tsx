import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import type { RuleType } from '@andes/contract/risk/enums';
import type { RiskRule } from '@andes/contract/risk/schemas';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { ruleListQuery, useRuleDelete, useRuleHistory, useRuleTemplates } from '../api/risk-calls.ts';
import { Recommendations } from '../components/recommendations.tsx';
import { RetroPerformance } from '../components/retro-performance.tsx';
import { ruleColumns } from '../components/rule-columns.tsx';
import { RuleEditorDrawer } from '../components/rule-editor.tsx';
import { RuleHistoryDrawer } from '../components/rule-history-drawer.tsx';
import { RuleReplayDrawer } from '../components/rule-replay-drawer.tsx';
import { configTypeOf, RISK_PROFILES_PATH } from '../risk-paths.ts';
import {
  RULE_DIALOGS,
  RULE_DIALOGS_WITH_ID,
  RULE_FILTERS,
  type RuleDialog,
  type RuleListRequest,
  ruleListOf,
  stateValueOf,
} from '../risk-url.ts';

/**
 * The rules of one type in the selected country (spec §2 `risk-configure/detail/{type}`, §3 risk
 * rule; docs/decisions/0028): filtered by state and keyword, added and changed in the editor,
 * deleted after a confirmation, each with its history and replays. AI recommended rules show the
 * proposals first; retro performance is the page of the country's replays.
 */
function RuleListScreen({ type, area }: { type: RuleType; area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const zone = area.timezoneName;
  const templates = useRuleTemplates(type);
  const listScreen = useListScreen<RuleListRequest, RiskRule, RuleDialog>({
    filters: RULE_FILTERS,
    requestOf: (params, position) => ruleListOf(area.code, type, params, position),
    query: ruleListQuery,
    dialogs: { kinds: RULE_DIALOGS, withId: RULE_DIALOGS_WITH_ID },
  });
  // The state filter is a boolean in the request and 1 / 0 in the URL and the bar (spec §3).
  const screen = { ...listScreen, filterValues: { ...listScreen.filterValues, enabled: stateValueOf(listScreen.request) } };
  const remove = useRuleDelete();
  const dialog = screen.dialog;
  const dialogRow = dialog?.id ? screen.rows.find((row) => row.id === dialog.id) : undefined;
  const fetched = useRuleHistory(dialog?.kind === 'replay' && !dialogRow ? dialog.id : null);
  const replayRule = dialog?.kind === 'replay' ? (dialogRow ?? fetched.data?.rule ?? null) : null;

  const fields: ListFilterField[] = [
    {
      kind: 'select',
      name: 'enabled',
      label: t('rule.state'),
      width: 140,
      options: [
        { value: 1, label: tc('state.1') },
        { value: 0, label: tc('state.0') },
      ],
    },
    { kind: 'text', name: 'keyword', label: t('filter.keyword'), width: 240 },
  ];
  const columns = ruleColumns({
    t,
    tc,
    zone,
    currency: area.currency,
    templates: templates.data?.list ?? [],
    remove: (rule) =>
      remove.mutateAsync({ id: rule.id, version: rule.version }).then(() => notify.success(t('rule.deleted', { name: rule.name }))),
  });
  const title = t('detail.title', { type: t(`type.${type}`), country: tc(`countryName.${area.code}`) });
  const saved = (rule: RiskRule, added: boolean) => {
    notify.success(t(added ? 'rule.added' : 'rule.saved', { name: rule.name, version: rule.version }));
    screen.closeDialog();
  };

  return (
    <ListScreen<RuleListRequest, RiskRule, RuleDialog>
      screen={screen}
      title={title}
      back={RISK_PROFILES_PATH}
      add={{ label: t('rule.add'), permission: 'risk:rule:add', onClick: () => screen.openDialog('add') }}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t(`typeIntro.${type}`)} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      toolbar={type === 'AI_RECOMMENDED' ? <Recommendations area={area} /> : undefined}
      filterBar={{ name: 'rule-filters', label: t('filter.label', { title }), fields }}
      columns={columns}
      card={{ title: 'name', extra: 'action' }}
      emptyText={t('rule.empty')}
      label={title}
    >
      <RuleEditorDrawer
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        type={type}
        area={area}
        ruleId={dialog?.kind === 'edit' ? dialog.id : null}
        onClose={screen.closeDialog}
        onSaved={saved}
      />
      <RuleHistoryDrawer
        open={dialog?.kind === 'history'}
        area={area}
        ruleId={dialog?.kind === 'history' ? dialog.id : null}
        onClose={screen.closeDialog}
      />
      <RuleReplayDrawer open={dialog?.kind === 'replay'} area={area} rule={replayRule} onClose={screen.closeDialog} />
    </ListScreen>
  );
}

/** `/risk/risk-configure/detail/:type`: the type is the enum value; anything else is not a page. */
export function RuleDetailPage() {
  const { t } = useTranslation('risk');
  const { type: segment } = useParams();
  const { area } = useSelectedArea();
  const type = configTypeOf(segment);
  if (type === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is a new list: its filters and dialogs start afresh.
  if (type === 'RETRO_PERFORMANCE') return <RetroPerformance key={area.code} area={area} />;
  return <RuleListScreen key={`${type}:${area.code}`} type={type} area={area} />;
}
