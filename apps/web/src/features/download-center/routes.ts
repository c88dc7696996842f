import type { RouteEntry } from '../../shared/routing/route-entry.ts';

/** The download center (spec §2 Other): long reports and exports prepared in the background. */
export const downloadCenterRoutes: readonly RouteEntry[] = [
  {
    path: '/download-center',
    permission: 'download-center',
    menuKey: 'download-center',
    hidden: false,
    keepAlive: false,
    lazy: () => import('./pages/download-center-page.tsx').then((m) => ({ default: m.DownloadCenterPage })),
  },
];
