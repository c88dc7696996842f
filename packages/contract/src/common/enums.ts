import { z } from 'zod';
import type { Country } from './countries.ts';

/**
 * The dashboard's enumerations (spec §1, §3, §4). Each set is an `as const` array (or, for the
 * numeric flags, an `as const` object) with its TS type and zod schema; filter options, status
 * colours and i18n keys derive from these. Module schemas import them from here.
 */

// ---------------------------------------------------------------------------------------------
// Products and product types (spec §1)
// ---------------------------------------------------------------------------------------------

/** Products overall; the lower-case codes double as route segments (`/finance/payin`). */
export const PRODUCTS = ['payin', 'payout', 'marketplace'] as const;
export type Product = (typeof PRODUCTS)[number];
export const ProductSchema = z.enum(PRODUCTS);

const MX_PRODUCT_TYPES = ['SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER', 'OXXO'] as const;
const BR_PRODUCT_TYPES = ['PIX', 'PIX_QR', 'TED', 'BOLETO', 'PIC_PAY'] as const;
const CO_PRODUCT_TYPES = ['PSE', 'NEQUI', 'BANK_BUTTON', 'EFECTY', 'BANCOLOMBIA_COLLECTION', 'CO_BANK_TRANSFER'] as const;
const CL_PRODUCT_TYPES = [
  'CL_BANK_TRANSFER',
  'MULTICAJA_TRANSFER',
  'MULTICAJA_CASH',
  'HITES',
  'FPAY',
  'CHEK',
  'MACH',
  'PAGO46',
  'KHIPU',
  'WEB_PAY',
  'FINTOC',
  'SERVIFACIL',
] as const;
const PE_PRODUCT_TYPES = ['PAGO_EFECTIVO', 'BCP', 'PAYVALIDA', 'PE_BANK_TRANSFER'] as const;
/** Methods not tied to one country ("Other" in spec §1). */
const GENERIC_PRODUCT_TYPES = ['CARD', 'PAYPAL', 'MERCADO_PAGO', 'AME_QR', 'PAY_CASH', 'BANK_TRANSFER', 'WALLET'] as const;

/** Every product type, grouped by country in the order of spec §1. */
export const PRODUCT_TYPES = [
  ...MX_PRODUCT_TYPES,
  ...BR_PRODUCT_TYPES,
  ...CO_PRODUCT_TYPES,
  ...CL_PRODUCT_TYPES,
  ...PE_PRODUCT_TYPES,
  ...GENERIC_PRODUCT_TYPES,
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);

/**
 * Product types per country (spec §1). The spec names no local method for the US and South
 * Africa: they use the generic ("Other") methods, the same list as `OTHER`.
 */
export const PRODUCT_TYPES_BY_COUNTRY: Readonly<Record<Country | 'OTHER', readonly ProductType[]>> = {
  US: GENERIC_PRODUCT_TYPES,
  BR: BR_PRODUCT_TYPES,
  MX: MX_PRODUCT_TYPES,
  CO: CO_PRODUCT_TYPES,
  CL: CL_PRODUCT_TYPES,
  PE: PE_PRODUCT_TYPES,
  ZA: GENERIC_PRODUCT_TYPES,
  OTHER: GENERIC_PRODUCT_TYPES,
};

/**
 * Product types a merchant may meet in one country: the country's own methods followed by the
 * generic ones (cards, wallets and PayPal work everywhere). Used for the product-type filter.
 */
export function productTypesOf(country: Country): readonly ProductType[] {
  return [...new Set<ProductType>([...PRODUCT_TYPES_BY_COUNTRY[country], ...GENERIC_PRODUCT_TYPES])];
}

