import { BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { defineEndpoint, EmptyRequest, EmptyResponse } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { optionalText } from '@andes/contract/common/fields';
import { attachmentFiles, UploadedFilesResponse } from '@andes/contract/common/uploads';
import { testBatchUpload as batch } from '@andes/contract/testing/batch-endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelope as fetchEnvelope, mockFetch } from '../../test/fetch-mock.ts';
import { formEntries, mockXhr } from '../../test/xhr-mock.ts';
import { setNavigator } from '../navigation/navigator.ts';
import { useAppStore } from '../store/app-store.ts';
import { type BinaryFile, upload, uploadForm } from './client.ts';
import { ApiError, RequestError } from './errors.ts';
import { setNotifier } from './notifier.ts';

/** Multipart calls through the shared client: the same envelope and error rules as `call`, with upload progress. */

const attachments = defineEndpoint({
  path: '/dashboard/test-uploads/file/upload',
  summary: 'an attachment upload for the tests',
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: attachmentFiles(),
  request: z.object({ remark: optionalText(32), tags: z.array(optionalText(8)).optional() }).strict(),
  response: UploadedFilesResponse,
});

const FILE = { fileId: 'f_0000000000000000000001', name: 'a.pdf', size: 3, contentType: 'application/pdf' };
const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

let messages: string[];
let navigations: string[];

beforeEach(() => {
  messages = [];
  navigations = [];
  setNotifier({ info: (text) => messages.push(text), success: (text) => messages.push(text), error: (text) => messages.push(text) });
  setNavigator({ navigate: (to) => navigations.push(to), current: () => ({ pathname: '/approvals', search: '' }) });
  useAppStore.setState({ token: 'tok-1', language: 'zh-CN' });
});
afterEach(() => setNotifier(null));

describe('uploadForm', () => {
  it('puts the text fields first, then the files under the endpoint’s field', () => {
    const form = uploadForm(attachments, { fields: { remark: 'r', tags: ['a', 'b'] }, files: [pdf('1.pdf'), pdf('2.pdf')] });
    expect(formEntries(form)).toEqual([
      ['remark', 'r'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['files', '1.pdf'],
      ['files', '2.pdf'],
    ]);
  });

  it('is only for multipart calls', () => {
    const json = defineEndpoint({
      path: '/dashboard/x/y',
      summary: 'x',
      permission: 'home',
      request: EmptyRequest,
      response: EmptyResponse,
    });
    expect(() => uploadForm(json, { files: [] })).toThrow(/not a multipart call/);
  });
});

describe('upload with progress (XMLHttpRequest)', () => {
  it('sends the form with the token and language, reports progress, and resolves with the data parsed by the contract', async () => {
    const requests = mockXhr();
    const progress: number[] = [];
    const pending = upload(
      attachments,
      { fields: { remark: 'r' }, files: [pdf('a.pdf')] },
      { onProgress: (p) => progress.push(p.loaded / p.total) },
    );
    const request = requests[0];
    expect(request?.headers).toMatchObject({ token: 'tok-1', 'accept-language': 'zh-CN', accept: 'application/json' });
    // The browser sets the multipart content type with its boundary.
    expect(request?.headers['content-type']).toBeUndefined();
    request?.progress(1, 4);
    request?.progress(4, 4);
    request?.respondEnvelope({ files: [FILE] });
    await expect(pending).resolves.toEqual({ files: [FILE] });
    expect(progress).toEqual([0.25, 1]);
  });

  it('answers the file of a multipart call that answers one, with its headers', async () => {
    const requests = mockXhr();
    const pending = upload(batch, { files: [new File(['x'], 'b.xlsx')] }, { onProgress: () => {} });
    expect(requests[0]?.headers.accept).toBe('*/*');
    requests[0]?.respond(200, 'xlsx bytes', {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="b-result.xlsx"',
      [BATCH_RESULT_HEADERS.ok]: '4',
    });
    const file = (await pending) as BinaryFile;
    expect(file.filename).toBe('b-result.xlsx');
    expect(await file.blob.text()).toBe('xlsx bytes');
    expect(file.headers.get(BATCH_RESULT_HEADERS.ok)).toBe('4');
  });

  it('a refusal is an ApiError with the server’s message, shown unless silent', async () => {
    const requests = mockXhr();
    const loud = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {} });
    requests[0]?.respondEnvelope(null, ResultCode.VALIDATION_FAILED, 'files: x.pdf is larger than 10 MB', 400);
    await expect(loud).rejects.toMatchObject({ code: ResultCode.VALIDATION_FAILED, message: 'files: x.pdf is larger than 10 MB' });
    expect(messages).toEqual(['files: x.pdf is larger than 10 MB']);

    const quiet = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {}, silent: true });
    requests[1]?.respondEnvelope(null, ResultCode.VALIDATION_FAILED, 'again', 400);
    await expect(quiet).rejects.toBeInstanceOf(ApiError);
    expect(messages).toHaveLength(1);
  });

  it('an ended session ends it as any call does', async () => {
    const requests = mockXhr();
    const pending = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {} });
    requests[0]?.respondEnvelope(null, ResultCode.SESSION_EXPIRED, 'expired', 401);
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(useAppStore.getState().token).toBeNull();
    expect(navigations).toEqual(['/login/form?redirectPath=%2Fapprovals']);
  });

  it('sends the same form again while the server is temporarily unavailable', async () => {
    vi.useFakeTimers();
    try {
      const requests = mockXhr();
      const pending = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {}, silent: true });
      requests[0]?.respond(503, JSON.stringify({ code: ResultCode.TEMPORARILY_UNAVAILABLE, msg: 'later', data: null }), {
        'content-type': 'application/json',
        'retry-after': '1',
      });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(requests).toHaveLength(2);
      expect(requests[1]?.body).toBe(requests[0]?.body);
      requests[1]?.respondEnvelope({ files: [FILE] });
      await expect(pending).resolves.toEqual({ files: [FILE] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with a network error when no answer comes, and stops when its signal aborts', async () => {
    const requests = mockXhr();
    const failing = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {}, silent: true });
    requests[0]?.fail();
    await expect(failing).rejects.toMatchObject({ kind: 'network' });

    const controller = new AbortController();
    const stopped = upload(attachments, { files: [pdf('x.pdf')] }, { onProgress: () => {}, signal: controller.signal });
    controller.abort();
    const error = await stopped.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).kind).toBe('aborted');
    expect(requests[1]?.aborted).toBe(true);
  });
});

describe('upload without progress', () => {
  it('goes through fetch like any call', async () => {
    const requests = mockFetch({ [attachments.path]: () => fetchEnvelope({ files: [FILE] }) });
    await expect(upload(attachments, { files: [pdf('a.pdf')] })).resolves.toEqual({ files: [FILE] });
    expect(formEntries(requests[0]?.body)).toEqual([['files', 'a.pdf']]);
    expect(requests[0]?.headers.get('content-type')).toBeNull();
  });
});
