import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentUserInfo } from '@andes/contract/auth/endpoints';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { ingestEvent, publishMessage, readRiskDecision } from '@andes/contract/platform/endpoints';
import { INTERNAL_ENDPOINTS } from '@andes/contract/registry';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceTokens } from '../../src/db/schema/platform.ts';
import { registerEndpoint, registerPublicEndpoint, registerServiceEndpoint } from '../../src/http/register-endpoint.ts';
import { platformTokenFile, setUpPlatformToken, tokenHashOf } from '../../src/modules/platform/service-token.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { callInternal, EventFactory, PLATFORM_TOKEN, withPlatformToken } from '../ledger/support.ts';

/** A pay-in the platform reported, whose risk decision the decision read answers. */
const DECIDED_PAYIN = 'svc-decided-payin-1';

/** A valid request body per internal endpoint: accepted (200) with the right token. */
function validBody(endpoint: Endpoint, f: EventFactory): unknown {
  if (endpoint === ingestEvent) return f.toppedUp(1_000);
  if (endpoint === readRiskDecision) return { merchantCode: 'ANDES-DEMO', uniqueId: DECIDED_PAYIN };
  if (endpoint === publishMessage)
    return { messageKey: 'svc-notice-1', kind: 'MESSAGE', merchantCode: 'ANDES-DEMO', title: 'Maintenance', content: 'Tonight.' };
  return { limit: 5, leaseSeconds: 30 };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: 'trace' });
  await withPlatformToken(t.db);
  const created = await callInternal(t.app, ingestEvent.path, new EventFactory('svc-payin').created({ uniqueId: DECIDED_PAYIN }));
  expect(created.code, created.msg).toBe(ResultCode.OK);
});
afterAll(async () => t?.close());

