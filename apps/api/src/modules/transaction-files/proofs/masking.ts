import type { PixKeyType } from '@andes/contract/common/enums';
import { maskAccountNumber } from '@andes/contract/common/format';

/**
 * How a proof of transfer shows personal data. Brazilian receipts show a CPF with its middle six
 * digits only (`***.456.789-**`, the form Brazilian banks print under the LGPD) and a CNPJ with
 * its first and last two digits hidden (`**.345.678/0001-**`). Other documents (RFC, CC, RUT…)
 * show their last four characters only. Account numbers follow spec §9 (longer than 22
 * characters: first 10, `***`, last 9). A PIX key that is a document is masked as a document;
 * e-mail, phone and random keys are shown, as the payer typed them to pay.
 */

export function maskDocument(document: string): string {
  const digits = document.replace(/\D/g, '');
  if (digits.length === 11 && /^[\d.\-\s]+$/.test(document)) return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  if (digits.length === 14 && /^[\d./\-\s]+$/.test(document)) {
    return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-**`;
  }
  const plain = document.replace(/[\s.\-/]/g, '');
  if (plain.length <= 4) return '*'.repeat(plain.length);
  return `${'*'.repeat(plain.length - 4)}${plain.slice(-4)}`;
}

export function maskAccount(account: string): string {
  return maskAccountNumber(account);
}

export function maskPixKey(key: string, type: PixKeyType | null | undefined): string {
  return type === 'DOCUMENT' ? maskDocument(key) : key;
}
