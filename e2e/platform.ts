import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { claimLinkPayments, claimPayouts, claimRequests, ingestEvent } from '@andes/contract/platform/endpoints';
import type { OfferedRequest, PaymentLinkClaim, PayoutClaim, PlatformEventInput, RequestClaim } from '@andes/contract/platform/schemas';
import type { APIRequestContext } from '@playwright/test';

/** Sends one event as the payment platform would (the test server's service token). */
export async function sendPlatformEvent(
  request: APIRequestContext,
  event: PlatformEventInput,
): Promise<{ code: number; msg: string; data: unknown }> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(ingestEvent), { data: event, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

type CreatedData = Extract<PlatformEventInput, { type: 'transaction.created' }>['data'];

/** How a seeded transaction ends: a pay-in's status change, settled, or settled and put on hold. */
export type SeedOutcome =
  | { payin: 'FAILED' | 'EXPIRED' | 'REJECTED' | 'CANCELLED' }
  | { payout: 'FAILED' | 'REJECTED' | 'CANCELLED' }
  | 'SETTLED'
  | 'SETTLED_AND_HELD';

/**
 * A transaction of the demo merchant as the platform reports it: created IN_PROGRESS now, then
 * moved to its outcome. Settled pay-ins become available tomorrow. Fails the test on a refusal.
 */
export async function seedTransaction(
  request: APIRequestContext,
  data: Omit<CreatedData, 'status' | 'merchantReference'> & { merchantReference?: string },
  outcome: SeedOutcome,
): Promise<void> {
  const { uniqueId } = data;
  const occurredAt = new Date().toISOString();
  const events: PlatformEventInput[] = [
    {
      eventId: `${uniqueId}.created`,
      type: 'transaction.created',
      occurredAt,
      merchantCode: 'ANDES-DEMO',
      data: { merchantReference: `order-${uniqueId}`, ...data, status: 'IN_PROGRESS' },
    },
  ];
  const next = (type: PlatformEventInput['type'], payload: object) =>
    ({
      eventId: `${uniqueId}.${type}`,
      type,
      occurredAt,
      merchantCode: 'ANDES-DEMO',
      data: { uniqueId, ...payload },
    }) as PlatformEventInput;
  if (outcome === 'SETTLED' || outcome === 'SETTLED_AND_HELD') {
    events.push(next('transaction.settled', { fee: 100, vat: 0, availableAt: new Date(Date.now() + 86_400_000).toISOString() }));
    if (outcome === 'SETTLED_AND_HELD') events.push(next('transaction.held', { reason: 'Risk review' }));
  } else if ('payin' in outcome) {
    events.push(next('transaction.status_changed', { status: outcome.payin, reason: 'Seeded by a browser test' }));
  } else {
    events.push(next('payout.status_changed', { status: outcome.payout, reason: 'Seeded by a browser test' }));
  }
  for (const event of events) {
    const res = await sendPlatformEvent(request, event);
    if (res.code !== 200) throw new Error(`event ${event.eventId} refused: ${res.code} ${res.msg}`);
  }
}

/**
 * Plays the platform's side of dashboard payouts: claims what the outbox offers (as the platform
 * polls it) and reports each claimed payout IN_PROGRESS and then its outcome, with the fee and VAT
 * the offer carried. Answers the unique ids it claimed.
 */
export async function claimAndSettlePayouts(request: APIRequestContext, outcome: 'SETTLED' | 'FAILED' = 'SETTLED'): Promise<string[]> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(claimPayouts), {
    data: { limit: 100, leaseSeconds: 60 },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: PayoutClaim };
  if (body.code !== 200) throw new Error(`claim refused: ${body.code} ${body.msg}`);
  for (const offer of body.data.list) {
    const at = new Date().toISOString();
    const event = (status: 'IN_PROGRESS' | 'SETTLED' | 'FAILED', extra: object) =>
      ({
        eventId: `${offer.uniqueId}.${status}`,
        type: 'payout.status_changed',
        occurredAt: at,
        merchantCode: offer.merchantCode,
        data: { uniqueId: offer.uniqueId, status, ...extra },
      }) as PlatformEventInput;
    const events = [
      event('IN_PROGRESS', {}),
      outcome === 'SETTLED'
        ? event('SETTLED', { fee: offer.fee ?? 0, vat: offer.vat ?? 0 })
        : event('FAILED', { reason: 'Account closed at the beneficiary bank' }),
    ];
    for (const e of events) {
      const answer = await sendPlatformEvent(request, e);
      if (answer.code !== 200) throw new Error(`event ${e.eventId} refused: ${answer.code} ${answer.msg}`);
    }
  }
  return body.data.list.map((o) => o.uniqueId);
}

/** The provider's events about accounting requests (docs/decisions/0027). */
export type RequestEventInput = Extract<PlatformEventInput, { type: `request.${string}` }>;
type RequestEventType = RequestEventInput['type'];
type RequestEventData<T extends RequestEventType> = Extract<RequestEventInput, { type: T }>['data'];

let requestEventSerial = 0;

/**
 * Reports one step of an accounting request as the provider's operations team would
 * (`request.verified`, `request.rate_quoted`, `request.completed`…). Fails the test on a refusal.
 */
export async function sendRequestEvent<T extends RequestEventType>(
  request: APIRequestContext,
  type: T,
  data: RequestEventData<T>,
  merchantCode = 'ANDES-DEMO',
): Promise<void> {
  requestEventSerial += 1;
  const event = {
    eventId: `${data.requestNo}.${type}.${Date.now()}.${requestEventSerial}`,
    type,
    occurredAt: new Date().toISOString(),
    merchantCode,
    data,
  } as PlatformEventInput;
  const res = await sendPlatformEvent(request, event);
  if (res.code !== 200) throw new Error(`event ${event.eventId} refused: ${res.code} ${res.msg}`);
}

/** Claims the accounting requests waiting for the provider (as the platform polls for them), with their task. */
export async function claimAccountingRequests(request: APIRequestContext, limit = 100): Promise<OfferedRequest[]> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(claimRequests), {
    data: { limit, leaseSeconds: 60 },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: RequestClaim };
  if (body.code !== 200) throw new Error(`claim refused: ${body.code} ${body.msg}`);
  return body.data.list;
}

/**
 * Plays the provider's checkout for a payment link (docs/decisions/0035): claims the payments payers
 * started, and pays the one of `linkId` — a pay-in with the link's id, settled. Answers its unique id.
 * Other offers are left to their lease (no other test pays links).
 */
export async function claimAndPayLink(request: APIRequestContext, linkId: string): Promise<string> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(claimLinkPayments), {
    data: { limit: 100, leaseSeconds: 60 },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: PaymentLinkClaim };
  if (body.code !== 200) throw new Error(`claim refused: ${body.code} ${body.msg}`);
  const offer = body.data.list.find((o) => o.linkId === linkId);
  if (!offer) throw new Error(`no payment of ${linkId} was offered (${body.data.list.map((o) => o.linkId).join(', ')})`);
  const uniqueId = `PLPAY${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
  await seedTransaction(
    request,
    {
      uniqueId,
      transactionType: 'PAY_IN',
      country: offer.country,
      currency: offer.currency,
      productType: offer.productType,
      amount: offer.amount,
      paymentLinkId: offer.linkId,
      payer: { name: 'Ana Souza', document: '52998224725', documentType: 'CPF', email: 'ana.souza@example.com' },
    },
    'SETTLED',
  );
  return uniqueId;
}
