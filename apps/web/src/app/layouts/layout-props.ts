import type { ReactNode } from 'react';
import type { SideMenuItem } from '../route-registry.ts';

export interface LayoutProps {
  menu: readonly SideMenuItem[];
  /** Menu key of the screen shown. */
  selectedKey: string | null;
  children: ReactNode;
}
