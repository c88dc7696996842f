import type { AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import { addMonths, type DateRange, daysBetween, defaultRange, todayIn } from '@andes/contract/common/dates';
import { FINANCE_MAX_SPAN_DAYS, FINANCE_MONTHS_BACK } from '@andes/contract/finance/enums';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { type CountryContext, requireCountry } from '../../http/country-access.ts';
import { FinanceErrors } from './finance.errors.ts';
import { type AccountRow, findHolder, type HolderRow, localAccountsOf } from './finance.repository.ts';

/**
 * Whose account a finance, report or sub-account call reads, and which period: the one place both
 * are decided (docs/decisions/0026).
 *
 * Holder: a merchant user reads the merchant's own account, or — naming `subMerchantId` — one of
 * the merchant's sub-merchants' (any state: a disabled sub-merchant's history is still finance's);
 * a sub-merchant user always reads its own sub-merchant's. Anything else (another merchant's
 * sub-merchant, another sub-merchant of the same merchant for a sub-merchant user, an id nobody
 * has, the merchant's own id given as a sub-merchant) answers NOT_FOUND, all alike.
 *
 * Country: one of the caller's authorised areas (requireCountry: FORBIDDEN naming the country
 * otherwise), checked before the holder. The account is the holder's MERCHANT account of that
 * country and type, or null when it has not been opened yet (it opens with its first movement:
 * the calls then answer empty figures, not an error).
 */

export interface AccountContext {
  holder: HolderRow;
  /** The holder is the merchant itself (not a sub-merchant). */
  holderIsMerchant: boolean;
  country: CountryContext;
  accountType: AccountType;
  account: AccountRow | null;
}

export interface AccountSelection {
  country: Country;
  accountType: AccountType;
  subMerchantId?: number | undefined;
}

/** The holder a caller names (or gets by default), within their scope; NOT_FOUND otherwise. */
export async function resolveHolder(db: Db, auth: AuthContext, subMerchantId: number | undefined): Promise<HolderRow> {
  const own = auth.scope.subMerchantId;
  if (own !== null && subMerchantId !== undefined && subMerchantId !== own) throw FinanceErrors.subMerchantNotFound();
  // A merchant user naming the merchant's own id as a sub-merchant names no sub-merchant.
  if (own === null && subMerchantId === auth.scope.merchantId) throw FinanceErrors.subMerchantNotFound();
  const holderId = own ?? subMerchantId ?? auth.scope.merchantId;
  const holder = await findHolder(db, auth.scope, holderId);
  if (holder === null) throw FinanceErrors.subMerchantNotFound();
  return holder;
}

/** The country (authorised), the holder (in scope) and its account of the type, for every finance and report call. */
export async function resolveAccount(db: Db, auth: AuthContext, selection: AccountSelection, now: Date): Promise<AccountContext> {
  const country = await requireCountry(db, auth, selection.country, now);
  const holder = await resolveHolder(db, auth, selection.subMerchantId);
  const [account] = await localAccountsOf(db, auth.scope, [holder.id], selection.country, selection.accountType);
  return { holder, holderIsMerchant: holder.parentId === null, country, accountType: selection.accountType, account: account ?? null };
}

/**
 * The period of a call, in local dates of the account's zone: the request's range, or the default
 * (the last week to today, as every picker). It may not end after today there (`future`), span more
 * than FINANCE_MAX_SPAN_DAYS days (`spanTooLong`), or start before today − FINANCE_MONTHS_BACK
 * months (`tooFarBack`): each a validation error with the contract's sentence naming the limit.
 */
export function resolvePeriod(range: DateRange | undefined, timeZone: string, now: Date): DateRange {
  const today = todayIn(timeZone, now);
  const period = range ?? defaultRange(timeZone, now);
  if (period.to > today) throw FinanceErrors.future();
  if (daysBetween(period.from, period.to) + 1 > FINANCE_MAX_SPAN_DAYS) throw FinanceErrors.spanTooLong();
  if (period.from < addMonths(today, -FINANCE_MONTHS_BACK)) throw FinanceErrors.tooFarBack();
  return { from: period.from, to: period.to };
}
