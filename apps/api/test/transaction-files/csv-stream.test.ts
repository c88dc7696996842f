import { describe, expect, it, vi } from 'vitest';
import type { ExportColumn } from '../../src/modules/transaction-files/export/columns.ts';
import { csvStream } from '../../src/modules/transaction-files/export/csv-stream.ts';
import { generatedRows, parseCsv, readAll, SAMPLE_COLUMNS, type SampleRow } from './export-fixtures.ts';

const SAO_PAULO = { language: 'en', timeZone: 'America/Sao_Paulo', at: new Date('2026-03-01T00:00:00Z') } as const;

const rows: SampleRow[] = [
  {
    uniqueId: 'TX1',
    merchantReference: 'plain',
    amount: 123456,
    fee: 5,
    createdAt: new Date('2026-02-28T23:30:15Z'),
    settledAt: null,
    status: 'SETTLED',
    payerName: 'José da Silva',
  },
  {
    uniqueId: 'TX2',
    merchantReference: 'a, "quoted"\r\nline',
    amount: -5,
    fee: null,
    createdAt: '2026-01-10T03:00:00.000Z',
    settledAt: new Date('2026-01-10T03:00:01Z'),
    status: 'FAILED',
    payerName: '张三',
  },
  {
    uniqueId: 'TX3',
    merchantReference: 'x',
    amount: 9007199254740991n,
    fee: 0,
    createdAt: new Date('2026-02-01T12:00:00Z'),
    settledAt: null,
    status: 'REFUNDED',
    payerName: '',
  },
];

describe('csvStream', () => {
  it('writes a UTF-8 CSV with a BOM that an RFC 4180 parser reads back to the exact rows', async () => {
    const bytes = await readAll(csvStream(rows, SAMPLE_COLUMNS, SAO_PAULO));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      [
        'Unique ID',
        'Merchant reference',
        'Amount',
        'Fee',
        'Submit time (America/Sao_Paulo, UTC-3)',
        'Settle time (America/Sao_Paulo, UTC-3)',
        'Status',
        'Payer',
      ],
      ['TX1', 'plain', '1234.56', '0.05', '2026-02-28 20:30:15', '', 'Settled', 'José da Silva'],
      ['TX2', 'a, "quoted"\r\nline', '-0.05', '', '2026-01-10 00:00:00', '2026-01-10 00:00:01', 'Failed', '张三'],
      ['TX3', 'x', '90071992547409.91', '0.00', '2026-02-01 09:00:00', '', 'REFUNDED', ''],
    ]);
  });

  it('writes the headers and status labels in Chinese, the zone still named', async () => {
    const text = (await readAll(csvStream(rows.slice(0, 1), SAMPLE_COLUMNS, { ...SAO_PAULO, language: 'zh-CN' }))).toString('utf8');
    const [header, first] = parseCsv(text.slice(1));
    expect(header).toEqual([
      '唯一编号',
      '商户订单号',
      '金额',
      '手续费',
      '提交时间 (America/Sao_Paulo, UTC-3)',
      '结算时间 (America/Sao_Paulo, UTC-3)',
      '状态',
      '付款人',
    ]);
    expect(first?.[6]).toBe('已结算');
  });

  it('names the offset the zone has at the export time (Santiago in summer and in winter)', async () => {
    const columns = SAMPLE_COLUMNS.filter((c) => c.key === 'createdAt');
    const summer = (
      await readAll(csvStream([], columns, { language: 'en', timeZone: 'America/Santiago', at: new Date('2026-01-15T00:00:00Z') }))
    ).toString();
    const winter = (
      await readAll(csvStream([], columns, { language: 'en', timeZone: 'America/Santiago', at: new Date('2026-07-15T00:00:00Z') }))
    ).toString();
    expect(summer).toBe('\uFEFF"Submit time (America/Santiago, UTC-3)"\r\n');
    expect(winter).toBe('\uFEFF"Submit time (America/Santiago, UTC-4)"\r\n');
  });

  it('escapes text a spreadsheet would run as a formula, but not numbers', async () => {
    const formulas = ['=SUM(A1:A9)', '+1+2', '-2+3', '@cmd', '\tTAB', '\rCR', '=HYPERLINK("http://x","y")'];
    type Row = { text: string; amount: number; count: number };
    const columns: ExportColumn<Row>[] = [
      { key: 'text', header: { en: 'Text', 'zh-CN': '文本' }, kind: 'text' },
      { key: 'amount', header: { en: 'Amount', 'zh-CN': '金额' }, kind: 'amount' },
      { key: 'count', header: { en: 'Count', 'zh-CN': '数量' }, kind: 'text' },
    ];
    const input = formulas.map((text, i) => ({ text, amount: -100 * (i + 1), count: -i }));
    const parsed = parseCsv((await readAll(csvStream(input, columns, SAO_PAULO))).toString('utf8').slice(1)).slice(1);
    expect(parsed.map((r) => r[0])).toEqual(formulas.map((f) => `'${f}`));
    expect(parsed.map((r) => r[1])).toEqual(['-1.00', '-2.00', '-3.00', '-4.00', '-5.00', '-6.00', '-7.00']);
    expect(parsed.map((r) => r[2])).toEqual(['0', '-1', '-2', '-3', '-4', '-5', '-6']);
  });

  it('refuses an amount that is not whole cents rather than export a wrong figure', async () => {
    const bad = [{ ...rows[0], amount: 12.5 }] as SampleRow[];
    await expect(readAll(csvStream(bad, SAMPLE_COLUMNS, SAO_PAULO))).rejects.toThrow(/integer cents/);
  });

  it('pulls rows only as the consumer reads, and closes the source when the consumer stops', async () => {
    let pulled = 0;
    let closed = false;
    async function* source(): AsyncGenerator<SampleRow> {
      try {
        for await (const row of generatedRows(1_000_000)) {
          pulled += 1;
          yield row;
        }
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(source(), SAMPLE_COLUMNS, SAO_PAULO);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBe(0);
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // A few chunks of ~64 KB were prepared at most: far fewer than the million rows.
    expect(pulled).toBeLessThan(10_000);
    await iterator.return?.();
    expect(stream.destroyed).toBe(true);
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(pulled).toBeLessThan(10_000);
  });

  it('streams 100,000 rows with bounded memory', async () => {
    const stream = csvStream(generatedRows(100_000), SAMPLE_COLUMNS, SAO_PAULO);
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      for (const byte of buffer) if (byte === 0x0a) lines += 1;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(lines).toBe(100_001);
    expect(bytes).toBeGreaterThan(10_000_000);
    // Loose: the whole file (>10 MB, and far more as rows in memory) is never held at once.
    expect(peak - before).toBeLessThan(40 * 1024 * 1024);
  });
});
