import { createHash, randomBytes } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { FILE_NAME_MAX_LENGTH } from '@andes/contract/common/files';
import type { Db } from '../../db/client.ts';
import { sniffContentType } from './content-type.ts';
import { FileErrors } from './files.errors.ts';
import { findFile, insertFiles } from './files.repository.ts';

/**
 * The shared file store (docs/decisions/0013): small files kept in the database, each owned by
 * one merchant and found by its random public id within that merchant only. `put` checks the size,
 * determines the content type from the bytes and the name (the uploader's type is never used to
 * render) and writes in the caller's database transaction, so a file commits or rolls back with
 * the row that refers to it. Owners (transactions, later approvals, cases…) keep the returned
 * StoredFileInfo; access to a file is decided by its owner, then `get` reads it within the merchant.
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

/**
 * Stores files of one merchant in `db` (a transaction of the caller's); `createdBy` is the user,
 * null for the platform. Throws FILE_TOO_LARGE for a file over ATTACHMENT_MAX_BYTES (nothing is
 * written: the files are checked before the insert).
 */
export async function putFiles(
  db: Db,
  merchantId: number,
  files: readonly FileInput[],
  createdBy: number | null = null,
): Promise<StoredFileInfo[]> {
  const tooLarge = files.find((f) => f.content.byteLength > ATTACHMENT_MAX_BYTES);
  if (tooLarge) throw FileErrors.tooLarge(tooLarge.name, tooLarge.content.byteLength);
  const rows = files.map((f) => {
    const content = Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength);
    const name = cleanFileName(f.name);
    return {
      publicId: newFileId(),
      merchantId,
      name,
      contentType: sniffContentType(name, content),
      size: content.byteLength,
      sha256: sha256Hex(content),
      content,
      createdBy,
    };
  });
  await insertFiles(db, rows);
  return rows.map((r) => ({ fileId: r.publicId, name: r.name, size: r.size, contentType: r.contentType, sha256: r.sha256 }));
}

/** One merchant's file; null for another merchant's and unknown ids alike. */
export async function getFile(db: Db, merchantId: number, fileId: string): Promise<StoredFile | null> {
  const row = await findFile(db, merchantId, fileId);
  if (!row) return null;
  return {
    fileId: row.publicId,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    sha256: row.sha256,
    content: row.content,
    createdAt: row.createdAt,
  };
}
