import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BATCH_RESULT_HEADERS, batchSummaryOf } from './batch.ts';
import { ATTACHMENT_MAX_BYTES, MULTIPART_MAX_FILES, UPLOADER_DEFAULT_MAX_FILES } from './constants.ts';
import { BinaryResponse, defineEndpoint, EmptyRequest, type EndpointDef } from './define-endpoint.ts';
import {
  acceptsContentType,
  acceptsFileName,
  attachmentFiles,
  BATCH_UPLOAD_FILES,
  megabytes,
  UPLOAD_MESSAGES,
  UploadedFilesResponse,
  XLSX_CONTENT_TYPE,
} from './uploads.ts';

const multipart = (overrides: Partial<EndpointDef> = {}) =>
  defineEndpoint({
    path: '/dashboard/x/file/upload',
    summary: 'x',
    permission: 'payment:payout:create',
    kind: 'multipart',
    files: attachmentFiles(),
    request: EmptyRequest,
    response: UploadedFilesResponse,
    ...overrides,
  } as EndpointDef);

describe('multipart endpoints', () => {
  it('carry their files; an attachment uploader takes 3 files of 10 MB by default (spec §5, §9)', () => {
    const e = multipart();
    expect(e.kind).toBe('multipart');
    expect(e.answersFile).toBe(false);
    expect(e.files).toMatchObject({
      field: 'files',
      maxFiles: UPLOADER_DEFAULT_MAX_FILES,
      maxFileBytes: ATTACHMENT_MAX_BYTES,
      required: true,
    });
  });

  it('answer a file when the response is BinaryResponse (the batch tool); binary calls always do', () => {
    expect(multipart({ files: BATCH_UPLOAD_FILES, response: BinaryResponse }).answersFile).toBe(true);
    const binary = defineEndpoint({
      path: '/dashboard/x/download',
      summary: 'x',
      permission: 'home',
      kind: 'binary',
      request: EmptyRequest,
      response: BinaryResponse,
    });
    expect([binary.answersFile, binary.files]).toEqual([true, null]);
  });

  it('are refused without files, with files out of bounds, or with a request that is not an object of fields', () => {
    expect(() => multipart({ files: undefined })).toThrow(/declares its files/);
    expect(() => multipart({ files: attachmentFiles({ maxFiles: 0 }) })).toThrow(/maxFiles/);
    expect(() => multipart({ files: attachmentFiles({ maxFiles: MULTIPART_MAX_FILES + 1 }) })).toThrow(/maxFiles/);
    expect(() => multipart({ files: attachmentFiles({ maxFileBytes: ATTACHMENT_MAX_BYTES + 1 }) })).toThrow(/maxFileBytes/);
    expect(() => multipart({ files: attachmentFiles({ field: '../x' }) })).toThrow(/plain name/);
    expect(() => multipart({ files: attachmentFiles({ extensions: ['xlsx'] }) })).toThrow(/extensions/);
    expect(() => multipart({ request: z.string() })).toThrow(/object of its text fields/);
  });

  it('are the only ones that take files', () => {
    expect(() =>
      defineEndpoint({
        path: '/dashboard/x/y',
        summary: 'x',
        permission: 'home',
        request: EmptyRequest,
        response: EmptyRequest,
        files: attachmentFiles(),
      }),
    ).toThrow(/only multipart endpoints take files/);
  });
});

describe('what an upload accepts', () => {
  it('compares the media type the server found, without its parameters', () => {
    const files = attachmentFiles();
    expect(acceptsContentType(files, 'text/plain; charset=utf-8')).toBe(true);
    expect(acceptsContentType(files, 'image/PNG')).toBe(true);
    expect(acceptsContentType(files, 'application/octet-stream')).toBe(false);
    expect(acceptsContentType(attachmentFiles({ accept: [] }), 'application/octet-stream')).toBe(true);
    expect(acceptsContentType(files, XLSX_CONTENT_TYPE)).toBe(true);
  });

  it('checks the extension in any letter case, with a name before it', () => {
    expect(acceptsFileName(BATCH_UPLOAD_FILES, 'Payouts.XLSX')).toBe(true);
    expect(acceptsFileName(BATCH_UPLOAD_FILES, '.xlsx')).toBe(false);
    expect(acceptsFileName(BATCH_UPLOAD_FILES, 'payouts.xls')).toBe(false);
    expect(acceptsFileName(attachmentFiles(), 'anything')).toBe(true);
  });

  it('names the file and the limit in its refusals', () => {
    expect(megabytes(ATTACHMENT_MAX_BYTES)).toBe('10 MB');
    expect(UPLOAD_MESSAGES.tooLarge('scan.pdf', ATTACHMENT_MAX_BYTES)).toBe(
      'scan.pdf is larger than 10 MB: a single file must not exceed 10 MB (10485760 bytes)',
    );
    expect(UPLOAD_MESSAGES.tooMany(1)).toBe('At most 1 file can be uploaded at once');
  });
});

describe('batch result headers', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null;

  it('give the counts', () => {
    expect(
      batchSummaryOf(headers({ [BATCH_RESULT_HEADERS.total]: '3', [BATCH_RESULT_HEADERS.ok]: '1', [BATCH_RESULT_HEADERS.failed]: '2' })),
    ).toEqual({
      total: 3,
      ok: 1,
      failed: 2,
    });
  });

  it('are null when one is missing or not a count', () => {
    expect(batchSummaryOf(headers({ [BATCH_RESULT_HEADERS.total]: '3', [BATCH_RESULT_HEADERS.ok]: '1' }))).toBeNull();
    expect(
      batchSummaryOf(headers({ [BATCH_RESULT_HEADERS.total]: '-1', [BATCH_RESULT_HEADERS.ok]: '1', [BATCH_RESULT_HEADERS.failed]: '0' })),
    ).toBeNull();
  });
});
