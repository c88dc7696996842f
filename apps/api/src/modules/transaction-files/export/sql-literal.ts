/**
 * SQL literals for statements that take no parameters (`COPY (SELECT …) TO STDOUT`): the values a
 * query builder would send as `$n` parameters, written into the text instead, so that PostgreSQL
 * reads each back as exactly that value and never as SQL.
 *
 * - strings: single quotes doubled; a string holding a backslash is written `E'…'` with each
 *   backslash doubled, which reads the same whatever `standard_conforming_strings` says (the rule
 *   libpq's PQescapeLiteral follows); a NUL character (which PostgreSQL text cannot hold) is refused;
 * - integers and finite numbers as digits, a negative one in parentheses (`x - (-5)`, never `x --5`,
 *   which would start a comment); bigints likewise;
 * - booleans `true` / `false`, null `NULL`, a Date its ISO 8601 instant as a string literal.
 *
 * Anything else (objects, arrays, NaN, Infinity) throws: a value this function does not know how to
 * quote must not reach the text of a statement.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return stringLiteral(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value < 0n ? `(${value.toString()})` : value.toString();
    case 'number': {
      if (!Number.isFinite(value)) throw new TypeError(`sqlLiteral: not a finite number: ${value}`);
      const text = String(value);
      return value < 0 ? `(${text})` : text;
    }
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new TypeError('sqlLiteral: invalid Date');
        return stringLiteral(value.toISOString());
      }
      throw new TypeError(`sqlLiteral: cannot write a ${typeof value} as a literal`);
  }
}

function stringLiteral(text: string): string {
  if (text.includes('\0')) throw new TypeError('sqlLiteral: a string with a NUL character');
  const quoted = text.replace(/'/g, "''");
  return text.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/**
 * A query builder's statement (`$1`, `$2`… placeholders) with its parameters written in as
 * literals. Each placeholder must name a parameter and each parameter must be used: a mismatch is
 * a programming error and throws. The text must come from the builder (placeholders only where it
 * put them); the values may come from anyone.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  const used = new Set<number>();
  const inlined = text.replace(/\$(\d+)/g, (_m, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= params.length) throw new Error(`inlineParams: $${digits} has no parameter`);
    used.add(index);
    return sqlLiteral(params[index]);
  });
  if (used.size !== params.length) throw new Error(`inlineParams: ${params.length - used.size} parameter(s) not used`);
  return inlined;
}
