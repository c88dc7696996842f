import { useIsMobile } from '../../shared/hooks/use-is-mobile.ts';
import { DesktopLayout } from './desktop/desktop-layout.tsx';
import type { LayoutProps } from './layout-props.ts';
import { MobileLayout } from './mobile/mobile-layout.tsx';

/** The frame of every authenticated screen: mobile up to 768 px wide, desktop above. */
export function MainLayout(props: LayoutProps) {
  return useIsMobile() ? <MobileLayout {...props} /> : <DesktopLayout {...props} />;
}
