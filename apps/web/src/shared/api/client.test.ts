import { currentUserInfo, login, permissionLoad } from '@andes/contract/auth/endpoints';
import { CurrentUser } from '@andes/contract/auth/schemas';
import { BinaryResponse, defineEndpoint, EmptyRequest } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, never } from '../../test/fetch-mock.ts';
import { demoUser } from '../../test/fixtures.ts';
import { setNavigator } from '../navigation/navigator.ts';
import { useAppStore } from '../store/app-store.ts';
import { call, filenameFromDisposition, isTakenOver, passwordResetScene, retryDelayMs } from './client.ts';
import { ApiError, RequestError } from './errors.ts';
import { apiEvents } from './events.ts';
import { setNotifier } from './notifier.ts';

const loginPath = login.path;
const userPath = currentUserInfo.path;
const permissionPath = permissionLoad.path;

const exportFile = defineEndpoint({
  path: '/dashboard/test/report/:id/download',
  summary: 'a binary call for the tests',
  permission: 'reports:payin',
  kind: 'binary',
  request: EmptyRequest,
  response: BinaryResponse,
  // `{ id: number }`, borrowed from a contract schema
  params: CurrentUser.pick({ id: true }),
});

const slowCall = defineEndpoint({
  path: '/dashboard/test/slow',
  summary: 'a call with a short timeout for the tests',
  permission: 'home',
  timeoutMs: 30,
  request: EmptyRequest,
  response: EmptyRequest,
});

let messages: { level: 'info' | 'success' | 'error'; text: string; durationMs?: number }[];
let location: { pathname: string; search: string };
let navigations: string[];

beforeEach(() => {
  messages = [];
  navigations = [];
  location = { pathname: '/transactions/payin', search: '?page=2' };
  setNotifier({
    info: (text, { durationMs }) => messages.push({ level: 'info', text, durationMs }),
    success: (text) => messages.push({ level: 'success', text }),
    error: (text) => messages.push({ level: 'error', text }),
  });
  setNavigator({
    navigate: (to) => {
      navigations.push(to);
      const url = new URL(to, 'http://localhost');
      location = { pathname: url.pathname, search: url.search };
    },
    current: () => location,
  });
  useAppStore.setState({ token: 'tok-1', language: 'en' });
});

afterEach(() => {
  setNotifier(null);
});

describe('call — code 200', () => {
  it('resolves with the data, sending the token and the interface language', async () => {
    useAppStore.setState({ language: 'zh-CN' });
    const requests = mockFetch({ [userPath]: () => envelope(demoUser) });
    await expect(call(currentUserInfo)).resolves.toEqual(demoUser);
    expect(requests[0]?.headers.get('token')).toBe('tok-1');
    expect(requests[0]?.headers.get('accept-language')).toBe('zh-CN');
    expect(requests[0]?.body).toEqual({});
    expect(messages).toEqual([]);
  });

  it('replaces the stored token with the refresh-token header', async () => {
    mockFetch({ [userPath]: () => envelope(demoUser, 200, 'success', { headers: { 'refresh-token': 'tok-2' } }) });
    await call(currentUserInfo);
    expect(useAppStore.getState().token).toBe('tok-2');
  });

  it('ignores a refresh-token arriving after the session ended', async () => {
    mockFetch({
      [userPath]: async () => {
        useAppStore.getState().clearSession();
        return envelope(demoUser, 200, 'success', { headers: { 'refresh-token': 'tok-2' } });
      },
    });
    await call(currentUserInfo);
    expect(useAppStore.getState().token).toBeNull();
  });

  it('does not send a session token to a public call', async () => {
    const requests = mockFetch({ [loginPath]: () => envelope({ token: 't', passwordScene: 'NORMAL', passwordDaysLeft: null }) });
    await call(login, { username: 'demo.admin', password: 'DemoAdmin2026' });
    expect(requests[0]?.headers.get('token')).toBeNull();
    expect(requests[0]?.body).toEqual({ username: 'demo.admin', password: 'DemoAdmin2026' });
  });

  it('rejects data that does not match the contract', async () => {
    mockFetch({ [userPath]: () => envelope({ id: 'not a number' }) });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await call(currentUserInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).kind).toBe('bad-response');
    expect(spy).toHaveBeenCalled();
  });
});

