import type { Readable } from 'node:stream';
import {
  BATCH_MAX_COMPRESSION_RATIO,
  BATCH_MAX_UNPACKED_BYTES,
  BATCH_MAX_ZIP_ENTRIES,
  BATCH_RATIO_GRACE_BYTES,
} from '@andes/contract/common/constants';
import yauzl, { type Entry, type LocalFileHeader, type ZipFile } from 'yauzl';

/**
 * Checks an uploaded zip (an xlsx is one) before anything unpacks it for real (docs/decisions/0021).
 *
 * 1. **Is it a zip?** It must start with a local file header (`PK\x03\x04`) and have a central
 *    directory yauzl can read.
 * 2. **What does it claim?** From the central directory alone, before inflating a byte: at most
 *    `maxEntries` entries, stored or deflated only, not encrypted, a total unpacked size of at most
 *    `maxUnpackedBytes`, and no entry unpacking to more than `ratioGraceBytes` at more than
 *    `maxRatio` times its packed size.
 * 3. **Is what it claims what a streaming reader sees?** exceljs reads an xlsx front to back
 *    (unzipper) from the local headers, not from the central directory. So the local headers must
 *    match the central directory and lie end to end from byte 0 to the central directory: no entry
 *    hidden from the directory, no overlapping entries (the non-recursive zip bomb), no sizes that
 *    differ between the two.
 * 4. **Is the claim true?** Every entry is inflated once through yauzl, which fails as soon as an
 *    entry gives more bytes than it declared: work and memory stay within the declared total.
 *
 * After this, unpacking the file reads at most `maxUnpackedBytes` of data.
 */

export interface ZipLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioGraceBytes: number;
}

export const BATCH_ZIP_LIMITS: ZipLimits = {
  maxUnpackedBytes: BATCH_MAX_UNPACKED_BYTES,
  maxEntries: BATCH_MAX_ZIP_ENTRIES,
  maxRatio: BATCH_MAX_COMPRESSION_RATIO,
  ratioGraceBytes: BATCH_RATIO_GRACE_BYTES,
};

/** Why a zip is refused: not a zip at all, a likely bomb, too many entries, or a zip no reader here can trust. */
export type ZipRefusalReason = 'not-zip' | 'bomb' | 'too-many-entries' | 'unreadable';

export class ZipRefusal extends Error {
  override name = 'ZipRefusal';
  constructor(
    readonly reason: ZipRefusalReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface ZipSummary {
  entries: number;
  unpackedBytes: number;
}

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
const HAS_DATA_DESCRIPTOR = 0x08;

function open(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) => {
      if (err || !zip) reject(new ZipRefusal('not-zip', err?.message ?? 'no zip'));
      else resolve(zip);
    });
  });
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err: Error) => reject(new ZipRefusal('unreadable', err.message)));
    zip.readEntry();
  });
}

function localHeader(zip: ZipFile, entry: Entry): Promise<LocalFileHeader> {
  return new Promise((resolve, reject) => {
    zip.readLocalFileHeader(entry, {}, (err, header) => {
      if (err) reject(new ZipRefusal('unreadable', `${entry.fileName}: ${err.message}`));
      else resolve(header);
    });
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) reject(err);
      else resolve(stream);
    });
  });
}

/** Step 2: the central directory's claims. */
function checkClaims(entries: readonly Entry[], limits: ZipLimits): number {
  let total = 0;
  for (const entry of entries) {
    if (entry.isEncrypted()) throw new ZipRefusal('unreadable', `${entry.fileName} is encrypted`);
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
      throw new ZipRefusal('unreadable', `${entry.fileName} uses compression method ${entry.compressionMethod}`);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw new ZipRefusal('bomb', `unpacks to more than ${limits.maxUnpackedBytes} bytes`);
    if (entry.uncompressedSize > limits.ratioGraceBytes && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
      throw new ZipRefusal(
        'bomb',
        `${entry.fileName} is packed ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times`,
      );
    }
  }
  return total;
}

