import { spawnSync } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import { currentUserInfo, login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { UNSTORABLE_TEXT_MESSAGE } from '@andes/contract/common/fields';
import { amountSummary, productLineChart, productPieChart, transactionLineChart } from '@andes/contract/home/endpoints';
import { rolePage, userPage } from '@andes/contract/iam/endpoints';
import { ipTrustlistPage } from '@andes/contract/ip-trustlist/endpoints';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { platformEvents } from '../../src/db/schema/platform.ts';
import { createPasswordHasher } from '../../src/modules/auth/password-hasher.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp, testConfig } from '../helper.ts';
import { EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';

/**
 * Bad input answers a validation error naming the field, never 500: NUL and other unstorable
 * characters in any text, dates that are not dates. A database out of reach answers 503 with
 * Retry-After, so callers repeat the call. Every reproduction of the hardening issue is here.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: 'info' });
  await withPlatformToken(t.db);
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

/** Log entries at error level or above written since `from` (pino's level 50 is error). */
const errorLogsSince = (from: number) =>
  t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 50);

function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: number; msg: string; data: { issues: { path: string; message: string }[] } };
  expect(body.code).toBe(ResultCode.VALIDATION_FAILED);
  expect(body.data.issues.map((i) => i.path)).toContain(field);
  if (message) expect(body.data.issues.find((i) => i.path === field)?.message).toBe(message);
}

describe('NUL and other unstorable characters', () => {
  test('sign-in with NUL in the username: a validation error naming it, no sign-in needed, nothing logged as an error', async () => {
    const before = t.logs.length;
    const res = await post(t.app, login.path, { username: 'a\u0000b', password: 'x' });
    expectRefused(res, 'username', UNSTORABLE_TEXT_MESSAGE);
    expect(errorLogsSince(before)).toEqual([]);
    expect(t.logs.slice(before).join('\n')).not.toContain('a\\u0000b');
  });

  test.each([
    [userPage.path, { username: 'x\u0000' }, 'username'],
    [userPage.path, { displayName: '\u0000' }, 'displayName'],
    [userPage.path, { email: 'a@b\u0000.co' }, 'email'],
    [rolePage.path, { name: 'admin\u0000' }, 'name'],
    [ipTrustlistPage.path, { listType: 'DASHBOARD', address: '127.0.0.1\u0000' }, 'address'],
    [activityPage.path, { timeZone: 'UTC', actor: 'demo\u0000' }, 'actor'],
    [activityPage.path, { timeZone: 'UTC', objectId: '\u00001' }, 'objectId'],
    [activityExport.path, { timeZone: 'UTC', range: { from: '2026-11-01', to: '2026-11-02' }, actor: 'x\u0000' }, 'actor'],
    [activityExport.path, { timeZone: 'UTC', range: { from: '2026-11-01', to: '2026-11-02' }, objectId: 'x\u0000' }, 'objectId'],
    [userPage.path, { cursor: 'abc\u0000' }, 'cursor'],
  ])('%s with NUL in %j is refused on %s', async (path, body, field) => {
    const before = t.logs.length;
    expectRefused(await post(t.app, path, body, { token: admin }), field);
    expect(errorLogsSince(before)).toEqual([]);
  });

  test('other controls, noncharacters and lone surrogates are refused too; tabs and line breaks in free text are not', async () => {
    for (const bad of ['\u0001', '\u001b[31m', '\ufffe', '\ud800', 'x\udfff']) {
      expectRefused(await post(t.app, userPage.path, { username: `a${bad}` }, { token: admin }), 'username');
    }
    // A search box pasted with a line break around the text: trimmed away, not refused.
    const res = await post(t.app, userPage.path, { username: '\tdemo.admin\n' }, { token: admin });
    expect(envelope(res).code).toBe(200);
  });

  test('the platform cannot send NUL either: the event is refused with the field named, nothing stored', async () => {
    const f = new EventFactory('nul', new Date());
    const created = f.created({ uniqueId: f.uniqueId(), accountName: 'Store\u0000' });
    const answer = await sendEvent(t.app, created);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(JSON.stringify(answer.data)).toContain('data.accountName');
    expect(await t.db.select().from(platformEvents).where(eq(platformEvents.eventId, created.eventId))).toEqual([]);
  });
});

