import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileContentSql, storedFiles } from '../../db/schema/files.ts';

/** SQL of the file store. Every read names the merchant whose file it must be. */

export type NewStoredFile = typeof storedFiles.$inferInsert;
export type StoredFileRow = typeof storedFiles.$inferSelect;

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
  return row ? { ...row, content: Buffer.from(row.content, 'base64') } : null;
}
