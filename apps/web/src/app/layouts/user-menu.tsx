import { DownOutlined, LockOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { MfaSettingsDialog } from '../../features/mfa/components/mfa-settings-dialog.tsx';
import { useCurrentUserInfo } from '../../shared/auth/use-current-user-info.ts';

/** The account button of the header: who is signed in, change password, two-factor authentication, sign out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { data: user } = useCurrentUserInfo();
  const { signOut } = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const [mfaSettings, setMfaSettings] = useState(false);
  const showName = !compact && user !== undefined;

  const items: MenuProps['items'] = [
    ...(user
      ? [
          {
            key: 'identity',
            disabled: true,
            label: (
              <Flex vertical>
                <Typography.Text strong>{user.displayName}</Typography.Text>
                <Typography.Text type="secondary">{t('merchant', { name: user.merchantName })}</Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'change-password', icon: <LockOutlined />, label: t('changePassword') },
    { key: 'mfa', icon: <SafetyCertificateOutlined />, label: t('twoFactor') },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('signOut') },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'change-password') setChangingPassword(true);
            if (key === 'mfa') setMfaSettings(true);
            if (key === 'sign-out') void signOut();
          },
        }}
      >
        {/* Named by the name it shows (WCAG 2.5.3); "Account" names it only when it shows just the icon. */}
        {showName ? (
          <Button type="text" title={t('account')} icon={<UserOutlined aria-hidden />}>
            {user.displayName} <DownOutlined aria-hidden />
          </Button>
        ) : (
          <Button type="text" aria-label={t('account')} icon={<UserOutlined aria-hidden />} />
        )}
      </Dropdown>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <MfaSettingsDialog open={mfaSettings} onClose={() => setMfaSettings(false)} />
    </>
  );
}
