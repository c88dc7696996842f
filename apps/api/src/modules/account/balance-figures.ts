import { type AccountType, EXCHANGEABLE_ACCOUNT_TYPES, WITHDRAWABLE_ACCOUNT_TYPES } from '@andes/contract/account/enums';
import type { Balances } from '@andes/contract/account/schemas';
import { accounts } from '../../db/schema/ledger.ts';

/** The maintained bucket balances of a merchant or global account (columns of `accounts`), integer cents. */
/** The bucket columns balanceFigures reads, for a select: `{ ...ACCOUNT_BUCKET_COLUMNS }`. */
export const ACCOUNT_BUCKET_COLUMNS = {
  available: accounts.available,
  pending: accounts.pending,
  onHold: accounts.onHold,
  reserved: accounts.reserved,
  depositHeld: accounts.depositHeld,
  owed: accounts.owed,
} as const;

export interface AccountBuckets {
  available: number;
  pending: number;
  onHold: number;
  reserved: number;
  depositHeld: number;
  /** What the merchant owes (≤ 0). */
  owed: number;
}

const isOneOf = (types: readonly AccountType[], type: AccountType | null) => type !== null && types.includes(type);

/**
 * The balances of spec §3 of one account, from its buckets (docs/balances.md, "The balances of
 * spec §3"). `accountType` is null for the global account, which can be neither withdrawn nor
 * exchanged from. A total over several accounts is the sum of each account's figures.
 */
export function balanceFigures(buckets: AccountBuckets, accountType: AccountType | null): Balances {
  const unavailable = buckets.onHold + buckets.reserved + buckets.depositHeld;
  return {
    balance: buckets.available + unavailable + buckets.owed,
    available: buckets.available,
    unavailable,
    pending: buckets.pending,
    onHold: buckets.onHold,
    withdrawable: isOneOf(WITHDRAWABLE_ACCOUNT_TYPES, accountType) ? buckets.available : 0,
    exchangeable: isOneOf(EXCHANGEABLE_ACCOUNT_TYPES, accountType) ? buckets.available : 0,
    depositHeld: buckets.depositHeld,
  };
}
