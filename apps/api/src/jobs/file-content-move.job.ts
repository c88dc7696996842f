import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { BlobStore } from '../modules/files/blob-store.ts';
import { clearInlineContent, findInlineFile, inlineFileIds } from '../modules/files/files.repository.ts';
import { fileKey, sha256Hex } from '../modules/files/files.service.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/** Files looked up per query (their bytes are then read one file at a time). */
const MOVE_BATCH = 100;

export interface FileContentMoveResult {
  moved: number;
  /** Rows whose bytes do not match their SHA-256: left in the table (and logged), never copied. */
  damaged: number;
}

/**
 * Moves the bytes of files still kept in `stored_files.content` (written before the blob store,
 * or by the demo history seed) to the blob store, one file at a time: put the blob, then clear the
 * column. Idempotent and safe to interrupt: a file whose column is still set is served from it and
 * moved again next time (the put replaces the same key with the same bytes); a reader that finds
 * the column cleared finds the blob, which was put first.
 */
export async function moveInlineContents(db: Db, blobs: BlobStore, log?: FastifyBaseLogger): Promise<FileContentMoveResult> {
  const result: FileContentMoveResult = { moved: 0, damaged: 0 };
  let after = 0;
  for (;;) {
    const ids = await inlineFileIds(db, after, MOVE_BATCH);
    if (ids.length === 0) return result;
    for (const id of ids) {
      after = id;
      const file = await findInlineFile(db, id);
      if (!file) continue;
      if (file.content.byteLength !== file.size || sha256Hex(file.content) !== file.sha256) {
        log?.error({ fileId: file.publicId }, 'stored file content does not match its SHA-256: left in the database');
        result.damaged += 1;
        continue;
      }
      await blobs.put(fileKey(file.merchantId, file.publicId), file.content, { contentType: file.contentType });
      await clearInlineContent(db, id);
      result.moved += 1;
    }
  }
}

/**
 * The one-time move, run when a worker starts (and so after every upgrade or demo seed); with
 * nothing left to move it is one query on an empty partial index. One at a time across processes.
 */
export function fileContentMoveJob(deps: { db: Db; blobs: BlobStore; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'file-content-move',
    runAtStart: true,
    singleton: true,
    retryLimit: 5,
    retryDelaySeconds: 60,
    expireInSeconds: 60 * 60,
    async run() {
      const r = await moveInlineContents(deps.db, deps.blobs, deps.log);
      if (r.moved + r.damaged > 0) deps.log.info({ ...r, store: deps.blobs.description }, 'file contents moved to the blob store');
    },
  });
}
