import type { Product, TransactionStatus, TransactionType } from '../common/enums.ts';

/** Longest range of a Home chart, in days (the date picker reaches five months back, spec §9). */
export const HOME_CHART_MAX_DAYS = 186;
/** How many future dates the pending-balance panel lists. */
export const PENDING_UPCOMING_MAX_DATES = 31;
/** A product is shown on Home when it is open or had transactions in this many days up to today. */
export const PRODUCT_SHOWN_RECENT_DAYS = 90;

/**
 * The statuses Home counts as a success: the payment went through, even if it was later refunded
 * or charged back (those are counted apart, as refunds and chargebacks).
 */
export const HOME_SUCCESS_STATUSES = ['SETTLED', 'REFUNDING', 'REFUNDED', 'CHARGED_BACK'] as const satisfies readonly TransactionStatus[];

/** The transaction type each product's figures count (the charts' product filter). */
export const TRANSACTION_TYPE_OF_PRODUCT: Readonly<Record<Product, TransactionType>> = {
  payin: 'PAY_IN',
  payout: 'PAY_OUT',
  marketplace: 'MARKET_PLACE_ORDERS',
};

/**
 * The transaction types a chart counts without a product filter: payments, payouts and
 * marketplace orders. Refunds and chargebacks are movements of pay-ins already counted, and are
 * shown apart by the amount summary.
 */
export const HOME_CHART_TRANSACTION_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'] as const satisfies readonly TransactionType[];
