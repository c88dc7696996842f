import { LIST_INPUT_ENTRY_MAX } from '@andes/contract/common/constants';

/**
 * The rules of a list input (spec §5): each entry at most LIST_INPUT_ENTRY_MAX characters, at
 * least one row always kept, a row added only after the last one, a row removed only while more
 * than one is left.
 */

/** The rows shown: the entries, or one empty row when there is none. */
export function rowsOf(entries: readonly string[] | undefined): string[] {
  return entries && entries.length > 0 ? [...entries] : [''];
}

/** A new empty row after the last. */
export function addRow(entries: readonly string[] | undefined): string[] {
  return [...rowsOf(entries), ''];
}

/** Without row `index`; the only row is kept. */
export function removeRow(entries: readonly string[] | undefined, index: number): string[] {
  const rows = rowsOf(entries);
  if (rows.length <= 1 || index < 0 || index >= rows.length) return rows;
  return rows.filter((_, i) => i !== index);
}

/** Row `index` set to `text`. */
export function setRow(entries: readonly string[] | undefined, index: number, text: string): string[] {
  return rowsOf(entries).map((row, i) => (i === index ? text : row));
}

/** An entry longer than the limit (only possible from a value set from outside: typing stops at it). */
export function isTooLong(entry: string, max: number = LIST_INPUT_ENTRY_MAX): boolean {
  return [...entry].length > max;
}
