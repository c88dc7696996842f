import type { PermissionCode } from '@andes/contract/permissions/registry';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  MessageOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenuAddress } from '../../shared/navigation/kept-alive.ts';
import { menuAncestors, type SideMenuItem } from '../route-registry.ts';

/** Icons of the top-level entries of the menu (spec §2 menu labels); decorative, so the entry's name is its label alone. */
const TOP_LEVEL_ICONS: Partial<Record<PermissionCode, ReactNode>> = {
  home: <HomeOutlined aria-hidden />,
  iam: <TeamOutlined aria-hidden />,
  transactions: <SwapOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  finance: <AccountBookOutlined aria-hidden />,
  reports: <FileTextOutlined aria-hidden />,
  risk: <SafetyOutlined aria-hidden />,
  payment: <SendOutlined aria-hidden />,
  support: <CustomerServiceOutlined aria-hidden />,
  accounting: <CalculatorOutlined aria-hidden />,
  'revenue-assurance': <BarChartOutlined aria-hidden />,
  'global-balance': <GlobalOutlined aria-hidden />,
  'download-center': <DownloadOutlined aria-hidden />,
  'message-center': <MessageOutlined aria-hidden />,
  'sub-merchant': <ApartmentOutlined aria-hidden />,
};

const FALLBACK_ICON = <AuditOutlined aria-hidden />;

interface SideMenuProps {
  items: readonly SideMenuItem[];
  selectedKey: string | null;
  /** The desktop side bar is collapsed (the Sider collapses the menu; open groups are not controlled then). */
  collapsed?: boolean;
  /** Called after an item was chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** A menu entry's link: to where its kept-alive page was left (filters and page in the address), else its route. */
function MenuLink({ path, onNavigate, children }: { path: string; onNavigate: (() => void) | undefined; children: ReactNode }) {
  return (
    <Link to={useMenuAddress(path)} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/** The main menu: groups and links to the screens the user may open, labels from `permissions`. */
export function SideMenu({ items, selectedKey, collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('permissions');
  const { t: tl } = useTranslation('layout');
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selectedKey ? menuAncestors(items, selectedKey) : []));

  useEffect(() => {
    if (!selectedKey) return;
    const groups = menuAncestors(items, selectedKey);
    setOpenKeys((open) => (groups.every((key) => open.includes(key)) ? open : [...new Set([...open, ...groups])]));
  }, [items, selectedKey]);

  const toMenuItems = (nodes: readonly SideMenuItem[], topLevel: boolean): NonNullable<MenuProps['items']> =>
    nodes.map((node) => {
      const icon = topLevel ? (TOP_LEVEL_ICONS[node.permission] ?? FALLBACK_ICON) : undefined;
      if (node.path !== null) {
        return {
          key: node.key,
          icon,
          label: (
            <MenuLink path={node.path} onNavigate={onNavigate}>
              {t(node.permission)}
            </MenuLink>
          ),
        };
      }
      return { key: node.key, icon, label: t(node.permission), children: toMenuItems(node.children, false) };
    });

  return (
    <nav aria-label={tl('mainMenu')}>
      <Menu
        mode="inline"
        items={toMenuItems(items, true)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
