import type { TransactionCreatedData } from '@andes/contract/platform/schemas';

/**
 * The columns of a new transaction row that describe it (parties, card, link, store order) as the
 * platform's `transaction.created` data gives them. The ingestion service and the demo history
 * both build rows from it, so a transaction looks the same whichever way it arrived.
 */
export function describedColumnsOf(d: TransactionCreatedData) {
  return {
    merchantReference: d.merchantReference,
    accountName: d.accountName ?? null,
    payer: d.payer ?? null,
    beneficiary: d.beneficiary ?? null,
    card: d.card ?? null,
    /** PIX end-to-end id, SPEI tracking key…: the payer's for a pay-in, the beneficiary's for a payout. */
    e2eId: (d.payer ?? d.beneficiary)?.e2eId ?? null,
    paymentLinkId: d.paymentLinkId ?? null,
    storePlatform: d.storeOrder?.platform ?? null,
    storeShopDomain: d.storeOrder?.shopDomain ?? null,
    storeOrderId: d.storeOrder?.orderId ?? null,
    storeOrderName: d.storeOrder?.orderName ?? null,
    description: d.description ?? null,
    /** The provider of a SPEI or PIX transfer, when the platform names it at creation (the contract checked it fits the product type). */
    provider: d.provider ?? null,
  };
}

/** Why a payout or marketplace order the available balance could not cover was recorded REJECTED. */
export const INSUFFICIENT_BALANCE_REASON = 'Insufficient available balance';
