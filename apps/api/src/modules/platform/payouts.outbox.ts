import type { OfferedPayout, PayoutClaimRequest } from '@andes/contract/platform/schemas';
import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LeaseQueue, leaseRows } from '../../db/lease.ts';
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

/** Leases up to `limit` waiting payouts until now + leaseSeconds (db/lease.ts: oldest first, never one to two pollers). */
export async function claimPayouts(db: Db, request: PayoutClaimRequest, now: Date): Promise<OfferedPayout[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  return db.transaction(async (tx) => {
    const queue: LeaseQueue<typeof payoutOutbox> = {
      table: payoutOutbox,
      waiting: isNull(payoutOutbox.acceptedAt),
      key: 'transactionId',
      order: ['createdAt', 'transactionId'],
      lease: 'leasedUntil',
      attempts: 'attempts',
    };
    const rows = await leaseRows(tx, queue, now, leasedUntil, request.limit);
    // Offers stored before the quote was part of them carry no fee or VAT: zero.
    return rows.map((r) => {
      const offer = r.offer as StoredOffer;
      return { ...offer, fee: offer.fee ?? 0, vat: offer.vat ?? 0, attempts: r.attempts - 1 };
    });
  });
}
