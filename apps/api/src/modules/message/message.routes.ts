import { announcementList, markAllRead, markAnnouncementsRead, messageDetail, messageList } from '@andes/contract/message/endpoints';
import { publishMessage } from '@andes/contract/platform/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerServiceEndpoint } from '../../http/register-endpoint.ts';
import { MessageService } from './message.service.ts';

/** The message center (spec §2, §7) and the provider's publishing call (docs/decisions/0030). */
export function registerMessageRoutes(app: FastifyInstance): void {
  const service = new MessageService(app.andes.db, app.andes.clock);
  registerEndpoint(app, announcementList, ({ auth, body }) => service.announcements(auth, body));
  registerEndpoint(app, messageList, ({ auth, body }) => service.messages(auth, body));
  registerEndpoint(app, messageDetail, ({ auth, body }) => service.detail(auth, body.id));
  registerEndpoint(app, markAnnouncementsRead, ({ auth, body }) => service.markAnnouncementsRead(auth, body));
  registerEndpoint(app, markAllRead, ({ auth, body }) => service.markAllRead(auth, body));
  registerServiceEndpoint(app, publishMessage, async ({ body }) => service.publish(body));
}