/** Minimum payment-link amount in cents per country and product type (spec §5); others have none. */
export const PAYMENT_LINK_MIN_AMOUNT_CENTS: Readonly<Partial<Record<Country, Readonly<Partial<Record<ProductType, number>>>>>> = {
  BR: { PIX: 100, TED: 100 },
  MX: { SPEI: 100 },
  CO: { CO_BANK_TRANSFER: 100 },
  CL: { CL_BANK_TRANSFER: 100_000 },
};

/** The minimum payment-link amount in cents, or null when the spec sets none for the pair. */
export function paymentLinkMinAmountCents(country: Country, productType: ProductType): number | null {
  return PAYMENT_LINK_MIN_AMOUNT_CENTS[country]?.[productType] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Entity enumerations (spec §3)
// ---------------------------------------------------------------------------------------------

export const TRANSACTION_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS', 'REFUND', 'CHARGE_BACK'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const ACCOUNT_BILL_TYPES = ['ACCOUNT', 'TRANSACTION', 'PAYMENT_LINK', 'SHOPIFY', 'SHOPLAZZA'] as const;
export type AccountBillType = (typeof ACCOUNT_BILL_TYPES)[number];
export const AccountBillTypeSchema = z.enum(ACCOUNT_BILL_TYPES);

export const CASE_TYPES = ['TRANSACTIONS', 'FINANCE', 'BALANCE', 'OTHERS'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const CaseTypeSchema = z.enum(CASE_TYPES);

export const PIX_KEY_TYPES = ['DOCUMENT', 'PHONE', 'EMAIL', 'RANDOM'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PixKeyTypeSchema = z.enum(PIX_KEY_TYPES);

/** Whom a top-up or withdrawal is for: the merchant itself or one of its sub-merchants. */
export const TRANSFER_TARGETS = ['SELF', 'SUB'] as const;
export type TransferTarget = (typeof TRANSFER_TARGETS)[number];
export const TransferTargetSchema = z.enum(TRANSFER_TARGETS);

export const GLOBAL_BALANCE_BUSINESS_TYPES = ['TOPUP', 'TRANSFER_OUT'] as const;
export type GlobalBalanceBusinessType = (typeof GLOBAL_BALANCE_BUSINESS_TYPES)[number];
export const GlobalBalanceBusinessTypeSchema = z.enum(GLOBAL_BALANCE_BUSINESS_TYPES);

export const EXCHANGE_MODES = ['PAY_IN', 'PAY_OUT', 'OFFLINE'] as const;
export type ExchangeMode = (typeof EXCHANGE_MODES)[number];
export const ExchangeModeSchema = z.enum(EXCHANGE_MODES);

export const WITHDRAW_MODES = ['PAY_IN', 'PAY_OUT'] as const;
export type WithdrawMode = (typeof WITHDRAW_MODES)[number];
export const WithdrawModeSchema = z.enum(WITHDRAW_MODES);

export const TOPUP_MODES = ['PAY_OUT', 'MARKET_PLACE'] as const;
export type TopupMode = (typeof TOPUP_MODES)[number];
export const TopupModeSchema = z.enum(TOPUP_MODES);

export const FEE_RELATED_TYPES = ['SETTLE', 'FEE', 'ACCOUNTING'] as const;
export type FeeRelatedType = (typeof FEE_RELATED_TYPES)[number];
export const FeeRelatedTypeSchema = z.enum(FEE_RELATED_TYPES);

/**
 * Risk configuration types (spec §3). Kebab-case because the code is the `:type` segment of the
 * route `/risk/risk-configure/detail/:type`.
 */
export const RISK_CONFIG_TYPES = [
  'trust',
  'block',
  'manual-review',
  'smart-list',
  'order-velocity',
  'persona-velocity',
  'device-velocity',
  'behavior-velocity',
  'ml-score-cutoff',
  'additional-feature',
  'ai-recommended-rules',
  'retro-performance',
] as const;
export type RiskConfigType = (typeof RISK_CONFIG_TYPES)[number];
export const RiskConfigTypeSchema = z.enum(RISK_CONFIG_TYPES);

/** The velocity types: their rules count events within a duration (spec §9). */
export const RISK_VELOCITY_CONFIG_TYPES = [
  'order-velocity',
  'persona-velocity',
  'device-velocity',
  'behavior-velocity',
] as const satisfies readonly RiskConfigType[];
export type RiskVelocityConfigType = (typeof RISK_VELOCITY_CONFIG_TYPES)[number];

export function isVelocityConfigType(type: RiskConfigType): type is RiskVelocityConfigType {
  return (RISK_VELOCITY_CONFIG_TYPES as readonly string[]).includes(type);
}

export const IP_ENTRY_KINDS = ['SINGLE', 'CIDR'] as const;
export type IpEntryKind = (typeof IP_ENTRY_KINDS)[number];
export const IpEntryKindSchema = z.enum(IP_ENTRY_KINDS);

export const IP_VERSIONS = ['IPV4', 'IPV6'] as const;
export type IpVersion = (typeof IP_VERSIONS)[number];
export const IpVersionSchema = z.enum(IP_VERSIONS);

/** Transaction hold flag (spec §3): 1 on hold, 2 unhold. */
export const HOLD_FLAGS = { ON_HOLD: 1, UNHOLD: 2 } as const;
export type HoldFlag = (typeof HOLD_FLAGS)[keyof typeof HOLD_FLAGS];
export const HOLD_FLAG_VALUES = [HOLD_FLAGS.ON_HOLD, HOLD_FLAGS.UNHOLD] as const;
export const HoldFlagSchema = z.literal(HOLD_FLAG_VALUES);

/** Enabled state of users, roles and risk rules (spec §3): 1 enable, 0 disable. */
export const ENABLED_STATES = { ENABLE: 1, DISABLE: 0 } as const;
export type EnabledState = (typeof ENABLED_STATES)[keyof typeof ENABLED_STATES];
export const ENABLED_STATE_VALUES = [ENABLED_STATES.ENABLE, ENABLED_STATES.DISABLE] as const;
export const EnabledStateSchema = z.literal(ENABLED_STATE_VALUES);

/** File extensions the file list previews as images (spec §3), lower case, without the dot. */
export const PREVIEW_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff'] as const;
export type PreviewImageExtension = (typeof PREVIEW_IMAGE_EXTENSIONS)[number];

/** True when a file name ends with a previewable image extension (any letter case). */
export function isPreviewableImage(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot === fileName.length - 1) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (PREVIEW_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

// ---------------------------------------------------------------------------------------------
// Status sets (spec §4). Allowed transitions are the server's state machines' business.
// ---------------------------------------------------------------------------------------------

export const TRANSACTION_STATUSES = [
  'INITIAL_STATUS',
  'IN_PROGRESS',
  'SETTLED',
  'FAILED',
  'CHARGED_BACK',
  'REFUNDING',
  'REFUNDED',
  'EXPIRED',
  'REJECTED',
  'CREATED',
  'CANCELLED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);

/**
 * Payout statuses. The spec names WAITING, IN_PROGRESS, SETTLED, FAILED, REJECTED and PENDING
 * (payout list) and says one more exists without naming it; Andes names it CANCELLED (a payout
 * withdrawn before it was sent), spelled like the transaction status of the same meaning.
 */
export const PAYOUT_STATUSES = ['PENDING', 'WAITING', 'IN_PROGRESS', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);

export const PAYOUT_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type PayoutApprovalStatus = (typeof PAYOUT_APPROVAL_STATUSES)[number];
export const PayoutApprovalStatusSchema = z.enum(PAYOUT_APPROVAL_STATUSES);

/**
 * The payout approval screen's two tabs (spec §4) and the approval statuses each lists: Pending
 * shows what awaits a decision, Approved shows the decided ones (approved and refused).
 */
export const PAYOUT_APPROVAL_TABS = ['PENDING', 'APPROVED'] as const;
export type PayoutApprovalTab = (typeof PAYOUT_APPROVAL_TABS)[number];
export const PayoutApprovalTabSchema = z.enum(PAYOUT_APPROVAL_TABS);
export const PAYOUT_APPROVAL_TAB_STATUSES: Readonly<Record<PayoutApprovalTab, readonly PayoutApprovalStatus[]>> = {
  PENDING: ['PENDING'],
  APPROVED: ['APPROVED', 'REJECTED'],
};

export const TOPUP_STATUSES = ['PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];
export const TopupStatusSchema = z.enum(TOPUP_STATUSES);

export const WITHDRAWAL_STATUSES = ['PROCESSING', 'COMPLETED', 'IN_TRANSFER', 'REJECTED', 'CANCELED', 'PAYMENT_FAILED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export const EXCHANGE_STATUSES = [
  'WAIT_PROOF',
  'WAIT_EXCHANGE_RATE',
  'WAIT_CONFIRM_CONTRACT',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'CANCELED',
  'FAILED',
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
export const ExchangeStatusSchema = z.enum(EXCHANGE_STATUSES);

export const SUB_MERCHANT_TRANSFER_STATUSES = ['PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type SubMerchantTransferStatus = (typeof SUB_MERCHANT_TRANSFER_STATUSES)[number];
export const SubMerchantTransferStatusSchema = z.enum(SUB_MERCHANT_TRANSFER_STATUSES);

export const CASE_STATUSES = ['PENDING', 'PROCESSING', 'SOLVED', 'CLOSED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CaseStatusSchema = z.enum(CASE_STATUSES);

/** Download-center task statuses; FAIL tasks can be retried. */
export const DOWNLOAD_TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETE', 'FAIL'] as const;
export type DownloadTaskStatus = (typeof DOWNLOAD_TASK_STATUSES)[number];
export const DownloadTaskStatusSchema = z.enum(DOWNLOAD_TASK_STATUSES);

export const CHARGEBACK_STATUSES = ['CHARGE_BACK', 'UNDER_DEFENSE', 'DEFENSE_WON', 'DEFENSE_LOST'] as const;
export type ChargebackStatus = (typeof CHARGEBACK_STATUSES)[number];
export const ChargebackStatusSchema = z.enum(CHARGEBACK_STATUSES);

/** Payment links (docs/decisions/0035): ACTIVE until paid, cancelled, or past its expiry (EXPIRED is read from the time). */
export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export const PaymentLinkStatusSchema = z.enum(PAYMENT_LINK_STATUSES);

// ---------------------------------------------------------------------------------------------
// Status colours ("status colours are assigned per status", spec §9)
// ---------------------------------------------------------------------------------------------

/** antd Tag / Badge preset status colours. */
export const STATUS_COLOR_NAMES = ['success', 'processing', 'error', 'warning', 'default'] as const;
export type StatusColor = (typeof STATUS_COLOR_NAMES)[number];

/**
 * One colour per status of every status set: success for a good end, processing for work under
 * way, warning for waiting on someone (often the merchant), error for a bad end, default for
 * neutral ends (cancelled, expired, closed) and not-yet-started states.
 */
export const STATUS_COLORS = {
  transaction: {
    INITIAL_STATUS: 'default',
    CREATED: 'default',
    IN_PROGRESS: 'processing',
    SETTLED: 'success',
    FAILED: 'error',
    REJECTED: 'error',
    CHARGED_BACK: 'error',
    REFUNDING: 'processing',
    REFUNDED: 'warning',
    EXPIRED: 'default',
    CANCELLED: 'default',
  },
  payout: {
    PENDING: 'warning',
    WAITING: 'warning',
    IN_PROGRESS: 'processing',
    SETTLED: 'success',
    FAILED: 'error',
    REJECTED: 'error',
    CANCELLED: 'default',
  },
  payoutApproval: {
    PENDING: 'warning',
    APPROVED: 'success',
    REJECTED: 'error',
  },
  topup: {
    PROCESSING: 'processing',
    COMPLETED: 'success',
    REJECTED: 'error',
    CANCELED: 'default',
    FAILED: 'error',
  },
  withdrawal: {
    PROCESSING: 'processing',
    IN_TRANSFER: 'processing',
    COMPLETED: 'success',
    REJECTED: 'error',
    CANCELED: 'default',
    PAYMENT_FAILED: 'error',
    FAILED: 'error',
  },
  exchange: {
    WAIT_PROOF: 'warning',
    WAIT_EXCHANGE_RATE: 'warning',
    WAIT_CONFIRM_CONTRACT: 'warning',
    PROCESSING: 'processing',
    COMPLETED: 'success',
    REJECTED: 'error',
    CANCELED: 'default',
    FAILED: 'error',
  },
  subMerchantTransfer: {
    PROCESSING: 'processing',
    COMPLETED: 'success',
    REJECTED: 'error',
    FAILED: 'error',
  },
  case: {
    PENDING: 'warning',
    PROCESSING: 'processing',
    SOLVED: 'success',
    CLOSED: 'default',
  },
  downloadTask: {
    PENDING: 'default',
    IN_PROGRESS: 'processing',
    COMPLETE: 'success',
    FAIL: 'error',
  },
  chargeback: {
    CHARGE_BACK: 'warning',
    UNDER_DEFENSE: 'processing',
    DEFENSE_WON: 'success',
    DEFENSE_LOST: 'error',
  },
  paymentLink: {
    ACTIVE: 'processing',
    PAID: 'success',
    EXPIRED: 'default',
    CANCELLED: 'default',
  },
} as const satisfies {
  transaction: Record<TransactionStatus, StatusColor>;
  payout: Record<PayoutStatus, StatusColor>;
  payoutApproval: Record<PayoutApprovalStatus, StatusColor>;
  topup: Record<TopupStatus, StatusColor>;
  withdrawal: Record<WithdrawalStatus, StatusColor>;
  exchange: Record<ExchangeStatus, StatusColor>;
  subMerchantTransfer: Record<SubMerchantTransferStatus, StatusColor>;
  case: Record<CaseStatus, StatusColor>;
  downloadTask: Record<DownloadTaskStatus, StatusColor>;
  chargeback: Record<ChargebackStatus, StatusColor>;
  paymentLink: Record<PaymentLinkStatus, StatusColor>;
};
export type StatusSet = keyof typeof STATUS_COLORS;

/** Every status set by name, in the order of spec §4: the statuses of each and their colours come from here. */
export const STATUS_SETS = {
  transaction: TRANSACTION_STATUSES,
  payout: PAYOUT_STATUSES,
  payoutApproval: PAYOUT_APPROVAL_STATUSES,
  topup: TOPUP_STATUSES,
  withdrawal: WITHDRAWAL_STATUSES,
  exchange: EXCHANGE_STATUSES,
  subMerchantTransfer: SUB_MERCHANT_TRANSFER_STATUSES,
  case: CASE_STATUSES,
  downloadTask: DOWNLOAD_TASK_STATUSES,
  chargeback: CHARGEBACK_STATUSES,
  paymentLink: PAYMENT_LINK_STATUSES,
} as const satisfies Record<StatusSet, readonly string[]>;
export type StatusOf<S extends StatusSet> = (typeof STATUS_SETS)[S][number];

/**
 * The colour of a status of a set; 'default' for a value the set does not know (a status added
 * on the server before the web is updated still renders).
 */
export function statusColor<S extends StatusSet>(set: S, status: StatusOf<S> | (string & {})): StatusColor {
  const colors: Readonly<Record<string, StatusColor>> = STATUS_COLORS[set];
  return Object.hasOwn(colors, status) ? (colors[status] ?? 'default') : 'default';
}
