import type { Country } from '@andes/contract/common/countries';
import type { Query } from '@tanstack/react-query';

/** How often Home's figures refresh, so they move as the platform's events arrive. */
export const HOME_REFETCH_MS = 30_000;
/** The real-time chart refreshes faster. */
export const REAL_TIME_REFETCH_MS = 15_000;

/** Query keys of Home: every key starts with the country, so switching country never mixes figures. */
export const homeKeys = {
  all: ['home'] as const,
  country: (country: Country) => [...homeKeys.all, country] as const,
  of: (country: Country, op: string, request?: unknown) => [...homeKeys.country(country), op, request ?? null] as const,
};

/**
 * Keeps the previous answer on screen while a new range or product loads, but never across
 * countries: another country's figures (and currency) must not stand in for this one's.
 */
export function keepWithinCountry(country: Country) {
  return <T>(previous: T | undefined, previousQuery: Query<T, Error, T, readonly unknown[]> | undefined): T | undefined =>
    previousQuery?.queryKey[1] === country ? previous : undefined;
}
