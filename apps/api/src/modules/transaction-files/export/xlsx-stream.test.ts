import { describe, expect, it } from 'vitest';
import { generatedRows, SAMPLE_COLUMNS, type SampleRow } from '../../../../test/transaction-files/export-fixtures.ts';
import { xlsxStream } from './xlsx-stream.ts';

const MEXICO = { language: 'en', timeZone: 'America/Mexico_City', at: new Date('2026-03-01T00:00:00Z') } as const;

/**
 * The writer's pace: it pulls a row only when the zip has taken nearly all the XML of the rows
 * before it, whether the zip or the consumer is the slower. (exceljs pushes a worksheet's XML into
 * its zip without back-pressure; before xlsx-stream.ts paced it, a fast source ran ahead of the zip
 * by most of the file: 145 MB of XML over 200,000 rows.)
 */
describe('xlsxStream pace', () => {
  it('keeps the rows it has pulled within a few hundred KB of XML of the bytes it has put out', async () => {
    const total = 60_000;
    let pulled = 0;
    async function* source(): AsyncGenerator<SampleRow> {
      for await (const row of generatedRows(total)) {
        pulled += 1;
        yield row;
      }
    }
    const seen: { pulled: number; bytes: number }[] = [];
    let bytes = 0;
    // A consumer slower than the writer: it waits a little after every chunk.
    for await (const chunk of xlsxStream(source(), SAMPLE_COLUMNS, MEXICO)) {
      bytes += (chunk as Buffer).length;
      seen.push({ pulled, bytes });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(pulled).toBe(total);
    // Rows ahead of the output at each chunk: pulled minus the rows the bytes so far stand for.
    const bytesPerRow = bytes / total;
    const ahead = Math.max(...seen.map((s) => s.pulled - s.bytes / bytesPerRow));
    // The part's two buffers (2 × 128 KB), a chunk being gathered (64 KB), the zip's and the
    // stream's own buffers: about 1,200 of these rows when measured. Unpaced: 57,000 of the 60,000.
    expect(ahead).toBeLessThan(6_000);
  });
});
