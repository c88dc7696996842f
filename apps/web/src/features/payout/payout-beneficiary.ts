import type { Payout } from '@andes/contract/payout/schemas';

/**
 * The kind of a beneficiary's document as a person names it: the type the rail asked for, or in
 * Brazil (where the number says it) CPF for 11 digits and CNPJ for 14 characters; null when the
 * payout has no document.
 */
export function documentKind(payout: Pick<Payout, 'country' | 'beneficiary'>): string | null {
  const { documentType, document } = payout.beneficiary;
  if (!document) return null;
  if (documentType) return documentType;
  if (payout.country === 'BR') return document.length === 11 ? 'CPF' : 'CNPJ';
  if (payout.country === 'CL') return 'RUT';
  if (payout.country === 'MX') return document.length === 18 ? 'CURP' : 'RFC';
  return null;
}
