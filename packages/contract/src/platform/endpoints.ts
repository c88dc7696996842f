import { defineEndpoint } from '../common/define-endpoint.ts';
import { EventAck, PayoutClaim, PayoutClaimRequest, PlatformEvent } from './schemas.ts';

/**
 * The payment platform's calls (`Authorization: Bearer <service token>`). Not part of the web
 * app's contract: the web never calls them, and INTERNAL_ENDPOINTS lists them apart.
 */

export const ingestEvent = defineEndpoint({
  path: '/internal/v1/events',
  summary: 'Apply one lifecycle event (idempotent by eventId)',
  service: true,
  request: PlatformEvent,
  response: EventAck,
});

/**
 * Takes payouts created in the dashboard that wait to be sent, reserving them for `leaseSeconds`.
 * The platform answers each with `payout.status_changed` (IN_PROGRESS once accepted); one not
 * answered within its lease is offered again.
 */
export const claimPayouts = defineEndpoint({
  path: '/internal/v1/payouts/claim',
  summary: 'Take payouts waiting to be sent',
  service: true,
  request: PayoutClaimRequest,
  response: PayoutClaim,
});
