import { defuseFormula, type ExportColumn, type ExportOptions, type ExportRow } from './columns.ts';
import { sqlLiteral } from './sql-literal.ts';

/**
 * The export columns (columns.ts) written as SQL, so that PostgreSQL formats each cell exactly as
 * `exportCell` does and `COPY (SELECT …) TO STDOUT (FORMAT csv)` gives the bytes of `csvStream`'s
 * rows (copy-csv.ts turns its line ends into CRLF). `value` is an SQL expression of the cell's raw
 * value, evaluated once per row by the caller (a column of a subquery): text for `text` and
 * `status` columns, integer cents (int8) for `amount`, a timestamptz for `instant`.
 *
 * - `text`: NULL and '' are empty cells (COPY writes '' as `""`, csvStream writes nothing: so ''
 *   becomes NULL); a value starting with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe
 *   (`defuseFormula`: `ascii()` is the first character's code point);
 * - `amount`: cents × 0.01 is a numeric of scale 2, whose text is the exact `-1234.56` of
 *   `centsToUnitsString` (never a float);
 * - `count`: the integer as is;
 * - `instant`: `to_char` of the wall-clock time in the export's zone, seconds truncated like a JS
 *   Date's (PostgreSQL's time zone database stands in for the JS runtime's);
 * - `status`: a CASE from code to the label in the export's language (labels defused like
 *   csvStream does), other codes as `text` cells.
 *
 * Every constant (zone, labels) is written with `sqlLiteral`: nothing reaches the text unquoted.
 */

/** Code points of the characters `defuseFormula` escapes: tab, CR, '+', '-', '=', '@'. */
const FORMULA_CODE_POINTS = [9, 13, 43, 45, 61, 64].join(', ');
const INSTANT_FORMAT = sqlLiteral('YYYY-MM-DD HH24:MI:SS');

function textCellSql(value: string): string {
  return `case when ascii(${value}) in (${FORMULA_CODE_POINTS}) then '''' || ${value} else nullif(${value}, '') end`;
}

/** One column of the SELECT that formats the export; `value` is referenced several times. */
export function exportColumnSql<Row extends ExportRow>(column: ExportColumn<Row>, value: string, options: ExportOptions): string {
  switch (column.kind) {
    case 'text':
      return textCellSql(value);
    case 'amount':
      return `(${value}::int8 * 0.01)`;
    case 'count':
      return `(${value}::int8)`;
    case 'instant':
      return `to_char(${value} at time zone ${sqlLiteral(options.timeZone)}, ${INSTANT_FORMAT})`;
    case 'status': {
      const labels = Object.entries(column.labels ?? {});
      if (labels.length === 0) return textCellSql(value);
      const cases = labels
        .map(([code, label]) => {
          const text = defuseFormula(label[options.language]);
          return `when ${sqlLiteral(code)} then ${sqlLiteral(text === '' ? null : text)}`;
        })
        .join(' ');
      return `case ${value} ${cases} else ${textCellSql(value)} end`;
    }
  }
}
