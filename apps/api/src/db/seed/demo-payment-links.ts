import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { DAY_MS, HOUR_MS } from '../../clock.ts';
import type { BlobStore } from '../../modules/files/blob-store.ts';
import { newLinkId, newLinkToken, tokenHashOf } from '../../modules/payment-link/payment-link.service.ts';
import { PlatformEventsService } from '../../modules/platform/events.service.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { Db } from '../client.ts';
import { merchants } from '../schema/merchants.ts';
import { paymentLinks } from '../schema/payment-links.ts';
import { users } from '../schema/users.ts';

/**
 * The demo's payment links (docs/decisions/0035), so that Payment → Payment Link is not empty: a
 * handful of ANDES-DEMO's links made by its admin, in each state — ACTIVE (one with installments),
 * PAID (its pay-in reported and settled through the real ingestion, which pays the link), EXPIRED
 * and CANCELLED. Written once: nothing is done when the merchant has links already. The tokens are
 * sealed with the installation's secret box, like every generated link's.
 */

interface DemoLink {
  country: Country;
  productType: string;
  amount: number;
  description: string;
  merchantReference: string;
  installments?: number;
  /** Created this long before now. */
  ageMs: number;
  expiryHours: number;
  state: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'CANCELLED';
}

const DEMO_LINKS: readonly DemoLink[] = [
  {
    country: 'BR',
    productType: 'PIX',
    amount: 15_000,
    description: 'Consulting session, March',
    merchantReference: 'DEMO-LINK-0001',
    ageMs: 2 * HOUR_MS,
    expiryHours: 168,
    state: 'ACTIVE',
  },
  {
    country: 'BR',
    productType: 'CARD',
    amount: 120_000,
    description: 'Ergonomic office chair',
    merchantReference: 'DEMO-LINK-0002',
    installments: 6,
    ageMs: 5 * HOUR_MS,
    expiryHours: 72,
    state: 'ACTIVE',
  },
  {
    country: 'BR',
    productType: 'PIX',
    amount: 8_990,
    description: 'Monthly subscription',
    merchantReference: 'DEMO-LINK-0003',
    ageMs: 1 * DAY_MS,
    expiryHours: 72,
    state: 'PAID',
  },
  {
    country: 'MX',
    productType: 'SPEI',
    amount: 250_000,
    description: 'Event tickets (2)',
    merchantReference: 'DEMO-LINK-0004',
    ageMs: 5 * DAY_MS,
    expiryHours: 24,
    state: 'EXPIRED',
  },
  {
    country: 'CO',
    productType: 'CO_BANK_TRANSFER',
    amount: 15_000_000,
    description: 'Hotel deposit',
    merchantReference: 'DEMO-LINK-0005',
    ageMs: 3 * DAY_MS,
    expiryHours: 168,
    state: 'CANCELLED',
  },
];

export interface DemoLinkDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

/** Seeds the demo's links when ANDES-DEMO has none; answers how many it made. */
export async function seedDemoPaymentLinks(deps: DemoLinkDeps): Promise<number> {
  const { db, secretBox } = deps;
  const now = deps.clock();
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO')).limit(1);
  if (!merchant) return 0;
  const [existing] = await db.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.merchantId, merchant.id)).limit(1);
  if (existing) return 0;
  const [admin] = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(eq(users.merchantId, merchant.id), eq(users.username, 'demo.admin')))
    .limit(1);
  if (!admin) return 0;
  const rows = DEMO_LINKS.map((d) => {
    const linkId = newLinkId();
    const token = newLinkToken();
    const createdAt = new Date(now.getTime() - d.ageMs);
    return {
      demo: d,
      row: {
        linkId,
        tokenHash: tokenHashOf(token),
        tokenSealed: secretBox.seal(token, `payment_link:${linkId}`),
        merchantId: merchant.id,
        subMerchantId: null,
        country: d.country,
        currency: COUNTRY_INFO[d.country].currency,
        productType: d.productType,
        amount: d.amount,
        description: d.description,
        merchantReference: d.merchantReference,
        expiresAt: new Date(createdAt.getTime() + d.expiryHours * HOUR_MS),
        status: d.state === 'CANCELLED' ? ('CANCELLED' as const) : ('ACTIVE' as const),
        installments: d.installments ?? null,
        requestId: `demo-seed-${d.merchantReference}`,
        createdBy: admin.id,
        createdByName: admin.name,
        createdAt,
        updatedAt: createdAt,
        ...(d.state === 'CANCELLED' ? { cancelledAt: new Date(createdAt.getTime() + 3 * HOUR_MS) } : {}),
        ...(d.state === 'PAID' ? { paymentState: 'PENDING' as const, paymentRequestedAt: new Date(createdAt.getTime() + HOUR_MS) } : {}),
      },
    };
  });
  await db.insert(paymentLinks).values(rows.map((r) => r.row));
  // The paid one: its payer paid, the platform reported the pay-in and its settlement.
  const events = new PlatformEventsService(db, deps.clock, deps.log, deps.blobs);
  for (const { demo, row } of rows) {
    if (demo.state !== 'PAID') continue;
    const paidAt = new Date(row.createdAt.getTime() + HOUR_MS + 2 * 60_000);
    const uniqueId = `LPDEMO${row.linkId.slice(2, 12)}`;
    const base = { merchantCode: 'ANDES-DEMO' };
    await events.apply({
      ...base,
      eventId: `${uniqueId}.created`,
      type: 'transaction.created',
      occurredAt: new Date(paidAt.getTime() - 60_000).toISOString(),
      data: {
        uniqueId,
        merchantReference: demo.merchantReference,
        transactionType: 'PAY_IN',
        status: 'CREATED',
        country: demo.country,
        currency: COUNTRY_INFO[demo.country].currency,
        productType: demo.productType as 'PIX',
        amount: demo.amount,
        accountName: 'Ana Pereira',
        payer: { name: 'Ana Pereira', email: 'ana.pereira@example.com', document: '52998224725', documentType: 'CPF' },
        paymentLinkId: row.linkId,
      },
    });
    await events.apply({
      ...base,
      eventId: `${uniqueId}.settled`,
      type: 'transaction.settled',
      occurredAt: paidAt.toISOString(),
      data: { uniqueId, fee: 90, vat: 0, deposit: 0, availableAt: new Date(paidAt.getTime() + DAY_MS).toISOString() },
    });
  }
  return rows.length;
}
