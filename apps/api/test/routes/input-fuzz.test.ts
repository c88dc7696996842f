import { login } from '@andes/contract/auth/endpoints';
import { type Endpoint, endpointUrl } from '@andes/contract/common/define-endpoint';
import { ResultCode, SESSION_ENDED_CODES } from '@andes/contract/common/envelope';
import { ALL_ENDPOINTS, INTERNAL_ENDPOINTS } from '@andes/contract/registry';
import { arbitraryOf } from '@andes/contract/testing/zod-arbitrary';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helper.ts';
import { PLATFORM_TOKEN, withPlatformToken } from '../ledger/support.ts';

/**
 * Every call, fed bodies derived from its own request schema by fast-check (mostly well-formed,
 * with NUL and other control characters, lone surrogates, impossible and huge dates, huge numbers,
 * missing, extra and mistyped fields), and raw bodies that are not even JSON objects: none may
 * answer a 5xx. Signed in as the super admin, who may call everything, so the bodies reach the
 * handlers; the platform's calls with its token. A failure prints the call and the body.
 */

/** Bodies per endpoint (the seed is fixed, so a run is repeatable; FUZZ_RUNS and FUZZ_SEED change them). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  await withPlatformToken(t.db);
  token = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

function send(endpoint: Endpoint, url: string, payload: string, contentType = 'application/json'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': contentType,
      ...(endpoint.service ? { authorization: `Bearer ${PLATFORM_TOKEN}` } : { token }),
    },
  });
}

/** The call, signing in again when a body ended the session (sign-out, a password change). */
async function call(endpoint: Endpoint, url: string, payload: string, contentType?: string): Promise<LightMyRequestResponse> {
  const res = await send(endpoint, url, payload, contentType);
  if (!endpoint.service && !endpoint.public && String(res.headers['content-type'] ?? '').includes('json')) {
    const code = (res.json() as { code?: number }).code ?? 0;
    if (SESSION_ENDED_CODES.includes(code)) token = await signIn(t.app, login.path, 'admin');
  }
  return res;
}

/** Path parameters drawn from the endpoint's params schema; null when they cannot be put in a URL. */
function urlOf(endpoint: Endpoint, params: unknown): string | null {
  if (!endpoint.params) return endpoint.path;
  try {
    const values = Object.fromEntries(Object.entries((params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    for (const name of endpoint.path.matchAll(/:([A-Za-z]+)/g)) values[name[1] as string] ??= '1';
    return endpointUrl(endpoint, values);
  } catch {
    return null; // a lone surrogate cannot be percent-encoded: no client could send it either
  }
}

const RAW_BODIES: readonly [string, string][] = [
  ['application/json', 'not json'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '12'],
  ['application/json', 'null'],
  ['application/json', `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`],
  ['application/json', JSON.stringify({ huge: 'x'.repeat(1_100_000) })],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['text/plain', 'hello'],
];

const ENDPOINTS: readonly Endpoint[] = [...ALL_ENDPOINTS, ...INTERNAL_ENDPOINTS];

describe('no input makes a call answer 5xx', () => {
  test.each(ENDPOINTS.map((e) => ({ path: e.path, endpoint: e })))('$path', async ({ endpoint }) => {
    const bodies = fc.sample(arbitraryOf(endpoint.request), { numRuns: RUNS, seed: SEED });
    const params = endpoint.params ? fc.sample(arbitraryOf(endpoint.params), { numRuns: RUNS, seed: SEED + 1 }) : [];
    const failures: string[] = [];
    let answered = 0;
    for (let i = 0; i < bodies.length; i += 1) {
      const url = urlOf(endpoint, params[i]);
      if (url === null) continue;
      const payload = JSON.stringify(bodies[i] ?? {});
      const res = await call(endpoint, url, payload);
      answered += 1;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url} ${payload.slice(0, 300)} → ${res.body.slice(0, 200)}`);
    }
    const url = urlOf(endpoint, {}) ?? endpoint.path;
    for (const [contentType, payload] of RAW_BODIES) {
      const res = await call(endpoint, url, payload, contentType);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url} raw ${payload.slice(0, 60)} → ${res.body.slice(0, 200)}`);
      else if (!endpoint.public || endpoint.path !== login.path) expect(res.statusCode).toBeGreaterThanOrEqual(200);
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(RUNS / 2);
  });

  test('a body of the wrong kind is a validation error, a body too large is refused, neither a server error', async () => {
    const endpoint = ENDPOINTS.find((e) => e.path === login.path) as Endpoint;
    const notJson = await call(endpoint, endpoint.path, 'not json');
    expect([notJson.statusCode, (notJson.json() as { code: number }).code]).toEqual([400, ResultCode.VALIDATION_FAILED]);
    const tooLarge = await call(endpoint, endpoint.path, JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'y' }));
    expect(tooLarge.statusCode).toBe(413);
  });
});
