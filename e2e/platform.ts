import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { ingestEvent } from '@andes/contract/platform/endpoints';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
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
