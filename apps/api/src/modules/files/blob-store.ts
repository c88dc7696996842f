import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file contents live (docs/decisions/0019): local disk under the data directory in the
 * embedded set-up, S3-compatible object storage when ANDES_S3_BUCKET is set. The metadata of a
 * file (owner, merchant, name, type, size, checksum) stays in the database; a blob store only
 * keeps bytes under keys the server makes (see blob-key.ts: every method refuses another shape).
 *
 * Writes are atomic: an object becomes visible under its key only complete, so a process killed
 * in the middle of a write leaves nothing under the key (local disk: a temporary file renamed into
 * place; S3: one PutObject, or a multipart upload that is completed only after its last part and
 * aborted on error).
 */

export interface BlobPutOptions {
  /** Stored with the object where the store keeps it (S3); the database row has the authoritative one. */
  contentType?: string;
}

export interface BlobPutResult {
  /** Bytes written. */
  size: number;
  /** SHA-256 of the bytes written, hex. */
  sha256: string;
}

export interface BlobListing {
  key: string;
  size: number;
  lastModified: Date;
}

export interface BlobStore {
  /** One line for the start-up banner and logs (never a credential). */
  readonly description: string;
  /**
   * Writes `body` under `key`, replacing what was there, and answers its size and SHA-256. The
   * object is visible only once complete. A stream that errors fails the put and leaves nothing.
   */
  put(key: string, body: Uint8Array | Readable, options?: BlobPutOptions): Promise<BlobPutResult>;
  /** The object's bytes as a stream; null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** The object's bytes; null when there is none. For small objects (attachments, ≤ 10 MB). */
  getBytes(key: string): Promise<Buffer | null>;
  /** The object's size in bytes; null when there is none. */
  head(key: string): Promise<number | null>;
  /** Removes the object; removing one that does not exist is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (`''`: all), in no promised order; for sweeps. */
  list(prefix: string): AsyncIterable<BlobListing>;
  /**
   * Removes what writes interrupted by a killed process left behind, older than `olderThan`
   * (local disk: temporary files; S3: nothing — see S3BlobStore). Answers how many were removed.
   */
  sweepIncomplete(olderThan: Date): Promise<number>;
}

/** What a store may report that a caller cannot act on (a failed abort of a multipart upload). */
export interface BlobStoreLog {
  warn(obj: object, msg: string): void;
}

/** The folder of the local store inside the data directory. */
export function localBlobRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

/** A chunk of a Readable as bytes (a stream in string mode gives strings). */
export function chunkBytes(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('a blob stream must yield bytes or strings');
}
