import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { CountrySelect } from '../country-select.tsx';
import type { LayoutProps } from '../layout-props.ts';
import { SideMenu } from '../side-menu.tsx';
import { UserMenu } from '../user-menu.tsx';

/** Wider than 768 px: collapsible side menu, header with country, language and account. */
export function DesktopLayout({ menu, selectedKey, children }: LayoutProps) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout data-testid="app-layout-desktop" style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={232}
        collapsible
        collapsed={collapsed}
        trigger={null}
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" style={{ height: 64, paddingInline: collapsed ? 0 : 24 }} justify={collapsed ? 'center' : 'flex-start'}>
          <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
            {collapsed ? tc('appName').slice(0, 1) : tc('appName')}
          </Typography.Title>
        </Flex>
        <SideMenu items={menu} selectedKey={selectedKey} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 16,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Flex flex={1} />
          <CountrySelect />
          <LanguageSwitch />
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
