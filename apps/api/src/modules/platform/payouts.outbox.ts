import type { OfferedPayout, PayoutClaimRequest } from '@andes/contract/platform/schemas';
import { and, asc, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutOutbox } from '../../db/schema/platform.ts';
import { findMerchantCodes, findTransactionsById } from './events.repository.ts';

/**
 * The payout outbox: payouts created in the dashboard wait here until the platform takes them.
 * The platform polls `claim`: each claim leases the payouts it returns for `leaseSeconds`; a payout
 * whose lease ran out without an answer is offered again (at-least-once: the platform recognises
 * a payout by its uniqueId). Its first `payout.status_changed` marks it accepted: no more offers.
 */

/** What is stored with the payout: everything the platform needs to send it, as offered. */
export type StoredOffer = Omit<OfferedPayout, 'attempts'>;

/** The fee and VAT quoted and reserved with a payout (zero for payouts without a quote). */
export interface OfferCharges {
  fee: number;
  vat: number;
}

/**
 * Offers a payout (or marketplace order) to the platform, in the transaction that reserved its
 * money (or approved it). The offer is built from the transaction row, with the fee and VAT quoted
 * to the merchant; an offered payout is not offered twice.
 */
export async function offerPayout(
  tx: Db,
  transactionId: number,
  now: Date,
  charges: OfferCharges = { fee: 0, vat: 0 },
): Promise<StoredOffer> {
  const [offer] = await offerPayouts(tx, [{ transactionId, ...charges }], now);
  if (!offer) throw new Error(`transaction ${transactionId} not offered`);
  return offer;
}

/** Offers per INSERT statement. */
const OFFERS_PER_INSERT = 2_000;

/** offerPayout for many payouts (a batch approved at once), in a handful of statements. */
export async function offerPayouts(
  tx: Db,
  items: readonly ({ transactionId: number } & OfferCharges)[],
  now: Date,
): Promise<StoredOffer[]> {
  if (items.length === 0) return [];
  const rows = await findTransactionsById(
    tx,
    items.map((i) => i.transactionId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const merchantIds = new Set<number>();
  for (const r of rows) {
    merchantIds.add(r.merchantId);
    if (r.subMerchantId !== null) merchantIds.add(r.subMerchantId);
  }
  const codes = await findMerchantCodes(tx, [...merchantIds]);
  const offers = items.map((item) => {
    const t = byId.get(item.transactionId);
    if (!t) throw new Error(`no transaction ${item.transactionId}`);
    if (t.transactionType !== 'PAY_OUT' && t.transactionType !== 'MARKET_PLACE_ORDERS') {
      throw new Error(`transaction ${t.uniqueId} is a ${t.transactionType}: only payouts and marketplace orders are offered`);
    }
    if (!t.beneficiary) throw new Error(`payout ${t.uniqueId} has no beneficiary`);
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
      fee: item.fee,
      vat: item.vat,
    };
    return { transactionId: t.id, offer, createdAt: now };
  });
  for (let i = 0; i < offers.length; i += OFFERS_PER_INSERT) {
    await tx
      .insert(payoutOutbox)
      .values(offers.slice(i, i + OFFERS_PER_INSERT))
      .onConflictDoNothing({ target: payoutOutbox.transactionId });
  }
  return offers.map((o) => o.offer);
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
    // Offers stored before the quote was part of them carry no fee or VAT: zero.
    return rows.map((r) => {
      const offer = r.offer as StoredOffer;
      return { ...offer, fee: offer.fee ?? 0, vat: offer.vat ?? 0, attempts: r.attempts - 1 };
    });
  });
}
