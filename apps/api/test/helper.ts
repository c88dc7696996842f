import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { TOKEN_HEADER } from '@andes/contract/common/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Transporter } from 'nodemailer';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { DEMO_SIGN_INS, type DemoUserKey, seedDemo } from '../src/db/seed/demo.ts';
import { createPasswordHasher } from '../src/modules/auth/password-hasher.ts';
import type { BlobStore } from '../src/modules/files/blob-store.ts';
import { LocalDiskBlobStore } from '../src/modules/files/local-disk-blob-store.ts';
import { testDatabasePrefix } from './test-database-name.ts';

/** A clock the test moves by hand. */
export interface FakeClock {
  (): Date;
  set(at: Date): void;
  advance(ms: number): void;
}

export function fakeClock(start: Date = new Date()): FakeClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as FakeClock;
  clock.set = (at) => {
    now = at.getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/**
 * Server configuration for tests: cheap argon2 (only through config), no web build, quiet logs, a
 * fresh secret key (no key file written) and mail to the outbox.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({}, process.cwd());
  return {
    ...base,
    webDist: '/nonexistent/andes-web-dist',
    logLevel: 'silent',
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    loginRateLimitPerMinute: 10_000,
    secretKey: randomBytes(32).toString('base64'),
    ...overrides,
  };
}

let pgliteImage: Promise<Blob | undefined> | undefined;

/** The migrated PGlite image of this run (test/global-setup.ts), read once per test file. */
function migratedPgliteImage(): Promise<Blob | undefined> {
  pgliteImage ??= (async () => {
    const file = inject('pgliteImage');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return pgliteImage;
}

/**
 * A fresh migrated database: in-memory PGlite started from the run's migrated image, or a new
 * database on the TEST_DATABASE_URL server copied from the run's migrated template.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const image = await migratedPgliteImage();
    const database = await openDatabase({ kind: 'pglite', dataDir: null, ...(image ? { image } : {}) });
    return { database, drop: async () => {} };
  }
  const template = inject('postgresTemplate');
  // Named after the run's template, so the run's teardown drops any a file left behind.
  const name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files copying the template at the same instant can see each other as its users: retry.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (err) {
        const busy = err instanceof Error && /is being accessed by other users/.test(err.message);
        if (!busy || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // pool.end() resolves before the server has seen every connection close; forcing the drop
        // while one is still closing makes the pool report "terminating connection". Wait a little.
        for (let i = 0; i < 50; i += 1) {
          const open = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if ((open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: FakeClock;
  /** The app's blob store: a local disk store in a temporary folder (removed on close) unless the test passed one. */
  blobs: BlobStore;
  /** Log lines written so far (when built with captureLogs). */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: FakeClock;
  /** Capture log lines at this level into `logs`. */
  captureLogs?: Config['logLevel'];
  /** Register extra (test-only) routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** The SMTP transport to use when `config.mail.smtpUrl` is set. */
  mailTransport?: Transporter;
  /** Work background jobs in this app (polling every half second); off by default. */
  workJobs?: boolean;
  /** The blob store (default: local disk in a fresh temporary folder, removed on close). */
  blobs?: BlobStore;
}

/** An app on a fresh migrated database with the demo data. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig({ ...options.config, ...(options.captureLogs ? { logLevel: options.captureLogs } : {}) });
  const clock = options.clock ?? fakeClock();
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const hasher = createPasswordHasher(config.passwordHashing);
  await seedDemo(database.db, hasher, clock());
  const blobFolder = options.blobs ? null : await mkdtemp(join(tmpdir(), 'andes-blobs-'));
  const blobs = options.blobs ?? new LocalDiskBlobStore(blobFolder as string);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString('utf8'));
      cb();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    hasher,
    blobs,
    jobs: options.workJobs === true,
    ...(options.workJobs ? { jobQueue: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 } } : {}),
    ...(options.captureLogs ? { logStream } : {}),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    blobs,
    logs,
    async close() {
      await app.close();
      await database.close();
      await drop();
      if (blobFolder) await rm(blobFolder, { recursive: true, force: true });
    },
  };
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelope<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json() as Envelope<T>;
}

/** POST a JSON body, with the session token when given. */
export function post(
  app: FastifyInstance,
  url: string,
  body: unknown = {},
  opts: { token?: string | null; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { [TOKEN_HEADER]: opts.token } : {}), ...opts.headers },
  });
}

export const DEMO = DEMO_SIGN_INS;

/** Signs a demo user in and returns the session token. */
export async function signIn(app: FastifyInstance, loginPath: string, who: DemoUserKey, ip = '127.0.0.1'): Promise<string> {
  const u = DEMO_SIGN_INS[who];
  const res = await post(app, loginPath, { username: u.username, password: u.password }, { ip });
  const body = envelope<{ token: string }>(res);
  if (body.code !== 200) throw new Error(`sign-in of ${u.username} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}
