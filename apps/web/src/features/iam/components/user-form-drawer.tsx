import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  USER_MAX_ROLES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { ENABLED_STATES } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import { isValidEmail } from '@andes/contract/common/validators';
import {
  IAM_MESSAGES,
  USERNAME_LENGTH_MESSAGE,
  USERNAME_PATTERN_MESSAGE,
  type UserAddResponse,
  type UserDetail,
  UsernameSchema,
} from '@andes/contract/iam/schemas';
import { Drawer, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { usePermissionLoad } from '../../../shared/auth/use-permission-load.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useRoleAssignmentList } from '../api/use-roles.ts';
import { useUserAdd, useUserDetail, useUserModify } from '../api/use-users.ts';
import { FormFooter } from './form-footer.tsx';

interface UserFormValues {
  username: string;
  displayName: string;
  email: string;
  roleIds: number[];
  countries: Country[];
  subMerchantId: number | null;
}

const FIELDS = ['username', 'displayName', 'email', 'roleIds', 'countries', 'subMerchantId'] as const;

interface UserFormProps {
  user: UserDetail | null;
  onCancel(): void;
  onSaved(result: { added: UserAddResponse; values: UserFormValues } | null): void;
}

function UserForm({ user, onCancel, onSaved }: UserFormProps) {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<UserFormValues>();
  const { data: load } = usePermissionLoad();
  const roles = useRoleAssignmentList();
  const add = useUserAdd();
  const modify = useUserModify();
  const [error, setError] = useState<string | null>(null);
  const pending = add.isPending || modify.isPending;

  const areas = load?.userInfo.areaAuthorityList ?? [];
  const showSubMerchant = load?.merchantInfo.subMerchantExist === true || (user?.subMerchantId ?? null) !== null;
  const heldRoleIds = new Set(user?.roles.map((r) => r.id) ?? []);

  const failed = (failure: unknown) => {
    const fieldErrors = serverFieldErrors(failure, FIELDS);
    if (failure instanceof ApiError && failure.code === ResultCode.CONFLICT && failure.msg === IAM_MESSAGES.usernameTaken) {
      fieldErrors.push({ name: ['username'], errors: [t('users.usernameTaken')] });
    }
    if (fieldErrors.length > 0) form.setFields(fieldErrors);
    else setError(errorMessage(failure));
  };

  const submit = (values: UserFormValues) => {
    setError(null);
    const fields = {
      displayName: values.displayName.trim(),
      email: values.email.trim(),
      roleIds: values.roleIds,
      countries: values.countries,
      subMerchantId: values.subMerchantId ?? null,
    };
    if (user) {
      modify.mutate({ id: user.id, ...fields }, { onSuccess: () => onSaved(null), onError: failed });
    } else {
      add.mutate({ username: values.username, ...fields }, { onSuccess: (added) => onSaved({ added, values }), onError: failed });
    }
  };

  return (
    <Form<UserFormValues>
      form={form}
      name="user-form"
      layout="vertical"
      requiredMark
      disabled={pending}
      onFinish={submit}
      initialValues={
        user
          ? {
              username: user.username,
              displayName: user.displayName,
              email: user.email ?? '',
              roleIds: user.roles.map((r) => r.id),
              countries: user.countries,
              subMerchantId: user.subMerchantId,
            }
          : { roleIds: [], countries: areas.length === 1 && areas[0] ? [areas[0].code] : [], subMerchantId: null }
      }
    >
      <Form.Item
        label={t('users.username')}
        name="username"
        required
        extra={user ? undefined : t('users.usernameHint')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (user) return;
              const parsed = UsernameSchema.safeParse(value ?? '');
              if (parsed.success) return;
              const message = parsed.error.issues[0]?.message;
              if (message === USERNAME_LENGTH_MESSAGE)
                throw new Error(t('users.usernameLength', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH }));
              if (message === USERNAME_PATTERN_MESSAGE) throw new Error(t('users.usernamePattern'));
              throw new Error(t('users.usernameRequired'));
            },
          },
        ]}
      >
        <Input disabled={user !== null} autoComplete="off" maxLength={USERNAME_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        label={t('users.displayName')}
        name="displayName"
        rules={[{ required: true, whitespace: true, message: t('users.displayNameRequired') }]}
      >
        <Input maxLength={DISPLAY_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('users.email')}
        name="email"
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value?.trim()) throw new Error(t('users.emailRequired'));
              if (!isValidEmail(value.trim())) throw new Error(t('users.emailInvalid'));
            },
          },
        ]}
      >
        <Input type="email" maxLength={EMAIL_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('users.roles')}
        name="roleIds"
        rules={[
          { required: true, type: 'array', min: 1, message: t('users.rolesRequired') },
          { type: 'array', max: USER_MAX_ROLES, message: t('users.rolesTooMany', { max: USER_MAX_ROLES }) },
        ]}
      >
        <Select
          mode="multiple"
          loading={roles.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roles.data ?? []).map((role) => ({
            value: role.id,
            label: role.state === ENABLED_STATES.ENABLE ? role.name : t('users.roleDisabled', { name: role.name }),
            // A disabled role cannot be assigned; one the user already holds can still be taken away.
            disabled: role.state !== ENABLED_STATES.ENABLE && !heldRoleIds.has(role.id),
          }))}
        />
      </Form.Item>
      <Form.Item
        label={t('users.countries')}
        name="countries"
        extra={t('users.countriesHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('users.countriesRequired') }]}
      >
        <Select
          mode="multiple"
          options={areas.map((area) => ({ value: area.code, label: `${tc(`countryName.${area.code}`)} (${area.code})` }))}
        />
      </Form.Item>
      {showSubMerchant && (
        <Form.Item label={t('users.subMerchant')} name="subMerchantId" extra={t('users.subMerchantHint')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <FormFooter error={error} pending={pending} onCancel={onCancel} />
    </Form>
  );
}

/** Add or edit a user in a drawer (spec §2 Access: add, edit). */
export function UserFormDrawer({
  userId,
  open,
  onClose,
  onAdded,
}: {
  /** The user to edit; null to add one. */
  userId: number | null;
  open: boolean;
  onClose(): void;
  onAdded(added: UserAddResponse, username: string): void;
}) {
  const { t } = useTranslation('iam');
  const detail = useUserDetail(open ? userId : null);
  const editing = userId !== null;
  return (
    <Drawer open={open} onClose={onClose} title={editing ? t('users.editTitle') : t('users.addTitle')} size={560} destroyOnHidden>
      {editing && <QueryStatus query={detail} />}
      {(!editing || detail.data) && (
        <UserForm
          key={detail.data?.id ?? 'new'}
          user={detail.data ?? null}
          onCancel={onClose}
          onSaved={(result) => {
            if (result) onAdded(result.added, result.values.username.trim().toLowerCase());
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}
