import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config.ts';
import { assertBlobKey, assertBlobPrefix, isBlobKey } from './blob-key.ts';
import { type BlobListing, type BlobPutOptions, type BlobPutResult, type BlobStore, type BlobStoreLog, chunkBytes } from './blob-store.ts';

/** S3's smallest part of a multipart upload (all parts but the last). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
const EMPTY_SHA256 = createHash('sha256').digest('hex');

export interface S3BlobStoreOptions {
  /** Part size of multipart uploads (default 8 MiB, at least 5 MiB). */
  partBytes?: number;
  /** Time allowed for one request until its answer's headers (and for small answers, its body); default 60 s. */
  requestTimeoutMs?: number;
  /** Retries of a request answered 5xx or 429 (aws4fetch, exponential backoff); default 3. */
  retries?: number;
  log?: BlobStoreLog;
}

/** A refusal or failure answered by the object store: method, key, HTTP status and S3's error code (never a credential). */
export class S3RequestError extends Error {
  override name = 'S3RequestError';
  constructor(
    readonly operation: string,
    readonly key: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} ${key || '(bucket)'}: HTTP ${status}${code ? ` ${code}` : ''}`);
  }
}

/** The text of the first `<tag>` in an S3 XML answer, entities decoded; null when absent. */
function xmlText(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m?.[1] === undefined ? null : decodeXml(m[1]);
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? '';
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Cuts a stream into parts of exactly `size` bytes (the last one shorter, never empty), holding at
 * most one part in memory.
 */
async function* partsOf(source: AsyncIterable<unknown>, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    let bytes = chunkBytes(chunk);
    while (length + bytes.byteLength >= size) {
      const take = size - length;
      chunks.push(bytes.subarray(0, take));
      yield Buffer.concat(chunks, size);
      bytes = bytes.subarray(take);
      chunks = [];
      length = 0;
    }
    if (bytes.byteLength > 0) {
      chunks.push(bytes);
      length += bytes.byteLength;
    }
  }
  if (length > 0) yield Buffer.concat(chunks, length);
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph RGW, Backblaze B2…), spoken
 * over fetch with SigV4 signatures from aws4fetch; keys are used as they are (their alphabet needs
 * no escaping). A buffer is one PutObject; a stream is cut into parts: one part in all is a
 * PutObject too, more become a multipart upload that is completed after the last part and aborted
 * when anything fails, so the key shows the whole object or nothing. Every upload carries its
 * SHA-256 (`x-amz-content-sha256`), which the service checks.
 *
 * Parts of an upload whose process was killed are invisible (never listed, never under the key)
 * but take space until the bucket's lifecycle rule `AbortIncompleteMultipartUpload` removes them:
 * configure one (e.g. after 1 day). `sweepIncomplete` does nothing here.
 */
export class S3BlobStore implements BlobStore {
  readonly description: string;
  readonly #client: AwsClient;
  /** `https://host[/path]/bucket` (path style) or `https://bucket.host[/path]`, no trailing slash. */
  readonly #bucketUrl: string;
  readonly #partBytes: number;
  readonly #timeoutMs: number;
  readonly #log: BlobStoreLog | undefined;

