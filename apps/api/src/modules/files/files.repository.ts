import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileContentSql, storedFiles } from '../../db/schema/files.ts';

/** SQL of the file store. Every read of a file names the merchant whose file it must be. */

export type NewStoredFile = typeof storedFiles.$inferInsert;

/** A file's row; `content` only for a file whose bytes are still in the table (written before the blob store). */
export interface StoredFileRow {
  id: number;
  publicId: string;
  merchantId: number;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer | null;
  createdAt: Date;
  createdBy: number | null;
}

export async function insertFiles(db: Db, rows: readonly NewStoredFile[]): Promise<void> {
  if (rows.length > 0) await db.insert(storedFiles).values([...rows]);
}

/** The file with this public id if it belongs to the merchant; null for another merchant's and unknown ids alike. */
export async function findFile(db: Db, merchantId: number, publicId: string): Promise<StoredFileRow | null> {
  const rows = await db
    .select({
      id: storedFiles.id,
      publicId: storedFiles.publicId,
      merchantId: storedFiles.merchantId,
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
      content: fileContentSql,
      createdAt: storedFiles.createdAt,
      createdBy: storedFiles.createdBy,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.merchantId, merchantId), eq(storedFiles.publicId, publicId)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, content: row.content === null ? null : Buffer.from(row.content, 'base64') } : null;
}

/** Ids of files whose bytes are still in the table, after `afterId`, in id order (the partial index). */
export async function inlineFileIds(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(isNotNull(storedFiles.content), gt(storedFiles.id, afterId)))
    .orderBy(asc(storedFiles.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One file whose bytes are still in the table, with them; null once moved (or gone). */
export async function findInlineFile(
  db: Db,
  id: number,
): Promise<{ merchantId: number; publicId: string; contentType: string; size: number; sha256: string; content: Buffer } | null> {
  const rows = await db
    .select({
      merchantId: storedFiles.merchantId,
      publicId: storedFiles.publicId,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
      content: fileContentSql,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), isNotNull(storedFiles.content)));
  const row = rows[0];
  return row && row.content !== null ? { ...row, content: Buffer.from(row.content, 'base64') } : null;
}

/** Drops the bytes kept in the table once they are in the blob store. */
export async function clearInlineContent(db: Db, id: number): Promise<void> {
  await db
    .update(storedFiles)
    .set({ content: sql`null` })
    .where(and(eq(storedFiles.id, id), isNotNull(storedFiles.content)));
}

/** Of these public ids, those that have a row, with their merchant. */
export async function existingFiles(db: Db, publicIds: readonly string[]): Promise<{ merchantId: number; publicId: string }[]> {
  if (publicIds.length === 0) return [];
  return db
    .select({ merchantId: storedFiles.merchantId, publicId: storedFiles.publicId })
    .from(storedFiles)
    .where(inArray(storedFiles.publicId, [...publicIds]));
}

/** What is known of each of these files of the merchant (no bytes), uploaded by `createdBy`; other ids are left out. */
export async function findFileInfos(
  db: Db,
  merchantId: number,
  publicIds: readonly string[],
  createdBy: number,
): Promise<{ publicId: string; name: string; size: number; contentType: string; sha256: string }[]> {
  if (publicIds.length === 0) return [];
  return db
    .select({
      publicId: storedFiles.publicId,
      name: storedFiles.name,
      size: storedFiles.size,
      contentType: storedFiles.contentType,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.merchantId, merchantId), eq(storedFiles.createdBy, createdBy), inArray(storedFiles.publicId, [...publicIds])),
    );
}
