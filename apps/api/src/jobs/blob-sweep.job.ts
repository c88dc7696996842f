import type { FastifyBaseLogger } from 'fastify';
import { type Clock, HOUR_MS } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { BlobStore } from '../modules/files/blob-store.ts';
import { existingFiles } from '../modules/files/files.repository.ts';
import { FILE_KEY_PREFIX, parseFileKey } from '../modules/files/files.service.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/** A stored file's blob younger than this may belong to a transaction still open: never swept. */
export const ORPHAN_MIN_AGE_MS = HOUR_MS;
/** Keys checked against the table per query. */
const SWEEP_BATCH = 500;

export interface BlobSweepResult {
  /** Blobs under `attachments/` older than ORPHAN_MIN_AGE_MS. */
  checked: number;
  /** Of those, deleted because no row refers to them (their transaction rolled back). */
  deleted: number;
  /** Leftovers of writes interrupted by a killed process (local disk temporary files). */
  incomplete: number;
}

/**
 * Deletes the blobs of stored files that have no row: a file's bytes are put before its row's
 * transaction commits, so a rolled-back transaction (a refused event, a retried conflict, a crash)
 * leaves its blobs behind. Only blobs older than an hour are looked at — no transaction stays open
 * that long — and a blob is deleted only when no row has its merchant and file id. Keys of another
 * shape under the prefix are left alone. Also removes what interrupted writes left (older than an
 * hour). Idempotent: running it twice deletes nothing more.
 */
export async function sweepOrphanBlobs(db: Db, blobs: BlobStore, now: Date): Promise<BlobSweepResult> {
  const cutoff = new Date(now.getTime() - ORPHAN_MIN_AGE_MS);
  const result: BlobSweepResult = { checked: 0, deleted: 0, incomplete: 0 };
  let batch: { key: string; merchantId: number; fileId: string }[] = [];
  const flush = async () => {
    const rows = await existingFiles(
      db,
      batch.map((b) => b.fileId),
    );
    const kept = new Set(rows.map((r) => `${r.merchantId}/${r.publicId}`));
    for (const b of batch) {
      if (kept.has(`${b.merchantId}/${b.fileId}`)) continue;
      await blobs.delete(b.key);
      result.deleted += 1;
    }
    batch = [];
  };
  for await (const blob of blobs.list(FILE_KEY_PREFIX)) {
    if (blob.lastModified >= cutoff) continue;
    const parsed = parseFileKey(blob.key);
    if (!parsed) continue;
    result.checked += 1;
    batch.push({ key: blob.key, ...parsed });
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  result.incomplete = await blobs.sweepIncomplete(cutoff);
  return result;
}

/** The recurring sweep: every hour (at minute 41), in one process at a time. */
export function blobSweepJob(deps: { db: Db; blobs: BlobStore; clock: Clock; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'blob-sweep',
    cron: '41 * * * *',
    singleton: true,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 30 * 60,
    async run() {
      const r = await sweepOrphanBlobs(deps.db, deps.blobs, deps.clock());
      if (r.deleted + r.incomplete > 0) deps.log.info({ ...r, store: deps.blobs.description }, 'orphan blobs swept');
    },
  });
}
