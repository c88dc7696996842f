import { z } from 'zod';
import type { ProductType, TransactionType } from '../common/enums.ts';
import type { PermissionCode } from '../permissions/registry.ts';

/**
 * The transaction lists of spec §2 that `/dashboard/transaction/page` and `/advanced-page` serve.
 * A request names its list: the list fixes the transaction types it may show and the permission
 * the caller needs (the list's menu code). The payment-link, Shopify and Shoplazza lists have
 * calls of their own.
 */
export const TRANSACTION_LISTS = ['payin', 'payout', 'market-place', 'holding-page'] as const;
export type TransactionList = (typeof TRANSACTION_LISTS)[number];
export const TransactionListSchema = z.enum(TRANSACTION_LISTS);

/** The transaction types each list shows; the first is the list's default. */
export const LIST_TRANSACTION_TYPES: Readonly<Record<TransactionList, readonly TransactionType[]>> = {
  payin: ['PAY_IN', 'REFUND', 'CHARGE_BACK'],
  payout: ['PAY_OUT'],
  'market-place': ['MARKET_PLACE_ORDERS'],
  // Only pay-ins are ever held (hold flag 1).
  'holding-page': ['PAY_IN'],
};

/** The permission each list needs. */
export const LIST_PERMISSIONS = {
  payin: 'transactions:payin',
  payout: 'transactions:payout',
  'market-place': 'transactions:market-place',
  'holding-page': 'transactions:holding-page',
} as const satisfies Record<TransactionList, PermissionCode>;

/** The deep query (`/transactions/deep-query/:type`) needs this code instead of the list's. */
export const DEEP_QUERY_PERMISSION = 'transactions:deep-query' as const satisfies PermissionCode;

/** The `:type` of `/transactions/deep-query/:type`: the lists a deep query searches. */
export const DEEP_QUERY_TYPES = ['payin', 'payout', 'market-place'] as const satisfies readonly TransactionList[];
export type DeepQueryType = (typeof DEEP_QUERY_TYPES)[number];

/**
 * Where a settled pay-in's money is (spec §3 "transfer status"): still pending its settlement
 * date, available to the merchant, or on hold. Null before settlement and for other types.
 */
export const TRANSFER_STATUSES = ['PENDING', 'AVAILABLE', 'ON_HOLD'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TransferStatusSchema = z.enum(TRANSFER_STATUSES);

/** What happened to a transaction, one entry per applied platform event (the detail's history). */
export const TRANSACTION_HISTORY_EVENTS = ['CREATED', 'STATUS_CHANGED', 'SETTLED', 'REFUNDED', 'CHARGED_BACK', 'HELD', 'UNHELD'] as const;
export type TransactionHistoryEvent = (typeof TRANSACTION_HISTORY_EVENTS)[number];
export const TransactionHistoryEventSchema = z.enum(TRANSACTION_HISTORY_EVENTS);

/** Most sub-merchants one filter names. */
export const SUB_MERCHANT_FILTER_MAX = 100;

/** The file formats of a transaction export (`/dashboard/transaction/file/download`). */
export const TRANSACTION_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TransactionExportFormat = (typeof TRANSACTION_EXPORT_FORMATS)[number];
export const TransactionExportFormatSchema = z.enum(TRANSACTION_EXPORT_FORMATS);

/** Rows a keyset batch of an export reads; the export streams batch after batch. */
export const TRANSACTION_EXPORT_BATCH = 2_000;
/** Minutes a one-time download URL (`/file/download-url/generator`) stays valid. */
export const EXPORT_LINK_TTL_MINUTES = 10;
/** Where a one-time download URL points: `${EXPORT_LINK_PATH_PREFIX}<token>` (a plain GET, outside /dashboard). */
export const EXPORT_LINK_PATH_PREFIX = '/files/exports/';

/**
 * The proof-of-transfer documents of spec §7 (see the API's proof-variants for which a
 * transaction has): MX SPEI of arcus, unipagos or stp; BR PIX of bs2, bexs or rendimento (a
 * transfer has the one of the provider that carried it, TRANSFER_PROVIDERS); CO bank transfer; the
 * payment-link receipt in the default layout and the gwm (white-label) layout.
 */
export const PROOF_VARIANTS = [
  'mx-spei-arcus',
  'mx-spei-unipagos',
  'mx-spei-stp',
  'br-pix-bs2',
  'br-pix-bexs',
  'br-pix-rendimento',
  'co-bank-transfer',
  'payment-link-default',
  'payment-link-gwm',
] as const;
export type ProofVariant = (typeof PROOF_VARIANTS)[number];
export const ProofVariantSchema = z.enum(PROOF_VARIANTS);

/**
 * The providers that carry SPEI (MX) and PIX (BR) transfers for the payment platform. The platform
 * names the one that carried a transfer in its events (docs/decisions/0017-proof-provider.md); the
 * transfer's proof is that provider's receipt, and only that one.
 */
export const TRANSFER_PROVIDERS = ['arcus', 'unipagos', 'stp', 'bs2', 'bexs', 'rendimento'] as const;
export type TransferProvider = (typeof TRANSFER_PROVIDERS)[number];
export const TransferProviderSchema = z.enum(TRANSFER_PROVIDERS);

/** The rails that have providers: the product types each rail carries, and its providers. */
export const PROVIDER_RAILS = {
  SPEI: { productTypes: ['SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER'], providers: ['arcus', 'unipagos', 'stp'] },
  PIX: { productTypes: ['PIX', 'PIX_QR'], providers: ['bs2', 'bexs', 'rendimento'] },
} as const satisfies Record<string, { productTypes: readonly ProductType[]; providers: readonly TransferProvider[] }>;
export type ProviderRail = keyof typeof PROVIDER_RAILS;

/** The rail of a product type (SPEI or PIX), or null when its transfers have no provider to name. */
export function providerRailOf(productType: string): ProviderRail | null {
  for (const rail of Object.keys(PROVIDER_RAILS) as ProviderRail[]) {
    if ((PROVIDER_RAILS[rail].productTypes as readonly string[]).includes(productType)) return rail;
  }
  return null;
}

/** The providers that may carry a transfer of this product type (none for other methods). */
export function providersOf(productType: string): readonly TransferProvider[] {
  const rail = providerRailOf(productType);
  return rail === null ? [] : PROVIDER_RAILS[rail].providers;
}

/** How messages name each provider. */
export const PROVIDER_NAMES: Readonly<Record<TransferProvider, string>> = {
  arcus: 'Arcus',
  unipagos: 'Unipagos',
  stp: 'STP',
  bs2: 'BS2',
  bexs: 'Bexs',
  rendimento: 'Rendimento',
};

/** The receipt (proof variant) each provider issues. */
export const PROOF_VARIANT_OF_PROVIDER = {
  arcus: 'mx-spei-arcus',
  unipagos: 'mx-spei-unipagos',
  stp: 'mx-spei-stp',
  bs2: 'br-pix-bs2',
  bexs: 'br-pix-bexs',
  rendimento: 'br-pix-rendimento',
} as const satisfies Record<TransferProvider, ProofVariant>;
