import type { ExportColumn } from '../../src/modules/transaction-files/export/columns.ts';

/** An RFC 4180 parser (quoted fields, doubled quotes, CRLF) to read an export back as a caller would. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

export interface SampleRow extends Record<string, unknown> {
  uniqueId: string;
  merchantReference: string;
  amount: number | bigint;
  fee: number | null;
  createdAt: Date | string;
  settledAt: Date | null;
  status: string;
  payerName: string | null;
}

export const SAMPLE_COLUMNS: readonly ExportColumn<SampleRow>[] = [
  { key: 'uniqueId', header: { en: 'Unique ID', 'zh-CN': '唯一编号' }, kind: 'text' },
  { key: 'merchantReference', header: { en: 'Merchant reference', 'zh-CN': '商户订单号' }, kind: 'text' },
  { key: 'amount', header: { en: 'Amount', 'zh-CN': '金额' }, kind: 'amount' },
  { key: 'fee', header: { en: 'Fee', 'zh-CN': '手续费' }, kind: 'amount' },
  { key: 'createdAt', header: { en: 'Submit time', 'zh-CN': '提交时间' }, kind: 'instant' },
  { key: 'settledAt', header: { en: 'Settle time', 'zh-CN': '结算时间' }, kind: 'instant' },
  {
    key: 'status',
    header: { en: 'Status', 'zh-CN': '状态' },
    kind: 'status',
    labels: { SETTLED: { en: 'Settled', 'zh-CN': '已结算' }, FAILED: { en: 'Failed', 'zh-CN': '失败' } },
  },
  { key: 'payerName', header: { en: 'Payer', 'zh-CN': '付款人' }, kind: 'text' },
];

/** `count` generated rows, produced one at a time (a stand-in for a database cursor). */
export async function* generatedRows(count: number): AsyncGenerator<SampleRow> {
  const base = Date.UTC(2026, 0, 1, 12, 0, 0);
  for (let i = 0; i < count; i++) {
    yield {
      uniqueId: `TX${String(i).padStart(10, '0')}`,
      merchantReference: `order-${i}, "batch" ${i % 7}`,
      amount: 100 + ((i * 7919) % 10_000_000),
      fee: i % 3 === 0 ? null : i % 500,
      createdAt: new Date(base + i * 1000),
      settledAt: i % 2 === 0 ? new Date(base + i * 1000 + 60_000) : null,
      status: i % 5 === 0 ? 'FAILED' : 'SETTLED',
      payerName: i % 11 === 0 ? null : `Pagador ${i} São Paulo`,
    };
  }
}
