import { currentUserInfo, login, permissionLoad } from '@andes/contract/auth/endpoints';
import { BinaryResponse, defineEndpoint, EmptyRequest, type Endpoint, SIGNED_IN } from '@andes/contract/common/define-endpoint';
import { REQUEST_ID_HEADER, ResultCode, TOKEN_HEADER } from '@andes/contract/common/envelope';
import { ALL_ENDPOINTS } from '@andes/contract/registry';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/http/errors.ts';
import { registerEndpoint, registerPublicEndpoint } from '../../src/http/register-endpoint.ts';
import { createTestApp, DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';

/** Test-only endpoints, registered on the test app through the same pipeline as the contract's. */
const download = defineEndpoint({
  path: '/dashboard/test/download',
  summary: 'test: a binary download',
  permission: SIGNED_IN,
  kind: 'binary',
  request: z.object({ fail: z.boolean() }),
  response: BinaryResponse,
});
const slow = defineEndpoint({
  path: '/dashboard/test/slow',
  summary: 'test: work that outlives its timeout',
  permission: SIGNED_IN,
  timeoutMs: 50,
  request: EmptyRequest,
  response: z.object({ done: z.boolean() }),
});
const usersOnly = defineEndpoint({
  path: '/dashboard/test/users-only',
  summary: 'test: needs iam:user',
  permission: ['iam:user', 'iam:role'],
  request: EmptyRequest,
  response: z.object({ ok: z.boolean() }),
});
const crash = defineEndpoint({
  path: '/dashboard/test/crash',
  summary: 'test: an unexpected failure',
  permission: SIGNED_IN,
  request: EmptyRequest,
  response: z.null(),
});
const item = defineEndpoint({
  path: '/dashboard/test/item/:id',
  summary: 'test: path parameters',
  permission: SIGNED_IN,
  params: z.object({ id: z.coerce.number().int().positive() }),
  request: EmptyRequest,
  response: z.object({ id: z.number(), name: z.string() }),
});

let slowWorkAborted: unknown = null;

function registerTestRoutes(app: FastifyInstance): void {
  registerEndpoint(app, download, async ({ body }) => {
    if (body.fail) throw new AppError(ResultCode.NOT_FOUND, 'The report is not ready');
    return { filename: 'Relatório março.csv', contentType: 'text/csv; charset=utf-8', body: Buffer.from('a,b\n1,2\n') };
  });
  registerEndpoint(app, slow, async ({ signal }) => {
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    slowWorkAborted = signal.reason;
    return { done: true };
  });
  registerEndpoint(app, usersOnly, async () => ({ ok: true }));
  registerEndpoint(app, crash, async () => {
    throw new Error('connect ECONNREFUSED postgres://andes:hunter2@db.internal:5432');
  });
  registerEndpoint(app, item, async ({ params }) => {
    // An extra field (a leak) that the response schema must strip.
    const row = { id: params.id, name: `item ${params.id}`, passwordHash: '$argon2id$leak' };
    return row;
  });
}

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: 'trace', beforeReady: registerTestRoutes });
  adminToken = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

describe('registration', () => {
  test('registerEndpoint refuses an endpoint that is neither public nor guarded', () => {
    const app = Fastify();
    const unguarded: Endpoint = { ...currentUserInfo, permissions: [] };
    expect(() => registerEndpoint(app, unguarded, async () => ({}) as never)).toThrow(/neither public nor guarded by a permission/);
    const both: Endpoint = { ...login, permissions: [SIGNED_IN] };
    expect(() => registerPublicEndpoint(app, both, async () => ({}) as never)).toThrow(/either public or has a permission/);
    expect(() => registerEndpoint(app, login, async () => ({}) as never)).toThrow(/registerPublicEndpoint/);
    expect(() => registerPublicEndpoint(app, currentUserInfo, async () => ({}) as never)).toThrow(/registerEndpoint/);
  });

  test('every contract endpoint is registered, and every guarded one answers 401 without a token', async () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(0);
    for (const e of ALL_ENDPOINTS) {
      expect(t.app.hasRoute({ method: 'POST', url: e.path }), e.path).toBe(true);
      if (e.public) continue;
      const res = await post(t.app, e.path.replace(/:([A-Za-z]+)/g, '1'), {});
      expect(res.statusCode, e.path).toBe(401);
      expect(envelope(res).code, e.path).toBe(ResultCode.UNAUTHORIZED);
    }
  });
});

