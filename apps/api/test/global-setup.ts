import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client.ts';
import { testDatabasePrefix } from './test-database-name.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every in-memory test database starts from. */
    pgliteImage: string;
    /** On PostgreSQL (TEST_DATABASE_URL): a migrated database each test database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run instead of once per test file: on PGlite it saves a migrated data
 * directory that each file's in-memory database loads (starting an empty PGlite cluster and
 * migrating it costs seconds per file); on PostgreSQL it creates a migrated template database that
 * each file's database copies (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    const image = await dumpPglite(database);
    await database.close();
    const dir = join(process.cwd(), '.tsbuild');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `pglite-migrated-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('pgliteImage', file);
    project.provide('postgresTemplate', '');
    return async () => rmSync(file, { force: true });
  }
  const name = `andes_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  await database.close();
  project.provide('pgliteImage', '');
  project.provide('postgresTemplate', name);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // The test databases of this run that a file did not drop (a file that failed before its teardown).
      const left = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        testDatabasePrefix(name),
      ]);
      for (const { datname } of left.rows) await c.query(`drop database if exists ${datname} with (force)`);
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
}
