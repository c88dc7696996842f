import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CsvLineEnds, copyCsvStream, postgresPoolOf } from '../../src/modules/transaction-files/export/copy-csv.ts';
import { parseCsv, readAll } from './export-fixtures.ts';

/** COPY's CSV (LF line ends; quoted fields keep their own CR and LF; quotes doubled) and the CRLF file it must become. */
const COPY_CSV = [
  'TX1,plain,1234.56,,Settled\n',
  'TX2,"a, ""quoted""\nsecond line",-0.05,"""",Failed\n',
  'TX3,"ends with CRLF\r\n","""a""",0.00,\n',
  'TX4,"""",x,"\n",\n',
  'TX5,张三 São Paulo,1.00,"",y\n',
].join('');
const EXPECTED = [
  'TX1,plain,1234.56,,Settled\r\n',
  'TX2,"a, ""quoted""\nsecond line",-0.05,"""",Failed\r\n',
  'TX3,"ends with CRLF\r\n","""a""",0.00,\r\n',
  'TX4,"""",x,"\n",\r\n',
  'TX5,张三 São Paulo,1.00,"",y\r\n',
].join('');

function convertChunks(chunks: Buffer[]): Buffer {
  const lines = new CsvLineEnds();
  const out = Buffer.concat(chunks.map((c) => lines.convert(c)));
  lines.end();
  return out;
}

describe('CsvLineEnds', () => {
  const input = Buffer.from(COPY_CSV, 'utf8');

  it('ends records with CRLF and leaves line breaks inside quoted fields as they are', () => {
    const out = convertChunks([input]);
    expect(out.toString('utf8')).toBe(EXPECTED);
    expect(parseCsv(out.toString('utf8'))).toEqual([
      ['TX1', 'plain', '1234.56', '', 'Settled'],
      ['TX2', 'a, "quoted"\nsecond line', '-0.05', '"', 'Failed'],
      ['TX3', 'ends with CRLF\r\n', '"a"', '0.00', ''],
      ['TX4', '"', 'x', '\n', ''],
      ['TX5', '张三 São Paulo', '1.00', '', 'y'],
    ]);
  });

  it('gives the same bytes whatever the chunk boundaries (inside quotes, between doubled quotes, in a character)', () => {
    for (let cut = 1; cut < input.length; cut++) {
      const out = convertChunks([input.subarray(0, cut), input.subarray(cut)]);
      expect(out.toString('utf8'), `cut at ${cut}`).toBe(EXPECTED);
    }
    const bytes = [...input].map((b) => Buffer.from([b]));
    expect(convertChunks(bytes).toString('utf8')).toBe(EXPECTED);
  });

  it('hands back a chunk without a record end unchanged', () => {
    const lines = new CsvLineEnds();
    const chunk = Buffer.from('TX1,"open\nstill open', 'utf8');
    expect(lines.convert(chunk)).toBe(chunk);
    expect(() => lines.end()).toThrow(/inside a quoted field/);
    expect(lines.convert(Buffer.from('",done\n')).toString()).toBe('",done\r\n');
    expect(() => lines.end()).not.toThrow();
  });
});

describe('postgresPoolOf', () => {
  it('finds no pool behind a PGlite handle (which then keeps the keyset-batch path)', async () => {
    const client = await PGlite.create();
    try {
      expect(postgresPoolOf(drizzle({ client }))).toBeNull();
    } finally {
      await client.close();
    }
  });

  it('finds the pool behind a node-postgres handle', () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    expect(postgresPoolOf({ $client: pool })).toBe(pool);
    return pool.end();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('copyCsvStream (PostgreSQL)', () => {
  it('streams the head then COPY’s rows with CRLF line ends', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    try {
      const select = `select g, case when g % 2 = 0 then E'two\\nlines' else 'a, "b"' end from generate_series(1, 3) g`;
      const text = (await readAll(copyCsvStream(pool, '\uFEFFn,text\r\n', select))).toString('utf8');
      expect(text).toBe('\uFEFFn,text\r\n1,"a, ""b"""\r\n2,"two\nlines"\r\n3,"a, ""b"""\r\n');
      expect(pool.idleCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('closes the connection (and so the COPY) when the reader stops early, and the pool goes on', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const stream = copyCsvStream(pool, 'head\r\n', `select g, repeat('x', 100) from generate_series(1, 2000000) g`);
      let chunks = 0;
      for await (const _chunk of stream) {
        chunks += 1;
        if (chunks === 3) break;
      }
      // The one connection of the pool was closed, not pooled mid-COPY: a new one answers at once.
      const { rows } = await pool.query<{ n: number }>('select 1 as n');
      expect(rows[0]?.n).toBe(1);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('serves at most a third of the pool’s connections to exports; the next one waits after its header', async () => {
    // max 5 → one export slot.
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 5 });
    try {
      // The first is far larger than what the streams read ahead: its COPY runs until it is read or stopped.
      const first = copyCsvStream(pool, 'first\r\n', `select g, repeat('x', 200) from generate_series(1, 1000000) g`)[
        Symbol.asyncIterator
      ]();
      const second = copyCsvStream(pool, 'second\r\n', 'select 42')[Symbol.asyncIterator]();
      expect(String((await first.next()).value)).toBe('first\r\n');
      expect(String((await first.next()).value)).toMatch(/^1,x{200}\r\n/);
      expect(String((await second.next()).value)).toBe('second\r\n');
      // The first holds the slot: the second's rows do not come.
      const waiting = second.next();
      const tick = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300));
      expect(await Promise.race([waiting, tick])).toBe('still waiting');
      // Meanwhile the pool answers other calls.
      expect((await pool.query<{ n: number }>('select 7 as n')).rows[0]?.n).toBe(7);
      // The first reader goes away: its slot passes to the second.
      await first.return?.();
      expect(String((await waiting).value)).toBe('42\r\n');
      expect((await second.next()).done).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('an SQL error reaches the reader as an error', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      await expect(readAll(copyCsvStream(pool, 'head\r\n', 'select 1 / 0'))).rejects.toThrow(/division by zero/);
      expect((await pool.query<{ n: number }>('select 2 as n')).rows[0]?.n).toBe(2);
    } finally {
      await pool.end();
    }
  });
});
