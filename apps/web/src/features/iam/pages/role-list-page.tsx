import { formatDateTime } from '@andes/contract/common/dates';
import { ENABLED_STATES } from '@andes/contract/common/enums';
import type { RoleSummary } from '@andes/contract/iam/schemas';
import { Space, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { roleListQuery, useRoleRemove, useRoleStateModify } from '../api/use-roles.ts';
import { EnabledStateSwitch } from '../components/enabled-state-switch.tsx';
import { RoleDetailDrawer } from '../components/role-detail-drawer.tsx';
import { RoleFormDrawer } from '../components/role-form-drawer.tsx';
import { enabledStateOptions } from '../enabled-state.ts';
import { DIALOGS_WITH_ID, LIST_DIALOGS, ROLE_LIST_URL } from '../list-urls.ts';

/**
 * `/access/role`: the merchant's roles (spec §2 Access): name, state, how many users hold each,
 * last change; add and edit with the permission tree, detail, enable/disable, delete (refused
 * while users hold the role — the server's message shows).
 */
export function RoleListPage() {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const held = usePermissions();
  const screen = useListScreen({ ...ROLE_LIST_URL, query: roleListQuery, dialogs: { kinds: LIST_DIALOGS, withId: DIALOGS_WITH_ID } });
  const { dialog, openDialog, closeDialog, confirm } = screen;
  const stateModify = useRoleStateModify();
  const remove = useRoleRemove();
  const canModify = held.has('iam:role:modify');

  const filters: ListFilterField[] = [
    { kind: 'text', name: 'name', label: t('roles.name') },
    { kind: 'select', name: 'state', label: t('roles.state'), width: 120, options: enabledStateOptions((state) => tc(`state.${state}`)) },
  ];

  const columns: TableColumnsType<RoleSummary> = [
    {
      key: 'name',
      title: t('roles.name'),
      render: (_, role) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{role.name}</Typography.Text>
          {role.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: role.description }} style={{ maxWidth: 320 }}>
              {role.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('roles.state'),
      render: (_, role) => (
        <EnabledStateSwitch
          state={role.state}
          editable={canModify}
          name={t('roles.stateSwitch', { name: role.name })}
          onToggle={(enable) =>
            confirm({
              title: enable ? t('roles.enableConfirm', { name: role.name }) : t('roles.disableConfirm', { name: role.name }),
              content: enable ? undefined : t('roles.disableEffect', { users: role.userCount }),
              okText: enable ? t('roles.enable') : t('roles.disable'),
              danger: !enable,
              onOk: () => stateModify.mutateAsync({ id: role.id, state: enable ? ENABLED_STATES.ENABLE : ENABLED_STATES.DISABLE }),
            })
          }
        />
      ),
    },
    { key: 'userCount', title: t('roles.userCount'), dataIndex: 'userCount', align: 'right' },
    { key: 'updatedAt', title: t('roles.updatedAtIn', { zone }), render: (_, role) => formatDateTime(role.updatedAt, zone) },
    {
      key: 'actions',
      title: tc('actions'),
      render: (_, role) => (
        <RowActions
          actions={[
            { key: 'detail', name: t('roles.detailOf', { name: role.name }), permission: 'iam:role:detail', opens: role.id },
            { key: 'edit', name: t('roles.editOf', { name: role.name }), permission: 'iam:role:modify', opens: role.id },
            {
              key: 'delete',
              name: t('roles.deleteOf', { name: role.name }),
              permission: 'iam:role:remove',
              confirm: {
                title: t('roles.deleteConfirm', { name: role.name }),
                content: role.userCount > 0 ? t('roles.deleteInUse', { users: role.userCount }) : undefined,
                onOk: () => remove.mutateAsync(role.id),
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
      title={t('roles.title')}
      add={{ label: t('roles.add'), permission: 'iam:role:create', onClick: () => openDialog('add') }}
      filterBar={{ name: 'role-filters', label: t('roles.filters'), fields: filters }}
      columns={columns}
      card={{ title: 'name', extra: 'state' }}
      label={t('roles.title')}
    >
      <Can permission={['iam:role:create', 'iam:role:modify']}>
        <RoleFormDrawer
          open={(dialog?.kind === 'add' && held.has('iam:role:create')) || (dialog?.kind === 'edit' && canModify)}
          roleId={dialog?.kind === 'edit' ? dialog.id : null}
          onClose={closeDialog}
        />
      </Can>
      <Can permission="iam:role:detail">
        <RoleDetailDrawer roleId={dialog?.kind === 'detail' ? dialog.id : null} onClose={closeDialog} />
      </Can>
    </ListScreen>
  );
}
