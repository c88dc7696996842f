/**
 * A batch file upload through the real route (`app.inject`): the form fields, then the file in the
 * field `file`, as the browser's uploader sends them. Used by the batch benches.
 */
import { randomBytes } from 'node:crypto';
import { TOKEN_HEADER } from '@andes/contract/common/envelope';
import type { FastifyInstance } from 'fastify';

export async function injectFile(
  app: FastifyInstance,
  path: string,
  token: string,
  fields: Record<string, string>,
  file: Buffer,
  fileName: string,
) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return app.inject({
    method: 'POST',
    url: path,
    payload: Buffer.concat(parts),
    headers: { [TOKEN_HEADER]: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
