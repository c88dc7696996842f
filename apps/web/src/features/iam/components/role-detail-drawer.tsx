import { formatDateTime } from '@andes/contract/common/dates';
import { orEmpty } from '@andes/contract/common/format';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useRoleDetail } from '../api/use-roles.ts';
import { enabledStateColor } from '../enabled-state.ts';
import { PermissionTreeEditor } from './permission-tree-editor.tsx';

/** One role with its permissions as a read-only tree. */
export function RoleDetailDrawer({ roleId, onClose }: { roleId: number | null; onClose(): void }) {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const detail = useRoleDetail(roleId);
  const role = detail.data;
  return (
    <Drawer open={roleId !== null} onClose={onClose} title={t('roles.detailTitle')} size={560} destroyOnHidden>
      <QueryStatus query={detail} />
      {role && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'name', label: t('roles.name'), children: role.name },
              { key: 'description', label: t('roles.description'), children: orEmpty(role.description) },
              {
                key: 'state',
                label: t('roles.state'),
                children: <StatusTag color={enabledStateColor(role.state)}>{tc(`state.${role.state}`)}</StatusTag>,
              },
              { key: 'userCount', label: t('roles.userCount'), children: String(role.userCount) },
              { key: 'createdAt', label: t('roles.createdAt'), children: formatDateTime(role.createdAt, zone, { withZone: true }) },
              { key: 'updatedAt', label: t('roles.updatedAt'), children: formatDateTime(role.updatedAt, zone, { withZone: true }) },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('roles.permissions')}
          </Typography.Title>
          <PermissionTreeEditor value={role.permissions} readOnly />
        </Flex>
      )}
    </Drawer>
  );
}
