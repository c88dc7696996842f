import type { Country } from '@andes/contract/common/countries';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { authorisedCountries, type CountryContext, requireCountry } from '../../http/country-access.ts';
import type { AppError } from '../../http/errors.ts';
import { RiskErrors } from './risk.errors.ts';

/**
 * Who may use rules, case management and replays (docs/decisions/0028): the merchant's own users
 * (a sub-merchant user is refused), in their authorised countries only.
 */

export function requireMerchantUser(auth: AuthContext): void {
  if (auth.scope.subMerchantId !== null) throw RiskErrors.subMerchantUser();
}

/** The country of a request when the caller is a merchant user who may see it (FORBIDDEN otherwise). */
export async function requireRiskCountry(db: Db, clock: Clock, auth: AuthContext, country: Country): Promise<CountryContext> {
  requireMerchantUser(auth);
  return requireCountry(db, auth, country, clock());
}

/**
 * Throws `notFound` unless the caller may see a record of `country`: one of a country the caller
 * may not see answers as an unknown id, as another merchant's does.
 */
export async function requireVisible(db: Db, auth: AuthContext, country: string, notFound: () => AppError): Promise<void> {
  const countries = await authorisedCountries(db, auth);
  if (!countries.includes(country as Country)) throw notFound();
}

/** Opaque keyset cursors: `<tag>:<numbers…>` in base64url. */
export function encodeCursor(tag: string, parts: readonly number[]): string {
  return Buffer.from(`${tag}:${parts.join(':')}`, 'utf8').toString('base64url');
}

export function decodeCursor(tag: string, cursor: string, arity: number): number[] {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const parts = text.split(':');
  if (parts.length !== arity + 1 || parts[0] !== tag) throw RiskErrors.invalidCursor();
  const nums = parts.slice(1).map((p) => (/^[0-9]{1,16}$/.test(p) ? Number(p) : Number.NaN));
  if (nums.some((n) => !Number.isSafeInteger(n))) throw RiskErrors.invalidCursor();
  return nums;
}
