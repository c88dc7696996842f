import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../src/modules/transaction-files/export/columns.ts';
import { type CopyRow, copyTextRows } from '../../src/modules/transaction-files/export/copy-rows.ts';
import { csvStream } from '../../src/modules/transaction-files/export/csv-stream.ts';
import { parseCsv, readAll, SAMPLE_COLUMNS } from './export-fixtures.ts';

const KEYS = SAMPLE_COLUMNS.map((c) => c.key);
/** The sample columns over rows of strings, as COPY gives them. */
const COLUMNS = SAMPLE_COLUMNS as unknown as readonly ExportColumn<CopyRow>[];

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('copyTextRows', () => {
  it('reads COPY text rows with NULLs and escapes, across chunk boundaries (even inside a character)', async () => {
    const text =
      'TX1\ta\\tb\\\\c\\nd\t123456\t\\N\t1772321415000\t\\N\tSETTLED\tJosé\n' +
      'TX2\t=1+1\t-5\t0\t1768014000000\t1768014001000\tFAILED\t\\N\n';
    const bytes = Buffer.from(text, 'utf8');
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, bytes.indexOf('é') + 1), bytes.subarray(bytes.indexOf('é') + 1)];
    const rows = await collect(copyTextRows(Readable.from(chunks), KEYS));
    expect(rows).toEqual([
      {
        uniqueId: 'TX1',
        merchantReference: 'a\tb\\c\nd',
        amount: '123456',
        fee: null,
        createdAt: '1772321415000',
        settledAt: null,
        status: 'SETTLED',
        payerName: 'José',
      },
      {
        uniqueId: 'TX2',
        merchantReference: '=1+1',
        amount: '-5',
        fee: '0',
        createdAt: '1768014000000',
        settledAt: '1768014001000',
        status: 'FAILED',
        payerName: null,
      },
    ]);
    const csv = parseCsv((await readAll(csvStream(rows, COLUMNS, { language: 'en', timeZone: 'America/Sao_Paulo' }))).toString().slice(1));
    expect(csv[1]).toEqual(['TX1', 'a\tb\\c\nd', '1234.56', '', '2026-02-28 20:30:15', '', 'Settled', 'José']);
    expect(csv[2]).toEqual(['TX2', "'=1+1", '-0.05', '0.00', '2026-01-10 00:00:00', '2026-01-10 00:00:01', 'Failed', '']);
  });

  it('refuses a row with the wrong number of fields and output cut inside a row', async () => {
    await expect(collect(copyTextRows(Readable.from([Buffer.from('a\tb\n')]), KEYS))).rejects.toThrow(/2 fields, expected 8/);
    await expect(collect(copyTextRows(Readable.from([Buffer.from('a')]), ['x']))).rejects.toThrow(/inside a row/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reads what PostgreSQL COPY … TO STDOUT writes', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const sql = `copy (select * from (values
          ('TX1', E'tab\\there, "q"\\nnew\\\\line', 123456::int8, null::int8, (extract(epoch from timestamptz '2026-02-28 23:30:15+00') * 1000)::int8, null::int8, 'SETTLED', '张三'),
          ('TX2', '@x', -5::int8, 0::int8, 1768014000000::int8, 1768014001000::int8, 'FAILED', null)
        ) v) to stdout`;
      const rows = await collect(copyTextRows(client.query(copyTo(sql)), KEYS));
      expect(rows[0]).toMatchObject({
        merchantReference: 'tab\there, "q"\nnew\\line',
        amount: '123456',
        fee: null,
        createdAt: '1772321415000',
        payerName: '张三',
      });
      const csv = parseCsv(
        (await readAll(csvStream(rows, COLUMNS, { language: 'en', timeZone: 'America/Sao_Paulo' }))).toString().slice(1),
      );
      expect(csv.slice(1)).toEqual([
        ['TX1', 'tab\there, "q"\nnew\\line', '1234.56', '', '2026-02-28 20:30:15', '', 'Settled', '张三'],
        ['TX2', "'@x", '-0.05', '0.00', '2026-01-10 00:00:00', '2026-01-10 00:00:01', 'Failed', ''],
      ]);
    } finally {
      await client.end();
    }
  });
});
