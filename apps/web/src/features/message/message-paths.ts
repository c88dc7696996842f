/** The message center's screens (the permission registry's routes). */
export const MESSAGE_CENTER_PATH = '/message-center';
export const MESSAGE_DETAIL_ROUTE = '/message-detail/:id';

/** A message's page. */
export function messageDetailPath(id: number): string {
  return MESSAGE_DETAIL_ROUTE.replace(':id', String(id));
}

/**
 * The app route a notice points to, when it is one (`/download-center`): a path of this app, never
 * another site (a provider's text cannot send the user elsewhere).
 */
export function appLinkOf(link: string | null): string | null {
  if (link === null || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
