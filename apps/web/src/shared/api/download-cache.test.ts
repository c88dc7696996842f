import { CurrentUser } from '@andes/contract/auth/schemas';
import { DOWNLOAD_CACHE_SWEEP_MS, DOWNLOAD_CACHE_TTL_MS } from '@andes/contract/common/constants';
import { BinaryResponse, defineEndpoint } from '@andes/contract/common/define-endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { demoUser } from '../../test/fixtures.ts';
import { useAppStore } from '../store/app-store.ts';
import { clearDownloadCache, downloadCacheSize, downloadFile, fetchFile } from './download-cache.ts';
import { setNotifier } from './notifier.ts';

const reportFile = defineEndpoint({
  path: '/dashboard/test/report/download',
  summary: 'a binary call for the tests',
  permission: 'transactions:export',
  kind: 'binary',
  request: z.object({ country: z.string(), format: z.enum(['csv', 'xlsx']), statuses: z.array(z.string()).optional() }),
  response: BinaryResponse,
});

const proofFile = defineEndpoint({
  path: '/dashboard/test/proof/:id/download',
  summary: 'a binary call with a path parameter',
  permission: 'transactions:proof-view',
  kind: 'binary',
  request: z.object({}),
  response: BinaryResponse,
  params: CurrentUser.pick({ id: true }),
});

let serial = 0;
const csv = () =>
  new Response(`unique id\r\nPI${++serial}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="transactions-payin-BR.csv"' },
  });

let saved: { href: string; download: string }[];
let created: Blob[];
let revoked: string[];
let errors: string[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
  useAppStore.setState({ token: 'tok', language: 'en', currentUser: demoUser });
  serial = 0;
  saved = [];
  created = [];
  revoked = [];
  errors = [];
  setNotifier({ info: () => undefined, success: () => undefined, error: (text) => errors.push(text) });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return `blob:andes/${created.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  clearDownloadCache();
  setNotifier(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('saves the server’s file under its name and revokes the object URL afterwards', async () => {
    const requests = mockFetch({ [reportFile.path]: csv });
    await expect(downloadFile(reportFile, { country: 'BR', format: 'csv' }, 'fallback.csv')).resolves.toBe('transactions-payin-BR.csv');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ country: 'BR', format: 'csv' });
    expect(saved).toEqual([{ href: 'blob:andes/1', download: 'transactions-payin-BR.csv' }]);
    expect(await created[0]?.text()).toBe('unique id\r\nPI1\r\n');
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(revoked).toEqual(['blob:andes/1']);
  });

  it('uses the given name when the server names no file', async () => {
    mockFetch({
      [proofFile.path.replace(':id', '11')]: () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    await expect(downloadFile(proofFile, {}, 'proof-PI11.pdf', { params: { id: 11 } })).resolves.toBe('proof-PI11.pdf');
    expect(saved[0]?.download).toBe('proof-PI11.pdf');
  });

  it('serves the same request from memory for 10 minutes, then asks the server again after the sweep', async () => {
    const requests = mockFetch({ [reportFile.path]: csv });
    await downloadFile(reportFile, { country: 'BR', format: 'csv', statuses: ['SETTLED'] });
    await vi.advanceTimersByTimeAsync(DOWNLOAD_CACHE_TTL_MS - 1_000);
    // Same request with its keys in another order: still a hit.
    await downloadFile(reportFile, { statuses: ['SETTLED'], format: 'csv', country: 'BR' });
    expect(requests).toHaveLength(1);
    expect(saved).toHaveLength(2);
    expect(await created[1]?.text()).toBe('unique id\r\nPI1\r\n');
    expect(downloadCacheSize()).toBe(1);

    await vi.advanceTimersByTimeAsync(1_000 + DOWNLOAD_CACHE_SWEEP_MS);
    expect(downloadCacheSize()).toBe(0);
    await downloadFile(reportFile, { country: 'BR', format: 'csv', statuses: ['SETTLED'] });
    expect(requests).toHaveLength(2);
    expect(await created[2]?.text()).toBe('unique id\r\nPI2\r\n');
  });

  it('keys by body, language and user: another filter, language or user is another request', async () => {
    const requests = mockFetch({ [reportFile.path]: csv });
    await downloadFile(reportFile, { country: 'BR', format: 'csv' });
    await downloadFile(reportFile, { country: 'BR', format: 'xlsx' });
    expect(requests).toHaveLength(2);
    useAppStore.setState({ language: 'zh-CN' });
    await downloadFile(reportFile, { country: 'BR', format: 'csv' });
    expect(requests).toHaveLength(3);
    expect(requests[2]?.headers.get('accept-language')).toBe('zh-CN');
    useAppStore.setState({ currentUser: { ...demoUser, id: 8 } });
    expect(downloadCacheSize()).toBe(0);
    await downloadFile(reportFile, { country: 'BR', format: 'csv' });
    expect(requests).toHaveLength(4);
  });

  it('shares one request between two clicks in flight', async () => {
    const requests = mockFetch({ [reportFile.path]: csv });
    const [a, b] = await Promise.all([
      fetchFile(reportFile, { country: 'MX', format: 'csv' }),
      fetchFile(reportFile, { country: 'MX', format: 'csv' }),
    ]);
    expect(requests).toHaveLength(1);
    expect(a).toBe(b);
  });

  it('does not cache a failure: a JSON answer is the server’s error, and the next click asks again', async () => {
    let fail = true;
    const requests = mockFetch({
      [reportFile.path]: () => (fail ? envelope(null, 200010, 'Too many rows to export') : csv()),
    });
    await expect(downloadFile(reportFile, { country: 'BR', format: 'csv' })).rejects.toMatchObject({ code: 200010 });
    expect(errors).toEqual(['Too many rows to export']);
    expect(saved).toHaveLength(0);
    fail = false;
    await downloadFile(reportFile, { country: 'BR', format: 'csv' });
    expect(requests).toHaveLength(2);
    expect(saved).toHaveLength(1);
  });
});
