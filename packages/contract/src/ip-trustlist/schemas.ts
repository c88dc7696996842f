import { z } from 'zod';
import { IP_RESTRICTION_MAX_USERS, IP_TRUSTLIST_MAX_ENTRIES, IP_TRUSTLIST_REMARK_MAX_LENGTH } from '../common/constants.ts';
import { IpEntryKindSchema, IpVersionSchema } from '../common/enums.ts';
import { InstantSchema, isUnique, optionalText, RecordId, SearchText } from '../common/fields.ts';
import { IpEntrySchema, IpListInputSchema, IpOverlapRelationSchema } from '../common/ip.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { IpRestrictionModeSchema, IpTrustlistTypeSchema } from './enums.ts';

/**
 * IP trust lists (spec §3, §5, §7 Settings): entries are parsed and normalised by common/ip.ts,
 * on the server as part of the request schema, and in the browser with the same code as the
 * person types. Each list holds at most IP_TRUSTLIST_MAX_ENTRIES entries.
 */

/** A stored entry. */
export const IpTrustEntry = z.object({
  id: RecordId,
  listType: IpTrustlistTypeSchema,
  /** Canonical text (`10.0.0.0/8`, `2001:db8::1`). */
  value: z.string(),
  kind: IpEntryKindSchema,
  version: IpVersionSchema,
  remark: z.string(),
  /** Username of whoever added or last changed the entry. */
  updatedBy: z.string().nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type IpTrustEntry = z.infer<typeof IpTrustEntry>;

/** The entries of one list; `address` matches the entry text anywhere, case-insensitively. */
export const IpTrustlistPageRequest = PageRequest.extend({
  listType: IpTrustlistTypeSchema,
  address: SearchText,
  kind: IpEntryKindSchema.optional(),
  version: IpVersionSchema.optional(),
});
export type IpTrustlistPageRequest = z.infer<typeof IpTrustlistPageRequest>;
export const IpTrustlistPage = pageOf(IpTrustEntry);

export const IP_EDIT_ONE_ENTRY_MESSAGE = 'Enter exactly one address or block when changing an entry';

/**
 * Adding entries to a list (no `id`: the comma-separated `addresses`, up to the list's limit) or
 * changing one entry (`id`: `addresses` then holds exactly one entry). `addresses` is parsed by
 * `IpListInputSchema`: a refused entry is a validation issue naming its position. Entries already
 * in the list, or repeated in the input, are skipped and reported; overlapping ones are saved and
 * reported. With `dryRun` nothing is saved: the answer says what saving would do, so the form can
 * show duplicates and overlaps before the person confirms.
 */
export const IpTrustlistEditRequest = z
  .object({
    listType: IpTrustlistTypeSchema,
    id: RecordId.optional(),
    addresses: IpListInputSchema,
    remark: optionalText(IP_TRUSTLIST_REMARK_MAX_LENGTH),
    dryRun: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const count = value.addresses.entries.length + value.addresses.duplicates.length;
    if (value.id !== undefined && count !== 1) ctx.addIssue({ code: 'custom', message: IP_EDIT_ONE_ENTRY_MESSAGE, path: ['addresses'] });
  });
export type IpTrustlistEditRequest = z.input<typeof IpTrustlistEditRequest>;
export type ParsedIpTrustlistEditRequest = z.output<typeof IpTrustlistEditRequest>;

/** An entry of the input not added because it is already there: earlier in the input, or in the list. */
export const IpEditDuplicate = z.object({
  /** 1-based position in the input. */
  position: z.number().int().min(1),
  input: z.string(),
  value: z.string(),
  /** The earlier position in the input holding it, or null when it is an existing entry. */
  firstPosition: z.number().int().min(1).nullable(),
  /** The existing entry, or null when it repeats the input. */
  existingId: RecordId.nullable(),
});
export type IpEditDuplicate = z.infer<typeof IpEditDuplicate>;

/** An entry of the input that shares addresses with another entry of the input or of the list. */
export const IpEditOverlap = z.object({
  position: z.number().int().min(1),
  value: z.string(),
  /** How this entry relates to the other (never DUPLICATE: duplicates are reported apart). */
  relation: IpOverlapRelationSchema.exclude(['DUPLICATE']),
  otherValue: z.string(),
  /** The other entry's position in the input, or null when it is an existing entry. */
  otherPosition: z.number().int().min(1).nullable(),
  otherId: RecordId.nullable(),
});
export type IpEditOverlap = z.infer<typeof IpEditOverlap>;

export const IpTrustlistEditResponse = z.object({
  dryRun: z.boolean(),
  /** The entries added or changed (normalised), in input order; saved unless `dryRun`. */
  entries: z.array(IpEntrySchema),
  /** Ids of the saved entries, in the order of `entries`; empty on a dry run. */
  savedIds: z.array(RecordId),
  duplicates: z.array(IpEditDuplicate),
  overlaps: z.array(IpEditOverlap),
  /** Entries in the list after the edit (or after it would be saved). */
  count: z.number().int().min(0).max(IP_TRUSTLIST_MAX_ENTRIES),
  limit: z.literal(IP_TRUSTLIST_MAX_ENTRIES),
});
export type IpTrustlistEditResponse = z.infer<typeof IpTrustlistEditResponse>;

// ---------------------------------------------------------------------------------------------
// Restriction: dashboard access only from trusted addresses
// ---------------------------------------------------------------------------------------------

export const RestrictedUser = z.object({ id: RecordId, username: z.string(), displayName: z.string() });
export type RestrictedUser = z.infer<typeof RestrictedUser>;

export const IpRestriction = z.object({
  mode: IpRestrictionModeSchema,
  /** The users held to the list when the mode is SELECTED_USERS; empty otherwise. */
  users: z.array(RestrictedUser),
  /** Entries of the DASHBOARD list, which the restriction uses. */
  dashboardEntryCount: z.number().int().min(0).max(IP_TRUSTLIST_MAX_ENTRIES),
  /** The caller's address as the server sees it (behind a trusted proxy: the forwarded one). */
  clientIp: z.string(),
  /** Whether that address is in the DASHBOARD list: switching on from elsewhere would lock the caller out. */
  clientIpTrusted: z.boolean(),
  updatedAt: InstantSchema.nullable(),
  updatedBy: z.string().nullable(),
});
export type IpRestriction = z.infer<typeof IpRestriction>;

export const IP_RESTRICTION_USERS_REQUIRED_MESSAGE = 'Please select at least one user';
export const IP_RESTRICTION_USERS_UNEXPECTED_MESSAGE = 'Users are chosen only for "selected users"';
export const IP_RESTRICTION_USERS_TOO_MANY_MESSAGE = `At most ${IP_RESTRICTION_MAX_USERS} users`;
export const IP_RESTRICTION_USERS_REPEATED_MESSAGE = 'Each user can be chosen once';

export const IpRestrictionUpdateRequest = z
  .object({
    mode: IpRestrictionModeSchema,
    userIds: z.array(RecordId).max(IP_RESTRICTION_MAX_USERS, IP_RESTRICTION_USERS_TOO_MANY_MESSAGE).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'SELECTED_USERS' && value.userIds.length === 0) {
      ctx.addIssue({ code: 'custom', message: IP_RESTRICTION_USERS_REQUIRED_MESSAGE, path: ['userIds'] });
    }
    if (value.mode !== 'SELECTED_USERS' && value.userIds.length > 0) {
      ctx.addIssue({ code: 'custom', message: IP_RESTRICTION_USERS_UNEXPECTED_MESSAGE, path: ['userIds'] });
    }
    if (!isUnique(value.userIds)) ctx.addIssue({ code: 'custom', message: IP_RESTRICTION_USERS_REPEATED_MESSAGE, path: ['userIds'] });
  });
export type IpRestrictionUpdateRequest = z.input<typeof IpRestrictionUpdateRequest>;

/** Messages of refusals the server answers (code CONFLICT). */
export const IP_TRUSTLIST_MESSAGES = {
  listFull: `A list holds at most ${IP_TRUSTLIST_MAX_ENTRIES} entries: remove some before adding more`,
  emptyDashboardList: 'Add at least one address to the dashboard trust list before restricting access',
  selfLockout: 'Your current address is not in the dashboard trust list: add it first, or you would lock yourself out',
  removeLastWhileRestricted: 'Access is restricted to this list: it cannot become empty while the restriction is on',
  ownAddressEntry: 'Your current address is trusted only through this entry: removing or changing it would lock you out',
} as const;