describe('service token', () => {
  const f = new EventFactory('svc');

  test.each(INTERNAL_ENDPOINTS.map((e) => [e.path, e] as const))(
    '%s refuses a missing or wrong token and accepts the right one',
    async (_path, e) => {
      expect(t.app.hasRoute({ method: 'POST', url: e.path })).toBe(true);
      const missing = await callInternal(t.app, e.path, validBody(e, f), null);
      expect(missing.status).toBe(401);
      expect(missing.code).toBe(ResultCode.SERVICE_UNAUTHORIZED);
      expect(missing.msg).toMatch(/Authorization: Bearer/);
      const wrong = await callInternal(t.app, e.path, validBody(e, f), `${PLATFORM_TOKEN}x`);
      expect(wrong.status).toBe(401);
      expect(wrong.code).toBe(ResultCode.SERVICE_UNAUTHORIZED);
      // A dashboard session token in the dashboard's header is no service token.
      const res = await t.app.inject({
        method: 'POST',
        url: e.path,
        payload: validBody(e, f) as object,
        headers: { token: PLATFORM_TOKEN },
      });
      expect(res.statusCode).toBe(401);
      const right = await callInternal(t.app, e.path, validBody(e, f));
      expect(right.status).toBe(200);
      expect(right.code).toBe(ResultCode.OK);
    },
  );

  test('an invalid body with the right token is a validation failure listing the fields', async () => {
    const res = await callInternal(t.app, ingestEvent.path, { eventId: 'x', type: 'transaction.held', data: {} });
    expect(res.status).toBe(400);
    expect(res.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(res.msg).toMatch(/occurredAt/);
  });

  test('a revoked token is refused', async () => {
    const other = 'another-platform-token-abcdefghijklmnopqrstuvwxyz';
    await t.db.insert(serviceTokens).values({ name: 'old-platform', tokenHash: tokenHashOf(other), revokedAt: new Date() });
    const res = await callInternal(t.app, ingestEvent.path, new EventFactory('rev').toppedUp(100), other);
    expect(res.code).toBe(ResultCode.SERVICE_UNAUTHORIZED);
  });

  test('only the hash is stored, last use is written at most once a minute, and the token is never logged', async () => {
    const [row] = await t.db.select().from(serviceTokens).where(eq(serviceTokens.name, 'platform'));
    expect(row?.tokenHash).toBe(tokenHashOf(PLATFORM_TOKEN));
    const firstUse = row?.lastUsedAt;
    expect(firstUse).toBeInstanceOf(Date);
    t.clock.advance(30_000);
    await callInternal(t.app, ingestEvent.path, new EventFactory('lu1').toppedUp(100));
    const [same] = await t.db.select().from(serviceTokens).where(eq(serviceTokens.name, 'platform'));
    expect(same?.lastUsedAt).toEqual(firstUse);
    t.clock.advance(31_000);
    await callInternal(t.app, ingestEvent.path, new EventFactory('lu2').toppedUp(100));
    const [moved] = await t.db.select().from(serviceTokens).where(eq(serviceTokens.name, 'platform'));
    expect(moved?.lastUsedAt?.getTime()).toBe(t.clock().getTime());
    expect(t.logs.join('')).not.toContain(PLATFORM_TOKEN);
  });

  test('a service endpoint registers only through registerServiceEndpoint, and nothing else through it', () => {
    const app = Fastify();
    expect(() => registerEndpoint(app, ingestEvent, async () => ({}) as never)).toThrow(/registerServiceEndpoint/);
    expect(() => registerPublicEndpoint(app, ingestEvent, async () => ({}) as never)).toThrow(/registerServiceEndpoint/);
    expect(() => registerServiceEndpoint(app, currentUserInfo, async () => ({}) as never)).toThrow(/only service endpoints/);
  });

  test('/openapi.json documents the internal calls with the bearer scheme under the internal tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = res.json() as {
      paths: Record<string, { post?: { security?: unknown[]; tags?: string[]; requestBody?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.platformToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const e of INTERNAL_ENDPOINTS) {
      const op = doc.paths[e.path]?.post;
      expect(op, e.path).toBeDefined();
      expect(op?.tags).toEqual(['internal']);
      expect(op?.security).toEqual([{ platformToken: [] }]);
      expect(op?.requestBody).toBeDefined();
    }
  });
});

describe('start-up token set-up', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'andes-token-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('ANDES_PLATFORM_TOKEN is registered under "platform" and works at once', async () => {
    const token = 'configured-token-abcdefghijklmnopqrstuvwxyz-0123';
    const source = await setUpPlatformToken(
      t.db,
      { platform: { ...t.config.platform, token }, databaseUrl: null, dataDir: dir },
      t.clock(),
    );
    expect(source).toEqual({ kind: 'config' });
    expect(existsSync(platformTokenFile(dir))).toBe(false);
    const res = await callInternal(t.app, ingestEvent.path, new EventFactory('cfg').toppedUp(100), token);
    expect(res.code).toBe(ResultCode.OK);
    // The previous token of that name no longer works.
    expect((await callInternal(t.app, ingestEvent.path, new EventFactory('cfg2').toppedUp(100))).code).toBe(
      ResultCode.SERVICE_UNAUTHORIZED,
    );
  });

  test('embedded without a token: generated once into <dataDir>/platform-token (0600) and reused', async () => {
    const config = { platform: { ...t.config.platform, token: null }, databaseUrl: null, dataDir: dir };
    const source = await setUpPlatformToken(t.db, config, t.clock());
    const file = platformTokenFile(dir);
    expect(source).toEqual({ kind: 'file', file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await setUpPlatformToken(t.db, config, t.clock());
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    expect((await callInternal(t.app, ingestEvent.path, new EventFactory('file').toppedUp(100), token)).code).toBe(ResultCode.OK);
  });

  test('an unreadable token file is refused with a clear message', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'andes-token-bad-'));
    try {
      writeFileSync(platformTokenFile(bad), 'short\n');
      await expect(
        setUpPlatformToken(t.db, { platform: { ...t.config.platform, token: null }, databaseUrl: null, dataDir: bad }, t.clock()),
      ).rejects.toThrow(/does not hold a platform token/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });

  test('with DATABASE_URL and no token, the platform token is revoked and every call refused', async () => {
    const source = await setUpPlatformToken(
      t.db,
      { platform: { ...t.config.platform, token: null }, databaseUrl: 'postgres://db.example/andes', dataDir: dir },
      t.clock(),
    );
    expect(source).toEqual({ kind: 'none' });
    const token = readFileSync(platformTokenFile(dir), 'utf8').trim();
    expect((await callInternal(t.app, ingestEvent.path, new EventFactory('none').toppedUp(100), token)).code).toBe(
      ResultCode.SERVICE_UNAUTHORIZED,
    );
  });
});
