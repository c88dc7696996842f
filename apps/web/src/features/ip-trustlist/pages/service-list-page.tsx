import { IP_TRUSTLIST_MAX_ENTRIES } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { IP_ENTRY_KINDS, IP_VERSIONS } from '@andes/contract/common/enums';
import { orEmpty } from '@andes/contract/common/format';
import { type IpTrustlistType, ipTrustlistTypeOfSegment } from '@andes/contract/ip-trustlist/enums';
import type { IpTrustEntry } from '@andes/contract/ip-trustlist/schemas';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { ipTrustlistQuery, useIpTrustlistRemove, useIpTrustlistUsage } from '../api/use-ip-trustlist.ts';
import { AddEntriesModal } from '../components/add-entries-modal.tsx';
import { EditEntryModal } from '../components/edit-entry-modal.tsx';
import { IP_DIALOGS, IP_DIALOGS_WITH_ID, IP_FILTERS, IP_TRUSTLIST_PATH, ipPageRequestOf } from '../ip-list-url.ts';

function EntryList({ listType }: { listType: IpTrustlistType }) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const screen = useListScreen({
    filters: IP_FILTERS,
    requestOf: (params, position) => ipPageRequestOf(listType, params, position),
    query: ipTrustlistQuery,
    dialogs: { kinds: IP_DIALOGS, withId: IP_DIALOGS_WITH_ID },
  });
  const { dialog, openDialog, closeDialog } = screen;
  const usage = useIpTrustlistUsage(listType);
  const remove = useIpTrustlistRemove();
  const editing = dialog?.kind === 'edit' ? (screen.rows.find((e) => e.id === dialog.id) ?? null) : null;
  const used = usage.data ?? 0;

  const filters: ListFilterField[] = [
    { kind: 'text', name: 'address', label: t('address'), width: 200 },
    { kind: 'select', name: 'kind', label: t('kind'), options: IP_ENTRY_KINDS.map((k) => ({ value: k, label: t(`kindName.${k}`) })) },
    {
      kind: 'select',
      name: 'version',
      label: t('version'),
      width: 120,
      options: IP_VERSIONS.map((v) => ({ value: v, label: t(`versionName.${v}`) })),
    },
  ];

  const columns: TableColumnsType<IpTrustEntry> = [
    { key: 'value', title: t('address'), render: (_, entry) => <Typography.Text code>{entry.value}</Typography.Text> },
    { key: 'kind', title: t('kind'), render: (_, entry) => <Tag>{t(`kindName.${entry.kind}`)}</Tag> },
    { key: 'version', title: t('version'), render: (_, entry) => t(`versionName.${entry.version}`) },
    { key: 'remark', title: t('remark'), render: (_, entry) => orEmpty(entry.remark) },
    { key: 'updatedBy', title: t('updatedBy'), render: (_, entry) => orEmpty(entry.updatedBy) },
    { key: 'createdAt', title: t('createdAtIn', { zone }), render: (_, entry) => formatDateTime(entry.createdAt, zone) },
    { key: 'updatedAt', title: t('updatedAtIn', { zone }), render: (_, entry) => formatDateTime(entry.updatedAt, zone) },
    {
      key: 'actions',
      title: tc('actions'),
      render: (_, entry) => (
        <RowActions
          actions={[
            { key: 'edit', name: t('editOf', { value: entry.value }), permission: 'setting:ip-trustlist:modify', opens: entry.id },
            {
              key: 'delete',
              name: t('removeOf', { value: entry.value }),
              permission: 'setting:ip-trustlist:remove',
              confirm: {
                title: t('removeConfirm', { value: entry.value }),
                content: listType === 'DASHBOARD' ? t('removeDashboardEffect') : undefined,
                onOk: () => remove.mutateAsync(entry.id),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListScreen
      screen={screen}
      title={t(`type.${listType}.name`)}
      back={IP_TRUSTLIST_PATH}
      add={{
        label: t('add'),
        permission: 'setting:ip-trustlist:create',
        disabled: usage.data !== undefined && used >= IP_TRUSTLIST_MAX_ENTRIES,
        onClick: () => openDialog('add'),
      }}
      intro={
        <Typography.Paragraph type="secondary">
          {t(`type.${listType}.description`)} {usage.data !== undefined && t('usedOf', { used, limit: IP_TRUSTLIST_MAX_ENTRIES })}
        </Typography.Paragraph>
      }
      filterBar={{ name: 'ip-filters', label: t('filters'), fields: filters }}
      columns={columns}
      card={{ title: 'value', extra: 'kind' }}
      label={t(`type.${listType}.name`)}
    >
      <Can permission="setting:ip-trustlist:create">
        <AddEntriesModal listType={listType} open={dialog?.kind === 'add'} used={used} onClose={closeDialog} />
      </Can>
      <Can permission="setting:ip-trustlist:modify">
        <EditEntryModal key={editing?.id ?? 'none'} entry={editing} onClose={closeDialog} />
      </Can>
    </ListScreen>
  );
}

/** `/setting/service-list/:type`: the entries of one trust list (`dashboard` or `api`); another type is a 404. */
export function ServiceListPage() {
  const { type = '' } = useParams();
  const listType = ipTrustlistTypeOfSegment(type);
  if (!listType) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <EntryList key={listType} listType={listType} />;
}
