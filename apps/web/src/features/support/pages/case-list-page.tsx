import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { CASE_STATUSES, CASE_TYPES } from '@andes/contract/common/enums';
import type { SupportCase } from '@andes/contract/support/schemas';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { caseListQuery, useCaseStatistics } from '../api/support-calls.ts';
import { caseColumns } from '../components/case-columns.tsx';
import { useCaseDecision } from '../hooks/use-case-decision.tsx';
import { CREATE_CASE_PATH, caseDetailPath, editCasePath } from '../support-paths.ts';
import { CASE_DIALOGS, CASE_FILTERS, type CaseDialog, type CaseListRequest, caseListOf, statisticsOf } from '../support-url.ts';

/** `/support-center/case`. */
export function CaseListPage() {
  const { t } = useTranslation('support');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is a new list.
  return <CaseListScreen key={area.code} area={area} />;
}

/**
 * The support cases of the selected country (spec §2 Support Center, §3; issue #14): status chips
 * with their counts, a filter bar (case type, creation dates, keyword by case id, title or
 * transaction key), the list on the list-screen kit, and each row's actions — detail, edit,
 * close and reopen (both with instructions) — as its status and the caller's permissions allow.
 */
function CaseListScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation('common');
  const navigate = useAppNavigate();
  const zone = area.timezoneName;
  const now = useNow(60_000);
  const canOpen = usePermission('support:case-detail');
  const canEdit = usePermission('support:edit-case');
  const canCreate = usePermission('support:create-case');
  const screen = useListScreen<CaseListRequest, SupportCase, CaseDialog>({
    filters: CASE_FILTERS,
    requestOf: (params, position) => caseListOf({ country: area.code, timeZone: zone }, params, position),
    query: caseListQuery,
    dialogs: { kinds: CASE_DIALOGS, withId: CASE_DIALOGS },
  });
  const statistics = useCaseStatistics(statisticsOf(screen.request));
  const counts = new Map(statistics.data?.statuses.map((s) => [s.status, s.count]) ?? []);
  const count = (n: number | undefined) => (statistics.data ? ` (${(n ?? 0).toLocaleString('en-US')})` : '');

  const dialog = screen.dialog;
  const row = dialog ? screen.rows.find((r) => r.id === dialog.id) : undefined;
  const decision = useCaseDecision(dialog && row ? { kind: dialog.kind, case: row } : null, screen.closeDialog);

  const fields: ListFilterField[] = [
    {
      kind: 'select',
      name: 'caseType',
      label: t('field.caseType'),
      width: 170,
      options: CASE_TYPES.map((type) => ({ value: type, label: t(`caseType.${type}`) })),
    },
    { kind: 'dateRange', name: 'range', label: t('list.createdIn', { zone }), timeZone: zone },
    { kind: 'text', name: 'keyword', label: t('list.keyword'), width: 240 },
  ];
  const title = t('list.title');

  return (
    <ListScreen<CaseListRequest, SupportCase, CaseDialog>
      screen={screen}
      title={title}
      {...(canCreate
        ? { add: { label: t('list.create'), permission: 'support:case:create', onClick: () => navigate(CREATE_CASE_PATH) } }
        : {})}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('list.intro')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
          {statistics.data && statistics.data.awaitingProvider > 0 && (
            <> {t('list.awaiting', { count: statistics.data.awaitingProvider })}</>
          )}
        </Typography.Paragraph>
      }
      tabs={{
        name: 'status',
        label: t('field.status'),
        options: [
          { value: '', label: `${t('list.all')}${count(statistics.data?.total)}` },
          ...CASE_STATUSES.map((status) => ({ value: status, label: `${t(`status.${status}`)}${count(counts.get(status))}` })),
        ],
      }}
      filterBar={{ name: 'case-filters', label: t('list.filters'), fields }}
      columns={caseColumns({
        t,
        tc,
        zone,
        now,
        canOpen,
        canEdit,
        open: (r) => navigate(caseDetailPath(r.id)),
        edit: (r) => navigate(editCasePath(r.id)),
        ask: (kind, r) => screen.openDialog(kind, r.id),
      })}
      card={{ title: 'caseNo', extra: 'status' }}
      emptyText={t('list.empty')}
      label={title}
    >
      {decision.modal}
    </ListScreen>
  );
}
