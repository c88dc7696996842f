import { defineEndpoint } from '../common/define-endpoint.ts';
import { PublishedMessage, PublishMessageRequest } from '../message/schemas.ts';
import { RiskDecisionView } from '../risk/schemas.ts';
import {
  CaseClaim,
  CaseClaimRequest,
  ChargebackClaim,
  ChargebackClaimRequest,
  EventAck,
  PaymentLinkClaim,
  PaymentLinkClaimRequest,
  PayoutClaim,
  PayoutClaimRequest,
  PlatformEvent,
  RequestClaim,
  RequestClaimRequest,
  RiskDecisionRequest,
} from './schemas.ts';

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

/**
 * Takes accounting requests that wait for the provider (docs/decisions/0027), reserving them for
 * `leaseSeconds`. The provider answers each with a `request.*` event; one not answered within its
 * lease is offered again.
 */
export const claimRequests = defineEndpoint({
  path: '/internal/v1/requests/claim',
  summary: 'Take accounting requests waiting for the provider',
  service: true,
  request: RequestClaimRequest,
  response: RequestClaim,
});

/** The risk decision of a pay-in (docs/decisions/0028), and its case-management outcome once decided. */
export const readRiskDecision = defineEndpoint({
  path: '/internal/v1/risk/decision',
  summary: "A pay-in's risk decision: what the merchant's rules asked for, and the reviewer's outcome",
  service: true,
  request: RiskDecisionRequest,
  response: RiskDecisionView,
});

/**
 * Takes chargeback defences the merchants submitted, reserving them for `leaseSeconds`; the
 * provider presents each to the network and answers with `chargeback.won` or `chargeback.lost`.
 */
export const claimDefenses = defineEndpoint({
  path: '/internal/v1/chargebacks/claim',
  summary: 'Take chargeback defences waiting to be presented to the networks',
  service: true,
  request: ChargebackClaimRequest,
  response: ChargebackClaim,
});

/**
 * The provider publishes an announcement or a message to every merchant or one (docs/decisions/0030);
 * idempotent by messageKey, scheduled by a future publishAt.
 */
export const publishMessage = defineEndpoint({
  path: '/internal/v1/messages/publish',
  summary: 'Publish an announcement or a message to every merchant or one (idempotent by messageKey)',
  service: true,
  request: PublishMessageRequest,
  response: PublishedMessage,
});

/**
 * Takes support cases waiting for the provider's answer (new, replied to by the merchant, reopened;
 * docs/decisions/0029), reserving them for `leaseSeconds`. The provider answers with `case.replied`
 * or `case.status_changed`; a case not answered within its lease is offered again.
 */
export const claimCases = defineEndpoint({
  path: '/internal/v1/cases/claim',
  summary: 'Take support cases waiting for the provider',
  service: true,
  request: CaseClaimRequest,
  response: CaseClaim,
});

/**
 * Takes the payments payers started on payment links' pages (docs/decisions/0035), reserving them
 * for `leaseSeconds`. The provider's checkout takes each and reports it as a pay-in with the link's
 * id; one not reported within its lease is offered again.
 */
export const claimLinkPayments = defineEndpoint({
  path: '/internal/v1/payment-links/claim',
  summary: 'Take the payments payers started on payment links',
  service: true,
  request: PaymentLinkClaimRequest,
  response: PaymentLinkClaim,
});
