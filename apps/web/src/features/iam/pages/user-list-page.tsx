import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { ENABLED_STATES } from '@andes/contract/common/enums';
import { orEmpty } from '@andes/contract/common/format';
import type { ResetLink, UserSummary } from '@andes/contract/iam/schemas';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useConfirm } from '../../../shared/ui/use-confirm.tsx';
import { useResetLinkGenerate, useUserMfaReset, useUserPage, useUserRemove, useUserStateModify } from '../api/use-users.ts';
import { ResetLinkModal, type ResetLinkReason } from '../components/reset-link-modal.tsx';
import { UserDetailDrawer } from '../components/user-detail-drawer.tsx';
import { UserFilterBar } from '../components/user-filter-bar.tsx';
import { UserFormDrawer } from '../components/user-form-drawer.tsx';
import { enabledStateColor } from '../enabled-state.ts';
import { DIALOGS_WITH_ID, LIST_DIALOGS, userFilterParams, userPageRequestOf } from '../list-urls.ts';

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
  const list = useListUrl();
  const request = userPageRequestOf(list.params, list.position);
  const page = useUserPage(request);
  const dialog = readDialog(list.params, LIST_DIALOGS, DIALOGS_WITH_ID);
  const [confirm, confirmHolder] = useConfirm();
  const [handOver, setHandOver] = useState<HandOver | null>(null);
  const stateModify = useUserStateModify();
  const remove = useUserRemove();
  const resetLink = useResetLinkGenerate();
  const mfaReset = useUserMfaReset();

  const openDialog = (kind: (typeof LIST_DIALOGS)[number], id: number | null = null) =>
    list.update(dialogPatch({ kind, id }), { keepPage: true });
  const closeDialog = () => list.update(dialogPatch(null), { keepPage: true, replace: true });

  const canModify = held.has('iam:user:modify');
  const time = (value: string | null) => (value ? formatDateTime(value, zone) : EMPTY_PLACEHOLDER);

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
      render: (_, user) => {
        const self = user.id === me?.id;
        const label = tc(`state.${user.state}`);
        if (!canModify) return <StatusTag color={enabledStateColor(user.state)}>{label}</StatusTag>;
        const toggle = (
          <Switch
            checked={user.state === ENABLED_STATES.ENABLE}
            disabled={self}
            aria-label={t('users.stateSwitch', { username: user.username })}
            checkedChildren={label}
            unCheckedChildren={label}
            onChange={(checked) => toggleState(user, checked)}
          />
        );
        return self ? <Tooltip title={t('users.notYourself')}>{toggle}</Tooltip> : toggle;
      },
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
          <Space size={0} wrap>
            <Can permission="iam:user:detail">
              <Button
                type="link"
                size="small"
                aria-label={t('users.detailOf', { username: user.username })}
                onClick={() => openDialog('detail', user.id)}
              >
                {tc('detail')}
              </Button>
            </Can>
            <Can permission="iam:user:modify">
              <Button
                type="link"
                size="small"
                aria-label={t('users.editOf', { username: user.username })}
                onClick={() => openDialog('edit', user.id)}
              >
                {tc('edit')}
              </Button>
            </Can>
            <Can permission="iam:user:reset-password">
              <Button
                type="link"
                size="small"
                aria-label={t('users.resetPasswordOf', { username: user.username })}
                onClick={() =>
                  confirm({
                    title: t('users.resetPasswordConfirm', { name: user.displayName }),
                    content: t('users.resetPasswordEffect'),
                    okText: t('users.resetPassword'),
                    onOk: () =>
                      resetLink.mutateAsync(user.id).then((link) => setHandOver({ link, username: user.username, reason: 'reset' })),
                  })
                }
              >
                {t('users.resetPassword')}
              </Button>
            </Can>
            {user.mfaEnabled && (
              <Can permission="iam:user:modify">
                <Button
                  type="link"
                  size="small"
                  aria-label={t('users.resetMfaOf', { username: user.username })}
                  onClick={() =>
                    confirm({
                      title: t('users.resetMfaConfirm', { name: user.displayName }),
                      content: t('users.resetMfaEffect'),
                      okText: t('users.resetMfa'),
                      danger: true,
                      onOk: () => mfaReset.mutateAsync(user.id),
                    })
                  }
                >
                  {t('users.resetMfa')}
                </Button>
              </Can>
            )}
            <Can permission="iam:user:remove">
              <Button
                type="link"
                size="small"
                danger
                disabled={self}
                title={self ? t('users.notYourself') : undefined}
                aria-label={t('users.deleteOf', { username: user.username })}
                onClick={() =>
                  confirm({
                    title: t('users.deleteConfirm', { name: user.displayName }),
                    content: t('users.deleteEffect'),
                    okText: tc('delete'),
                    danger: true,
                    onOk: () => remove.mutateAsync(user.id),
                  })
                }
              >
                {tc('delete')}
              </Button>
            </Can>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('users.title')}
        extra={
          <Can permission="iam:user:create">
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog('add')}>
              {t('users.add')}
            </Button>
          </Can>
        }
      />
      <UserFilterBar request={request} onSearch={(filters) => list.update(userFilterParams(filters))} />
      <KeysetTable<UserSummary> list={list} page={page} columns={columns} />
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
      {confirmHolder}
    </>
  );
}
