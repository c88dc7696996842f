import { MULTIPART_FIELD_MAX_BYTES, MULTIPART_MAX_FIELDS } from '@andes/contract/common/constants';
import { acceptsContentType, acceptsFileName, UPLOAD_MESSAGES, type UploadFiles } from '@andes/contract/common/uploads';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sniffContentType } from '../modules/files/content-type.ts';
import { cleanFileName } from '../modules/files/files.service.ts';
import { type AppError, CommonErrors, isAppError } from './errors.ts';

/**
 * Reading a multipart request of a contract endpoint (docs/decisions/0021). The limits of the
 * endpoint's `files` are busboy's own, so they hold while the request streams in: a file over the
 * limit is cut at the limit and refused as soon as it is, more files than allowed are refused
 * when the next one starts, and nothing of the request reaches a handler (or the file store)
 * unless all of it is acceptable. File names are cleaned (never a path: keys are the server's),
 * and each file's content type is determined from its bytes.
 */

/** One uploaded file, read whole and checked. */
export interface UploadedPart {
  /** The cleaned file name (no path separators or control characters, at most 255 characters). */
  name: string;
  content: Buffer;
  size: number;
  /** From the bytes and the name (modules/files/content-type.ts); the browser's claim is ignored. */
  contentType: string;
}

export interface MultipartForm {
  /** Text fields: one value per name, or an array when a name repeats. */
  fields: Record<string, unknown>;
  files: UploadedPart[];
}

/** Options of @fastify/multipart for an endpoint: busboy's limits from its `files`. */
export function multipartOptions(files: UploadFiles): FastifyMultipartBaseOptions {
  return {
    // A name like `../x` is kept whole and cleaned by cleanFileName (`.._x`), as the ingestion API does.
    preservePath: true,
    // Over-size files are refused here with their name (busboy marks them truncated).
    throwFileSizeLimit: false,
    limits: {
      fileSize: files.maxFileBytes,
      files: files.maxFiles,
      fields: MULTIPART_MAX_FIELDS,
      fieldSize: MULTIPART_FIELD_MAX_BYTES,
      fieldNameSize: 100,
      parts: files.maxFiles + MULTIPART_MAX_FIELDS,
      headerPairs: 20,
    },
  };
}

const refuse = (message: string, path = 'file'): AppError => CommonErrors.validation([{ path, message }]);

/** @fastify/multipart's and busboy's errors as the envelope's validation error. */
function asValidation(error: unknown, files: UploadFiles): AppError | null {
  if (isAppError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return refuse(UPLOAD_MESSAGES.tooMany(files.maxFiles), files.field);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return refuse(UPLOAD_MESSAGES.tooManyFields(MULTIPART_MAX_FIELDS), '');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse(UPLOAD_MESSAGES.malformed, '');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refuse(UPLOAD_MESSAGES.notMultipart, '');
    default:
  }
  // busboy: "Unexpected end of multipart data", "Malformed part header", "Multipart: Boundary not found"…
  const message = error instanceof Error ? error.message : '';
  if (code === 'FST_PREMATURE_CLOSE' || /multipart|boundary|part header|terminated early|Unexpected end/i.test(message)) {
    return refuse(UPLOAD_MESSAGES.malformed, '');
  }
  return null;
}

/** Appends a text field's value under its name (an array once the name repeats). */
function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else if (Array.isArray(previous)) previous.push(value);
  else fields[name] = [previous, value];
}

/**
 * Reads the whole form: text fields, and the files of `files.field`, each checked against the
 * declaration (size while streaming, then non-empty, name, type from the bytes). Throws the
 * envelope's validation error (200001) naming the file and the limit; a request without the
 * multipart content type is refused the same way.
 */
export async function readMultipartForm(request: FastifyRequest, files: UploadFiles, signal: AbortSignal): Promise<MultipartForm> {
  if (!request.isMultipart()) throw refuse(UPLOAD_MESSAGES.notMultipart, '');
  const fields: Record<string, unknown> = Object.create(null);
  const out: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      signal.throwIfAborted();
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw refuse(UPLOAD_MESSAGES.fieldTooLong(part.fieldname, MULTIPART_FIELD_MAX_BYTES), part.fieldname);
        }
        addField(fields, part.fieldname, part.value);
        continue;
      }
      const name = cleanFileName(part.filename ?? '');
      if (part.fieldname !== files.field) {
        part.file.resume();
        throw refuse(UPLOAD_MESSAGES.unexpectedFileField(part.fieldname, files.field), part.fieldname);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let overLimit = false;
      part.file.once('limit', () => {
        overLimit = true;
      });
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (overLimit) break;
        chunks.push(chunk);
        size += chunk.length;
      }
      // Refused as soon as the limit is passed: the rest of the file is neither read nor kept.
      if (overLimit || part.file.truncated) throw refuse(UPLOAD_MESSAGES.tooLarge(name, files.maxFileBytes), files.field);
      // A form's empty file input sends a part without a name or bytes: no file.
      if (size === 0 && (part.filename ?? '') === '') continue;
      if (size === 0) throw refuse(UPLOAD_MESSAGES.empty(name), files.field);
      if (!acceptsFileName(files, name)) throw refuse(UPLOAD_MESSAGES.wrongExtension(name, files.extensions), files.field);
      const content = Buffer.concat(chunks, size);
      const contentType = sniffContentType(name, content);
      if (!acceptsContentType(files, contentType)) throw refuse(UPLOAD_MESSAGES.wrongType(name), files.field);
      out.push({ name, content, size, contentType });
    }
  } catch (error) {
    const refusal = asValidation(error, files);
    if (refusal) throw refusal;
    throw error;
  }
  if (files.required && out.length === 0) throw refuse(UPLOAD_MESSAGES.required, files.field);
  return { fields: { ...fields }, files: out };
}
