/**
 * Keys of the blob store (docs/decisions/0019). The server makes every key itself
 * (`attachments/<merchantId>/<fileId>`, `reports/<merchantId>/<taskId>.xlsx`); none is ever taken
 * from a user's file name. The store still checks each key against a strict shape, so that a key
 * can never leave the store's root on disk nor name a hidden or temporary file:
 *
 * - 1 to 10 segments separated by `/`, at most 512 characters in all;
 * - a segment is 1 to 200 of `A-Z a-z 0-9 . _ -` and does not start with a dot;
 * - no `..` anywhere, no leading or trailing `/`, no empty segment.
 *
 * Names starting with a dot are therefore never keys: the local disk store writes its temporary
 * files under such names, so they are never listed, read or overwritten through a key.
 */

const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,9}$`);
/** A list prefix: whole segments each followed by `/`, then optionally the start of one more segment. */
const PREFIX = new RegExp(`^(?:${SEGMENT}/){0,9}(?:${SEGMENT})?$`);
export const BLOB_KEY_MAX_LENGTH = 512;

/** A key or prefix the store refuses. The message names the key (never secret: keys are made by the server). */
export class InvalidBlobKeyError extends TypeError {
  override name = 'InvalidBlobKeyError';
}

export function isBlobKey(key: string): boolean {
  return key.length <= BLOB_KEY_MAX_LENGTH && !key.includes('..') && KEY.test(key);
}

export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || !isBlobKey(key)) throw new InvalidBlobKeyError(`invalid blob key ${JSON.stringify(key)}`);
}

/** `''` (everything) or a prefix of valid keys, like `attachments/` or `attachments/12/f_`. */
export function assertBlobPrefix(prefix: string): void {
  const ok = typeof prefix === 'string' && prefix.length <= BLOB_KEY_MAX_LENGTH && !prefix.includes('..') && PREFIX.test(prefix);
  if (!ok) throw new InvalidBlobKeyError(`invalid blob key prefix ${JSON.stringify(prefix)}`);
}
