import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginFormPath, NOT_FOUND_PATH } from '../../shared/navigation/paths.ts';
import type { PageLoader } from '../../shared/routing/route-entry.ts';
import { useAppStore } from '../../shared/store/app-store.ts';
import { FullPageSpinner } from '../../shared/ui/full-page-spinner.tsx';
import { LazyPage } from '../lazy-page.tsx';
import { findRoute, ROUTE_ENTRIES } from '../route-registry.ts';

/** The signed-in part is its own chunk: the login page never loads the main layout. */
const signedInApp: PageLoader = () => import('../signed-in-app.tsx').then((m) => ({ default: m.SignedInApp }));

/** Paths of the app's screens (whatever the user's permissions): without a token they lead to sign-in. */
export function isAppPath(pathname: string): boolean {
  return pathname === '/' || findRoute(ROUTE_ENTRIES, pathname) !== null;
}

/**
 * Guard of every path that is not public (spec §2): without a token an app path goes to the login
 * form with `redirectPath`, an unknown path to /404; with a token the signed-in app takes over.
 */
export function AuthGate() {
  const { t } = useTranslation('common');
  const token = useAppStore((s) => s.token);
  const location = useLocation();
  if (!token) {
    const to = isAppPath(location.pathname) ? loginFormPath(`${location.pathname}${location.search}`) : NOT_FOUND_PATH;
    return <Navigate to={to} replace />;
  }
  return <LazyPage loader={signedInApp} fallback={<FullPageSpinner label={t('loading')} />} />;
}
