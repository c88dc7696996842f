import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, describePostgresUrl, openDatabase } from './client.ts';

let database: Database;
beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
});
afterAll(async () => database?.close());

test('int8 and count(*) come back as numbers, and unsafe int8 as BigInt, on either driver', async () => {
  const rows = await database.db
    .select({
      n: sql<number>`count(*)`,
      cents: sql<number>`9007199254740991::int8`,
      big: sql<bigint>`9007199254740993::int8`,
    })
    .from(sql`(values (1), (2), (3)) as v(x)`);
  expect(rows).toEqual([{ n: 3, cents: 9_007_199_254_740_991, big: 9_007_199_254_740_993n }]);
});

test('the banner never shows the database password', () => {
  expect(describePostgresUrl('postgres://andes:s3cret@db.internal:5432/andes')).toBe('PostgreSQL db.internal:5432/andes');
  expect(describePostgresUrl('not a url')).toBe('PostgreSQL');
});
