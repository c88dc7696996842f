import type { Country, Currency } from '@andes/contract/common/countries';
import type { OfferedLinkPayment, PaymentLinkClaimRequest } from '@andes/contract/platform/schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LeaseQueue, leaseRows } from '../../db/lease.ts';
import { paymentLinks } from '../../db/schema/payment-links.ts';
import { findMerchantCodes } from '../platform/events.repository.ts';

/**
 * The payments payers started on links' pages, offered to the provider's checkout
 * (the platform contract's claimLinkPayments, docs/decisions/0035): PENDING payments of ACTIVE links
 * whose lease is free, oldest first, each leased for `leaseSeconds` (db/lease.ts: never one to two
 * pollers). The provider reports the payment as a pay-in with the link's id; the ingestion then
 * clears the state (PAID, or FAILED); one not reported within its lease is offered again.
 */
export async function claimLinkPayments(db: Db, request: PaymentLinkClaimRequest, now: Date): Promise<OfferedLinkPayment[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  return db.transaction(async (tx) => {
    const queue: LeaseQueue<typeof paymentLinks> = {
      table: paymentLinks,
      waiting: and(eq(paymentLinks.paymentState, 'PENDING'), eq(paymentLinks.status, 'ACTIVE')),
      key: 'id',
      order: ['paymentRequestedAt', 'id'],
      lease: 'leasedUntil',
      attempts: 'attempts',
    };
    const rows = await leaseRows(tx, queue, now, leasedUntil, request.limit);
    const ids = new Set<number>();
    for (const r of rows) {
      ids.add(r.merchantId);
      if (r.subMerchantId !== null) ids.add(r.subMerchantId);
    }
    const codes = await findMerchantCodes(tx, [...ids]);
    return rows.map((r) => ({
      linkId: r.linkId,
      merchantCode: codes.get(r.merchantId) ?? '',
      subMerchantCode: r.subMerchantId === null ? null : (codes.get(r.subMerchantId) ?? null),
      country: r.country as Country,
      currency: r.currency as Currency,
      productType: r.productType as OfferedLinkPayment['productType'],
      amount: r.amount,
      description: r.description,
      installments: r.installments,
      payerEmail: r.payerEmail,
      requestedAt: (r.paymentRequestedAt ?? now).toISOString(),
    }));
  });
}
