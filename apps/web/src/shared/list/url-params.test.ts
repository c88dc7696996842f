import { UserPageRequest } from '@andes/contract/iam/schemas';
import { describe, expect, it } from 'vitest';
import { listParam, numberParam, parseFieldwise, patchParams } from './url-params.ts';

describe('URL parameters', () => {
  it('reads numbers and comma-separated lists', () => {
    expect(numberParam('20')).toBe(20);
    expect(numberParam('x')).toBeUndefined();
    expect(numberParam(null)).toBeUndefined();
    expect(numberParam(' ')).toBeUndefined();
    expect(listParam('A, B,,C')).toEqual(['A', 'B', 'C']);
    expect(listParam(null)).toEqual([]);
  });

  it('sets values and removes empty ones', () => {
    const next = patchParams(new URLSearchParams('a=1&b=2'), { a: '', b: 3, c: ['X', 'Y'], d: [] });
    expect(next.toString()).toBe('b=3&c=X%2CY');
  });

  it('parses a request field by field, dropping what does not parse', () => {
    const request = parseFieldwise(UserPageRequest, {
      username: '  ana ',
      email: '',
      state: 7,
      roleId: 3,
      pageSize: 33,
      cursor: 'abc',
    });
    expect(request).toEqual({ username: 'ana', email: undefined, roleId: 3, pageSize: 20, cursor: 'abc' });
  });
});
