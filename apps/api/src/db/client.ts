import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { installJobSchema } from '../jobs/job-schema.ts';
import { pgliteDirectoryOf } from './pglite-cluster.ts';

/**
 * The database handle every repository takes. Both drivers (PGlite, node-postgres) and their
 * transactions are PgDatabase instances, so repositories do not know which one they run on.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  /**
   * Embedded PGlite; `dataDir` null keeps it in memory (tests). `image` starts the in-memory
   * database from a data directory saved with `dumpPglite` instead of an empty cluster (the test
   * suite migrates once and starts every test file's database from that image).
   */
  { kind: 'pglite'; dataDir: string | null; image?: Blob } | { kind: 'postgres'; url: string };

export interface Database {
  readonly db: Db;
  readonly kind: DatabaseTarget['kind'];
  /** One line for the start-up banner, without credentials. */
  readonly description: string;
  /** Applies the checked-in SQL migrations and installs the job queue's schema (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs SQL text with positional parameters outside drizzle (the job queue's driver): several
   * statements when `values` is empty, one statement otherwise. Answers the last statement's rows.
   */
  executeSql: ExecuteSql;
  /**
   * Runs `fn` while holding the start-up lock, so that several API processes starting together
   * migrate and seed one after the other (a PostgreSQL advisory lock; PGlite has one process).
   */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Advisory lock key of start-up work (migrations, demo seed): "andes" in ASCII. */
const STARTUP_LOCK_KEY = 0x616e646573;

export function databaseTargetOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: pgliteDirectoryOf(config.dataDir) };
}

/** `postgres://user:secret@host:5432/db` → `PostgreSQL host:5432/db` (never the password). */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Raw SQL on the connection(s) behind a drizzle handle, for the job queue's driver: several
 * statements when `values` is empty (the simple protocol), one statement with parameters otherwise.
 * Answers the last statement's rows.
 */
export function sqlExecutorOf(db: Db): ExecuteSql {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return async (text, values = []) => {
      if (values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    };
  }
  if (client instanceof pg.Pool) {
    return async (text, values = []) => {
      const result: pg.QueryResult | pg.QueryResult[] = await client.query(text, values.length > 0 ? values : undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    };
  }
  throw new Error('sqlExecutorOf: neither a PGlite nor a node-postgres handle');
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir, target.image) : openPostgres(target.url);
}

/** The data directory of an open PGlite database as an uncompressed tarball (see `image` above). */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('dumpPglite: not a PGlite database');
  return client.dumpDataDir('none');
}

async function openPglite(dataDir: string | null, image?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && image) throw new Error('openDatabase: an image starts an in-memory database only');
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create(image ? { loadDataDir: image } : {});
  const db = drizzlePglite({ client });
  const executeSql = sqlExecutorOf(db);
  let chain: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    description: dataDir ? `embedded PGlite in ${dataDir}` : 'embedded PGlite in memory',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobSchema(executeSql);
    },
    executeSql,
    withStartupLock<T>(fn: (d: Db) => Promise<T>): Promise<T> {
      const run = chain.then(() => fn(db));
      chain = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

/**
 * int8 (bigint columns, count(*)) as PGlite reads it: a number when it is a safe integer, else a
 * BigInt (which then fails loudly instead of losing cents). node-postgres would give a string.
 * Set on the pg module's type registry, which drizzle's node-postgres session falls back to.
 */
function parseInt8(value: string): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
}

async function openPostgres(url: string): Promise<Database> {
  pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
  // A server that does not answer (a black hole, not a refusal) fails a connect within 5 s: the
  // call answers TEMPORARILY_UNAVAILABLE instead of waiting out its whole timeout.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  // Fail fast with a clear error when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool });
  const executeSql = sqlExecutorOf(db);
  async function withLock<T>(fn: (d: NodePgDatabase) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await fn(drizzlePg({ client }));
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    description: describePostgresUrl(url),
    migrate: () =>
      withLock(async (locked) => {
        await migratePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
        await installJobSchema(executeSql);
      }),
    executeSql,
    withStartupLock: withLock,
    close: () => pool.end(),
  };
}
