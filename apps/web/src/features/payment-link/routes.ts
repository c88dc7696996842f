import type { PageLoader, RouteEntry } from '../../shared/routing/route-entry.ts';

/** The payment-link screen (spec §2 Payment): generated links, single and batch generation. */
export const paymentLinkRoutes: readonly RouteEntry[] = [
  {
    path: '/payment/payment-link',
    permission: 'payment:payment-link',
    menuKey: 'payment:payment-link',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/payment-link-page.tsx').then((m) => ({ default: m.PaymentLinkPage })),
  },
];

/**
 * The route of the payer's page: the contract's PAYMENT_LINK_PAGE_PATH and the token (written out
 * so that the app's first chunk does not load the contract's schemas; a test keeps them equal).
 */
export const PAYER_PAGE_ROUTE = '/pay/:token';

/** The payer's public page of a link (`/pay/:token`, outside the auth gate): the app mounts it next to /login and /404. */
export const payerPage: PageLoader = () => import('./pages/payer-page.tsx').then((m) => ({ default: m.PayerPage }));
