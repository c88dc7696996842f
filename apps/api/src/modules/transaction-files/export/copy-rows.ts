import { StringDecoder } from 'node:string_decoder';

/**
 * Rows from PostgreSQL's `COPY (SELECT …) TO STDOUT` in its text format (tab-separated fields,
 * one row per line, `\N` for NULL, backslash escapes), as objects keyed by the given column
 * names, for `csvStream` and `xlsxStream`. Reading a COPY stream costs the client far less than
 * the row protocol (no per-field type parsing), which is what lets an export keep up with COPY
 * itself; select amounts as int8 cents and instants as epoch milliseconds
 * (`(extract(epoch from t) * 1000)::int8`), which the export columns take as digit strings.
 * Pull-based like the writers: a chunk is read from the source only when a row is wanted.
 */

export type CopyRow = Record<string, string | null>;

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function unescapeField(field: string): string {
  return field.replace(/\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|([\s\S]))/g, (_m, octal?: string, hex?: string, other?: string) => {
    if (octal) return String.fromCharCode(Number.parseInt(octal, 8));
    if (hex) return String.fromCharCode(Number.parseInt(hex, 16));
    return ESCAPES[other as string] ?? (other as string);
  });
}

function parseLine(line: string, columns: readonly string[]): CopyRow {
  const fields = line.split('\t');
  if (fields.length !== columns.length) throw new Error(`COPY row has ${fields.length} fields, expected ${columns.length}`);
  const row: CopyRow = {};
  for (let i = 0; i < columns.length; i++) {
    const field = fields[i] as string;
    row[columns[i] as string] = field === '\\N' ? null : field.includes('\\') ? unescapeField(field) : field;
  }
  return row;
}

export async function* copyTextRows(source: AsyncIterable<Buffer | string>, columns: readonly string[]): AsyncGenerator<CopyRow> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      yield parseLine(text.slice(start, end), columns);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.end();
  if (rest !== '') throw new Error('COPY output ended inside a row');
}
