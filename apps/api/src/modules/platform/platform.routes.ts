import {
  claimCases,
  claimDefenses,
  claimLinkPayments,
  claimPayouts,
  claimRequests,
  ingestEvent,
  readRiskDecision,
} from '@andes/contract/platform/endpoints';
import { INGEST_BODY_LIMIT_BYTES } from '@andes/contract/platform/schemas';
import type { FastifyInstance } from 'fastify';
import { registerServiceEndpoint } from '../../http/register-endpoint.ts';
import { claimRequests as claimWaitingRequests } from '../accounting/provider.ts';
import { claimDefenses as claimWaitingDefenses } from '../chargeback/chargeback.provider.ts';
import { claimLinkPayments as claimStartedLinkPayments } from '../payment-link/payment-link.provider.ts';
import { readDecision } from '../risk/risk.decisions.ts';
import { claimCases as claimWaitingCases } from '../support/support.provider.ts';
import { PlatformEventsService } from './events.service.ts';
import { claimPayouts as claimFromOutbox } from './payouts.outbox.ts';

/** The payment platform's ingestion API (`/internal/v1`, service token): events, and the payouts and accounting requests it takes. */
export function registerPlatformRoutes(app: FastifyInstance): void {
  const { db, clock, blobs, mailer, config } = app.andes;
  const events = new PlatformEventsService(db, clock, app.log, blobs, { mailer, publicUrl: config.publicUrl });
  // Events may carry attachments (base64): the body limit fits their per-event maximum.
  registerServiceEndpoint(app, ingestEvent, async ({ body }) => events.apply(body), { bodyLimit: INGEST_BODY_LIMIT_BYTES });
  registerServiceEndpoint(app, claimPayouts, async ({ body }) => ({ list: await claimFromOutbox(db, body, clock()) }));
  // Accounting requests waiting for the provider (docs/decisions/0027).
  registerServiceEndpoint(app, claimRequests, async ({ body }) => ({ list: await claimWaitingRequests(db, body, clock()) }));
  // Chargeback defences waiting to be presented to the networks (docs/decisions/0028).
  registerServiceEndpoint(app, claimDefenses, async ({ body }) => ({ list: await claimWaitingDefenses(db, body, clock()) }));
  // A pay-in's risk decision and its case-management outcome (docs/decisions/0028).
  // Support cases waiting for the provider's answer (docs/decisions/0029).
  registerServiceEndpoint(app, claimCases, async ({ body }) => ({ list: await claimWaitingCases(db, body, clock()) }));
  // Payments payers started on payment links' pages (docs/decisions/0035).
  registerServiceEndpoint(app, claimLinkPayments, async ({ body }) => ({ list: await claimStartedLinkPayments(db, body, clock()) }));
  registerServiceEndpoint(app, readRiskDecision, async ({ body }) => readDecision(db, body.merchantCode, body.uniqueId));
}
