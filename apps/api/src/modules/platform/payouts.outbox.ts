import type { OfferedPayout, PayoutClaimRequest } from '@andes/contract/platform/schemas';
import { and, asc, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutOutbox } from '../../db/schema/platform.ts';
import { findMerchantCodes, findTransactionById } from './events.repository.ts';

/**
 * The payout outbox: payouts created in the dashboard wait here until the platform takes them.
 * The platform polls `claim`: each claim leases the payouts it returns for `leaseSeconds`; a payout
 * whose lease ran out without an answer is offered again (at-least-once: the platform recognises
 * a payout by its uniqueId). Its first `payout.status_changed` marks it accepted: no more offers.
 */

/** What is stored with the payout: everything the platform needs to send it, as offered. */
export type StoredOffer = Omit<OfferedPayout, 'attempts'>;

/**
 * Offers a payout (or marketplace order) to the platform, in the transaction that created it and
 * reserved its amount. The offer is built from the transaction row; an offered payout is not
 * offered twice.
 */
export async function offerPayout(tx: Db, transactionId: number, now: Date): Promise<StoredOffer> {
  const t = await findTransactionById(tx, transactionId);
  if (!t) throw new Error(`no transaction ${transactionId}`);
  if (t.transactionType !== 'PAY_OUT' && t.transactionType !== 'MARKET_PLACE_ORDERS') {
    throw new Error(`transaction ${t.uniqueId} is a ${t.transactionType}: only payouts and marketplace orders are offered`);
  }
  if (!t.beneficiary) throw new Error(`payout ${t.uniqueId} has no beneficiary`);
  const codes = await findMerchantCodes(tx, t.subMerchantId === null ? [t.merchantId] : [t.merchantId, t.subMerchantId]);
  const offer: StoredOffer = {
    uniqueId: t.uniqueId,
    merchantCode: codes.get(t.merchantId) ?? '',
    subMerchantCode: t.subMerchantId === null ? null : (codes.get(t.subMerchantId) ?? null),
    transactionType: t.transactionType,
    country: t.country as OfferedPayout['country'],
    currency: t.currency as OfferedPayout['currency'],
    productType: t.productType as OfferedPayout['productType'],
    amount: t.amount,
    beneficiary: t.beneficiary,
    merchantReference: t.merchantReference,
    createdAt: t.createdAt.toISOString(),
  };
  await tx
    .insert(payoutOutbox)
    .values({ transactionId, offer, createdAt: now })
    .onConflictDoNothing({ target: payoutOutbox.transactionId });
  return offer;
}

/**
 * Takes up to `limit` waiting payouts whose lease is free (never leased, or run out), oldest
 * first, and leases them until now + leaseSeconds. `FOR UPDATE SKIP LOCKED`: two pollers at once
 * never get the same payout.
 */
export async function claimPayouts(db: Db, request: PayoutClaimRequest, now: Date): Promise<OfferedPayout[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  return db.transaction(async (tx) => {
    const free = await tx
      .select({ transactionId: payoutOutbox.transactionId })
      .from(payoutOutbox)
      .where(and(isNull(payoutOutbox.acceptedAt), or(isNull(payoutOutbox.leasedUntil), lte(payoutOutbox.leasedUntil, now))))
      .orderBy(asc(payoutOutbox.createdAt), asc(payoutOutbox.transactionId))
      .limit(request.limit)
      .for('update', { skipLocked: true });
    if (free.length === 0) return [];
    const rows = await tx
      .update(payoutOutbox)
      .set({ leasedUntil, attempts: sql`${payoutOutbox.attempts} + 1` })
      .where(
        inArray(
          payoutOutbox.transactionId,
          free.map((f) => f.transactionId),
        ),
      )
      .returning({
        transactionId: payoutOutbox.transactionId,
        offer: payoutOutbox.offer,
        attempts: payoutOutbox.attempts,
        createdAt: payoutOutbox.createdAt,
      });
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.transactionId - b.transactionId);
    return rows.map((r) => ({ ...(r.offer as StoredOffer), attempts: r.attempts - 1 }));
  });
}
