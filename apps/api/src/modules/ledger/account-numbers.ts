import type { AccountType } from '@andes/contract/account/enums';
import type { SystemAccountCode } from '../../db/schema/ledger.ts';

/**
 * Account numbers as shown to people. A local account is named by its holder, country and type,
 * so support can read it back over the phone; long ones are masked on screen (spec §9).
 */
export function localAccountNo(holderCode: string, country: string, accountType: AccountType): string {
  return `${holderCode}.${country}.${accountType}`;
}

export function globalAccountNo(merchantCode: string): string {
  return `${merchantCode}.GLOBAL.USD`;
}

/** The migration that creates the SYSTEM accounts uses the same form. */
export function systemAccountNo(code: SystemAccountCode, currency: string): string {
  return `SYSTEM.${code}.${currency}`;
}
