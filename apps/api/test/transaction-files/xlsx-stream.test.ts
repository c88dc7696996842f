import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../../src/modules/transaction-files/export/xlsx-stream.ts';
import { generatedRows, readAll, SAMPLE_COLUMNS, type SampleRow } from './export-fixtures.ts';

const MEXICO = { language: 'en', timeZone: 'America/Mexico_City', at: new Date('2026-03-01T00:00:00Z') } as const;

async function load(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

const rows: SampleRow[] = [
  {
    uniqueId: 'MX1',
    merchantReference: '=cmd|"/c calc"!A1',
    amount: 123456,
    fee: 0,
    createdAt: new Date('2026-02-28T23:30:15Z'),
    settledAt: null,
    status: 'SETTLED',
    payerName: 'Ñandú Pérez',
  },
  {
    uniqueId: 'MX2',
    merchantReference: '@SUM(1)',
    amount: -5,
    fee: null,
    createdAt: '2026-01-10T06:00:00.000Z',
    settledAt: new Date('2026-01-10T06:00:01Z'),
    status: 'FAILED',
    payerName: '李四',
  },
];

describe('xlsxStream', () => {
  it('writes a workbook exceljs reads back: headers with the zone, amounts as 2-decimal numbers, local times', async () => {
    expect(XLSX_CONTENT_TYPE).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = await readAll(xlsxStream(rows, SAMPLE_COLUMNS, { ...MEXICO, sheetName: 'Pay-in' }));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const sheet = await load(bytes);
    expect(sheet.name).toBe('Pay-in');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Unique ID',
      'Merchant reference',
      'Amount',
      'Fee',
      'Submit time (America/Mexico_City, UTC-6)',
      'Settle time (America/Mexico_City, UTC-6)',
      'Status',
      'Payer',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('MX1');
    expect(first.getCell(2).value).toBe('\'=cmd|"/c calc"!A1');
    expect(first.getCell(3).value).toBe(1234.56);
    expect(first.getCell(3).numFmt).toBe('0.00');
    expect(first.getCell(4).value).toBe(0);
    // The wall-clock time in Mexico City, as a spreadsheet date (no zone of its own).
    expect(first.getCell(5).value).toEqual(new Date('2026-02-28T17:30:15Z'));
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(6).value).toBeNull();
    expect(first.getCell(7).value).toBe('Settled');
    expect(first.getCell(8).value).toBe('Ñandú Pérez');

    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBe("'@SUM(1)");
    expect(second.getCell(3).value).toBe(-0.05);
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(5).value).toEqual(new Date('2026-01-10T00:00:00Z'));
    expect(second.getCell(6).value).toEqual(new Date('2026-01-10T00:00:01Z'));
    expect(second.getCell(8).value).toBe('李四');
    for (let col = 1; col <= 8; col++) expect(sheet.getRow(2).getCell(col).formula).toBeUndefined();
  });

  it('writes Chinese headers', async () => {
    const sheet = await load(await readAll(xlsxStream([], SAMPLE_COLUMNS, { ...MEXICO, language: 'zh-CN' })));
    expect(sheet.getRow(1).getCell(5).value).toBe('提交时间 (America/Mexico_City, UTC-6)');
    expect(sheet.rowCount).toBe(1);
  });

  it('fails the stream when the source fails', async () => {
    async function* broken(): AsyncGenerator<SampleRow> {
      yield* generatedRows(3);
      throw new Error('cursor lost');
    }
    await expect(readAll(xlsxStream(broken(), SAMPLE_COLUMNS, MEXICO))).rejects.toThrow('cursor lost');
  });

  it('stops pulling rows while the consumer does not read', async () => {
    let pulled = 0;
    async function* source(): AsyncGenerator<SampleRow> {
      for await (const row of generatedRows(200_000)) {
        pulled += 1;
        yield row;
      }
    }
    const stream = xlsxStream(source(), SAMPLE_COLUMNS, MEXICO);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    let last = -1;
    for (let i = 0; i < 30 && pulled !== last; i++) {
      last = pulled;
      await pause();
    }
    // Nothing read: the writer stopped after a few windows of rows, far from the 200,000.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(40_000);
    const stalled = pulled;
    await pause();
    expect(pulled).toBe(stalled);
    // Reading again lets it go on.
    stream.resume();
    await pause();
    expect(pulled).toBeGreaterThan(stalled);
    stream.destroy();
  });

  it('streams 30,000 rows that read back complete', async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream(generatedRows(30_000), SAMPLE_COLUMNS, MEXICO)) {
      chunks.push(chunk as Buffer);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const sheet = await load(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getRow(30_001).getCell(1).value).toBe('TX0000029999');
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});
