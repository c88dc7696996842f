import { COUNTRIES, COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import { type CalendarDate, todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { and, asc, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { merchantAreas, merchants } from '../db/schema/merchants.ts';
import { users } from '../db/schema/users.ts';
import type { AuthContext } from './auth-context.ts';
import { AppError } from './errors.ts';

/**
 * The countries a caller may see (spec §6: "users see only countries in their authorised area
 * list"): the merchant's areas, narrowed to the sub-merchant's areas for a sub-merchant user, and
 * to the user's own countries when the user has a list (null means all of the merchant's). The same
 * rule as the permission load's areaAuthorityList, in one query. The request pipeline reads the same
 * set with the session (session.repository.ts findCallerByTokenHash) into AuthContext.countries;
 * the two SQL texts must stay the same rule (test/routes/auth-resolve.test.ts compares them).
 */

/** A country the caller may see, with its currency, time zone and today's local date. */
export interface CountryContext {
  country: Country;
  currency: Currency;
  timezoneName: string;
  /** Today in the country's time zone. */
  today: CalendarDate;
}

export function countryNotAuthorisedMessage(country: string): string {
  return `Country ${country} is not one of your authorised countries`;
}

const subAreas = alias(merchantAreas, 'sub_areas');

/** The condition on `merchant_areas.country` that makes a country authorised for the caller. */
function authorisedWhere(db: Db, auth: AuthContext): SQL | undefined {
  const { merchantId, subMerchantId } = auth.scope;
  return and(
    eq(merchantAreas.merchantId, merchantId),
    subMerchantId === null
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(subAreas)
            .innerJoin(merchants, eq(merchants.id, subAreas.merchantId))
            .where(
              and(eq(subAreas.merchantId, subMerchantId), eq(merchants.parentId, merchantId), eq(subAreas.country, merchantAreas.country)),
            ),
        ),
    exists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(
          and(
            eq(users.id, auth.userId),
            eq(users.merchantId, merchantId),
            or(isNull(users.countries), sql`${merchantAreas.country} = any(${users.countries})`),
          ),
        ),
    ),
  );
}

/**
 * The caller's authorised countries, in the order of the country selector: from the AuthContext
 * when the request pipeline read them with the session (decision 0014), else from the database.
 */
export async function authorisedCountries(db: Db, auth: AuthContext): Promise<Country[]> {
  const { countries } = auth;
  if (countries !== undefined) return COUNTRIES.filter((c) => countries.has(c));
  const rows = await db
    .select({ country: merchantAreas.country })
    .from(merchantAreas)
    .where(authorisedWhere(db, auth))
    .orderBy(asc(merchantAreas.country));
  const allowed = new Set(rows.map((r) => r.country));
  return COUNTRIES.filter((c) => allowed.has(c));
}

/** True when the caller may see the country: in memory when the AuthContext carries the countries. */
async function isAuthorised(db: Db, auth: AuthContext, country: Country): Promise<boolean> {
  // The set was read with the session at this very call (one statement, no cache): checking it here
  // is as current as the query below, which only contexts built outside the pipeline still need.
  if (auth.countries !== undefined) return auth.countries.has(country);
  const rows = await db
    .select({ country: merchantAreas.country })
    .from(merchantAreas)
    .where(and(authorisedWhere(db, auth), eq(merchantAreas.country, country)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The country of a request, when the caller may see it; FORBIDDEN with a message naming the
 * country otherwise. Every call scoped to one country goes through here before reading anything.
 */
export async function requireCountry(db: Db, auth: AuthContext, country: Country, now: Date): Promise<CountryContext> {
  if (!(await isAuthorised(db, auth, country))) throw new AppError(ResultCode.FORBIDDEN, countryNotAuthorisedMessage(country));
  const info = COUNTRY_INFO[country];
  return { country, currency: info.currency, timezoneName: info.timezoneName, today: todayIn(info.timezoneName, now) };
}
