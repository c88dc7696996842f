import { createHash, randomBytes } from 'node:crypto';
import type { Dir } from 'node:fs';
import { mkdir, open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobKey, assertBlobPrefix, isBlobKey } from './blob-key.ts';
import { type BlobListing, type BlobPutOptions, type BlobPutResult, type BlobStore, chunkBytes } from './blob-store.ts';

/** Temporary files are named `.tmp-<random>`: a leading dot is never a key, so they are never listed or read. */
const TEMP_PREFIX = '.tmp-';

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The folder to read, or null when it does not exist (nothing stored under it yet, or removed). */
async function openFolder(folder: string): Promise<Dir | null> {
  try {
    return await opendir(folder);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * Files on local disk, one file per key under `root` (the embedded set-up: `<ANDES_DATA_DIR>/files`).
 * A put writes a temporary file in the key's own folder, flushes it to disk and renames it over
 * the key: rename within a folder is atomic, so a reader sees the old object or the complete new
 * one, and a process killed mid-write leaves only a temporary file, which no key can name and
 * `sweepIncomplete` removes. Folders are made on the first write (nothing is created before).
 * Files are 0600 and folders 0700: they are merchants' documents.
 *
 * One process only: several API processes need S3 (or a shared file system mounted at the same
 * path in each).
 */
export class LocalDiskBlobStore implements BlobStore {
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `local disk ${root}`;
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Uint8Array | Readable, _options: BlobPutOptions = {}): Promise<BlobPutResult> {
    const path = this.pathOf(key);
    const folder = dirname(path);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const temp = join(folder, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const file = await open(temp, 'wx', 0o600);
    try {
      const write = async (bytes: Buffer) => {
        hash.update(bytes);
        size += bytes.byteLength;
        for (let at = 0; at < bytes.byteLength; ) {
          const { bytesWritten } = await file.write(bytes, at, bytes.byteLength - at);
          at += bytesWritten;
        }
      };
      if (body instanceof Uint8Array) await write(chunkBytes(body));
      else for await (const chunk of body) await write(chunkBytes(chunk));
      await file.sync();
      await file.close();
      await rename(temp, path);
    } catch (err) {
      await file.close().catch(() => {});
      await rm(temp, { force: true });
      throw err;
    }
    await syncFolder(folder);
    return { size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(path, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // Opened before it is checked: the stream reads this file even if a put replaces the key meanwhile.
    if (!(await file.stat()).isFile()) {
      await file.close();
      return null;
    }
    return file.createReadStream();
  }

  async getBytes(key: string): Promise<Buffer | null> {
    const path = this.pathOf(key);
    try {
      return await readFile(path);
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async head(key: string): Promise<number | null> {
    const path = this.pathOf(key);
    try {
      const s = await stat(path);
      return s.isFile() ? s.size : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      if ((await stat(path)).isFile()) await rm(path, { force: true });
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertBlobPrefix(prefix);
    // Start in the deepest folder the prefix names completely; the rest of it filters names.
    const cut = prefix.lastIndexOf('/');
    const base = cut < 0 ? '' : prefix.slice(0, cut);
    yield* this.walk(base === '' ? this.root : join(this.root, ...base.split('/')), base, prefix);
  }

  private async *walk(folder: string, keyOfFolder: string, prefix: string): AsyncIterable<BlobListing> {
    const dir = await openFolder(folder);
    if (dir === null) return;
    for await (const entry of dir) {
      const key = keyOfFolder === '' ? entry.name : `${keyOfFolder}/${entry.name}`;
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        // Only folders that can hold keys with the prefix.
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(join(folder, entry.name), key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix) && isBlobKey(key)) {
        try {
          const s = await stat(join(folder, entry.name));
          yield { key, size: s.size, lastModified: s.mtime };
        } catch (err) {
          if (!isMissing(err)) throw err; // deleted meanwhile
        }
      }
    }
  }

  async sweepIncomplete(olderThan: Date): Promise<number> {
    let removed = 0;
    const sweep = async (folder: string): Promise<void> => {
      const dir = await openFolder(folder);
      if (dir === null) return;
      for await (const entry of dir) {
        const path = `${folder}${sep}${entry.name}`;
        if (entry.isDirectory()) await sweep(path);
        else if (entry.isFile() && entry.name.startsWith(TEMP_PREFIX)) {
          const s = await stat(path).catch(() => null);
          if (s && s.mtime < olderThan) {
            await rm(path, { force: true });
            removed += 1;
          }
        }
      }
    };
    await sweep(this.root);
    return removed;
  }
}

/** Makes a rename durable (the folder's entry reaches the disk); folders cannot be fsynced on some platforms. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const dir = await open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Not supported here (e.g. Windows): the rename is still atomic, only its durability is the OS's.
  }
}
