import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { ActivityService } from './activity.service.ts';

/** Wiring of the activity log's page and export. */
export function registerActivityRoutes(app: FastifyInstance): void {
  const { db, activity } = app.andes;
  const service = new ActivityService(db, activity);
  registerEndpoint(app, activityPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, activityExport, ({ auth, body, request }) =>
    service.export(auth, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );
}
