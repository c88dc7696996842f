import { createHash, randomBytes } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { FILE_NAME_MAX_LENGTH } from '@andes/contract/common/files';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from './blob-store.ts';
import { sniffContentType } from './content-type.ts';
import { FileErrors } from './files.errors.ts';
import { findFile, insertFiles } from './files.repository.ts';

/**
 * The shared file store (docs/decisions/0013, 0019): small files, each owned by one merchant and
 * found by its random public id within that merchant only. `putFiles` checks the size, determines
 * the content type from the bytes and the name (the uploader's type is never used to render),
 * puts the bytes in the blob store under a key it makes (`attachments/<merchantId>/<fileId>`:
 * never from the file's name) and then writes the rows in the caller's database transaction. A
 * rolled-back transaction leaves its blobs without rows: the blob-sweep job deletes them after an
 * hour. Owners (transactions, later approvals, cases…) keep the returned StoredFileInfo; access to
 * a file is decided by its owner, then `getFile` reads it within the merchant.
 */

export interface FileInput {
  name: string;
  content: Uint8Array;
}

/** What an owner keeps of a stored file. */
export interface StoredFileInfo {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
}

export interface StoredFile extends StoredFileInfo {
  content: Buffer;
  createdAt: Date;
}

/**
 * Headers of every stored file answered to a browser (whatever owns it): it must never guess another type, and a
 * document opened from it (an SVG opened in its own tab) runs no script and loads nothing.
 */
export const STORED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** `f_` + 22 base64url characters: 128 random bits. */
export function newFileId(): string {
  return `f_${randomBytes(16).toString('base64url')}`;
}

/** The name as kept: control characters and path separators replaced, trimmed, at most 255 characters. */
export function cleanFileName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}/\\]/gu, '_')
    .trim()
    .slice(0, FILE_NAME_MAX_LENGTH);
  return clean === '' ? 'file' : clean;
}

export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Blob keys of stored files: `attachments/<merchantId>/<fileId>`. */
export const FILE_KEY_PREFIX = 'attachments/';
const FILE_KEY = /^attachments\/([1-9]\d{0,9})\/(f_[A-Za-z0-9_-]{22})$/;

export function fileKey(merchantId: number, fileId: string): string {
  return `${FILE_KEY_PREFIX}${merchantId}/${fileId}`;
}

/** The merchant and file id of a stored file's blob key; null for any other key. */
export function parseFileKey(key: string): { merchantId: number; fileId: string } | null {
  const m = FILE_KEY.exec(key);
  return m?.[1] && m[2] ? { merchantId: Number(m[1]), fileId: m[2] } : null;
}

/** A stored file whose bytes are missing from the blob store or differ from its checksum: never served. */
export class StoredFileContentError extends Error {
  override name = 'StoredFileContentError';
}

/**
 * Stores files of one merchant: the bytes in `blobs`, then the rows in `db` (a transaction of the
 * caller's); `createdBy` is the user, null for the platform. Throws FILE_TOO_LARGE for a file over
 * ATTACHMENT_MAX_BYTES (nothing is written: the files are checked first).
 */
export async function putFiles(
  db: Db,
  blobs: BlobStore,
  merchantId: number,
  files: readonly FileInput[],
  createdBy: number | null = null,
): Promise<StoredFileInfo[]> {
  const tooLarge = files.find((f) => f.content.byteLength > ATTACHMENT_MAX_BYTES);
  if (tooLarge) throw FileErrors.tooLarge(tooLarge.name, tooLarge.content.byteLength);
  const rows = await Promise.all(
    files.map(async (f) => {
      const content = Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength);
      const name = cleanFileName(f.name);
      const publicId = newFileId();
      const contentType = sniffContentType(name, content);
      const { size, sha256 } = await blobs.put(fileKey(merchantId, publicId), content, { contentType });
      return { publicId, merchantId, name, contentType, size, sha256, createdBy };
    }),
  );
  await insertFiles(db, rows);
  return rows.map((r) => ({ fileId: r.publicId, name: r.name, size: r.size, contentType: r.contentType, sha256: r.sha256 }));
}

/**
 * One merchant's file with its bytes; null for another merchant's and unknown ids alike. The row
 * is found within the merchant first; only then are the bytes read (from the row while a file
 * written before the blob store still has them there). Bytes missing from the blob store or not
 * matching the row's size and SHA-256 throw StoredFileContentError: a damaged file is never served.
 */
export async function getFile(db: Db, blobs: BlobStore, merchantId: number, fileId: string): Promise<StoredFile | null> {
  const row = await findFile(db, merchantId, fileId);
  if (!row) return null;
  const content = row.content ?? (await blobs.getBytes(fileKey(row.merchantId, row.publicId)));
  if (content === null) throw new StoredFileContentError(`stored file ${row.publicId}: its content is missing from the blob store`);
  if (content.byteLength !== row.size || sha256Hex(content) !== row.sha256) {
    throw new StoredFileContentError(`stored file ${row.publicId}: its content does not match its size and SHA-256`);
  }
  return {
    fileId: row.publicId,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    sha256: row.sha256,
    content,
    createdAt: row.createdAt,
  };
}
