import type { UploadedFile } from '@andes/contract/common/uploads';
import type { PaymentLinkStatus } from '@andes/contract/payment-link/schemas';
import { PAYIN_UNSUCCESSFUL_ENDS } from '@andes/contract/platform/schemas';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { paymentLinkBatches, paymentLinks } from '../../db/schema/payment-links.ts';
import { merchantProducts, transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';

/** Reads and writes of the payment links (docs/decisions/0035). SQL only; the rules are the service's. */

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type NewPaymentLink = typeof paymentLinks.$inferInsert;
export type PaymentLinkBatchRow = typeof paymentLinkBatches.$inferSelect;

/** A link with the unique id of the pay-in that paid it. */
export interface LinkWithPayment {
  link: PaymentLinkRow;
  paymentId: string | null;
}

/**
 * The status a link shows at `now`: EXPIRED is an ACTIVE link past its expiry (never stored), the
 * same rule in every read, filter and write.
 */
export function statusAt(row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now: Date): PaymentLinkStatus {
  if (row.status === 'ACTIVE' && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status;
}

/** The SQL condition of a shown status at `now`. */
export function statusWhere(status: PaymentLinkStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'ACTIVE':
      return and(eq(paymentLinks.status, 'ACTIVE'), sql`${paymentLinks.expiresAt} > ${now}`);
    case 'EXPIRED':
      return and(eq(paymentLinks.status, 'ACTIVE'), sql`${paymentLinks.expiresAt} <= ${now}`);
    default:
      return eq(paymentLinks.status, status);
  }
}

/**
 * The caller's links: a merchant user's are the merchant's (its sub-merchants' included); a
 * sub-merchant user's only their sub-merchant's (through its own index).
 */
export function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(paymentLinks.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(paymentLinks.subMerchantId, scope.subMerchantId),
  );
}

