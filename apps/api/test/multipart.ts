import { randomBytes } from 'node:crypto';
import { TOKEN_HEADER } from '@andes/contract/common/envelope';
import type { FastifyInstance } from 'fastify';

/** One part of a test form: a text field, or a file (with the browser's claimed type). */
export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A `multipart/form-data` body as a browser sends it (the file name as raw UTF-8, like Chromium and Firefox). */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----andes${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`, 'utf8'));
    } else {
      const filename = part.filename.replace(/"/g, '%22');
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a form to `url` with the session token. */
export function postForm(app: FastifyInstance, url: string, parts: readonly FormPart[], token: string | null) {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': contentType, ...(token ? { [TOKEN_HEADER]: token } : {}) },
  });
}
