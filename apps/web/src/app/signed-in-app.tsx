import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSignOut } from '../features/auth/hooks/use-sign-out.ts';
import { AnnouncementsOnSignIn } from '../features/message/components/announcements-dialog.tsx';
import { MfaPanel } from '../features/mfa/components/mfa-panel.tsx';
import { isTakenOver, passwordResetScene } from '../shared/api/client.ts';
import { preloadNotifier } from '../shared/api/notifier.ts';
import { useCurrentUserInfo } from '../shared/auth/use-current-user-info.ts';
import { usePermissionLoad } from '../shared/auth/use-permission-load.ts';
import { loginFormPath, resetPasswordPath } from '../shared/navigation/paths.ts';
import { useAppStore } from '../shared/store/app-store.ts';
import { AntdProvider } from '../shared/ui/antd-provider.tsx';
import { FullPageSpinner } from '../shared/ui/full-page-spinner.tsx';
import { bootState, returnsHomeAfterReload } from './boot-state.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { buildSideMenu, findRoute, landingPath, ROUTE_ENTRIES, registeredRoutes } from './route-registry.ts';
import { RoutedContent } from './routed-content.tsx';

/** Spec §2: a permission load answered 200040 opens the reset page; any other failure the login form. */
function LoadFailure({ error, label }: { error: unknown; label: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const scene = passwordResetScene(error);
  if (scene) return <Navigate to={resetPasswordPath(scene, here)} replace />;
  if (isTakenOver(error)) return <FullPageSpinner label={label} />;
  return <Navigate to={loginFormPath(here)} replace />;
}

function Workspace({ load }: { load: PermissionLoad }) {
  const location = useLocation();
  const setCurrentMenu = useAppStore((s) => s.setCurrentMenu);
  const registered = useMemo(() => registeredRoutes(ROUTE_ENTRIES, load.menuList), [load.menuList]);
  const menu = useMemo(() => buildSideMenu(load.menuList, registered), [load.menuList, registered]);
  const landing = landingPath(registered, menu);
  const active = findRoute(registered, location.pathname);

  useEffect(() => {
    if (active) setCurrentMenu({ key: active.menuKey, path: location.pathname, hidden: active.hidden });
  }, [active, location.pathname, setCurrentMenu]);

  if (landing && returnsHomeAfterReload(location, bootState(), registered)) return <Navigate to={landing} replace />;

  return (
    <AntdProvider>
      <MainLayout menu={menu} selectedKey={active?.menuKey ?? null}>
        <RoutedContent registered={registered} landing={landing} />
      </MainLayout>
      {/* Spec §2: the unread announcements after sign-in (and whenever the app loads signed in). */}
      <AnnouncementsOnSignIn />
    </AntdProvider>
  );
}

/** The two-factor code dialog over any page, waiting for the server to ask for the code (200023). */
function MfaPanelHost() {
  const { signOut } = useSignOut();
  return (
    <AntdProvider>
      <MfaPanel onSignOut={() => void signOut()} />
    </AntdProvider>
  );
}

function SignedInContent() {
  const { t } = useTranslation('layout');
  const permissions = usePermissionLoad();
  const user = useCurrentUserInfo();
  const label = t('loadingPermissions');
  if (permissions.isError) return <LoadFailure error={permissions.error} label={label} />;
  if (user.isError) return <LoadFailure error={user.error} label={label} />;
  if (permissions.isPending || user.isPending) return <FullPageSpinner label={label} />;
  return <Workspace load={permissions.data} />;
}

/**
 * Everything behind sign-in: loads the permission list and the user (full-page spinner meanwhile),
 * registers the allowed screens and shows them in the main layout. The MFA panel is mounted from
 * the start: the server may ask for the code on the very first call.
 */
export function SignedInApp() {
  useEffect(preloadNotifier, []);
  return (
    <>
      <SignedInContent />
      <MfaPanelHost />
    </>
  );
}
