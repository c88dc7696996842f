import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { orEmpty } from '@andes/contract/common/format';
import { Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useUserDetail } from '../api/use-users.ts';
import { enabledStateColor } from '../enabled-state.ts';

/** One user with roles, countries and sign-in facts (spec §2 Access: detail). */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation('iam');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const detail = useUserDetail(userId);
  const time = (value: string | null) => (value ? formatDateTime(value, zone, { withZone: true }) : EMPTY_PLACEHOLDER);
  const user = detail.data;

  return (
    <Drawer open={userId !== null} onClose={onClose} title={t('users.detailTitle')} size={560} destroyOnHidden>
      <QueryStatus query={detail} />
      {user && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'username', label: t('users.username'), children: user.username },
            { key: 'displayName', label: t('users.displayName'), children: user.displayName },
            { key: 'email', label: t('users.email'), children: orEmpty(user.email) },
            {
              key: 'state',
              label: t('users.state'),
              children: <StatusTag color={enabledStateColor(user.state)}>{tc(`state.${user.state}`)}</StatusTag>,
            },
            { key: 'superAdmin', label: t('users.superAdmin'), children: user.superAdmin ? tc('yes') : tc('no') },
            {
              key: 'roles',
              label: t('users.roles'),
              children: user.roles.length > 0 ? user.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) : EMPTY_PLACEHOLDER,
            },
            {
              key: 'countries',
              label: t('users.countries'),
              children: user.countries.map((c) => tc(`countryName.${c}`)).join(', ') || EMPTY_PLACEHOLDER,
            },
            {
              key: 'subMerchant',
              label: t('users.subMerchant'),
              children: user.subMerchantId === null ? EMPTY_PLACEHOLDER : `${orEmpty(user.subMerchantName)} (${user.subMerchantId})`,
            },
            { key: 'mfa', label: t('users.mfa'), children: user.mfaEnabled ? t('users.mfaOn') : t('users.mfaOff') },
            { key: 'locked', label: t('users.locked'), children: user.locked ? tc('yes') : tc('no') },
            { key: 'lastLoginAt', label: t('users.lastLoginAt'), children: time(user.lastLoginAt) },
            { key: 'passwordChangedAt', label: t('users.passwordChangedAt'), children: time(user.passwordChangedAt) },
            { key: 'createdAt', label: t('users.createdAt'), children: `${time(user.createdAt)} · ${orEmpty(user.createdBy)}` },
            { key: 'updatedAt', label: t('users.updatedAt'), children: time(user.updatedAt) },
          ]}
        />
      )}
    </Drawer>
  );
}
