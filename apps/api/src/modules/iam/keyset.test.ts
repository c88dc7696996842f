import { ResultCode } from '@andes/contract/common/envelope';
import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor, pageOfRows } from './keyset.ts';

describe('keyset cursors', () => {
  test('round-trip, and are opaque', () => {
    const cursor = encodeCursor('user', 42);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('42');
    expect(decodeCursor('user', cursor)).toBe(42);
  });

  test('a cursor of another list, a forged or a malformed one is a validation error on `cursor`', () => {
    const forged = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    for (const bad of [
      encodeCursor('role', 42),
      forged('user:0'),
      forged('user:042'),
      forged('user:99999999999'),
      forged('user:1 or 1=1'),
      '%%%',
    ]) {
      expect(() => decodeCursor('user', bad), bad).toThrow(expect.objectContaining({ code: ResultCode.VALIDATION_FAILED }));
    }
  });

  test('a page keeps pageSize rows and gives the next cursor only when a further row was fetched', () => {
    const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];
    expect(pageOfRows('role', rows, 2)).toEqual({ shown: [{ id: 9 }, { id: 7 }], nextCursor: encodeCursor('role', 7) });
    expect(pageOfRows('role', rows, 3)).toEqual({ shown: rows, nextCursor: null });
  });
});
