import { claimPayouts, ingestEvent } from '@andes/contract/platform/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerServiceEndpoint } from '../../http/register-endpoint.ts';
import { PlatformEventsService } from './events.service.ts';
import { claimPayouts as claimFromOutbox } from './payouts.outbox.ts';

/** The payment platform's ingestion API (`/internal/v1`, service token). */
export function registerPlatformRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const events = new PlatformEventsService(db, clock, app.log);
  registerServiceEndpoint(app, ingestEvent, async ({ body }) => events.apply(body));
  registerServiceEndpoint(app, claimPayouts, async ({ body }) => ({ list: await claimFromOutbox(db, body, clock()) }));
}
