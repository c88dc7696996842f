import { z } from 'zod';
import {
  ACTIVITY_DETAIL_VALUE_MAX_LENGTH,
  ACTIVITY_DETAILS_MAX_KEYS,
  ACTIVITY_EXPORT_MAX_DAYS,
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_USER_AGENT_MAX_LENGTH,
} from '../common/constants.ts';
import { DateRangeSchema, daysBetween, TimeZoneSchema } from '../common/dates.ts';
import { InstantSchema, isUnique, RecordId, SearchText, text } from '../common/fields.ts';
import { parseIpAddress } from '../common/ip.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { ACTIVITY_EVENTS, ActivityEventSchema, ActivityObjectTypeSchema, ActivityOutcomeSchema } from './enums.ts';

/**
 * The activity log: who did what, when, from where, on which object, with which outcome. An
 * entry never holds a secret, token, password or code: `details` refuses keys that name one, and
 * a failed sign-in of an unknown account records no actor (what was typed as the username may be
 * a password typed in the wrong field).
 */

/** Keys of details: a letter, then letters, digits, `_` or `.`, at most 64 characters. */
const DETAIL_KEY = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
/** Words of a key that name a secret (the key split at `_`, `.` and camelCase humps). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'otp',
  'totp',
  'recovery',
  'cookie',
  'session',
  'credential',
  'credentials',
  'pin',
  'hash',
  'authorization',
  'bearer',
  'signature',
]);
/** Pairs of words that name a secret together (`authCode`, `api_key`, `resetLink`), also run together (`apikey`). */
const SECRET_PAIRS = [
  ['auth', 'code'],
  ['mfa', 'code'],
  ['verification', 'code'],
  ['verify', 'code'],
  ['api', 'key'],
  ['private', 'key'],
  ['access', 'key'],
  ['reset', 'link'],
  ['invite', 'link'],
] as const;

export const DETAILS_KEY_MESSAGE = 'Detail keys are a letter followed by letters, digits, _ or . (at most 64)';
export const DETAILS_TOO_MANY_MESSAGE = `At most ${ACTIVITY_DETAILS_MAX_KEYS} details`;
export const DETAILS_VALUE_TOO_LONG_MESSAGE = `A detail holds at most ${ACTIVITY_DETAIL_VALUE_MAX_LENGTH} characters`;

export function secretDetailKeyMessage(key: string): string {
  return `Activity details never hold secrets: "${key}" is not allowed`;
}

/** True when a details key names a secret (`password`, `newPassword`, `token`, `recoveryCode`, `sessionId`, `API_KEY`…). */
export function isSecretDetailKey(key: string): boolean {
  const words = key
    .split(/[_.]|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  const joined = words.join('');
  return SECRET_PAIRS.some(([a, b]) => joined.includes(`${a}${b}`));
}

/**
 * Details of an entry: a small record of non-secret strings (`{ field: 'email', from: 'BR,MX',
 * to: 'BR' }`). The server builds every entry through this schema, so a secret-named key fails
 * loudly in tests rather than reaching the log.
 */
export const ActivityDetailsSchema = z
  .record(z.string(), z.string().max(ACTIVITY_DETAIL_VALUE_MAX_LENGTH, DETAILS_VALUE_TOO_LONG_MESSAGE))
  .superRefine((details, ctx) => {
    const keys = Object.keys(details);
    if (keys.length > ACTIVITY_DETAILS_MAX_KEYS) ctx.addIssue({ code: 'custom', message: DETAILS_TOO_MANY_MESSAGE });
    for (const key of keys) {
      if (!DETAIL_KEY.test(key)) ctx.addIssue({ code: 'custom', message: DETAILS_KEY_MESSAGE, path: [key] });
      else if (isSecretDetailKey(key)) ctx.addIssue({ code: 'custom', message: secretDetailKeyMessage(key), path: [key] });
    }
  });
export type ActivityDetails = z.infer<typeof ActivityDetailsSchema>;

export const ActivityEntry = z.object({
  /** Opaque id (a bigint as decimal text). */
  id: z.string(),
  time: InstantSchema,
  /** Null when no known user acted (a failed sign-in of an unknown account, a forgot-password request for one). */
  actorUserId: RecordId.nullable(),
  actorUsername: z.string().nullable(),
  event: ActivityEventSchema,
  outcome: ActivityOutcomeSchema,
  objectType: ActivityObjectTypeSchema.nullable(),
  objectId: z.string().nullable(),
  /** How the object read at the time (a username, a role name, an address). */
  objectLabel: z.string().nullable(),
  /** The client address (behind a trusted proxy, the forwarded one). */
  ip: z.string().nullable(),
  userAgent: z.string().max(ACTIVITY_USER_AGENT_MAX_LENGTH).nullable(),
  details: ActivityDetailsSchema,
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ACTIVITY_IP_MESSAGE = 'Enter a single IPv4 or IPv6 address';
export const ACTIVITY_EVENTS_REPEATED_MESSAGE = 'Each event can be chosen once';
export const ACTIVITY_EXPORT_RANGE_REQUIRED_MESSAGE = 'Please choose the dates to export';
export const ACTIVITY_EXPORT_SPAN_MESSAGE = `An export covers at most ${ACTIVITY_EXPORT_MAX_DAYS} days`;

/**
 * The log's filters. `range` holds calendar dates in `timeZone` (the merchant's area zone, as the
 * screen shows them); the server turns them into instants with `localDateRangeToUtc`.
 */
const filterFields = {
  timeZone: TimeZoneSchema,
  range: DateRangeSchema.optional(),
  actorUserId: RecordId.optional(),
  /** Part of the actor's username. */
  actor: SearchText,
  /** Any of these events; absent or empty for all. */
  events: z
    .array(ActivityEventSchema)
    .max(ACTIVITY_EVENTS.length, ACTIVITY_EVENTS_REPEATED_MESSAGE)
    .refine(isUnique, ACTIVITY_EVENTS_REPEATED_MESSAGE)
    .default([]),
  outcome: ActivityOutcomeSchema.optional(),
  objectType: ActivityObjectTypeSchema.optional(),
  objectId: SearchText,
  /** The exact client address. */
  ip: text()
    .trim()
    .max(64, ACTIVITY_IP_MESSAGE)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || parseIpAddress(v) !== null, ACTIVITY_IP_MESSAGE),
};

export const ActivityPageRequest = PageRequest.extend(filterFields);
export type ActivityPageRequest = z.input<typeof ActivityPageRequest>;
export type ParsedActivityPageRequest = z.output<typeof ActivityPageRequest>;
export const ActivityPage = pageOf(ActivityEntry);

/** The CSV export: the same filters, over at most ACTIVITY_EXPORT_MAX_DAYS days. */
export const ActivityExportRequest = z.object(filterFields).superRefine((value, ctx) => {
  if (value.range === undefined) {
    ctx.addIssue({ code: 'custom', message: ACTIVITY_EXPORT_RANGE_REQUIRED_MESSAGE, path: ['range'] });
  } else if (daysBetween(value.range.from, value.range.to) + 1 > ACTIVITY_EXPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: ACTIVITY_EXPORT_SPAN_MESSAGE, path: ['range'] });
  }
});
export type ActivityExportRequest = z.input<typeof ActivityExportRequest>;
export type ParsedActivityExportRequest = z.output<typeof ActivityExportRequest>;

/** Messages of refusals the server answers. */
export const ACTIVITY_MESSAGES = {
  exportTooLarge: `More than ${ACTIVITY_EXPORT_MAX_ROWS.toLocaleString('en-US')} entries match: narrow the dates or filters`,
} as const;