describe('call — a token of its own (reset links)', () => {
  it('sends the given token instead of the session token and keeps the session untouched', async () => {
    const requests = mockFetch({ [userPath]: () => envelope(demoUser, 200, 'success', { headers: { 'refresh-token': 'tok-rotated' } }) });
    await call(currentUserInfo, {}, { token: 'link-token' });
    expect(requests[0]?.headers.get('token')).toBe('link-token');
    expect(useAppStore.getState().token).toBe('tok-1');
  });

  it('does not end the stored session or leave the page when that token is refused', async () => {
    mockFetch({ [userPath]: () => envelope(null, ResultCode.UNAUTHORIZED, 'Link expired', { status: 401 }) });
    const error = await call(currentUserInfo, {}, { token: 'link-token', silent: true }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(ResultCode.UNAUTHORIZED);
    expect(useAppStore.getState().token).toBe('tok-1');
    expect(navigations).toEqual([]);
    expect(messages).toEqual([]);
  });
});

describe('call — session ended (401, 200030)', () => {
  it.each([ResultCode.UNAUTHORIZED, ResultCode.SESSION_EXPIRED])(
    'code %i shows the message for 1.5 s, clears the token and opens the login form with redirectPath',
    async (code) => {
      mockFetch({ [userPath]: () => envelope(null, code, 'Session expired', { status: 401 }) });
      const error = await call(currentUserInfo).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(code);
      expect(messages).toEqual([{ level: 'info', text: 'Session expired, please log in again!', durationMs: 1500 }]);
      expect(useAppStore.getState().token).toBeNull();
      expect(navigations).toEqual(['/login/form?redirectPath=%2Ftransactions%2Fpayin%3Fpage%3D2']);
    },
  );

  it('stays put when already on a login page', async () => {
    location = { pathname: '/login/resetPsw', search: '?scene=initial' };
    mockFetch({ [userPath]: () => envelope(null, ResultCode.SESSION_EXPIRED, 'expired') });
    await call(currentUserInfo).catch(() => undefined);
    expect(navigations).toEqual([]);
    expect(useAppStore.getState().token).toBeNull();
  });
});

describe('call — MFA required (200023)', () => {
  it('aborts every request in flight and tells the MFA panel', async () => {
    const heard: string[] = [];
    const off = apiEvents.on('mfa-required', ({ path }) => heard.push(path));
    mockFetch({
      [permissionPath]: never,
      [userPath]: () => envelope(null, ResultCode.MFA_REQUIRED, 'MFA code required', { status: 403 }),
    });
    const waiting = call(permissionLoad).catch((e: unknown) => e);
    const failing = await call(currentUserInfo).catch((e: unknown) => e);
    off();
    expect((failing as ApiError).code).toBe(ResultCode.MFA_REQUIRED);
    const aborted = await waiting;
    expect(aborted).toBeInstanceOf(RequestError);
    expect((aborted as RequestError).kind).toBe('aborted');
    expect(isTakenOver(aborted)).toBe(true);
    expect(isTakenOver(failing)).toBe(true);
    expect(heard).toEqual([userPath]);
    expect(messages).toEqual([]);
    expect(navigations).toEqual([]);
  });
});

describe('call — password must be reset (200040)', () => {
  it.each([
    ['INITIAL', 'initial'],
    ['EXPIRED', 'expired'],
  ] as const)('scene %s: aborts requests in flight and opens the reset page', async (passwordScene, scene) => {
    mockFetch({
      [userPath]: never,
      [permissionPath]: () => envelope({ passwordScene }, ResultCode.PASSWORD_RESET_REQUIRED, 'Password must be reset', { status: 403 }),
    });
    const waiting = call(currentUserInfo).catch((e: unknown) => e);
    const error = await call(permissionLoad).catch((e: unknown) => e);
    expect(passwordResetScene(error)).toBe(scene);
    expect(((await waiting) as RequestError).kind).toBe('aborted');
    expect(navigations).toEqual([`/login/resetPsw?scene=${scene}&redirectPath=%2Ftransactions%2Fpayin%3Fpage%3D2`]);
    expect(messages).toEqual([]);
  });

  it('is not applied to the current-user call: handled as any other code', async () => {
    mockFetch({ [userPath]: () => envelope({ passwordScene: 'EXPIRED' }, ResultCode.PASSWORD_RESET_REQUIRED, 'Password must be reset') });
    const error = await call(currentUserInfo).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(ResultCode.PASSWORD_RESET_REQUIRED);
    expect(navigations).toEqual([]);
    expect(messages).toEqual([{ level: 'error', text: 'Password must be reset' }]);
  });
});

describe('call — other codes', () => {
  it('shows the server message and rejects with code, msg and data', async () => {
    const data = { issues: [{ path: 'username', message: 'Required' }] };
    mockFetch({ [permissionPath]: () => envelope(data, ResultCode.VALIDATION_FAILED, 'Check the highlighted fields', { status: 400 }) });
    const error = await call(permissionLoad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: 'Check the highlighted fields', data });
    expect(messages).toEqual([{ level: 'error', text: 'Check the highlighted fields' }]);
  });

  it('stays quiet for an endpoint with silentErrors (login)', async () => {
    mockFetch({ [loginPath]: () => envelope(null, ResultCode.INVALID_CREDENTIALS, 'Wrong username or password', { status: 400 }) });
    const error = await call(login, { username: 'x', password: 'y' }).catch((e: unknown) => e);
    expect((error as ApiError).msg).toBe('Wrong username or password');
    expect(messages).toEqual([]);
  });

  it('stays quiet when the caller passes silent', async () => {
    mockFetch({ [permissionPath]: () => envelope(null, ResultCode.FORBIDDEN, 'No access', { status: 403 }) });
    await expect(call(permissionLoad, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(messages).toEqual([]);
  });
});

describe('call — no envelope', () => {
  it('a non-JSON body is a no-json error', async () => {
    mockFetch({ [userPath]: () => new Response('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } }) });
    const error = await call(currentUserInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'no-json', status: 200, data: '<html>maintenance</html>' });
    expect(messages.map((m) => m.level)).toEqual(['error']);
  });

  it('a network failure rejects with status 0', async () => {
    mockFetch({
      [userPath]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await call(currentUserInfo).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect((error as RequestError).message).toBe('Network error, please check your connection and try again.');
  });

  it('an HTTP error without an envelope rejects with its status and data', async () => {
    mockFetch({ [userPath]: () => new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }) });
    const error = await call(currentUserInfo).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 502, data: 'Bad Gateway' });
  });

  it('a call without an answer within its timeout rejects with "Request Timeout"', async () => {
    mockFetch({ [slowCall.path]: never });
    const error = await call(slowCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Request Timeout' });
    expect(messages).toEqual([{ level: 'error', text: 'Request Timeout' }]);
  });

  it('a call cancelled by its caller rejects as aborted, without a message', async () => {
    mockFetch({ [userPath]: never });
    const controller = new AbortController();
    const pending = call(currentUserInfo, {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as RequestError).kind).toBe('aborted');
    expect(messages).toEqual([]);
  });
});

describe('call — temporarily unavailable (200070, HTTP 503)', () => {
  const unavailable = () =>
    envelope(null, ResultCode.TEMPORARILY_UNAVAILABLE, 'The service is temporarily unavailable; please try again in 2 seconds', {
      status: 503,
      headers: { 'retry-after': '1' },
    });

  it('says it is retrying, waits Retry-After and sends the same request again until it is answered', async () => {
    vi.useFakeTimers();
    try {
      let answers = 0;
      const seen = mockFetch({
        [userPath]: () => {
          answers += 1;
          return answers < 3 ? unavailable() : envelope(demoUser);
        },
      });
      const pending = call(currentUserInfo, {});
      await vi.advanceTimersByTimeAsync(999);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_001);
      await expect(pending).resolves.toMatchObject({ username: demoUser.username });
      expect(seen).toHaveLength(3);
      expect(seen.map((r) => r.body)).toEqual([{}, {}, {}]);
      expect(messages.map((m) => [m.level, m.text])).toEqual([
        ['info', 'The service is temporarily unavailable. Retrying…'],
        ['info', 'The service is temporarily unavailable. Retrying…'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up when its timeout would run out, with the server message', async () => {
    const quick = defineEndpoint({
      path: '/dashboard/test/quick',
      summary: 'a call whose timeout leaves no room for a retry',
      permission: 'home',
      timeoutMs: 1_500,
      request: EmptyRequest,
      response: EmptyRequest,
    });
    const seen = mockFetch({ [quick.path]: unavailable });
    const error = await call(quick).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ code: ResultCode.TEMPORARILY_UNAVAILABLE });
    expect(messages).toEqual([{ level: 'error', text: 'The service is temporarily unavailable; please try again in 2 seconds' }]);
  });

  it('the wait follows Retry-After within 1 to 10 seconds', () => {
    expect([retryDelayMs('3'), retryDelayMs(null), retryDelayMs('0'), retryDelayMs('600'), retryDelayMs('soon')]).toEqual([
      3_000, 2_000, 1_000, 10_000, 2_000,
    ]);
  });
});

describe('call — binary endpoints', () => {
  it('returns the file and its name, filling path parameters', async () => {
    const requests = mockFetch({
      '/dashboard/test/report/42/download': () =>
        new Response(new Blob(['a,b\n1,2\n']), {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': `attachment; filename="r.csv"; filename*=UTF-8''relat%C3%B3rio.csv`,
          },
        }),
    });
    const file = await call(exportFile, {}, { params: { id: 42 } });
    expect(file.filename).toBe('relatório.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(requests[0]?.path).toBe('/dashboard/test/report/42/download');
  });

  it('treats a JSON answer as an error', async () => {
    mockFetch({ '/dashboard/test/report/1/download': () => envelope(null, ResultCode.NOT_FOUND, 'Report not found', { status: 404 }) });
    const error = await call(exportFile, {}, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ResultCode.NOT_FOUND, msg: 'Report not found' });
    expect(messages).toEqual([{ level: 'error', text: 'Report not found' }]);
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(filenameFromDisposition('attachment; filename="daily report.xlsx"')).toBe('daily report.xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx")).toBe('报表.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