export interface LinkListFilter {
  country: string;
  status?: PaymentLinkStatus | undefined;
  keyword?: string | undefined;
  now: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The keyword: a link id or a merchant reference, exactly (both unique and indexed), or every word
 * of it within the description (case-insensitive; read along the list's own index).
 */
function keywordWhere(keyword: string | undefined): SQL | undefined {
  if (keyword === undefined) return undefined;
  const words = keyword.split(/\s+/).filter((w) => w.length > 0);
  return or(
    eq(paymentLinks.linkId, keyword.toUpperCase()),
    eq(paymentLinks.merchantReference, keyword),
    and(...words.map((w) => ilike(paymentLinks.description, `%${escapeLike(w)}%`))),
  );
}

function listWhere(scope: Scope, filter: LinkListFilter): SQL | undefined {
  return and(
    scopeWhere(scope),
    eq(paymentLinks.country, filter.country),
    filter.status === undefined ? undefined : statusWhere(filter.status, filter.now),
    keywordWhere(filter.keyword),
  );
}

/** The list query (newest first, keyset by id): exported for the EXPLAIN test. */
export function linkListQuery(db: Db, scope: Scope, filter: LinkListFilter, beforeId: number | undefined, limit: number) {
  return db
    .select({ link: paymentLinks, paymentId: transactions.uniqueId })
    .from(paymentLinks)
    .leftJoin(transactions, eq(transactions.id, paymentLinks.paidTransactionId))
    .where(and(listWhere(scope, filter), beforeId === undefined ? undefined : lt(paymentLinks.id, beforeId)))
    .orderBy(sql`${paymentLinks.id} desc`)
    .limit(limit);
}

/** A page of links and their count capped at `countCap`. */
export async function linkPage(
  db: Db,
  scope: Scope,
  filter: LinkListFilter,
  beforeId: number | undefined,
  limit: number,
  countCap: number,
): Promise<{ rows: LinkWithPayment[]; counted: number }> {
  const rows = await linkListQuery(db, scope, filter, beforeId, limit);
  const capped = db.select({ id: paymentLinks.id }).from(paymentLinks).where(listWhere(scope, filter)).limit(countCap).as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  return { rows, counted: Number(total?.n ?? 0) };
}

/** One link of the caller's scope, or null (another merchant's and a missing one alike). */
export async function findLink(db: Db, scope: Scope, id: number): Promise<LinkWithPayment | null> {
  const [row] = await db
    .select({ link: paymentLinks, paymentId: transactions.uniqueId })
    .from(paymentLinks)
    .leftJoin(transactions, eq(transactions.id, paymentLinks.paidTransactionId))
    .where(and(scopeWhere(scope), eq(paymentLinks.id, id)))
    .limit(1);
  return row ?? null;
}

/** The link a caller's single generation made with `requestId`, if any. */
export async function findLinkByRequest(db: Db, merchantId: number, createdBy: number, requestId: string): Promise<LinkWithPayment | null> {
  const [row] = await db
    .select({ link: paymentLinks, paymentId: transactions.uniqueId })
    .from(paymentLinks)
    .leftJoin(transactions, eq(transactions.id, paymentLinks.paidTransactionId))
    .where(and(eq(paymentLinks.merchantId, merchantId), eq(paymentLinks.createdBy, createdBy), eq(paymentLinks.requestId, requestId)))
    .limit(1);
  return row ?? null;
}

/** The link of a public token's hash, with the trading name of the merchant it belongs to. */
export async function findByTokenHash(db: Db, tokenHash: string): Promise<{ link: PaymentLinkRow; merchantName: string } | null> {
  const [row] = await db
    .select({ link: paymentLinks, merchantName: merchants.name })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, sql`coalesce(${paymentLinks.subMerchantId}, ${paymentLinks.merchantId})`))
    .where(eq(paymentLinks.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Links per INSERT statement (a batch of 5,000 goes in a few statements). */
const LINKS_PER_INSERT = 1_000;

/** Inserts links in a few multi-row statements; answers their ids in the order given. */
export async function insertLinks(tx: Db, rows: readonly NewPaymentLink[]): Promise<PaymentLinkRow[]> {
  const out: PaymentLinkRow[] = [];
  for (let i = 0; i < rows.length; i += LINKS_PER_INSERT) {
    out.push(
      ...(await tx
        .insert(paymentLinks)
        .values(rows.slice(i, i + LINKS_PER_INSERT))
        .returning()),
    );
  }
  return out;
}

/** Links per statement of insertManyLinks (one JSON parameter each). */
const LINKS_PER_JSON_INSERT = 2_500;

/**
 * Inserts the links of a batch: the rows travel as one JSON parameter per statement, expanded by
 * `jsonb_to_recordset` (a 5,000-link file in two statements). A multi-row VALUES of 30 columns
 * builds and binds tens of thousands of parameters and took about 2 s for 5,000 links on
 * PostgreSQL; this takes about 0.3 s (bench/payment-link-batch.ts).
 */
export async function insertManyLinks(tx: Db, rows: readonly NewPaymentLink[]): Promise<void> {
  for (let i = 0; i < rows.length; i += LINKS_PER_JSON_INSERT) {
    const json = JSON.stringify(
      rows.slice(i, i + LINKS_PER_JSON_INSERT).map((r) => ({
        link_id: r.linkId,
        token_hash: r.tokenHash,
        token_sealed: r.tokenSealed,
        merchant_id: r.merchantId,
        sub_merchant_id: r.subMerchantId ?? null,
        country: r.country,
        currency: r.currency,
        product_type: r.productType,
        amount_cents: r.amount,
        description: r.description,
        merchant_reference: r.merchantReference ?? '',
        expires_at: r.expiresAt.toISOString(),
        installments: r.installments ?? null,
        payer_email: r.payerEmail ?? null,
        appendices: r.appendices ?? [],
        request_id: r.requestId ?? null,
        batch_id: r.batchId ?? null,
        row_number: r.rowNumber ?? null,
        created_by: r.createdBy,
        created_by_name: r.createdByName,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      })),
    );
    await tx.execute(sql`
      insert into payment_links (link_id, token_hash, token_sealed, merchant_id, sub_merchant_id, country, currency, product_type,
                                 amount_cents, description, merchant_reference, expires_at, installments, payer_email, appendices,
                                 request_id, batch_id, row_number, created_by, created_by_name, created_at, updated_at)
      select link_id, token_hash, token_sealed, merchant_id, sub_merchant_id, country, currency, product_type,
             amount_cents, description, merchant_reference, expires_at, installments, payer_email, appendices,
             request_id, batch_id, row_number, created_by, created_by_name, created_at, updated_at
        from jsonb_to_recordset(${json}::jsonb) as x(link_id text, token_hash text, token_sealed text, merchant_id integer,
             sub_merchant_id integer, country text, currency text, product_type text, amount_cents bigint, description text,
             merchant_reference text, expires_at timestamptz, installments integer, payer_email text, appendices jsonb,
             request_id text, batch_id integer, row_number integer, created_by integer, created_by_name text,
             created_at timestamptz, updated_at timestamptz)`);
  }
}

/** The merchant's references among `references` already used by a link. */
export async function referencesUsed(db: Db, merchantId: number, references: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(references.filter((r) => r !== ''))];
  const used = new Set<string>();
  for (let i = 0; i < wanted.length; i += LINKS_PER_INSERT) {
    const rows = await db
      .select({ reference: paymentLinks.merchantReference })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.merchantId, merchantId), inArray(paymentLinks.merchantReference, wanted.slice(i, i + LINKS_PER_INSERT))));
    for (const r of rows) used.add(r.reference);
  }
  return used;
}

