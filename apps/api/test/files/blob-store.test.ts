import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { InvalidBlobKeyError } from '../../src/modules/files/blob-key.ts';
import type { BlobListing, BlobStore } from '../../src/modules/files/blob-store.ts';
import { LocalDiskBlobStore } from '../../src/modules/files/local-disk-blob-store.ts';
import { S3_MIN_PART_BYTES, S3BlobStore } from '../../src/modules/files/s3-blob-store.ts';
import { type S3Emulator, startS3Emulator } from './s3-emulator.ts';
import { expectedAuthorization, sha256Hex } from './sigv4.ts';

/**
 * One behavioural suite for both blob stores (docs/decisions/0019): local disk in a temporary
 * folder, and S3 against an emulator (s3rver) this file starts on a free port. No database.
 */

interface Harness {
  store: BlobStore;
  /** Arguments of fixtures/killed-put.ts for this store. */
  childArgs: string[];
  /** Files the store or its service keeps on disk (local root, emulator folder). */
  folder: string;
  close(): Promise<void>;
}

const KINDS: { name: string; open: () => Promise<Harness> }[] = [
  {
    name: 'local disk',
    open: async () => {
      const folder = await mkdtemp(join(tmpdir(), 'andes-blob-test-'));
      return {
        store: new LocalDiskBlobStore(folder),
        childArgs: ['local', folder],
        folder,
        close: () => rm(folder, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const emulator: S3Emulator = await startS3Emulator();
      return {
        store: new S3BlobStore(emulator.settings, { partBytes: S3_MIN_PART_BYTES }),
        childArgs: ['s3', JSON.stringify(emulator.settings)],
        folder: emulator.directory,
        close: () => emulator.close(),
      };
    },
  },
];

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function listed(store: BlobStore, prefix: string): Promise<BlobListing[]> {
  const out: BlobListing[] = [];
  for await (const b of store.list(prefix)) out.push(b);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** `bytes` served in `chunk`-sized pieces; with `failAfter`, the stream errors once that many bytes were read. */
function chunked(bytes: Buffer, chunk: number, failAfter?: number): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && at >= failAfter) {
        this.destroy(new Error('the upstream connection was reset'));
        return;
      }
      if (at >= bytes.byteLength) {
        this.push(null);
        return;
      }
      this.push(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
}

/** Every file under a folder, hidden ones included. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe.each(KINDS)('blob store: $name', ({ name, open }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => h?.close());

  test('round trip: put answers size and SHA-256; get, getBytes and head read it back; a second put replaces it', async () => {
    const body = Buffer.from('%PDF-1.4 receipt of TED 123\n');
    const put = await h.store.put('attachments/7/f_roundtrip', body, { contentType: 'application/pdf' });
    expect(put).toEqual({ size: body.byteLength, sha256: sha256(body) });
    expect(await h.store.head('attachments/7/f_roundtrip')).toBe(body.byteLength);
    expect(await h.store.getBytes('attachments/7/f_roundtrip')).toEqual(body);
    const stream = await h.store.get('attachments/7/f_roundtrip');
    expect(stream).not.toBeNull();
    expect(await readAll(stream as Readable)).toEqual(body);

    const other = Buffer.from('second version');
    await h.store.put('attachments/7/f_roundtrip', other);
    expect(await h.store.getBytes('attachments/7/f_roundtrip')).toEqual(other);
    expect(await h.store.head('attachments/7/f_roundtrip')).toBe(other.byteLength);
  });

  test('an empty object, and a key with dots, underscores and an extension', async () => {
    expect(await h.store.put('reports/7/t_1.empty.csv', new Uint8Array(0))).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await h.store.head('reports/7/t_1.empty.csv')).toBe(0);
    expect(await h.store.getBytes('reports/7/t_1.empty.csv')).toEqual(Buffer.alloc(0));
    expect(await h.store.put('reports/7/t_2.csv', Readable.from([]))).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await h.store.head('reports/7/t_2.csv')).toBe(0);
  });

  test('missing objects: get, getBytes and head answer null; delete removes, and deleting again is no error', async () => {
    expect(await h.store.get('attachments/7/f_missing')).toBeNull();
    expect(await h.store.getBytes('attachments/7/f_missing')).toBeNull();
    expect(await h.store.head('attachments/7/f_missing')).toBeNull();
    // A "folder" of keys is no object.
    expect(await h.store.head('attachments/7')).toBeNull();
    expect(await h.store.getBytes('attachments/7')).toBeNull();

    await h.store.put('attachments/7/f_gone', Buffer.from('x'));
    await h.store.delete('attachments/7/f_gone');
    expect(await h.store.head('attachments/7/f_gone')).toBeNull();
    await h.store.delete('attachments/7/f_gone');
    await h.store.delete('attachments/7/f_never_there');
  });

  test('a stream of a few MB in small chunks is stored whole (S3: a multipart upload of 5 MiB parts)', async () => {
    const big = randomBytes(12 * MiB + 12_345);
    const put = await h.store.put('reports/9/t_big.xlsx', chunked(big, 64 * 1024), { contentType: 'application/octet-stream' });
    expect(put).toEqual({ size: big.byteLength, sha256: sha256(big) });
    expect(await h.store.head('reports/9/t_big.xlsx')).toBe(big.byteLength);
    const back = await readAll((await h.store.get('reports/9/t_big.xlsx')) as Readable);
    expect(sha256(back)).toBe(sha256(big));
    // Exactly one part's worth, and a stream shorter than one part.
    const exact = randomBytes(S3_MIN_PART_BYTES);
    expect((await h.store.put('reports/9/t_exact.csv', chunked(exact, 100_000))).sha256).toBe(sha256(exact));
    expect(sha256((await h.store.getBytes('reports/9/t_exact.csv')) as Buffer)).toBe(sha256(exact));
    const small = randomBytes(300_000);
    expect((await h.store.put('reports/9/t_small.csv', chunked(small, 7_000))).size).toBe(small.byteLength);
    expect(await h.store.getBytes('reports/9/t_small.csv')).toEqual(small);
  });

  test('a stream that fails midway leaves nothing under the key, and nothing half-written listed', async () => {
    const bytes = randomBytes(13 * MiB);
    // Before the first part is full, and after two parts were uploaded (S3: the upload is aborted).
    for (const failAfter of [200_000, 11 * MiB]) {
      const key = `reports/11/t_fail_${failAfter}.csv`;
      await expect(h.store.put(key, chunked(bytes, 256 * 1024, failAfter))).rejects.toThrow('the upstream connection was reset');
      expect(await h.store.head(key)).toBeNull();
      expect(await h.store.get(key)).toBeNull();
    }
    expect(await listed(h.store, 'reports/11/')).toEqual([]);
    expect(await listed(h.store, '')).not.toContainEqual(expect.objectContaining({ key: expect.stringMatching(/tmp|fail/) }));

    // A failed put over an existing object leaves the old one whole.
    const key = 'reports/11/t_kept.csv';
    await h.store.put(key, Buffer.from('the complete first version'));
    await expect(h.store.put(key, chunked(bytes, 256 * 1024, 6 * MiB))).rejects.toThrow('reset');
    expect((await h.store.getBytes(key))?.toString()).toBe('the complete first version');
    if (name === 'local disk') expect((await filesUnder(h.folder)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  test('a process killed in the middle of a put leaves nothing under the key', async () => {
    const key = 'reports/12/t_killed.xlsx';
    // S3: two 5 MiB parts are held, then uploaded; past 12 MiB the upload is open with parts in it.
    const killAt = name === 'local disk' ? 3 * MiB : 12 * MiB;
    const fixture = join(import.meta.dirname, 'fixtures', 'killed-put.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...h.childArgs, key], {
      // tsx is resolved from the repository root.
      cwd: join(import.meta.dirname, '..', '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const last = [...out.matchAll(/bytes (\d+)/g)].at(-1);
        if (last && Number(last[1]) >= killAt) resolve();
      });
      child.on('exit', () => reject(new Error(`the writer ended before it was killed: ${out.slice(-200)} ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await h.store.head(key)).toBeNull();
    expect(await h.store.get(key)).toBeNull();
    expect(await listed(h.store, 'reports/12/')).toEqual([]);
    const leftovers = (await filesUnder(h.folder)).filter((f) => (name === 'local disk' ? f.includes('.tmp-') : f.includes('uploads')));
    // The write was really under way: a temporary file (local disk) or an open multipart upload's parts (S3).
    expect(leftovers.length).toBeGreaterThan(0);
    if (name === 'local disk') {
      expect(await h.store.sweepIncomplete(new Date(Date.now() - 60_000))).toBe(0);
      expect(await h.store.sweepIncomplete(new Date(Date.now() + 60_000))).toBe(leftovers.length);
      expect((await filesUnder(h.folder)).filter((f) => f.includes('.tmp-'))).toEqual([]);
    }
  });

  test('list: the keys under a prefix with size and last-modified time, across pages and folders', async () => {
    await h.store.put('attachments/21/f_a', Buffer.from('a'));
    await h.store.put('attachments/21/f_b', Buffer.from('bb'));
    await h.store.put('attachments/215/f_c', Buffer.from('ccc'));
    await h.store.put('attachments/3/f_d', Buffer.from('dddd'));
    const before = Date.now();
    const under21 = await listed(h.store, 'attachments/21/');
    expect(under21.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'attachments/21/f_a', size: 1 },
      { key: 'attachments/21/f_b', size: 2 },
    ]);
    for (const b of under21) {
      expect(b.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(b.lastModified.getTime() - before)).toBeLessThan(5 * 60_000);
    }
    // A prefix ending inside a segment, as S3 does it.
    expect((await listed(h.store, 'attachments/21')).map((b) => b.key)).toEqual([
      'attachments/21/f_a',
      'attachments/21/f_b',
      'attachments/215/f_c',
    ]);
    expect((await listed(h.store, 'attachments/')).map((b) => b.key)).toEqual(
      expect.arrayContaining(['attachments/21/f_a', 'attachments/215/f_c', 'attachments/3/f_d']),
    );
    expect(await listed(h.store, 'nothing-here/')).toEqual([]);
  });

  test('keys are checked by the store: no way out of its root, no hidden names, nothing empty', async () => {
    const bad = [
      '',
      '../x',
      'a/../b',
      'a/..',
      '..',
      '/abs',
      '/etc/passwd',
      'a//b',
      'a/',
      './a',
      '.hidden',
      'a/.tmp-123',
      'a\\b',
      'a b',
      'ação',
      'a\u0000b',
      'a?b',
      'a%2F..',
      `${'a/'.repeat(10)}b`,
      'x'.repeat(201),
    ];
    for (const key of bad) {
      await expect(h.store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.getBytes(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.head(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    for (const prefix of ['../', '/', '/abs', 'a/../', 'a//', '.tmp-']) {
      await expect(listed(h.store, prefix), prefix).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
  });
});

describe('local disk store', () => {
  let folder: string;
  let store: LocalDiskBlobStore;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'andes-blob-local-'));
    store = new LocalDiskBlobStore(join(folder, 'files'));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  test('nothing is created before the first write; files are 0600 under the root, one folder per key segment', async () => {
    expect(await readdir(folder)).toEqual([]);
    expect(await listed(store, '')).toEqual([]);
    expect(await store.sweepIncomplete(new Date())).toBe(0);
    await store.put('attachments/1/f_x', Buffer.from('x'));
    const files = await filesUnder(folder);
    expect(files).toEqual([join(folder, 'files', 'attachments', '1', 'f_x')]);
    const { stat } = await import('node:fs/promises');
    expect((await stat(files[0] as string)).mode & 0o777).toBe(0o600);
  });

  test('temporary files of interrupted writes are never listed nor read, and are swept once old', async () => {
    const temp = join(folder, 'files', 'attachments', '1', '.tmp-0123456789abcdef');
    await writeFile(temp, 'half of a file');
    expect((await listed(store, '')).map((b) => b.key)).toEqual(['attachments/1/f_x']);
    const old = new Date(Date.now() - 2 * 3_600_000);
    expect(await store.sweepIncomplete(new Date(Date.now() - 3_600_000))).toBe(0);
    await utimes(temp, old, old);
    expect(await store.sweepIncomplete(new Date(Date.now() - 3_600_000))).toBe(1);
    expect(await filesUnder(folder)).toEqual([join(folder, 'files', 'attachments', '1', 'f_x')]);
  });
});

describe('S3 requests are signed as AWS specifies (the emulator accepts any signature, so this test checks them)', () => {
  const AWS_KEY = { id: 'AKIAIOSFODNN7EXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
  const EMPTY = sha256Hex('');
  const signed = (method: string, url: string, headers: Record<string, string>, signedHeaders: string, signature: string) => ({
    method,
    url,
    headers: new Headers({
      ...headers,
      'x-amz-date': '20130524T000000Z',
      authorization: `AWS4-HMAC-SHA256 Credential=${AWS_KEY.id}/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    }),
  });

  test('the checker reproduces the signatures of AWS’s published S3 examples', () => {
    const examples = [
      signed(
        'GET',
        'https://examplebucket.s3.amazonaws.com/test.txt',
        { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY },
        'host;range;x-amz-content-sha256;x-amz-date',
        'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      ),
      signed(
        'PUT',
        'https://examplebucket.s3.amazonaws.com/test$file.text',
        {
          date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': sha256Hex('Welcome to Amazon S3.'),
        },
        'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
        '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
      ),
      signed(
        'GET',
        'https://examplebucket.s3.amazonaws.com/?lifecycle',
        { 'x-amz-content-sha256': EMPTY },
        'host;x-amz-content-sha256;x-amz-date',
        'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
      ),
      signed(
        'GET',
        'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J',
        { 'x-amz-content-sha256': EMPTY },
        'host;x-amz-content-sha256;x-amz-date',
        '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
      ),
    ];
    for (const request of examples) {
      expect(expectedAuthorization(request, AWS_KEY.secret)).toBe(request.headers.get('authorization'));
      expect(expectedAuthorization(request, `${AWS_KEY.secret}x`)).not.toBe(request.headers.get('authorization'));
    }
  });

  test('every request of the store carries a valid signature of its key, region and service, and uploads their SHA-256', async () => {
    const emulator = await startS3Emulator();
    const settings = { ...emulator.settings, region: 'eu-central-1', secretAccessKey: 'a-secret-the-emulator-ignores' };
    const original = globalThis.fetch;
    const seen: string[] = [];
    const problems: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input as string, init);
      const what = `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`;
      seen.push(what);
      const auth = request.headers.get('authorization') ?? '';
      if (!auth.includes('/eu-central-1/s3/aws4_request')) problems.push(`${what}: scope of ${auth}`);
      if (expectedAuthorization(request, settings.secretAccessKey) !== auth) problems.push(`${what}: signature`);
      const body = new Uint8Array(await request.clone().arrayBuffer());
      const declared = request.headers.get('x-amz-content-sha256');
      if (body.byteLength > 0 && declared !== sha256Hex(body)) problems.push(`${what}: payload hash ${declared}`);
      return original(request);
    });
    try {
      const store = new S3BlobStore(settings, { partBytes: S3_MIN_PART_BYTES });
      await store.put('attachments/5/f_signed', Buffer.from('signed bytes'), { contentType: 'text/plain' });
      await store.put('reports/5/t_signed.csv', chunked(randomBytes(11 * MiB), 512 * 1024));
      expect(await store.head('attachments/5/f_signed')).toBe(12);
      expect((await store.getBytes('attachments/5/f_signed'))?.toString()).toBe('signed bytes');
      await readAll((await store.get('reports/5/t_signed.csv')) as Readable);
      expect((await listed(store, 'attachments/')).map((b) => b.key)).toEqual(['attachments/5/f_signed']);
      await store.delete('attachments/5/f_signed');
    } finally {
      spy.mockRestore();
      await emulator.close();
    }
    expect(problems).toEqual([]);
    expect(seen.map((w) => w.replace(/uploadId=[0-9a-f]+/, 'uploadId=…'))).toEqual([
      'PUT /andes-test/attachments/5/f_signed',
      'POST /andes-test/reports/5/t_signed.csv?uploads',
      'PUT /andes-test/reports/5/t_signed.csv?partNumber=1&uploadId=…',
      'PUT /andes-test/reports/5/t_signed.csv?partNumber=2&uploadId=…',
      'PUT /andes-test/reports/5/t_signed.csv?partNumber=3&uploadId=…',
      'POST /andes-test/reports/5/t_signed.csv?uploadId=…',
      'HEAD /andes-test/attachments/5/f_signed',
      'GET /andes-test/attachments/5/f_signed',
      'GET /andes-test/reports/5/t_signed.csv',
      'GET /andes-test/?list-type=2&prefix=attachments%2F',
      'DELETE /andes-test/attachments/5/f_signed',
    ]);
  });
});
