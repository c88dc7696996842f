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

export const UNSTORABLE_TEXT_MESSAGE = 'Control characters (such as NUL) and broken characters are not allowed';
/**
 * What no text may hold, anywhere: NUL (PostgreSQL refuses it in text), the other C0 controls but
 * tab, line feed and carriage return (XML, and so every xlsx cell, refuses them), the
 * noncharacters U+FFFE and U+FFFF, and a UTF-16 surrogate without its pair (not a character: it
 * cannot be written as UTF-8).
 */
const UNSTORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a text holds nothing a database, a spreadsheet or UTF-8 cannot hold (see UNSTORABLE). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The base of every text a request carries (`text()` where `z.string()` would be): a string that
 * refuses the unstorable characters before any other check runs, with the field named in the
 * validation error. A contract test walks every endpoint's request and proves each text field
 * refuses NUL, so a new field cannot forget it. Tab and line breaks pass here; single-line fields
 * refuse them too (requiredText, optionalText).
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

export const CONTROL_CHARACTERS_MESSAGE = 'Line breaks and control characters are not allowed';
const CONTROL = /\p{Cc}/u;

/** A required single-line text: trimmed, not empty, at most `max` characters, no control characters. */
export function requiredText(max: number, requiredMessage: string) {
  return text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, maxLengthMessage(max))
    .refine((v) => !CONTROL.test(v), CONTROL_CHARACTERS_MESSAGE);
}

/** An optional single-line text: trimmed, at most `max` characters; absent means empty. */
export function optionalText(max: number) {
  return text()
    .trim()
    .max(max, maxLengthMessage(max))
    .refine((v) => !CONTROL.test(v), CONTROL_CHARACTERS_MESSAGE)
    .default('');
}

/**
 * A free-text search filter: trimmed, at most SEARCH_TEXT_MAX_LENGTH characters. An empty text
 * means "no filter" and parses to undefined, so a cleared search box and an absent one are alike.
 */
export const SearchText = text()
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH, maxLengthMessage(SEARCH_TEXT_MAX_LENGTH))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** True when no value of the array appears twice. */
export function isUnique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}
