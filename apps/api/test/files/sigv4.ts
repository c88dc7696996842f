import { createHash, createHmac } from 'node:crypto';

/**
 * An independent check of AWS Signature Version 4 over HTTP headers, for the requests the S3
 * store sends (the emulator accepts any signature). Written from AWS's specification and proven
 * against its published S3 examples in blob-store.test.ts.
 */

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 percent-encoding of everything but unreserved characters. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignedRequest {
  method: string;
  url: string;
  headers: Headers;
}

/** The Authorization header that `secretAccessKey` gives this request, with the scope and signed headers the request names. */
export function expectedAuthorization(request: SignedRequest, secretAccessKey: string): string {
  const auth = request.headers.get('authorization') ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=[0-9a-f]{64}$/.exec(
      auth,
    );
  if (!m) throw new Error(`not a SigV4 header: ${auth}`);
  const [, accessKeyId, day, region, service, signedHeaders] = m as unknown as [string, string, string, string, string, string];
  const url = new URL(request.url);
  const amzDate = request.headers.get('x-amz-date') ?? '';
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((h) => `${h}:${(h === 'host' ? url.host : (request.headers.get(h) ?? '')).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.headers.get('x-amz-content-sha256') ?? '',
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export { sha256 as sha256Hex };
