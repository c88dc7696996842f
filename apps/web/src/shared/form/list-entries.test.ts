import { LIST_INPUT_ENTRY_MAX } from '@andes/contract/common/constants';
import { describe, expect, it } from 'vitest';
import { addRow, isTooLong, removeRow, rowsOf, setRow } from './list-entries.ts';

describe('list input rules', () => {
  it('always keeps one row', () => {
    expect(rowsOf(undefined)).toEqual(['']);
    expect(rowsOf([])).toEqual(['']);
    expect(removeRow(['only'], 0)).toEqual(['only']);
    expect(removeRow([], 0)).toEqual(['']);
  });

  it('adds after the last row and removes the row asked for while more than one is left', () => {
    expect(addRow(['a'])).toEqual(['a', '']);
    expect(addRow(undefined)).toEqual(['', '']);
    expect(removeRow(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeRow(['a', 'b'], 5)).toEqual(['a', 'b']);
    expect(setRow(['a', 'b'], 1, 'x')).toEqual(['a', 'x']);
  });

  it('counts characters, not UTF-16 units, against the 128 limit', () => {
    expect(LIST_INPUT_ENTRY_MAX).toBe(128);
    expect(isTooLong('a'.repeat(128))).toBe(false);
    expect(isTooLong('a'.repeat(129))).toBe(true);
    expect(isTooLong('😀'.repeat(128))).toBe(false);
  });
});
