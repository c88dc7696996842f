import { SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import { ENABLED_STATE_VALUES } from '@andes/contract/common/enums';
import type { UserPageRequest } from '@andes/contract/iam/schemas';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions } from '../../../shared/ui/filter-actions.tsx';
import { FilterForm } from '../../../shared/ui/filter-form.tsx';
import { useRoleAssignmentList } from '../api/use-roles.ts';
import type { UserFilters } from '../list-urls.ts';

/** Search of the user list: username, name, e-mail, state and role; applied on Search. */
export function UserFilterBar({ request, onSearch }: { request: UserPageRequest; onSearch(filters: UserFilters): void }) {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<UserFilters>();
  const roles = useRoleAssignmentList();
  const { username, displayName, email, state, roleId } = request;

  // The URL is the source of truth: Back, reload and shared links show the filters in the form.
  useEffect(() => {
    form.setFieldsValue({ username, displayName, email, state, roleId });
  }, [form, username, displayName, email, state, roleId]);

  return (
    <FilterForm<UserFilters> form={form} name="user-filters" onFinish={onSearch} label={t('users.filters')}>
      <Form.Item name="username" label={t('users.username')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="displayName" label={t('users.displayName')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="state" label={t('users.state')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 120 }}
          options={ENABLED_STATE_VALUES.map((value) => ({ value, label: tc(`state.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="roleId" label={t('users.role')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={tc('all')}
          loading={roles.isPending}
          style={{ width: 160 }}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </FilterForm>
  );
}
