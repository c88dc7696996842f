import { createBrowserRouter, Navigate, type RouteObject, useLocation, useNavigate } from 'react-router';
import { loginPages } from '../features/auth/routes.ts';
import { PAYER_PAGE_ROUTE, payerPage } from '../features/payment-link/routes.ts';
import { setNavigator } from '../shared/navigation/navigator.ts';
import { LOGIN_FORM_PATH } from '../shared/navigation/paths.ts';
import { ignoreNavigationError } from '../shared/navigation/use-app-navigate.ts';
import type { PageLoader } from '../shared/routing/route-entry.ts';
import { useAppStore } from '../shared/store/app-store.ts';
import { ErrorFallback } from '../shared/ui/error-boundary.tsx';
import { recordBoot } from './boot-state.ts';
import { AuthGate } from './guards/auth-gate.tsx';
import { LazyPage } from './lazy-page.tsx';

const notFoundPage: PageLoader = () => import('./pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage }));

/** Last resort for an error outside any page: retry re-enters the current location. */
function RouterError() {
  const navigate = useNavigate();
  const location = useLocation();
  return <ErrorFallback onRetry={() => ignoreNavigationError(navigate(location, { replace: true }))} />;
}

/**
 * Public routes (spec §2): /login with form, registerAccount, resetPsw, forgetPsw, reset-password and status (any
 * other child → the form), /404 and the payer's page of a payment link (/pay/:token); every other path goes through the auth gate, which registers
 * the user's screens.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouterError />,
      children: [
        {
          path: '/login',
          element: <LazyPage loader={loginPages.layout} />,
          children: [
            { index: true, element: <Navigate to={LOGIN_FORM_PATH} replace /> },
            { path: 'form', element: <LazyPage loader={loginPages.form} /> },
            { path: 'resetPsw', element: <LazyPage loader={loginPages.resetPassword} /> },
            { path: 'forgetPsw', element: <LazyPage loader={loginPages.forgotPassword} /> },
            { path: 'registerAccount', element: <LazyPage loader={loginPages.registerAccount} /> },
            { path: 'reset-password', element: <LazyPage loader={loginPages.resetLink} /> },
            { path: 'status', element: <LazyPage loader={loginPages.status} /> },
            { path: '*', element: <Navigate to={LOGIN_FORM_PATH} replace /> },
          ],
        },
        { path: '/404', element: <LazyPage loader={notFoundPage} /> },
        { path: PAYER_PAGE_ROUTE, element: <LazyPage loader={payerPage} /> },
        { path: '*', element: <AuthGate /> },
      ],
    },
  ];
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/**
 * Creates the router and hands the API client a navigator on it (navigation inside the app, errors
 * ignored). Records the location the document was loaded on for the hidden-route rule.
 */
export function createAppRouter(factory: RouterFactory = (routes) => createBrowserRouter(routes)) {
  const router = factory(appRoutes());
  recordBoot({ locationKey: router.state.location.key, menu: useAppStore.getState().currentMenu });
  setNavigator({
    navigate: (to, options) => ignoreNavigationError(router.navigate(to, { replace: options?.replace ?? false })),
    current: () => ({ pathname: router.state.location.pathname, search: router.state.location.search }),
  });
  return router;
}