/** The holder's open pay-in products of the countries, with their limits. */
export async function openPayinProducts(
  db: Db,
  holderId: number,
  countries: readonly string[],
): Promise<{ country: string; productType: string; minAmount: number | null; maxAmount: number | null }[]> {
  if (countries.length === 0) return [];
  return db
    .select({
      country: merchantProducts.country,
      productType: merchantProducts.productType,
      minAmount: merchantProducts.minAmount,
      maxAmount: merchantProducts.maxAmount,
    })
    .from(merchantProducts)
    .where(
      and(
        eq(merchantProducts.merchantId, holderId),
        inArray(merchantProducts.country, [...countries]),
        eq(merchantProducts.product, 'payin'),
        eq(merchantProducts.open, 1),
      ),
    )
    .orderBy(asc(merchantProducts.id));
}

/**
 * Cancels an ACTIVE, unexpired link of the scope with no payment in progress (one conditional
 * UPDATE: a double click or a payment starting at the same time cannot both win). Null when it
 * was not in that state.
 */
export async function cancelLink(db: Db, scope: Scope, id: number, now: Date): Promise<PaymentLinkRow | null> {
  const [row] = await db
    .update(paymentLinks)
    .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now, leasedUntil: null })
    .where(
      and(
        scopeWhere(scope),
        eq(paymentLinks.id, id),
        statusWhere('ACTIVE', now),
        or(isNull(paymentLinks.paymentState), eq(paymentLinks.paymentState, 'FAILED')),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The payer chose to pay: an ACTIVE, unexpired link whose payment is not started (or failed) gets
 * PENDING, offered to the provider. Null when it was not in that state (a repeat is a no-op).
 */
export async function requestPayment(db: Db, id: number, now: Date): Promise<PaymentLinkRow | null> {
  const [row] = await db
    .update(paymentLinks)
    .set({ paymentState: 'PENDING', paymentRequestedAt: now, updatedAt: now, leasedUntil: null, attempts: 0 })
    .where(
      and(
        eq(paymentLinks.id, id),
        statusWhere('ACTIVE', now),
        or(isNull(paymentLinks.paymentState), eq(paymentLinks.paymentState, 'FAILED')),
      ),
    )
    .returning();
  return row ?? null;
}

/** What happened to a pay-in made through a link, as the ingestion reports it. */
export type LinkPaymentOutcome = { kind: 'SETTLED'; transactionId: number; at: Date } | { kind: 'FAILED'; at: Date };

/**
 * The one place the ingestion changes a link (in the event's database transaction), each a
 * conditional UPDATE on the link of the same merchant: a settled pay-in pays an ACTIVE link (a
 * second settled pay-in finds it PAID and changes nothing); a failed, expired, rejected or
 * cancelled one marks a PENDING payment FAILED, so the payer may try again. Answers whether a link
 * changed. Links the platform made elsewhere (no row here) are left alone.
 */
export async function applyLinkPayment(tx: Db, merchantId: number, linkId: string, outcome: LinkPaymentOutcome): Promise<boolean> {
  const same = and(eq(paymentLinks.merchantId, merchantId), eq(paymentLinks.linkId, linkId));
  const rows =
    outcome.kind === 'SETTLED'
      ? await tx
          .update(paymentLinks)
          .set({
            status: 'PAID',
            paidTransactionId: outcome.transactionId,
            paidAt: outcome.at,
            paymentState: null,
            leasedUntil: null,
            updatedAt: outcome.at,
          })
          .where(and(same, eq(paymentLinks.status, 'ACTIVE')))
          .returning({ id: paymentLinks.id })
      : await tx
          .update(paymentLinks)
          .set({ paymentState: 'FAILED', leasedUntil: null, updatedAt: outcome.at })
          .where(and(same, eq(paymentLinks.status, 'ACTIVE'), eq(paymentLinks.paymentState, 'PENDING')))
          .returning({ id: paymentLinks.id });
  return rows.length > 0;
}

/** A link of the merchant by its link id (a transaction's detail), or null. */
export async function findByLinkId(db: Db, merchantId: number, linkId: string): Promise<PaymentLinkRow | null> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.merchantId, merchantId), eq(paymentLinks.linkId, linkId)))
    .limit(1);
  return row ?? null;
}

