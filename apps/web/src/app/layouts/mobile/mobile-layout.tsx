import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { CountrySelect } from '../country-select.tsx';
import type { LayoutProps } from '../layout-props.ts';
import { SideMenu } from '../side-menu.tsx';
import { UserMenu } from '../user-menu.tsx';

/** Up to 768 px: top bar with a menu button; the menu, country and language live in a drawer. */
export function MobileLayout({ menu, selectedKey, children }: LayoutProps) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  return (
    <Layout data-testid="app-layout-mobile" style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 8,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
        }}
      >
        <Button type="text" aria-label={t('openMenu')} aria-expanded={open} icon={<MenuOutlined />} onClick={() => setOpen(true)} />
        <Typography.Title level={5} style={{ margin: 0, flex: 1, color: token.colorPrimary }}>
          {tc('appName')}
        </Typography.Title>
        <UserMenu compact />
      </Layout.Header>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        size={280}
        title={tc('appName')}
        closable={{ 'aria-label': t('closeMenu') }}
        styles={{ body: { padding: 0 } }}
      >
        <Flex vertical gap={8} style={{ padding: 12 }}>
          <CountrySelect block />
          <LanguageSwitch block />
        </Flex>
        <SideMenu items={menu} selectedKey={selectedKey} onNavigate={() => setOpen(false)} />
      </Drawer>
      <Layout.Content style={{ padding: 12 }}>{children}</Layout.Content>
    </Layout>
  );
}
