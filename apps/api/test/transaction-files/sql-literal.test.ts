import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams, sqlLiteral } from '../../src/modules/transaction-files/export/sql-literal.ts';

/** Strings a filter could carry to break out of a literal, and plain oddities. */
const NASTY = [
  '',
  "O'Brien",
  "x'; drop table t; --",
  "x' or '1'='1",
  '\\',
  "\\'",
  "\\'; select 1; --",
  "it\\'s",
  'a\\nb',
  '$1',
  '$$; drop table t; $$',
  '"quoted"',
  '-- comment',
  '/* open comment',
  'line\nbreak\r\n',
  '\ttab',
  '张三 São Paulo ✓ 😀',
  "E'x'",
  "'",
  "''",
];

/** Runs `select <literal>` on a database and returns the text it reads back. */
type Echo = (literal: string) => Promise<string | null>;

async function expectRoundTrip(echo: Echo): Promise<void> {
  for (const text of NASTY) {
    expect(await echo(sqlLiteral(text)), JSON.stringify(text)).toBe(text);
  }
}

describe('sqlLiteral', () => {
  it('quotes strings, doubling quotes, and switches to E-strings for backslashes', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral("\\'")).toBe("E'\\\\'''");
    expect(sqlLiteral('')).toBe("''");
  });

  it('writes numbers, bigints, booleans, null and dates; negatives in parentheses', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-5)).toBe('(-5)');
    expect(sqlLiteral(12345678901234567890n)).toBe('12345678901234567890');
    expect(sqlLiteral(-1n)).toBe('(-1)');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(new Date('2026-03-10T15:00:00Z'))).toBe("'2026-03-10T15:00:00.000Z'");
  });

  it('refuses what it cannot quote', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral(Number.NaN)).toThrow(/finite/);
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(() => sqlLiteral({ a: 1 })).toThrow(/object/);
    expect(() => sqlLiteral(['a'])).toThrow(/object/);
    expect(() => sqlLiteral(new Date(Number.NaN))).toThrow(/invalid Date/);
  });
});

describe('inlineParams', () => {
  it('writes each $n as the literal of its parameter, $10 after $1', () => {
    const params = ['a', 2, 'c', 4, 5, 6, 7, 8, 9, "te'n"];
    const text = 'select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 where x = $1';
    expect(inlineParams(text, params)).toBe("select 'a', 2, 'c', 4, 5, 6, 7, 8, 9, 'te''n' where x = 'a'");
  });

  it('a value that looks like a placeholder stays a value', () => {
    expect(inlineParams('select $1, $2', ['$2', 'b'])).toBe("select '$2', 'b'");
  });

  it('refuses a placeholder without its parameter, or a parameter never used', () => {
    expect(() => inlineParams('select $2', ['a'])).toThrow(/\$2 has no parameter/);
    expect(() => inlineParams('select $1', ['a', 'b'])).toThrow(/not used/);
  });

  it('keeps the sign of a negative number after a minus', () => {
    expect(inlineParams('select 1 - $1', [-5])).toBe('select 1 - (-5)');
  });
});

describe('the database reads every literal back as the exact value (PGlite)', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => db?.close());
  const echo: Echo = async (literal) => (await db.query<{ v: string | null }>(`select (${literal})::text as v`)).rows[0]?.v ?? null;

  it('with standard_conforming_strings on (the default)', async () => {
    await expectRoundTrip(echo);
    expect(await echo(sqlLiteral(-5))).toBe('-5');
    expect(await echo(sqlLiteral(new Date('2026-03-10T15:00:00Z')))).toBe('2026-03-10T15:00:00.000Z');
  });

  it('with standard_conforming_strings off (backslashes are escapes in plain literals there)', async () => {
    await db.exec('set standard_conforming_strings = off; set escape_string_warning = off');
    try {
      await expectRoundTrip(echo);
    } finally {
      await db.exec('set standard_conforming_strings = on');
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database reads every literal back as the exact value (PostgreSQL)', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => client?.end());
  const echo: Echo = async (literal) => (await client.query<{ v: string | null }>(`select (${literal})::text as v`)).rows[0]?.v ?? null;

  it('with standard_conforming_strings on and off', async () => {
    await expectRoundTrip(echo);
    await client.query('set standard_conforming_strings = off');
    await client.query('set escape_string_warning = off');
    await expectRoundTrip(echo);
  });
});
