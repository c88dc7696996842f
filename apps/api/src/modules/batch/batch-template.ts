import { BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import { XLSX_CONTENT_TYPE } from '@andes/contract/common/uploads';
import ExcelJS from 'exceljs';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { BatchColumn, BatchSpec } from './batch-spec.ts';

/**
 * The template of a batch (the binary "template download" call): a data sheet with the header row
 * only, so nothing a person forgets to delete is ever processed, and an `Example` sheet with the
 * same header and one example row. On the data sheet the header is frozen, `text` columns are
 * formatted as text (Excel keeps leading zeros), columns with `options` offer them in a drop-down
 * (Excel data validation, on every row the batch may hold), and a `hint` is the header's note.
 */

/** Excel's limit for an inline list of a data validation (the quoted, comma-separated values). */
const INLINE_LIST_MAX = 255;
export const EXAMPLE_SHEET = 'Example';

const headerText = (c: BatchColumn) => (c.required ? `${c.header} *` : c.header);
const widthOf = (c: BatchColumn) => c.width ?? Math.min(60, Math.max(12, headerText(c).length + 2, String(c.example).length + 2));

function headerRow(sheet: ExcelJS.Worksheet, columns: readonly BatchColumn[]): void {
  const row = sheet.getRow(1);
  columns.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    cell.value = headerText(c);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
    if (c.hint) cell.note = c.hint;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** Excel column letters of a 1-based index (1 → A, 27 → AA). */
export function columnLetter(index: number): string {
  let n = index;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The template workbook's bytes. */
export async function batchTemplateBytes<Row>(spec: BatchSpec<Row>): Promise<Buffer> {
  const maxRows = spec.maxRows ?? BATCH_MAX_ROWS;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Andes';
  const data = workbook.addWorksheet(spec.sheetName);
  data.columns = spec.columns.map((c) => ({ key: c.key, width: widthOf(c), ...(c.text ? { style: { numFmt: '@' } } : {}) }));
  headerRow(data, spec.columns);
  spec.columns.forEach((c, i) => {
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${maxRows + 1}`;
    const list = c.options ? `"${c.options.join(',')}"` : null;
    if (list && list.length <= INLINE_LIST_MAX && !c.options?.some((o) => o.includes(',') || o.includes('"'))) {
      // exceljs' typings lack the worksheet's dataValidations collection; it exists at run time.
      (data as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(range, {
        type: 'list',
        allowBlank: true,
        formulae: [list],
        showErrorMessage: true,
        errorStyle: 'error',
        errorTitle: c.header,
        error: `Choose one of: ${c.options?.join(', ')}`,
      });
    }
  });

  const example = workbook.addWorksheet(EXAMPLE_SHEET);
  example.columns = spec.columns.map((c) => ({ key: c.key, width: widthOf(c), ...(c.text ? { style: { numFmt: '@' } } : {}) }));
  headerRow(example, spec.columns);
  example.getRow(2).values = spec.columns.map((c) => c.example);
  example.getRow(2).font = { italic: true, color: { argb: 'FF666666' } };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template as the answer of a binary call. */
export async function batchTemplateFile<Row>(spec: BatchSpec<Row>): Promise<BinaryFile> {
  return { filename: spec.templateName, contentType: XLSX_CONTENT_TYPE, body: await batchTemplateBytes(spec) };
}
