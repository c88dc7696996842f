import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { MESSAGE_CENTER_PATH, MESSAGE_DETAIL_ROUTE } from './message-paths.ts';

const center = () => import('./pages/message-center-page.tsx');
const detail = () => import('./pages/message-detail-page.tsx');

/** The message center and the hidden message page (spec §2; docs/decisions/0030). */
export const messageRoutes: readonly RouteEntry[] = [
  {
    path: MESSAGE_CENTER_PATH,
    permission: 'message-center',
    menuKey: 'message-center',
    hidden: false,
    keepAlive: false,
    lazy: () => center().then((m) => ({ default: m.MessageCenterPage })),
  },
  {
    path: MESSAGE_DETAIL_ROUTE,
    permission: 'message-center:detail',
    menuKey: 'message-center',
    hidden: true,
    keepAlive: false,
    lazy: () => detail().then((m) => ({ default: m.MessageDetailPage })),
  },
];
