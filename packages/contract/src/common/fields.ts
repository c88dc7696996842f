import { z } from 'zod';
import { SEARCH_TEXT_MAX_LENGTH } from './constants.ts';

/**
 * Field schemas shared by the identity-and-access modules (iam, mfa, password, ip-trustlist,
 * activity): record ids, path ids, instants, required and optional texts, each with the message
 * a person sees.
 */

/** Largest id of a row: ids are PostgreSQL `integer` identities, so a larger one cannot exist. */
export const RECORD_ID_MAX = 2_147_483_647;
export const RECORD_ID_MESSAGE = 'Not a valid id';

/** The id of a stored row (user, role, trust-list entry…). */
export const RecordId = z
  .number({ error: RECORD_ID_MESSAGE })
  .int(RECORD_ID_MESSAGE)
  .min(1, RECORD_ID_MESSAGE)
  .max(RECORD_ID_MAX, RECORD_ID_MESSAGE);

/** `:id` of a path (`/dashboard/user/detail/:id`): decimal digits without a leading zero, read as a RecordId. */
export const IdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, RECORD_ID_MESSAGE)
    .transform(Number)
    .pipe(RecordId),
});
export type IdParams = z.infer<typeof IdParams>;

/** An instant on the wire: ISO 8601 in UTC (`2026-03-01T12:00:00.000Z`). */
export const InstantSchema = z.iso.datetime({ error: 'Not a valid UTC time' });

export function maxLengthMessage(max: number): string {
  return `At most ${max} characters`;
}

export const CONTROL_CHARACTERS_MESSAGE = 'Line breaks and control characters are not allowed';
const CONTROL = /\p{Cc}/u;

/** A required single-line text: trimmed, not empty, at most `max` characters, no control characters. */
export function requiredText(max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, maxLengthMessage(max))
    .refine((v) => !CONTROL.test(v), CONTROL_CHARACTERS_MESSAGE);
}

/** An optional single-line text: trimmed, at most `max` characters; absent means empty. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .refine((v) => !CONTROL.test(v), CONTROL_CHARACTERS_MESSAGE)
    .default('');
}

/**
 * A free-text search filter: trimmed, at most SEARCH_TEXT_MAX_LENGTH characters. An empty text
 * means "no filter" and parses to undefined, so a cleared search box and an absent one are alike.
 */
export const SearchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH, maxLengthMessage(SEARCH_TEXT_MAX_LENGTH))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** True when no value of the array appears twice. */
export function isUnique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}
