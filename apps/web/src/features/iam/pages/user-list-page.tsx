import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { ENABLED_STATES } from '@andes/contract/common/enums';
import { orEmpty } from '@andes/contract/common/format';
import type { ResetLink, UserSummary } from '@andes/contract/iam/schemas';
import { Flex, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { useRoleAssignmentList } from '../api/use-roles.ts';
import { useResetLinkGenerate, userListQuery, useUserMfaReset, useUserRemove, useUserStateModify } from '../api/use-users.ts';
import { EnabledStateSwitch } from '../components/enabled-state-switch.tsx';
import { ResetLinkModal, type ResetLinkReason } from '../components/reset-link-modal.tsx';
import { UserDetailDrawer } from '../components/user-detail-drawer.tsx';
import { UserFormDrawer } from '../components/user-form-drawer.tsx';
import { enabledStateOptions } from '../enabled-state.ts';
import { DIALOGS_WITH_ID, LIST_DIALOGS, USER_LIST_URL } from '../list-urls.ts';

interface HandOver {
  link: ResetLink;
  username: string;
  reason: ResetLinkReason;
}

/**
 * `/access/user`: the merchant's users (spec §2 Access). Search, keyset pages, add and edit in a
 * drawer, detail, enable/disable, delete, admin password reset (a one-time link to hand over) and
 * MFA reset. Nobody disables or removes themselves: the actions are off on one's own row (the
 * server refuses it too, and the last super admin).
 */
export function UserListPage() {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const held = usePermissions();
  const { data: me } = useCurrentUserInfo();
  const roles = useRoleAssignmentList();
  const screen = useListScreen({ ...USER_LIST_URL, query: userListQuery, dialogs: { kinds: LIST_DIALOGS, withId: DIALOGS_WITH_ID } });
  const { dialog, openDialog, closeDialog, confirm } = screen;
  const [handOver, setHandOver] = useState<HandOver | null>(null);
  const stateModify = useUserStateModify();
  const remove = useUserRemove();
  const resetLink = useResetLinkGenerate();
  const mfaReset = useUserMfaReset();

  const canModify = held.has('iam:user:modify');
  const time = (value: string | null) => (value ? formatDateTime(value, zone) : EMPTY_PLACEHOLDER);

  const filters: ListFilterField[] = [
    { kind: 'text', name: 'username', label: t('users.username'), width: 160 },
    { kind: 'text', name: 'displayName', label: t('users.displayName'), width: 160 },
    { kind: 'text', name: 'email', label: t('users.email'), width: 180 },
    { kind: 'select', name: 'state', label: t('users.state'), width: 120, options: enabledStateOptions((state) => tc(`state.${state}`)) },
    {
      kind: 'select',
      name: 'roleId',
      label: t('users.role'),
      width: 160,
      searchable: true,
      loading: roles.isPending,
      options: (roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
    },
  ];

  const toggleState = (user: UserSummary, enable: boolean) =>
    confirm({
      title: enable ? t('users.enableConfirm', { name: user.displayName }) : t('users.disableConfirm', { name: user.displayName }),
      content: enable ? undefined : t('users.disableEffect'),
      okText: enable ? t('users.enable') : t('users.disable'),
      danger: !enable,
      onOk: () => stateModify.mutateAsync({ id: user.id, state: enable ? ENABLED_STATES.ENABLE : ENABLED_STATES.DISABLE }),
    });

  const columns: TableColumnsType<UserSummary> = [
    { key: 'username', title: t('users.username'), dataIndex: 'username' },
    { key: 'displayName', title: t('users.displayName'), dataIndex: 'displayName' },
    { key: 'email', title: t('users.email'), render: (_, user) => orEmpty(user.email) },
    {
      key: 'roles',
      title: t('users.roles'),
      render: (_, user) =>
        user.roles.length > 0 ? (
          <Flex gap={4} wrap>
            {user.superAdmin && <Tag color="gold">{t('users.superAdmin')}</Tag>}
            {user.roles.map((role) => (
              <Tag key={role.id}>{role.name}</Tag>
            ))}
          </Flex>
        ) : (
          EMPTY_PLACEHOLDER
        ),
    },
    { key: 'countries', title: t('users.countries'), render: (_, user) => user.countries.join(', ') || EMPTY_PLACEHOLDER },
    {
      key: 'state',
      title: t('users.state'),
      render: (_, user) => (
        <EnabledStateSwitch
          state={user.state}
          editable={canModify}
          name={t('users.stateSwitch', { username: user.username })}
          lockedBecause={user.id === me?.id ? t('users.notYourself') : undefined}
          onToggle={(enable) => toggleState(user, enable)}
        />
      ),
    },
    { key: 'mfa', title: t('users.mfa'), render: (_, user) => (user.mfaEnabled ? t('users.mfaOn') : t('users.mfaOff')) },
    { key: 'lastLoginAt', title: t('users.lastLoginAtIn', { zone }), render: (_, user) => time(user.lastLoginAt) },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, user) => {
        const self = user.id === me?.id;
        return (
          <RowActions
            actions={[
              { key: 'detail', name: t('users.detailOf', { username: user.username }), permission: 'iam:user:detail', opens: user.id },
              { key: 'edit', name: t('users.editOf', { username: user.username }), permission: 'iam:user:modify', opens: user.id },
              {
                key: 'reset-password',
                label: t('users.resetPassword'),
                name: t('users.resetPasswordOf', { username: user.username }),
                permission: 'iam:user:reset-password',
                confirm: {
                  title: t('users.resetPasswordConfirm', { name: user.displayName }),
                  content: t('users.resetPasswordEffect'),
                  onOk: () =>
                    resetLink.mutateAsync(user.id).then((link) => setHandOver({ link, username: user.username, reason: 'reset' })),
                },
              },
              {
                key: 'reset-mfa',
                label: t('users.resetMfa'),
                name: t('users.resetMfaOf', { username: user.username }),
                permission: 'iam:user:modify',
                when: user.mfaEnabled,
                danger: true,
                confirm: {
                  title: t('users.resetMfaConfirm', { name: user.displayName }),
                  content: t('users.resetMfaEffect'),
                  onOk: () => mfaReset.mutateAsync(user.id),
                },
              },
              {
                key: 'delete',
                name: t('users.deleteOf', { username: user.username }),
                permission: 'iam:user:remove',
                disabled: self,
                title: self ? t('users.notYourself') : undefined,
                confirm: {
                  title: t('users.deleteConfirm', { name: user.displayName }),
                  content: t('users.deleteEffect'),
                  onOk: () => remove.mutateAsync(user.id),
                },
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <ListScreen
      screen={screen}
      title={t('users.title')}
      add={{ label: t('users.add'), permission: 'iam:user:create', onClick: () => openDialog('add') }}
      filterBar={{ name: 'user-filters', label: t('users.filters'), fields: filters }}
      columns={columns}
      card={{ title: 'username', extra: 'state' }}
      label={t('users.title')}
    >
      <Can permission={['iam:user:create', 'iam:user:modify']}>
        <UserFormDrawer
          open={(dialog?.kind === 'add' && held.has('iam:user:create')) || (dialog?.kind === 'edit' && canModify)}
          userId={dialog?.kind === 'edit' ? dialog.id : null}
          onClose={closeDialog}
          onAdded={(added, username) => setHandOver({ link: added.resetLink, username, reason: 'created' })}
        />
      </Can>
      <Can permission="iam:user:detail">
        <UserDetailDrawer userId={dialog?.kind === 'detail' ? dialog.id : null} onClose={closeDialog} />
      </Can>
      <ResetLinkModal
        link={handOver?.link ?? null}
        username={handOver?.username ?? ''}
        reason={handOver?.reason ?? 'created'}
        onClose={() => setHandOver(null)}
      />
    </ListScreen>
  );
}
