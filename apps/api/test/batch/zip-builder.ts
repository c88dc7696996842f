import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Zips written by hand, for the zip checks: honest ones, and the crafted kinds a zip bomb uses
 * (sizes that lie, entries the directory hides, entries that overlap). Nothing is written to disk.
 */

export interface ZipEntrySpec {
  name: string;
  /** The bytes the entry unpacks to (deflated unless `stored`). */
  data?: Buffer;
  stored?: boolean;
  /** Instead of `data`: the packed bytes as they are, with the unpacked size to declare. */
  raw?: { packed: Buffer; declaredSize: number; crc?: number };
  /** Sizes after the data in a data descriptor (local header sizes 0), as streaming writers do. */
  dataDescriptor?: boolean;
  /** Left out of the central directory (a hidden entry only a front-to-back reader sees). */
  hidden?: boolean;
}

interface Written {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  packedSize: number;
  size: number;
  offset: number;
  hidden: boolean;
}

function localHeader(w: Written, sizesInHeader: boolean): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(w.flags, 6);
  h.writeUInt16LE(w.method, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(0x21, 12);
  h.writeUInt32LE(sizesInHeader ? w.crc : 0, 14);
  h.writeUInt32LE(sizesInHeader ? w.packedSize : 0, 18);
  h.writeUInt32LE(sizesInHeader ? w.size : 0, 22);
  h.writeUInt16LE(w.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, w.name]);
}

function directoryHeader(w: Written): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(w.flags, 8);
  h.writeUInt16LE(w.method, 10);
  h.writeUInt16LE(0, 12);
  h.writeUInt16LE(0x21, 14);
  h.writeUInt32LE(w.crc, 16);
  h.writeUInt32LE(w.packedSize, 20);
  h.writeUInt32LE(w.size, 24);
  h.writeUInt16LE(w.name.length, 28);
  h.writeUInt32LE(w.offset, 42);
  return Buffer.concat([h, w.name]);
}

/** A zip of these entries; `overlapLast` points the last directory entry at the first entry's header. */
export function buildZip(entries: readonly ZipEntrySpec[], options: { overlapLast?: boolean } = {}): Buffer {
  const out: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const packed = e.raw ? e.raw.packed : e.stored ? data : deflateRawSync(data);
    const w: Written = {
      name: Buffer.from(e.name, 'utf8'),
      method: e.stored ? 0 : 8,
      flags: 0x800 | (e.dataDescriptor ? 0x08 : 0),
      crc: e.raw ? (e.raw.crc ?? 0) : crc32(data),
      packedSize: packed.length,
      size: e.raw ? e.raw.declaredSize : data.length,
      offset,
      hidden: e.hidden === true,
    };
    const parts = [localHeader(w, !e.dataDescriptor), packed];
    if (e.dataDescriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(w.crc, 4);
      d.writeUInt32LE(w.packedSize, 8);
      d.writeUInt32LE(w.size, 12);
      parts.push(d);
    }
    for (const p of parts) {
      out.push(p);
      offset += p.length;
    }
    written.push(w);
  }
  const listed = written.filter((w) => !w.hidden);
  if (options.overlapLast && listed.length > 1) {
    const last = listed[listed.length - 1] as Written;
    last.offset = (listed[0] as Written).offset;
  }
  const directoryOffset = offset;
  const directory = Buffer.concat(listed.map(directoryHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed.length, 8);
  end.writeUInt16LE(listed.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([...out, directory, end]);
}

/** `size` zero bytes deflated, fed a megabyte at a time (60 MB pack to about 60 KB; never 60 MB in memory). */
export async function deflatedZeros(size: number): Promise<Buffer> {
  const MB = 1024 * 1024;
  const zeros = Buffer.alloc(Math.min(size, MB));
  async function* source() {
    for (let left = size; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
  }
  const chunks: Buffer[] = [];
  await pipeline(source(), createDeflateRaw({ level: 9 }), async (packed: AsyncIterable<Buffer>) => {
    for await (const chunk of packed) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}