// ---- batches -----------------------------------------------------------------------------------

export async function findBatch(db: Db, merchantId: number, createdBy: number, requestId: string): Promise<PaymentLinkBatchRow | null> {
  const [row] = await db
    .select()
    .from(paymentLinkBatches)
    .where(
      and(
        eq(paymentLinkBatches.merchantId, merchantId),
        eq(paymentLinkBatches.createdBy, createdBy),
        eq(paymentLinkBatches.requestId, requestId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertBatch(tx: Db, row: typeof paymentLinkBatches.$inferInsert): Promise<PaymentLinkBatchRow> {
  const [inserted] = await tx.insert(paymentLinkBatches).values(row).returning();
  if (!inserted) throw new Error('payment_link_batches insert returned no row');
  return inserted;
}

/** The links of a batch, by row number. */
export function linksOfBatch(db: Db, batchId: number): Promise<PaymentLinkRow[]> {
  return db
    .select()
    .from(paymentLinks)
    .where(and(isNotNull(paymentLinks.batchId), eq(paymentLinks.batchId, batchId)))
    .orderBy(asc(paymentLinks.rowNumber));
}

/** The appendices of a link (its public page offers them). */
export function appendicesOf(row: Pick<PaymentLinkRow, 'appendices'>): UploadedFile[] {
  return row.appendices ?? [];
}

/** The pay-in statuses that end a link's payment without paying it (the payer may try again). */
const FAILED_PAYIN_STATUSES: ReadonlySet<string> = new Set(PAYIN_UNSUCCESSFUL_ENDS);

/**
 * The ingestion's hook (events.service.ts), called after a pay-in's status changed, in the event's
 * database transaction: SETTLED pays its link, a failure marks the link's payment FAILED (see
 * applyLinkPayment); anything else, and pay-ins without a link id, change nothing.
 */
export async function linkPayinChanged(
  tx: Db,
  payin: { id: number; merchantId: number; transactionType: string; paymentLinkId: string | null },
  status: string,
  at: Date,
): Promise<void> {
  if (payin.transactionType !== 'PAY_IN' || payin.paymentLinkId === null) return;
  if (status === 'SETTLED')
    await applyLinkPayment(tx, payin.merchantId, payin.paymentLinkId, { kind: 'SETTLED', transactionId: payin.id, at });
  else if (FAILED_PAYIN_STATUSES.has(status)) await applyLinkPayment(tx, payin.merchantId, payin.paymentLinkId, { kind: 'FAILED', at });
}
