import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  BATCH_TOOL_MAX_FILES,
  BATCH_UPLOAD_EXTENSION,
  BATCH_UPLOAD_FIELD,
  MULTIPART_MAX_FILES,
  UPLOADER_DEFAULT_MAX_FILES,
} from './constants.ts';
import { FILE_NAME_MAX_LENGTH, FileIdSchema, IMAGE_CONTENT_TYPES } from './files.ts';
import { ATTACHMENT_REQUIRED_MESSAGE } from './validators.ts';

/**
 * The files of a multipart call (docs/decisions/0021). An endpoint of `kind: 'multipart'` carries
 * one `UploadFiles`: the server enforces it while the request streams in, the web uploader checks
 * the same numbers before sending. The content type is the one the server determines from the
 * bytes (never the browser's claim), so `accept` lists such types.
 */
export interface UploadFiles {
  /** The form field that carries the files. */
  readonly field: string;
  /** Most files per request (1 to MULTIPART_MAX_FILES). */
  readonly maxFiles: number;
  /** Largest single file in bytes (at most ATTACHMENT_MAX_BYTES, the file store's limit). */
  readonly maxFileBytes: number;
  /** Content types (as determined from the bytes, without parameters) accepted; empty accepts any type. */
  readonly accept: readonly string[];
  /** File-name extensions accepted (lower case, with the dot); empty accepts any name. */
  readonly extensions: readonly string[];
  /** True when a request without a file is refused (spec §5 "required where stated"). */
  readonly required: boolean;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * What an attachment may be unless an endpoint narrows it: the previewable images of spec §3, PDF,
 * office documents (xlsx, docx), CSV and plain text. Anything the server cannot identify from its
 * bytes (`application/octet-stream`: executables, HTML renamed `.png`…) is refused.
 */
export const ATTACHMENT_CONTENT_TYPES: readonly string[] = [
  ...new Set(Object.values(IMAGE_CONTENT_TYPES)),
  PDF_CONTENT_TYPE,
  XLSX_CONTENT_TYPE,
  DOCX_CONTENT_TYPE,
  'text/csv',
  'text/plain',
];

/** The form field of attachment uploads. */
export const ATTACHMENT_UPLOAD_FIELD = 'files';

/** An attachment uploader's files: 3 files of at most 10 MB of the attachment types unless overridden (spec §5, §9). */
export function attachmentFiles(overrides: Partial<UploadFiles> = {}): UploadFiles {
  return {
    field: ATTACHMENT_UPLOAD_FIELD,
    maxFiles: UPLOADER_DEFAULT_MAX_FILES,
    maxFileBytes: ATTACHMENT_MAX_BYTES,
    accept: ATTACHMENT_CONTENT_TYPES,
    extensions: [],
    required: true,
    ...overrides,
  };
}

/**
 * The batch tool's file: one `.xlsx` in the form field `file` (spec §5, §7). Its bytes are checked
 * by the batch reader (a zip, safe to unpack, a workbook), which says which of these failed.
 */
export const BATCH_UPLOAD_FILES: UploadFiles = {
  field: BATCH_UPLOAD_FIELD,
  maxFiles: BATCH_TOOL_MAX_FILES,
  maxFileBytes: ATTACHMENT_MAX_BYTES,
  accept: [],
  extensions: [BATCH_UPLOAD_EXTENSION],
  required: true,
};

/** Throws when a declaration is out of bounds (defineEndpoint calls it). */
export function assertUploadFiles(path: string, files: UploadFiles): void {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(files.field)) throw new Error(`${path}: the file field must be a plain name`);
  if (!Number.isInteger(files.maxFiles) || files.maxFiles < 1 || files.maxFiles > MULTIPART_MAX_FILES) {
    throw new Error(`${path}: maxFiles must be 1 to ${MULTIPART_MAX_FILES}`);
  }
  if (!Number.isInteger(files.maxFileBytes) || files.maxFileBytes < 1 || files.maxFileBytes > ATTACHMENT_MAX_BYTES) {
    throw new Error(`${path}: maxFileBytes must be 1 to ${ATTACHMENT_MAX_BYTES} (the file store's limit)`);
  }
  if (files.extensions.some((e) => !/^\.[a-z0-9]{1,10}$/.test(e))) {
    throw new Error(`${path}: extensions are lower case and start with a dot`);
  }
}

/** The media type of a content type, without parameters, lower case (`text/csv; charset=utf-8` → `text/csv`). */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** True when the declaration accepts a file of this (server-determined) content type. */
export function acceptsContentType(files: UploadFiles, contentType: string): boolean {
  return files.accept.length === 0 || files.accept.includes(mediaTypeOf(contentType));
}

/** True when the declaration accepts a file of this name (its extension, any letter case). */
export function acceptsFileName(files: UploadFiles, name: string): boolean {
  const lower = name.toLowerCase();
  return files.extensions.length === 0 || files.extensions.some((e) => lower.length > e.length && lower.endsWith(e));
}

/** The size limit as people say it: `10 MB` for 10,485,760 bytes (MiB, as spec §5 counts). */
export function megabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Refusals of an upload; each names the file and the limit. */
export const UPLOAD_MESSAGES = {
  tooLarge: (name: string, maxBytes: number) =>
    `${name} is larger than ${megabytes(maxBytes)}: a single file must not exceed ${megabytes(maxBytes)} (${maxBytes} bytes)`,
  tooMany: (maxFiles: number) => `At most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} can be uploaded at once`,
  empty: (name: string) => `${name} is empty`,
  wrongType: (name: string) => `${name} is not a file of an accepted type (its content was checked, not its name)`,
  wrongExtension: (name: string, extensions: readonly string[]) => `${name}: only ${extensions.join(', ')} files can be uploaded`,
  required: ATTACHMENT_REQUIRED_MESSAGE,
  notMultipart: 'This call takes a form upload (multipart/form-data)',
  unexpectedFileField: (field: string, expected: string) => `Files go in the form field "${expected}", not "${field}"`,
  fieldTooLong: (field: string, maxBytes: number) => `${field}: the value is longer than ${maxBytes} bytes`,
  tooManyFields: (max: number) => `At most ${max} form fields can be sent`,
  malformed: 'The form upload is malformed or was cut off; please upload again',
} as const;

/** A file the server stored from an upload (what an upload call answers and later calls refer to). */
export const UploadedFile = z.object({
  fileId: FileIdSchema,
  name: z.string().max(FILE_NAME_MAX_LENGTH),
  size: z.number().int().min(0),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** The data of an upload call: the files stored, in the order they were sent. */
export const UploadedFilesResponse = z.object({ files: z.array(UploadedFile) });
export type UploadedFilesResponse = z.infer<typeof UploadedFilesResponse>;