describe('envelope and headers', () => {
  test('every answer carries a fresh request id; API answers are not cached', async () => {
    const a = await post(t.app, currentUserInfo.path, {}, { token: adminToken });
    const b = await post(t.app, currentUserInfo.path, {});
    const c = await post(t.app, '/dashboard/nope', {});
    const ids = [a, b, c].map((r) => r.headers[REQUEST_ID_HEADER]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    for (const r of [a, b, c]) expect(r.headers['cache-control']).toBe('no-store');
  });

  test('an incoming request id is not trusted', async () => {
    const res = await post(t.app, currentUserInfo.path, {}, { token: adminToken, headers: { [REQUEST_ID_HEADER]: 'forged' } });
    expect(res.headers[REQUEST_ID_HEADER]).not.toBe('forged');
  });

  test('an unknown API route answers the NOT_FOUND envelope', async () => {
    const res = await post(t.app, '/dashboard/nope', {});
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ code: ResultCode.NOT_FOUND, msg: 'Not found: POST /dashboard/nope', data: null });
  });

  test('malformed JSON is a validation failure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('a body that breaks the schema lists each issue with its path', async () => {
    const res = await post(t.app, login.path, { username: 'a'.repeat(200), password: '' });
    expect(res.statusCode).toBe(400);
    const body = envelope<{ issues: { path: string; message: string }[] }>(res);
    expect(body.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(body.data.issues.map((i) => i.path)).toEqual(['username', 'password']);
    expect(body.data.issues[1]).toEqual({ path: 'password', message: 'Please enter the password' });
    expect(body.msg).toBe(body.data.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  });

  test('path parameters are validated and parsed; fields outside the response schema never leave', async () => {
    const bad = await post(t.app, '/dashboard/test/item/abc', {}, { token: adminToken });
    expect(bad.statusCode).toBe(400);
    expect(envelope<{ issues: { path: string }[] }>(bad).data.issues[0]?.path).toBe('params.id');
    const ok = await post(t.app, '/dashboard/test/item/42', {}, { token: adminToken });
    expect(envelope(ok)).toEqual({ code: 200, msg: 'success', data: { id: 42, name: 'item 42' } });
  });

  test('an empty POST is read as {} by calls that take nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: currentUserInfo.path, headers: { [TOKEN_HEADER]: adminToken } });
    expect(envelope(res).code).toBe(200);
  });

  test('an unexpected failure answers 500 without internals, naming the request id', async () => {
    const res = await post(t.app, crash.path, {}, { token: adminToken });
    expect(res.statusCode).toBe(500);
    const id = res.headers[REQUEST_ID_HEADER];
    expect(envelope(res)).toEqual({ code: ResultCode.INTERNAL_ERROR, msg: `Internal error, request id ${id}`, data: null });
    expect(res.body).not.toContain('hunter2');
  });
});

describe('permissions', () => {
  test('a caller without any of the listed codes is refused with 200003; a holder passes', async () => {
    const finance = await signIn(t.app, login.path, 'finance');
    const refused = await post(t.app, usersOnly.path, {}, { token: finance });
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused)).toEqual({ code: ResultCode.FORBIDDEN, msg: 'You do not have permission to do this', data: null });
    const allowed = await post(t.app, usersOnly.path, {}, { token: adminToken });
    expect(envelope(allowed)).toEqual({ code: 200, msg: 'success', data: { ok: true } });
  });
});

describe('binary endpoints', () => {
  test('a file comes with its type and a safe Content-Disposition', async () => {
    const res = await post(t.app, download.path, { fail: false }, { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Relatorio marco.csv"; filename*=UTF-8''Relat%C3%B3rio%20mar%C3%A7o.csv`,
    );
    expect(res.body).toBe('a,b\n1,2\n');
  });

  test('a failing download answers the JSON envelope, not a file', async () => {
    const res = await post(t.app, download.path, { fail: true }, { token: adminToken });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(envelope(res)).toEqual({ code: ResultCode.NOT_FOUND, msg: 'The report is not ready', data: null });
  });
});

describe('timeout', () => {
  test('work past the endpoint timeout is aborted and the caller is told', async () => {
    const res = await post(t.app, slow.path, {}, { token: adminToken });
    expect(res.statusCode).toBe(503);
    expect(envelope(res)).toEqual({
      code: ResultCode.INTERNAL_ERROR,
      msg: 'The request took longer than 0.05 s and was stopped; please try again',
      data: null,
    });
    expect(slowWorkAborted).toBeInstanceOf(AppError);
  });
});

describe('service routes', () => {
  test('/healthz answers ok once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('/openapi.json documents every contract endpoint as POST, guarded ones with the token header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, { post?: { security?: unknown[]; requestBody?: unknown; summary?: string } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: TOKEN_HEADER });
    for (const e of ALL_ENDPOINTS) {
      const op = doc.paths[e.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.post;
      expect(op, e.path).toBeDefined();
      expect(op?.summary).toBe(e.summary);
      expect(op?.requestBody, e.path).toBeDefined();
      if (e.public) expect(op?.security).toBeUndefined();
      else expect(op?.security).toEqual([{ token: [] }]);
    }
    expect(doc.paths['/healthz']).toBeUndefined();
    // Every $ref (recursive schemas such as the menu tree) points at a schema the document has.
    const refs = [...res.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    const schemas = (doc.components as { schemas?: Record<string, unknown> }).schemas ?? {};
    expect(refs).toContain('MenuNode');
    for (const ref of refs) expect(schemas[ref], ref).toBeDefined();
  });

  test('/docs serves Swagger UI under a CSP it can work with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/openapi.json');
  });
});

describe('logs', () => {
  test('a sign-in and a call leave no password or token in the logs', async () => {
    const before = t.logs.length;
    const password = DEMO.payout.password;
    const res = await post(t.app, login.path, { username: DEMO.payout.username, password });
    const token = envelope<{ token: string }>(res).data.token;
    await post(t.app, permissionLoad.path, {}, { token });
    await post(t.app, login.path, { username: DEMO.payout.username, password: 'Typo-In-Password-9' });
    const out = t.logs.slice(before).join('');
    expect(out).toContain('"msg":"signed in"');
    expect(out).toContain(res.headers[REQUEST_ID_HEADER]);
    expect(out).not.toContain(password);
    expect(out).not.toContain('Typo-In-Password-9');
    expect(out).not.toContain(token);
  });
});
