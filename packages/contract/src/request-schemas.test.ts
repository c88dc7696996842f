import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalendarDateSchema, DateRangeSchema, TimeZoneSchema } from './common/dates.ts';
import type { Endpoint } from './common/define-endpoint.ts';
import { InstantSchema, isStorableText, UNSTORABLE_TEXT_MESSAGE } from './common/fields.ts';
import { ALL_ENDPOINTS, INTERNAL_ENDPOINTS } from './registry.ts';
import { arbitraryOf, HOSTILE_TEXTS } from './testing/zod-arbitrary.ts';
import { leavesOf } from './testing/zod-walk.ts';

/**
 * Every request of the contract, walked field by field: what a caller can put in a text field, and
 * what a date field does with anything that is not a date. A field added later is walked the same.
 */

const ENDPOINTS: readonly Endpoint[] = [...ALL_ENDPOINTS, ...INTERNAL_ENDPOINTS];

/** Every schema a caller fills: each endpoint's body and, where it has them, its path parameters. */
const INPUTS = ENDPOINTS.flatMap((e) => [
  { name: `${e.path} body`, schema: e.request },
  ...(e.params ? [{ name: `${e.path} params`, schema: e.params }] : []),
]);

/** Characters no text can hold (NUL for PostgreSQL, the other C0 controls for xlsx, broken UTF-16). */
const UNSTORABLE_SAMPLES = ['a\u0000b', '\u0000', 'ok\u0001', 'x\u000by', 'x\u001f', 'x\ufffe', 'x\uffff', 'x\ud800', '\udfffx'];

describe('text fields of every request', () => {
  const textLeaves = INPUTS.flatMap(({ name, schema }) =>
    leavesOf(schema)
      .filter((leaf) => leaf.def.type === 'string')
      .map((leaf) => ({ field: `${name} ${leaf.path || '(whole)'}`, schema: leaf.schema })),
  );

  it('there are text fields to check', () => {
    expect(textLeaves.length).toBeGreaterThan(100);
  });

  it.each(textLeaves)('$field refuses NUL and the other unstorable characters', ({ schema }) => {
    for (const value of UNSTORABLE_SAMPLES) expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('no request field takes a value of any shape (any, unknown, custom)', () => {
    const opaque = INPUTS.flatMap(({ name, schema }) =>
      leavesOf(schema)
        .filter((leaf) => ['any', 'unknown', 'custom'].includes(leaf.def.type))
        .map((leaf) => `${name} ${leaf.path}`),
    );
    expect(opaque).toEqual([]);
  });

  it('names the field and says why, with the text of the shared schema', () => {
    const login = ENDPOINTS.find((e) => e.path === '/dashboard/auth/login');
    const result = login?.request.safeParse({ username: 'a\u0000b', password: 'x' });
    expect(result?.success).toBe(false);
    expect(result?.error?.issues).toEqual([expect.objectContaining({ path: ['username'], message: UNSTORABLE_TEXT_MESSAGE })]);
  });

  it('keeps tabs, line breaks and every real character, including those beyond the BMP', () => {
    for (const value of ['a\tb', 'line 1\nline 2\r\n', 'São Paulo', '北京', 'emoji 😀', '\u00a0nbsp', 'ok\u007f']) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => isStorableText(value)),
      { numRuns: 500 },
    );
  });
});

describe('date fields', () => {
  const malformed = [
    '2026-11-17T00:00:00Z',
    '2026-02-30',
    '99999-01-01',
    '0000-01-01',
    '2026-1-1',
    '２０２６-０１-０１',
    '',
    '2026-11-17\u0000',
  ];

  it.each(malformed)('a calendar date refuses %j with the date message', (value) => {
    const result = CalendarDateSchema.safeParse(value);
    expect(result.success).toBe(false);
  });

  it('a range with a malformed end or start is refused, never thrown', () => {
    for (const from of [...malformed, '2026-11-01'])
      for (const to of [...malformed, '2026-11-20']) {
        if (from === '2026-11-01' && to === '2026-11-20') continue;
        expect(DateRangeSchema.safeParse({ from, to }).success).toBe(false);
      }
  });

  it('random strings given to every date schema never throw', () => {
    const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom(...HOSTILE_TEXTS));
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        CalendarDateSchema.safeParse(a);
        InstantSchema.safeParse(a);
        TimeZoneSchema.safeParse(a);
        DateRangeSchema.safeParse({ from: a, to: b });
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('every request schema, fed values derived from itself', () => {
  it.each(INPUTS.map((i) => ({ ...i })))('$name never throws while parsing', ({ schema }) => {
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        schema.safeParse(value);
      }),
      { numRuns: 150 },
    );
  });
});
