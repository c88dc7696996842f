import { PRODUCTS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@andes/contract/common/enums';
import { PROVIDER_RAILS, TRANSFER_PROVIDERS } from '@andes/contract/transaction/enums';
import type { Card, Party } from '@andes/contract/transaction/parts';
import { REFUND_STATUSES, STORE_PLATFORMS } from '@andes/contract/transaction/parts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './ledger.ts';
import { merchants } from './merchants.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A file attached to a transaction: the stored file's public id (stored_files) and what the detail shows of it. */
export interface Attachment {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * Every transaction of spec §3: pay-ins, payouts, marketplace orders, and the refunds and
 * chargebacks of pay-ins (rows of their own, linked to the original by related_transaction_id).
 * Payment-link payments and store orders are pay-ins with payment_link_id or store_* set.
 * Card data is at most BIN and last 4 (the contract's CardSchema has no room for more).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: text('unique_id').notNull(),
    /** The top-level merchant (scope of its users). */
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Set when a sub-merchant's transaction. */
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    product: text('product', { enum: PRODUCTS }).notNull(),
    productType: text('product_type').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    exchangeRate: text('exchange_rate'),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    statusReason: text('status_reason'),
    /** 1 on hold, 2 unhold (spec §3). */
    holdStatus: smallint('hold_status').notNull().default(2),
    /** Cents moved to ON_HOLD by the current hold. */
    heldAmount: bigint('held_amount', { mode: 'number' }).notNull().default(0),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }).notNull().default('NONE'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    refundTime: instant('refund_time'),
    chargedBackAmount: bigint('charged_back_amount', { mode: 'number' }).notNull().default(0),
    /** Refund or chargeback → the pay-in it concerns. */
    relatedTransactionId: bigint('related_transaction_id', { mode: 'number' }),
    merchantReference: text('merchant_reference').notNull(),
    accountName: text('account_name'),
    payer: jsonb('payer').$type<Party>(),
    beneficiary: jsonb('beneficiary').$type<Party>(),
    card: jsonb('card').$type<Card>(),
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    e2eId: text('e2e_id'),
    /**
     * The provider that carried a SPEI or PIX pay-in or payout (`arcus`, `bs2`…), as the platform's
     * events name it; null when they never did (no provider receipt is offered then) and for
     * every other method (docs/decisions/0017-proof-provider.md).
     */
    provider: text('provider', { enum: TRANSFER_PROVIDERS }),
    paymentLinkId: text('payment_link_id'),
    storePlatform: text('store_platform', { enum: STORE_PLATFORMS }),
    storeShopDomain: text('store_shop_domain'),
    storeOrderId: text('store_order_id'),
    storeOrderName: text('store_order_name'),
    description: text('description'),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** When the platform created it (spec "submit time"). */
    createdAt: instant('created_at').notNull(),
    /** `created_at` as a calendar date in the country's time zone (daily figures, date filters). */
    createdDate: text('created_date').notNull(),
    settledAt: instant('settled_at'),
    availableAt: instant('available_at'),
    /**
     * How far the payment got (revenue assurance's funnel, docs/decisions/0031): 0 created,
     * 1 submitted by the payer, 2 authorised, 3 settled. Only ever rises; kept with the status.
     */
    funnelStage: smallint('funnel_stage').notNull().default(0),
    /** When the platform reported the payment authorised (or, at the latest, settled). */
    authorisedAt: instant('authorised_at'),
    /** Time of the latest status event applied: an older one is stale. */
    statusAt: instant('status_at').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_unique_id_key').on(t.uniqueId),
    // Lists and charts: a merchant's (or a sub-merchant's) transactions of one country and type by time.
    index('transactions_merchant_list_idx').on(t.merchantId, t.country, t.transactionType, t.createdAt, t.id),
    index('transactions_sub_merchant_list_idx')
      .on(t.subMerchantId, t.country, t.transactionType, t.createdAt, t.id)
      .where(sql`${t.subMerchantId} is not null`),
    index('transactions_merchant_reference_idx').on(t.merchantId, t.merchantReference),
    index('transactions_related_idx').on(t.relatedTransactionId).where(sql`${t.relatedTransactionId} is not null`),
    // Transaction search: each list filter the screens
    // offer has an index that serves its page in (created_at, id) order, or finds its few rows.
    index('transactions_merchant_status_list_idx').on(t.merchantId, t.country, t.transactionType, t.status, t.createdAt, t.id),
    index('transactions_held_list_idx').on(t.merchantId, t.country, t.transactionType, t.createdAt, t.id).where(sql`${t.holdStatus} = 1`),
    index('transactions_payment_link_list_idx').on(t.merchantId, t.country, t.createdAt, t.id).where(sql`${t.paymentLinkId} is not null`),
    index('transactions_store_list_idx')
      .on(t.merchantId, t.storePlatform, t.country, t.createdAt, t.id)
      .where(sql`${t.storePlatform} is not null`),
    index('transactions_e2e_id_idx').on(t.merchantId, t.e2eId).where(sql`${t.e2eId} is not null`),
    index('transactions_document_idx').on(t.merchantId, sql`coalesce((${t.payer} ->> 'document'), (${t.beneficiary} ->> 'document'))`),
    index('transactions_card_bin_idx').on(t.merchantId, t.cardBin).where(sql`${t.cardBin} is not null`),
    index('transactions_card_last4_idx').on(t.merchantId, t.cardLast4).where(sql`${t.cardLast4} is not null`),
    check('transactions_type_check', sql`${t.transactionType} in (${list(TRANSACTION_TYPES)})`),
    check('transactions_status_check', sql`${t.status} in (${list(TRANSACTION_STATUSES)})`),
    check('transactions_hold_status_check', sql`${t.holdStatus} in (1, 2)`),
    check(
      'transactions_amounts_check',
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.vat} >= 0 and ${t.heldAmount} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} + ${t.chargedBackAmount} <= ${t.amount}`,
    ),
    // A provider only on a transfer of its rail: SPEI providers on SPEI product types, PIX providers on PIX ones.
    check(
      'transactions_provider_check',
      sql`${t.provider} is null or ${sql.join(
        Object.values(PROVIDER_RAILS).map(
          (rail) => sql`(${t.productType} in (${list(rail.productTypes)}) and ${t.provider} in (${list(rail.providers)}))`,
        ),
        sql` or `,
      )}`,
    ),
    check(
      'transactions_card_check',
      sql`(${t.cardBin} is null or ${t.cardBin} ~ '^[0-9]{6,8}$') and (${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);

/**
 * Daily figures per merchant, holder, country, local date, type, product type and status, kept
 * up to date in the same database transaction as the event that changes them (a status change
 * moves one transaction from one row to another). Home's charts read these, never the raw rows.
 */
export const dailyTransactionStats = pgTable(
  'daily_transaction_stats',
  {
    merchantId: integer('merchant_id').notNull(),
    /** The holder: the merchant itself or the sub-merchant. */
    holderId: integer('holder_id').notNull(),
    country: text('country').notNull(),
    statDate: text('stat_date').notNull(),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    productType: text('product_type').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('daily_transaction_stats_key').on(
      t.merchantId,
      t.country,
      t.statDate,
      t.holderId,
      t.transactionType,
      t.productType,
      t.status,
    ),
    index('daily_transaction_stats_holder_idx').on(t.holderId, t.country, t.statDate),
    // The lists' exact totals (transaction-count.ts): one type's days of a merchant and country,
    // read from the index alone (count is its last column).
    index('daily_transaction_stats_count_idx').on(
      t.merchantId,
      t.country,
      t.transactionType,
      t.statDate,
      t.holderId,
      t.productType,
      t.status,
      t.count,
    ),
  ],
);

/**
 * daily_transaction_stats summed per local month (`stat_month` is `YYYY-MM` of `stat_date`), for
 * the lists' exact totals over long windows. Kept by statement triggers on daily_transaction_stats
 * (migration 0010), so every writer of the daily figures — events, the demo history, the bench
 * generator — keeps it equal to their sum in the same database transaction.
 */
export const monthlyTransactionCounts = pgTable(
  'monthly_transaction_counts',
  {
    merchantId: integer('merchant_id').notNull(),
    holderId: integer('holder_id').notNull(),
    country: text('country').notNull(),
    statMonth: text('stat_month').notNull(),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    productType: text('product_type').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Migration 0010 adds INCLUDE (count) to it (drizzle cannot say so): the totals read months from the index alone.
    uniqueIndex('monthly_transaction_counts_key').on(
      t.merchantId,
      t.country,
      t.transactionType,
      t.statMonth,
      t.holderId,
      t.productType,
      t.status,
    ),
  ],
);

/**
 * The product types a merchant has in each country (Home product list), with its price: the fee
 * in basis points of the amount plus fixed cents, and the VAT in basis points of the fee; for
 * pay-ins the settlement days and the deposit; the limits of one payment. The dashboard's payout
 * quote reads the `payout` rows (docs/decisions/0025); Setting's product screens show them all
 * (docs/decisions/0034).
 */
export const merchantProducts = pgTable(
  'merchant_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: text('country').notNull(),
    product: text('product', { enum: PRODUCTS }).notNull(),
    productType: text('product_type').notNull(),
    open: smallint('open').notNull().default(1),
    feeBps: integer('fee_bps').notNull().default(0),
    feeFixed: bigint('fee_fixed', { mode: 'number' }).notNull().default(0),
    vatBps: integer('vat_bps').notNull().default(0),
    /** Pay-ins: business days from payment to availability (D+N). docs/decisions/0034. */
    settlementDays: integer('settlement_days').notNull().default(0),
    /** Pay-ins: rolling reserve, basis points of the net held for `deposit_days` calendar days. */
    depositBps: integer('deposit_bps').notNull().default(0),
    depositDays: integer('deposit_days').notNull().default(0),
    /** Limits of one payment (cents), when the provider set them. */
    minAmount: bigint('min_amount', { mode: 'number' }),
    maxAmount: bigint('max_amount', { mode: 'number' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_products_key').on(t.merchantId, t.country, t.product, t.productType),
    check('merchant_products_price_check', sql`${t.feeBps} >= 0 and ${t.feeFixed} >= 0 and ${t.vatBps} >= 0`),
    check(
      'merchant_products_terms_check',
      sql`${t.settlementDays} >= 0 and ${t.depositBps} between 0 and 10000 and ${t.depositDays} >= 0 and (${t.depositBps} = 0) = (${t.depositDays} = 0)
       and (${t.minAmount} is null or ${t.minAmount} > 0) and (${t.maxAmount} is null or ${t.maxAmount} >= coalesce(${t.minAmount}, 1))`,
    ),
  ],
);

/**
 * Revenue assurance's figures (docs/decisions/0031): the pay-ins, marketplace orders and payouts of
 * a merchant's day counted by product type, status, how far they got (funnel stage), whether a
 * card was paid with a network token (TOKEN), its number (PAN), or no card was used (NONE), and —
 * for failed, rejected and expired ones — the reason the platform gave. Kept in the same database
 * transaction as the event that changes a transaction (ledger/daily-stats.ts), like
 * daily_transaction_stats; figures-check proves it equals the rows.
 */
export const revenueDailyStats = pgTable(
  'revenue_daily_stats',
  {
    merchantId: integer('merchant_id').notNull(),
    holderId: integer('holder_id').notNull(),
    country: text('country').notNull(),
    statDate: text('stat_date').notNull(),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    productType: text('product_type').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    funnelStage: smallint('funnel_stage').notNull(),
    cardToken: text('card_token', { enum: ['TOKEN', 'PAN', 'NONE'] }).notNull(),
    /** The normalised reason of a failure ('' for everything else). */
    failReason: text('fail_reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('revenue_daily_stats_key').on(
      t.merchantId,
      t.country,
      t.transactionType,
      t.statDate,
      t.holderId,
      t.productType,
      t.status,
      t.funnelStage,
      t.cardToken,
      t.failReason,
    ),
    index('revenue_daily_stats_holder_idx').on(t.holderId, t.country, t.transactionType, t.statDate),
  ],
);
