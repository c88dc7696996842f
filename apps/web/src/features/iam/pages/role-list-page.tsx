import { SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { ENABLED_STATE_VALUES, ENABLED_STATES } from '@andes/contract/common/enums';
import type { RolePageRequest, RoleSummary } from '@andes/contract/iam/schemas';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Switch, type TableColumnsType, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { FilterActions } from '../../../shared/ui/filter-actions.tsx';
import { FilterForm } from '../../../shared/ui/filter-form.tsx';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useConfirm } from '../../../shared/ui/use-confirm.tsx';
import { useRolePage, useRoleRemove, useRoleStateModify } from '../api/use-roles.ts';
import { RoleDetailDrawer } from '../components/role-detail-drawer.tsx';
import { RoleFormDrawer } from '../components/role-form-drawer.tsx';
import { enabledStateColor } from '../enabled-state.ts';
import { DIALOGS_WITH_ID, LIST_DIALOGS, type RoleFilters, roleFilterParams, rolePageRequestOf } from '../list-urls.ts';

function RoleFilterBar({ request, onSearch }: { request: RolePageRequest; onSearch(filters: RoleFilters): void }) {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<RoleFilters>();
  const { name, state } = request;
  useEffect(() => {
    form.setFieldsValue({ name, state });
  }, [form, name, state]);
  return (
    <FilterForm<RoleFilters> form={form} name="role-filters" onFinish={onSearch} label={t('roles.filters')}>
      <Form.Item name="name" label={t('roles.name')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="state" label={t('roles.state')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 120 }}
          options={ENABLED_STATE_VALUES.map((value) => ({ value, label: tc(`state.${value}`) }))}
        />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </FilterForm>
  );
}

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
  const list = useListUrl();
  const request = rolePageRequestOf(list.params, list.position);
  const page = useRolePage(request);
  const dialog = readDialog(list.params, LIST_DIALOGS, DIALOGS_WITH_ID);
  const [confirm, confirmHolder] = useConfirm();
  const stateModify = useRoleStateModify();
  const remove = useRoleRemove();
  const canModify = held.has('iam:role:modify');

  const openDialog = (kind: (typeof LIST_DIALOGS)[number], id: number | null = null) =>
    list.update(dialogPatch({ kind, id }), { keepPage: true });
  const closeDialog = () => list.update(dialogPatch(null), { keepPage: true, replace: true });

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
      render: (_, role) => {
        const label = tc(`state.${role.state}`);
        if (!canModify) return <StatusTag color={enabledStateColor(role.state)}>{label}</StatusTag>;
        return (
          <Switch
            checked={role.state === ENABLED_STATES.ENABLE}
            aria-label={t('roles.stateSwitch', { name: role.name })}
            checkedChildren={label}
            unCheckedChildren={label}
            onChange={(enable) =>
              confirm({
                title: enable ? t('roles.enableConfirm', { name: role.name }) : t('roles.disableConfirm', { name: role.name }),
                content: enable ? undefined : t('roles.disableEffect', { users: role.userCount }),
                okText: enable ? t('roles.enable') : t('roles.disable'),
                danger: !enable,
                onOk: () => stateModify.mutateAsync({ id: role.id, state: enable ? ENABLED_STATES.ENABLE : ENABLED_STATES.DISABLE }),
              })
            }
          />
        );
      },
    },
    { key: 'userCount', title: t('roles.userCount'), dataIndex: 'userCount', align: 'right' },
    { key: 'updatedAt', title: t('roles.updatedAtIn', { zone }), render: (_, role) => formatDateTime(role.updatedAt, zone) },
    {
      key: 'actions',
      title: tc('actions'),
      render: (_, role) => (
        <Space size={0} wrap>
          <Can permission="iam:role:detail">
            <Button
              type="link"
              size="small"
              aria-label={t('roles.detailOf', { name: role.name })}
              onClick={() => openDialog('detail', role.id)}
            >
              {tc('detail')}
            </Button>
          </Can>
          <Can permission="iam:role:modify">
            <Button
              type="link"
              size="small"
              aria-label={t('roles.editOf', { name: role.name })}
              onClick={() => openDialog('edit', role.id)}
            >
              {tc('edit')}
            </Button>
          </Can>
          <Can permission="iam:role:remove">
            <Button
              type="link"
              size="small"
              danger
              aria-label={t('roles.deleteOf', { name: role.name })}
              onClick={() =>
                confirm({
                  title: t('roles.deleteConfirm', { name: role.name }),
                  content: role.userCount > 0 ? t('roles.deleteInUse', { users: role.userCount }) : undefined,
                  okText: tc('delete'),
                  danger: true,
                  onOk: () => remove.mutateAsync(role.id),
                })
              }
            >
              {tc('delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        extra={
          <Can permission="iam:role:create">
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openDialog('add')}>
              {t('roles.add')}
            </Button>
          </Can>
        }
      />
      <RoleFilterBar request={request} onSearch={(filters) => list.update(roleFilterParams(filters))} />
      <KeysetTable<RoleSummary> list={list} page={page} columns={columns} />
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
      {confirmHolder}
    </>
  );
}