  constructor(settings: S3Config, options: S3BlobStoreOptions = {}) {
    const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.#bucketUrl = settings.forcePathStyle
      ? `${endpoint.protocol}//${endpoint.host}${path}/${settings.bucket}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}`;
    this.#client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: options.retries ?? 3,
      initRetryMs: 200,
    });
    this.#partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
    if (this.#partBytes < S3_MIN_PART_BYTES) throw new RangeError(`S3 parts must be at least ${S3_MIN_PART_BYTES} bytes`);
    this.#timeoutMs = options.requestTimeoutMs ?? 60_000;
    this.#log = options.log;
    this.description = `S3 bucket ${settings.bucket} at ${endpoint.host}${path}`;
  }

  /**
   * One signed request. The timeout covers the answer's headers and, unless `stream` is set, the
   * reading of its body by `read`.
   */
  async #request<T>(
    operation: string,
    key: string,
    url: string,
    init: { method: string; headers?: Record<string, string>; body?: Uint8Array },
    read: (res: Response) => Promise<T>,
    options: { stream?: boolean } = {},
  ): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new Error(`S3 ${operation} ${key}: no answer within ${this.#timeoutMs} ms`)),
      this.#timeoutMs,
    );
    try {
      const res = await this.#client.fetch(url, { ...init, signal: abort.signal } as RequestInit);
      if (options.stream) clearTimeout(timer);
      return await read(res);
    } finally {
      clearTimeout(timer);
    }
  }

  async #fail(operation: string, key: string, res: Response): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new S3RequestError(operation, key, res.status, xmlText(text, 'Code'));
  }

  #objectUrl(key: string, query = ''): string {
    return `${this.#bucketUrl}/${key}${query ? `?${query}` : ''}`;
  }

  async put(key: string, body: Uint8Array | Readable, options: BlobPutOptions = {}): Promise<BlobPutResult> {
    assertBlobKey(key);
    if (body instanceof Uint8Array) {
      const hash = sha256(body);
      await this.#putObject(key, body, hash, options.contentType);
      return { size: body.byteLength, sha256: hash };
    }
    const parts = partsOf(body, this.#partBytes);
    try {
      const first = await parts.next();
      if (first.done) {
        await this.#putObject(key, new Uint8Array(0), EMPTY_SHA256, options.contentType);
        return { size: 0, sha256: EMPTY_SHA256 };
      }
      const second = await parts.next();
      if (second.done) {
        const hash = sha256(first.value);
        await this.#putObject(key, first.value, hash, options.contentType);
        return { size: first.value.byteLength, sha256: hash };
      }
      return await this.#multipart(key, first.value, second.value, parts, options.contentType);
    } finally {
      await parts.return(undefined);
    }
  }

  async #putObject(key: string, bytes: Uint8Array, hash: string, contentType: string | undefined): Promise<void> {
    const headers: Record<string, string> = { 'x-amz-content-sha256': hash };
    if (contentType) headers['content-type'] = contentType;
    await this.#request('PUT', key, this.#objectUrl(key), { method: 'PUT', headers, body: bytes }, async (res) => {
      if (!res.ok) await this.#fail('PUT', key, res);
      await res.body?.cancel();
    });
  }

  async #multipart(
    key: string,
    first: Buffer,
    second: Buffer,
    rest: AsyncGenerator<Buffer>,
    contentType: string | undefined,
  ): Promise<BlobPutResult> {
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const uploadId = await this.#request(
      'CreateMultipartUpload',
      key,
      this.#objectUrl(key, 'uploads'),
      { method: 'POST', headers },
      async (res) => {
        if (!res.ok) await this.#fail('CreateMultipartUpload', key, res);
        const id = xmlText(await res.text(), 'UploadId');
        if (!id) throw new S3RequestError('CreateMultipartUpload', key, res.status, 'NoUploadId');
        return id;
      },
    );
    const whole = createHash('sha256');
    let size = 0;
    const etags: string[] = [];
    const upload = async (part: Buffer) => {
      whole.update(part);
      size += part.byteLength;
      const number = etags.length + 1;
      const query = `partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`;
      const init = { method: 'PUT', headers: { 'x-amz-content-sha256': sha256(part) }, body: part };
      const etag = await this.#request('UploadPart', key, this.#objectUrl(key, query), init, async (res) => {
        if (!res.ok) await this.#fail('UploadPart', key, res);
        await res.body?.cancel();
        return res.headers.get('etag');
      });
      if (!etag) throw new S3RequestError('UploadPart', key, 200, 'NoETag');
      etags.push(etag);
    };
    try {
      await upload(first);
      await upload(second);
      for await (const part of rest) await upload(part);
      const xml = `<CompleteMultipartUpload>${etags
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
        .join('')}</CompleteMultipartUpload>`;
      const body = Buffer.from(xml, 'utf8');
      const query = `uploadId=${encodeURIComponent(uploadId)}`;
      const init = { method: 'POST', headers: { 'content-type': 'application/xml', 'x-amz-content-sha256': sha256(body) }, body };
      await this.#request('CompleteMultipartUpload', key, this.#objectUrl(key, query), init, async (res) => {
        if (!res.ok) await this.#fail('CompleteMultipartUpload', key, res);
        // S3 may answer 200 and report the failure in the body.
        const text = await res.text();
        if (/<Error>/.test(text)) throw new S3RequestError('CompleteMultipartUpload', key, res.status, xmlText(text, 'Code'));
      });
    } catch (err) {
      await this.#abort(key, uploadId);
      throw err;
    }
    return { size, sha256: whole.digest('hex') };
  }

  async #abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.#request(
        'AbortMultipartUpload',
        key,
        this.#objectUrl(key, `uploadId=${encodeURIComponent(uploadId)}`),
        { method: 'DELETE' },
        async (res) => {
          if (!res.ok && res.status !== 404) await this.#fail('AbortMultipartUpload', key, res);
          await res.body?.cancel();
        },
      );
    } catch (err) {
      // The parts stay invisible; the bucket's lifecycle rule removes them.
      this.#log?.warn({ err, key }, 'could not abort an S3 multipart upload');
    }
  }

  async get(key: string): Promise<Readable | null> {
    assertBlobKey(key);
    return this.#request(
      'GET',
      key,
      this.#objectUrl(key),
      { method: 'GET' },
      async (res) => {
        if (res.status === 404) {
          await res.body?.cancel();
          return null;
        }
        if (!res.ok) await this.#fail('GET', key, res);
        if (!res.body) return Readable.from([]);
        return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
      },
      { stream: true },
    );
  }

  async getBytes(key: string): Promise<Buffer | null> {
    assertBlobKey(key);
    return this.#request('GET', key, this.#objectUrl(key), { method: 'GET' }, async (res) => {
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await this.#fail('GET', key, res);
      return Buffer.from(await res.arrayBuffer());
    });
  }

  async head(key: string): Promise<number | null> {
    assertBlobKey(key);
    return this.#request('HEAD', key, this.#objectUrl(key), { method: 'HEAD' }, async (res) => {
      await res.body?.cancel();
      if (res.status === 404) return null;
      if (!res.ok) throw new S3RequestError('HEAD', key, res.status, null);
      return Number(res.headers.get('content-length') ?? 0);
    });
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.#request('DELETE', key, this.#objectUrl(key), { method: 'DELETE' }, async (res) => {
      if (!res.ok && res.status !== 404) await this.#fail('DELETE', key, res);
      await res.body?.cancel();
    });
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertBlobPrefix(prefix);
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token !== null) query.set('continuation-token', token);
      const page: { text: string } = await this.#request(
        'ListObjectsV2',
        prefix,
        `${this.#bucketUrl}/?${query}`,
        { method: 'GET' },
        async (res) => {
          if (!res.ok) await this.#fail('ListObjectsV2', prefix, res);
          return { text: await res.text() };
        },
      );
      for (const [, block] of page.text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlText(block ?? '', 'Key');
        // Objects the bucket holds under other names (not made by Andes) are not ours to sweep.
        if (key === null || !isBlobKey(key) || !key.startsWith(prefix)) continue;
        yield { key, size: Number(xmlText(block ?? '', 'Size') ?? 0), lastModified: new Date(xmlText(block ?? '', 'LastModified') ?? 0) };
      }
      token = xmlText(page.text, 'IsTruncated') === 'true' ? xmlText(page.text, 'NextContinuationToken') : null;
    } while (token !== null);
  }

  async sweepIncomplete(_olderThan: Date): Promise<number> {
    return 0;
  }
}
