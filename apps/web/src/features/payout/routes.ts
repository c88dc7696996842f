import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The payout screen (spec §2 Payment): list, detail, single and batch creation, approval. */
export const payoutRoutes: readonly RouteEntry[] = [
  {
    path: '/payment/payout',
    permission: 'payment:payout',
    menuKey: 'payment:payout',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/payout-page.tsx').then((m) => ({ default: m.PayoutPage })),
  },
];
