import { ROLE_DESCRIPTION_MAX_LENGTH, ROLE_NAME_MAX_LENGTH } from '@andes/contract/common/constants';
import { ENABLED_STATES, type EnabledState } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import { ungrantablePermissions } from '@andes/contract/iam/permission-tree';
import { IAM_MESSAGES, type RoleDetail } from '@andes/contract/iam/schemas';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import { Alert, Drawer, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { usePermissions } from '../../../shared/auth/use-permissions.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useRoleAdd, useRoleDetail, useRoleModify, useRoleStateModify } from '../api/use-roles.ts';
import { FormFooter } from './form-footer.tsx';
import { PermissionTreeEditor } from './permission-tree-editor.tsx';

interface RoleFormValues {
  name: string;
  description: string;
  enabled: boolean;
  permissions: PermissionCode[];
}

const FIELDS = ['name', 'description', 'permissions'] as const;

function RoleForm({ role, onCancel, onSaved }: { role: RoleDetail | null; onCancel(): void; onSaved(): void }) {
  const { t } = useTranslation('iam');
  const { t: tp } = useTranslation('permissions');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<RoleFormValues>();
  const held = usePermissions();
  const add = useRoleAdd();
  const modify = useRoleModify();
  const setState = useRoleStateModify({ silent: true });
  const [error, setError] = useState<string | null>(null);
  const pending = add.isPending || modify.isPending || setState.isPending;
  const locked = role ? ungrantablePermissions(role.permissions, held) : [];

  const failed = (failure: unknown) => {
    const fieldErrors = serverFieldErrors(failure, FIELDS);
    if (failure instanceof ApiError && failure.code === ResultCode.CONFLICT && failure.msg === IAM_MESSAGES.roleNameTaken) {
      fieldErrors.push({ name: ['name'], errors: [t('roles.nameTaken')] });
    }
    if (fieldErrors.length > 0) form.setFields(fieldErrors);
    else setError(errorMessage(failure));
  };

  const submit = async (values: RoleFormValues) => {
    setError(null);
    const fields = { name: values.name.trim(), description: values.description?.trim() ?? '', permissions: values.permissions };
    const state: EnabledState = values.enabled ? ENABLED_STATES.ENABLE : ENABLED_STATES.DISABLE;
    try {
      let id: number;
      if (role) {
        await modify.mutateAsync({ id: role.id, ...fields });
        id = role.id;
      } else {
        id = (await add.mutateAsync(fields)).id;
      }
      // A role's state has a call of its own; a new role starts enabled.
      if ((role ? role.state : ENABLED_STATES.ENABLE) !== state) await setState.mutateAsync({ id, state });
      onSaved();
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <Form<RoleFormValues>
      form={form}
      name="role-form"
      layout="vertical"
      disabled={pending}
      onFinish={(values) => void submit(values)}
      initialValues={
        role
          ? { name: role.name, description: role.description, enabled: role.state === ENABLED_STATES.ENABLE, permissions: role.permissions }
          : { name: '', description: '', enabled: true, permissions: [] }
      }
    >
      <Form.Item label={t('roles.name')} name="name" rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }]}>
        <Input maxLength={ROLE_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('roles.description')} name="description">
        <Input.TextArea maxLength={ROLE_DESCRIPTION_MAX_LENGTH} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item label={t('roles.state')} name="enabled" valuePropName="checked">
        <Switch checkedChildren={tc('state.1')} unCheckedChildren={tc('state.0')} />
      </Form.Item>
      {locked.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('roles.lockedCodes', { codes: locked.map((code) => tp(code)).join(', ') })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form.Item
        label={t('roles.permissions')}
        name="permissions"
        extra={t('roles.permissionsHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('roles.permissionsRequired') }]}
      >
        <PermissionTreeEditor />
      </Form.Item>
      <FormFooter error={error} pending={pending} onCancel={onCancel} />
    </Form>
  );
}

/** Add or edit a role: name, description, state and the permission tree. */
export function RoleFormDrawer({ roleId, open, onClose }: { roleId: number | null; open: boolean; onClose(): void }) {
  const { t } = useTranslation('iam');
  const detail = useRoleDetail(open ? roleId : null);
  const editing = roleId !== null;
  return (
    <Drawer open={open} onClose={onClose} title={editing ? t('roles.editTitle') : t('roles.addTitle')} size={640} destroyOnHidden>
      {editing && <QueryStatus query={detail} />}
      {(!editing || detail.data) && (
        <RoleForm key={detail.data?.id ?? 'new'} role={detail.data ?? null} onCancel={onClose} onSaved={onClose} />
      )}
    </Drawer>
  );
}