describe('dates that are not dates', () => {
  const charts = [transactionLineChart, amountSummary, productPieChart, productLineChart];
  const bad = ['2026-11-17T00:00:00Z', '2026-02-30', '99999-01-01', '2026-13-01', '', 'today'];

  test.each(charts.map((e) => e.path))('%s answers a validation error for each malformed date, in from and in to', async (path) => {
    for (const value of bad) {
      expectRefused(await post(t.app, path, { country: 'BR', from: value, to: '2026-11-10' }, { token: admin }), 'from');
      expectRefused(await post(t.app, path, { country: 'BR', from: '2026-11-01', to: value }, { token: admin }), 'to');
    }
  });

  test('the activity export answers a validation error for a malformed range', async () => {
    for (const value of bad) {
      const res = await post(t.app, activityExport.path, { timeZone: 'UTC', range: { from: value, to: '2026-11-02' } }, { token: admin });
      expectRefused(res, 'range.from');
    }
  });
});

describe('a database out of reach answers 503 with Retry-After, and the calls work again once it is back', () => {
  test('on a closed database connection every call says "temporarily unavailable"', async () => {
    const local = await createTestApp();
    await withPlatformToken(local.db);
    const token = await signIn(local.app, login.path, 'finance');
    // The driver's own handle (PGlite, or node-postgres' pool) goes away as it does when the server stops.
    await (local.db as unknown as { $client: { close?: () => Promise<void>; end?: () => Promise<void> } }).$client[
      local.db.constructor.name.includes('Pglite') ? 'close' : 'end'
    ]?.();
    for (const res of [
      await post(local.app, currentUserInfo.path, {}, { token }),
      await post(local.app, login.path, { username: 'demo.admin', password: 'DemoAdmin2026' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(envelope(res).code).toBe(ResultCode.TEMPORARILY_UNAVAILABLE);
    }
    const down = new EventFactory('down', new Date());
    const event = await sendEvent(local.app, down.created({ uniqueId: down.uniqueId() }));
    expect(event.status).toBe(503);
    expect(event.code).toBe(ResultCode.TEMPORARILY_UNAVAILABLE);
    await local.app.close();
  });
});

/** The name of the test file's database (on PostgreSQL, a copy of the run's template). */
async function currentDatabase(): Promise<string> {
  const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return result.rows[0]?.name ?? '';
}

/** A TCP relay in front of PostgreSQL that can be stopped and started, as a server restart looks to the app. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      if (this.server !== server) {
        client.destroy();
        return;
      }
      const upstream = connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
  }
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL stopping and starting under the app (PostgreSQL)', () => {
  test('while the server is away: 503 with Retry-After for the dashboard and the platform; afterwards: answers again', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? '');
    const name = await currentDatabase();
    const relay = new Relay(target.hostname, Number(target.port || 5432));
    await relay.start();
    const url = new URL(target);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    const config = testConfig();
    const app = await buildApp({
      config,
      db: database.db,
      clock: fakeClock(),
      hasher: createPasswordHasher(config.passwordHashing),
      jobs: false,
    });
    try {
      const token = await signIn(app, login.path, 'finance');
      expect(envelope(await post(app, currentUserInfo.path, {}, { token })).code).toBe(200);

      await relay.stop();
      const r1 = await post(app, currentUserInfo.path, {}, { token });
      const r2 = await post(app, login.path, { username: 'x', password: 'y' });
      for (const res of [r1, r2]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(envelope(res).code).toBe(ResultCode.TEMPORARILY_UNAVAILABLE);
      }
      const restart = new EventFactory('restart', new Date());
      const event = await sendEvent(app, restart.created({ uniqueId: restart.uniqueId() }));
      expect([event.status, event.code]).toEqual([503, ResultCode.TEMPORARILY_UNAVAILABLE]);

      await relay.start();
      expect(envelope(await post(app, currentUserInfo.path, {}, { token })).code).toBe(200);
    } finally {
      await app.close();
      await relay.start();
      await database.close();
      await relay.stop();
    }
  });

  test('ledger:check reads a PostgreSQL database without ANDES_SECRET_KEY', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${await currentDatabase()}`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    });
    expect(r.stderr).not.toContain('ANDES_SECRET_KEY');
    expect(r.status, r.stderr).toBe(0);
  });
});
