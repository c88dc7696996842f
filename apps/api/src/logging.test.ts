import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import type { Config } from './config.ts';
import {
  type LogFormat,
  logFormatOf,
  loggableUrl,
  prettyLogStream,
  requestLogLevel,
  scrubSecrets,
  serializeError,
  serverLogging,
} from './logging.ts';
import { SIMULATOR_USER_AGENT } from './simulator/client.ts';

test('secret-looking keys are replaced at any depth, other values kept, the input untouched', () => {
  const input = {
    username: 'demo.admin',
    password: 'DemoAdmin2026',
    body: { newPassword: 'x', nested: [{ authCode: '123456', refreshToken: 't', note: 'keep' }] },
    clientSecret: 's',
    count: 3,
  };
  expect(scrubSecrets(input)).toEqual({
    username: 'demo.admin',
    password: '[redacted]',
    body: { newPassword: '[redacted]', nested: [{ authCode: '[redacted]', refreshToken: '[redacted]', note: 'keep' }] },
    clientSecret: '[redacted]',
    count: 3,
  });
  expect(input.password).toBe('DemoAdmin2026');
});

test('the token of every one-time link (export, download center, shared report) is left out of a logged URL', () => {
  expect(loggableUrl('/files/exports/abcDEF123_-xyz?x=1')).toBe('/files/exports/[redacted]?x=1');
  expect(loggableUrl('/files/downloads/tok3n_-A')).toBe('/files/downloads/[redacted]');
  expect(loggableUrl('/files/report-links/Zm9vYmFy')).toBe('/files/report-links/[redacted]');
  expect(loggableUrl('/dashboard/report/daily/download')).toBe('/dashboard/report/daily/download');
});

test('cycles do not loop', () => {
  const a: Record<string, unknown> = { name: 'a' };
  a.self = a;
  expect(scrubSecrets(a)).toEqual({ name: 'a', self: '[circular]' });
});

test('a failed query is logged with its text and the database message, never its parameters', async () => {
  const { DrizzleQueryError } = await import('drizzle-orm/errors');
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  const error = new DrizzleQueryError('select id from users where username = $1', ['secret-value\n    at x', 'hash-of-token'], cause);
  const logged = JSON.stringify(serializeError(error));
  expect(logged).toContain('select id from users where username = $1');
  expect(logged).toContain('invalid byte sequence');
  expect(logged).not.toContain('secret-value');
  expect(logged).not.toContain('hash-of-token');
});

describe('request log levels', () => {
  const simulator = { 'user-agent': SIMULATOR_USER_AGENT };

  test('the health check and the simulator’s calls to the ingestion API are debug, everything else info', () => {
    expect(requestLogLevel({ url: '/healthz', headers: {} })).toBe('debug');
    expect(requestLogLevel({ url: '/healthz?probe=1', headers: {} })).toBe('debug');
    expect(requestLogLevel({ url: '/internal/v1/events', headers: simulator })).toBe('debug');
    expect(requestLogLevel({ url: '/internal/v1/payouts/claim', headers: simulator })).toBe('debug');
    // The real payment platform (another user agent) and the simulator's user agent elsewhere stay at info.
    expect(requestLogLevel({ url: '/internal/v1/events', headers: { 'user-agent': 'platform/2.1' } })).toBe('info');
    expect(requestLogLevel({ url: '/internal/v1/events', headers: {} })).toBe('info');
    expect(requestLogLevel({ url: '/dashboard/login/login', headers: simulator })).toBe('info');
    expect(requestLogLevel({ url: '/healthz/extra', headers: {} })).toBe('info');
    expect(requestLogLevel({ url: '/', headers: {} })).toBe('info');
  });
});

describe('log format', () => {
  test('pretty lines only on a terminal outside production and tests; JSON lines otherwise', () => {
    expect(logFormatOf(true, {})).toBe('pretty');
    expect(logFormatOf(true, { NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormatOf(false, {})).toBe('json');
    expect(logFormatOf(undefined, {})).toBe('json');
    expect(logFormatOf(true, { NODE_ENV: 'production' })).toBe('json');
    expect(logFormatOf(true, { NODE_ENV: 'test' })).toBe('json');
    expect(logFormatOf(true, { VITEST: 'true' })).toBe('json');
  });
});

/** A Fastify app with the server's logging writing into `lines`, and three routes. */
async function loggedApp(level: Config['logLevel'], format: LogFormat) {
  const lines: string[] = [];
  const sink = { write: (text: string) => lines.push(text) };
  const stream = format === 'pretty' ? prettyLogStream(sink, false) : sink;
  const app = Fastify(serverLogging({ logLevel: level }, stream, format));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.post('/internal/v1/events', async () => ({ code: 0 }));
  app.post('/dashboard/home/summary', async () => ({ code: 0 }));
  await app.ready();
  return { app, lines };
}

async function callAll(app: FastifyInstance) {
  await app.inject({ method: 'GET', url: '/healthz' });
  await app.inject({ method: 'POST', url: '/internal/v1/events', headers: { 'user-agent': SIMULATOR_USER_AGENT }, payload: {} });
  await app.inject({ method: 'POST', url: '/internal/v1/events', headers: { 'user-agent': 'platform/2.1' }, payload: {} });
  await app.inject({ method: 'POST', url: '/dashboard/home/summary', payload: {} });
}

describe('request lines', () => {
  test('JSON: Fastify’s two lines a request, at debug for the health check and the simulator', async () => {
    const { app, lines } = await loggedApp('debug', 'json');
    await callAll(app);
    await app.close();
    const requests = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string }; res?: { statusCode: number }; reqId?: string })
      .filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    const urls = requests.filter((l) => l.msg === 'incoming request').map((l) => [l.req?.url, l.level]);
    expect(urls).toEqual([
      ['/healthz', 20],
      ['/internal/v1/events', 20],
      ['/internal/v1/events', 30],
      ['/dashboard/home/summary', 30],
    ]);
    const completed = requests.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.level)).toEqual([20, 20, 30, 30]);
    // The completion line is Fastify's own: status and time, the request id, no request.
    expect(completed.every((l) => l.res?.statusCode === 200 && l.reqId !== undefined && l.req === undefined)).toBe(true);
  });

  test('JSON at the default info level: no line of the health check or the simulator', async () => {
    const { app, lines } = await loggedApp('info', 'json');
    await callAll(app);
    await app.close();
    const text = lines.join('');
    expect(text).not.toContain('/healthz');
    expect(lines.filter((l) => l.includes('"msg":"incoming request"')).length).toBe(2);
    expect(lines.filter((l) => l.includes('"msg":"request completed"')).length).toBe(2);
  });

  test('pretty: one short line a request — time, level, method, URL, status, ms', async () => {
    const { app, lines } = await loggedApp('info', 'pretty');
    await callAll(app);
    await app.close();
    const requests = lines.filter((l) => l.includes(' /'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^\d\d:\d\d:\d\d INFO: POST \/internal\/v1\/events 200 \d+ ms\n$/);
    expect(requests[1]).toMatch(/^\d\d:\d\d:\d\d INFO: POST \/dashboard\/home\/summary 200 \d+ ms\n$/);
  });

  test('pretty: other lines keep their message and fields on one line; errors show their stack', () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, prettyLogStream({ write: (t: string) => lines.push(t) }, false));
    log.info({ released: 3 }, 'settlement release');
    log.error({ err: new Error('boom') }, 'job failed');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO: settlement release {"released":3}\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR: job failed ?\n/);
    expect(lines[1]).toContain('Error: boom');
    expect(lines[1]).toContain('    at ');
  });
});
