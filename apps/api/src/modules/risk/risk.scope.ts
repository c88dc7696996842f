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

/** Opaque keyset cursors (shared with every keyset list). */
export { decodeCursor, encodeCursor } from '../../http/keyset-page.ts';