/** Step 3: the local headers match the directory and lie end to end from byte 0 to the directory. */
async function checkLayout(zip: ZipFile, bytes: Buffer, entries: readonly Entry[], directoryOffset: number): Promise<void> {
  const ordered = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let expected = 0;
  for (const entry of ordered) {
    const at = entry.relativeOffsetOfLocalHeader;
    if (at < expected) throw new ZipRefusal('bomb', `${entry.fileName} overlaps the entry before it`);
    if (at > expected) throw new ZipRefusal('unreadable', `${at - expected} bytes before ${entry.fileName} belong to no entry`);
    const header = await localHeader(zip, entry);
    const flags = header.generalPurposeBitFlag;
    if (
      header.compressionMethod !== entry.compressionMethod ||
      (flags & HAS_DATA_DESCRIPTOR) !== (entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR)
    ) {
      throw new ZipRefusal('unreadable', `${entry.fileName}: its local header differs from the directory`);
    }
    if (!header.fileName.equals(entry.fileNameRaw)) {
      throw new ZipRefusal('unreadable', `${entry.fileName}: its local header names another file`);
    }
    if (header.compressedSize === ZIP64_MARK || header.uncompressedSize === ZIP64_MARK) {
      throw new ZipRefusal('unreadable', `${entry.fileName}: zip64 entries are not taken`);
    }
    const sameSizes = header.compressedSize === entry.compressedSize && header.uncompressedSize === entry.uncompressedSize;
    const deferredSizes = header.compressedSize === 0 && header.uncompressedSize === 0;
    if (!(sameSizes || ((flags & HAS_DATA_DESCRIPTOR) !== 0 && deferredSizes))) {
      throw new ZipRefusal('unreadable', `${entry.fileName}: its local header gives other sizes than the directory`);
    }
    let end = header.fileDataStart + entry.compressedSize;
    if ((flags & HAS_DATA_DESCRIPTOR) !== 0) {
      // crc, sizes (12 bytes), optionally after the descriptor's signature (16 bytes).
      end += bytes.subarray(end, end + 4).equals(DATA_DESCRIPTOR) ? 16 : 12;
    }
    if (end > directoryOffset) throw new ZipRefusal('bomb', `${entry.fileName} overlaps the central directory`);
    expected = end;
  }
  if (expected !== directoryOffset) {
    throw new ZipRefusal('unreadable', `${directoryOffset - expected} bytes before the central directory belong to no entry`);
  }
}

/** Step 4: every entry inflates to exactly its declared size (yauzl stops at the first byte too many). */
async function checkContents(zip: ZipFile, entries: readonly Entry[], limits: ZipLimits): Promise<void> {
  let total = 0;
  for (const entry of entries) {
    let stream: Readable;
    try {
      stream = await openEntry(zip, entry);
    } catch (err) {
      throw new ZipRefusal('unreadable', `${entry.fileName}: ${(err as Error).message}`);
    }
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limits.maxUnpackedBytes) throw new ZipRefusal('bomb', `unpacks to more than ${limits.maxUnpackedBytes} bytes`);
      }
    } catch (err) {
      if (err instanceof ZipRefusal) throw err;
      const message = (err as Error).message;
      throw new ZipRefusal(/too many bytes/.test(message) ? 'bomb' : 'unreadable', `${entry.fileName}: ${message}`);
    } finally {
      stream.destroy();
    }
  }
}

/** Throws a ZipRefusal unless `bytes` is a zip that is safe to unpack within `limits`. */
export async function checkZip(bytes: Buffer, limits: ZipLimits = BATCH_ZIP_LIMITS): Promise<ZipSummary> {
  if (bytes.length < 22 || !bytes.subarray(0, 4).equals(LOCAL_HEADER)) throw new ZipRefusal('not-zip', 'no zip signature');
  const zip = await open(bytes);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefusal('too-many-entries', `${zip.entryCount} entries`);
    // Before the first readEntry, the cursor is the central directory's offset.
    const directoryOffset = Number(zip.readEntryCursor);
    const entries = await readEntries(zip);
    if (entries.length === 0) throw new ZipRefusal('not-zip', 'an empty zip');
    const unpackedBytes = checkClaims(entries, limits);
    await checkLayout(zip, bytes, entries, directoryOffset);
    await checkContents(zip, entries, limits);
    return { entries: entries.length, unpackedBytes };
  } finally {
    zip.close();
  }
}
