import { z } from 'zod';

/**
 * The IP trust lists of a merchant, one per type (the hidden route `/setting/service-list/:type`):
 * - DASHBOARD: addresses the dashboard may be used from, when the restriction is on (sign-in and
 *   every call);
 * - API: addresses the merchant's servers call the payment API from (server-to-server).
 */
export const IP_TRUSTLIST_TYPES = ['DASHBOARD', 'API'] as const;
export type IpTrustlistType = (typeof IP_TRUSTLIST_TYPES)[number];
export const IpTrustlistTypeSchema = z.enum(IP_TRUSTLIST_TYPES);

/** The `:type` segment of `/setting/service-list/:type` for each list type. */
export const IP_TRUSTLIST_TYPE_SEGMENTS = { DASHBOARD: 'dashboard', API: 'api' } as const satisfies Record<IpTrustlistType, string>;
export type IpTrustlistTypeSegment = (typeof IP_TRUSTLIST_TYPE_SEGMENTS)[IpTrustlistType];

/** The list type a route segment names, or null for an unknown segment (the page then shows 404). */
export function ipTrustlistTypeOfSegment(segment: string): IpTrustlistType | null {
  return IP_TRUSTLIST_TYPES.find((t) => IP_TRUSTLIST_TYPE_SEGMENTS[t] === segment) ?? null;
}

/**
 * "Dashboard access only from trusted addresses":
 * - OFF: from anywhere;
 * - ALL_USERS: every user of the merchant only from the DASHBOARD list;
 * - SELECTED_USERS: only the chosen users are held to it.
 */
export const IP_RESTRICTION_MODES = ['OFF', 'ALL_USERS', 'SELECTED_USERS'] as const;
export type IpRestrictionMode = (typeof IP_RESTRICTION_MODES)[number];
export const IpRestrictionModeSchema = z.enum(IP_RESTRICTION_MODES);
