import type { Country } from '@andes/contract/common/countries';
import type { TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import { PROOF_VARIANTS, PROVIDER_RAILS, type ProofVariant } from '@andes/contract/transaction/enums';

/**
 * The proof-of-transfer documents of spec §7 and which of them a transaction has. A proof is
 * issued only for a settled transfer (status SETTLED): a transfer that failed, is in progress, or
 * was refunded or charged back since has no proof to show.
 *
 * - MX SPEI (SPEI, SPEI virtual account, SPEI bank transfer): the SPEI receipt of the provider
 *   that carried it, arcus, unipagos or stp;
 * - BR PIX (PIX, PIX QR code): the PIX receipt of bs2, bexs or rendimento;
 * - CO bank transfer: one receipt;
 * - a payment-link payment (any country and method): the payment-link receipt, in the default
 *   layout (issued by Andes) and the gwm layout (issued in the merchant's name, white label).
 *
 * Only pay-ins and payouts are transfers; refunds, chargebacks and marketplace orders have none.
 * A SPEI or PIX transfer has the receipt of the provider that carried it, as the platform's events
 * name it, and only that one; one whose provider was never named has no provider receipt
 * (docs/decisions/0017-proof-provider.md).
 */

export { PROOF_VARIANTS, type ProofVariant } from '@andes/contract/transaction/enums';

export const PROOF_FAMILIES = ['SPEI', 'PIX', 'CO_BANK_TRANSFER', 'PAYMENT_LINK'] as const;
export type ProofFamily = (typeof PROOF_FAMILIES)[number];

export interface ProofVariantInfo {
  family: ProofFamily;
  /** The provider code of the variant (`arcus`, `bs2`…), null for single-layout families. */
  provider: string | null;
  /** The name printed at the head of the receipt (null: the merchant's name, white label). */
  issuer: string | null;
  /** Path segment of the proof download call of spec §7 (`br/pix/bs2` in `…/proof/br/pix/bs2/download`). */
  pathSegment: string;
  /** Accent colour of the receipt's head band. */
  accent: string;
}

export const PROOF_VARIANT_INFO: Readonly<Record<ProofVariant, ProofVariantInfo>> = {
  'mx-spei-arcus': { family: 'SPEI', provider: 'arcus', issuer: 'Arcus', pathSegment: 'mx/spei/arcus', accent: '#1f3a93' },
  'mx-spei-unipagos': { family: 'SPEI', provider: 'unipagos', issuer: 'Unipagos', pathSegment: 'mx/spei/unipagos', accent: '#0b7a75' },
  'mx-spei-stp': {
    family: 'SPEI',
    provider: 'stp',
    issuer: 'STP · Sistema de Transferencias y Pagos',
    pathSegment: 'mx/spei/stp',
    accent: '#8a1538',
  },
  'br-pix-bs2': { family: 'PIX', provider: 'bs2', issuer: 'Banco BS2 S.A.', pathSegment: 'br/pix/bs2', accent: '#0a2a66' },
  'br-pix-bexs': { family: 'PIX', provider: 'bexs', issuer: 'Bexs Banco de Câmbio S.A.', pathSegment: 'br/pix/bexs', accent: '#e4572e' },
  'br-pix-rendimento': {
    family: 'PIX',
    provider: 'rendimento',
    issuer: 'Banco Rendimento S.A.',
    pathSegment: 'br/pix/rendimento',
    accent: '#00695c',
  },
  'co-bank-transfer': { family: 'CO_BANK_TRANSFER', provider: null, issuer: 'Andes', pathSegment: 'co/bank-transfer', accent: '#b8860b' },
  'payment-link-default': {
    family: 'PAYMENT_LINK',
    provider: null,
    issuer: 'Andes',
    pathSegment: 'payment-link/default',
    accent: '#1677ff',
  },
  'payment-link-gwm': { family: 'PAYMENT_LINK', provider: null, issuer: null, pathSegment: 'payment-link/gwm', accent: '#333333' },
};

/** Product types whose transfers have the SPEI receipts (MX) and the PIX receipts (BR). */
export const SPEI_PRODUCT_TYPES: readonly string[] = PROVIDER_RAILS.SPEI.productTypes;
export const PIX_PRODUCT_TYPES: readonly string[] = PROVIDER_RAILS.PIX.productTypes;
const TRANSFER_TYPES: readonly TransactionType[] = ['PAY_IN', 'PAY_OUT'];

/** What decides a transaction's proofs; a transaction row has all of it. */
export interface ProofSubject {
  country: Country | string;
  productType: string;
  transactionType: TransactionType;
  status: TransactionStatus;
  paymentLinkId?: string | null;
  /** The provider that carried the transfer (`arcus`, `bs2`…); null or absent when the platform never named it. */
  provider?: string | null;
}

/** The receipt of the family's provider that carried the transfer: none when it is not known or not of the family. */
function ofFamily(family: ProofFamily, provider: string | null | undefined): ProofVariant[] {
  if (!provider) return [];
  return PROOF_VARIANTS.filter((v) => PROOF_VARIANT_INFO[v].family === family && PROOF_VARIANT_INFO[v].provider === provider);
}

/** The proofs a transaction has, in the order of spec §7 (none unless it is a settled transfer). */
export function proofVariantsFor(subject: ProofSubject): ProofVariant[] {
  if (subject.status !== 'SETTLED' || !TRANSFER_TYPES.includes(subject.transactionType)) return [];
  const out: ProofVariant[] = [];
  if (subject.country === 'MX' && SPEI_PRODUCT_TYPES.includes(subject.productType)) out.push(...ofFamily('SPEI', subject.provider));
  if (subject.country === 'BR' && PIX_PRODUCT_TYPES.includes(subject.productType)) out.push(...ofFamily('PIX', subject.provider));
  if (subject.country === 'CO' && subject.productType === 'CO_BANK_TRANSFER') out.push('co-bank-transfer');
  if (subject.paymentLinkId && subject.transactionType === 'PAY_IN') out.push('payment-link-default', 'payment-link-gwm');
  return out;
}

/** The variant a download path names (`mx/spei/arcus`), or null. */
export function proofVariantOfPath(segment: string): ProofVariant | null {
  return PROOF_VARIANTS.find((v) => PROOF_VARIANT_INFO[v].pathSegment === segment) ?? null;
}
