import { claimPayouts, ingestEvent } from '@andes/contract/platform/endpoints';
import { INGEST_BODY_LIMIT_BYTES } from '@andes/contract/platform/schemas';
import type { FastifyInstance } from 'fastify';
import { registerServiceEndpoint } from '../../http/register-endpoint.ts';
import { PlatformEventsService } from './events.service.ts';
import { claimPayouts as claimFromOutbox } from './payouts.outbox.ts';

/** The payment platform's ingestion API (`/internal/v1`, service token). */
export function registerPlatformRoutes(app: FastifyInstance): void {
  const { db, clock, blobs } = app.andes;
  const events = new PlatformEventsService(db, clock, app.log, blobs);
  // Events may carry attachments (base64): the body limit fits their per-event maximum.
  registerServiceEndpoint(app, ingestEvent, async ({ body }) => events.apply(body), { bodyLimit: INGEST_BODY_LIMIT_BYTES });
  registerServiceEndpoint(app, claimPayouts, async ({ body }) => ({ list: await claimFromOutbox(db, body, clock()) }));
}
