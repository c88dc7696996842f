import fc from 'fast-check';
import type { z } from 'zod';
import { defOf } from './zod-walk.ts';

/**
 * fast-check values shaped like what a zod 4 schema parses, for the fuzz tests of the contract and
 * the API. Each value is JSON (what a caller can send): mostly of the schema's shape, with enough
 * valid values to get past validation, and enough hostile ones to try it — NUL and other control
 * characters, lone surrogates, impossible and malformed dates, huge texts and numbers, missing
 * and extra keys, wrong types.
 */

/** Texts that have broken servers: controls, broken UTF-16, dates that are not, huge ones. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u000b\u001f',
  '\t\n\r',
  '\ud800',
  'x\udc00y',
  '\ufffe\uffff',
  '😀',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '99999-01-01',
  '2026-11-17T00:00:00Z',
  '2026-11-17T24:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  'NaN',
  '1e309',
  '-1',
  '9'.repeat(40),
  "'; drop table users; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant as plain text
  '%s%n{{7*7}}${7*7}',
  '../../etc/passwd',
  '=cmd|/c calc!A1',
  'x'.repeat(5_000),
];

/** Texts of the shapes the contract's string fields look for, so that some values validate. */
const LIKELY_TEXTS = fc.oneof(
  fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('America/Sao_Paulo', 'America/Mexico_City', 'UTC', 'Asia/Shanghai', 'Mars/Olympus'),
  fc.constantFrom('demo.admin', 'ANDES-DEMO', 'a@b.co', '127.0.0.1', '10.0.0.0/8', '2001:db8::/32', '123456', 'DemoAdmin2026'),
  fc.uuid(),
  fc.stringMatching(/^[0-9]{1,20}$/),
);

const HOSTILE_STRINGS = fc.constantFrom(...HOSTILE_TEXTS);
const ANY_UNITS = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 24 });

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const patterns = (def.checks ?? [])
    .map((c) => c._zod.def)
    .filter((d) => d.check === 'string_format' && d.pattern instanceof RegExp)
    .map((d) => d.pattern as RegExp);
  const matching = patterns.length > 0 ? [fc.stringMatching(patterns[0] as RegExp, { maxLength: 64 })] : [];
  const likely = fc.oneof(...matching, LIKELY_TEXTS);
  return fc.oneof(
    { arbitrary: likely, weight: 4 },
    // A likely value with a control character or a lone surrogate inside: it passes every other check.
    // NUL the most often: PostgreSQL refuses it in any text, where it stores the other controls.
    {
      arbitrary: fc
        .tuple(likely, fc.constantFrom('\u0000', '\u0000', '\u0000', '\u0001', '\u001b', '\ud800', '\udc00', '\uffff'), fc.boolean())
        .map(([v, c, atEnd]) => (atEnd ? `${v}${c}` : `${c}${v}`)),
      weight: 4,
    },
    { arbitrary: fc.string({ maxLength: 24 }), weight: 1 },
    { arbitrary: HOSTILE_STRINGS, weight: 2 },
    { arbitrary: ANY_UNITS, weight: 1 },
    { arbitrary: WRONG_TYPE, weight: 1 },
  );
}

const NUMBERS = fc.oneof(
  { arbitrary: fc.integer({ min: -5, max: 200 }), weight: 4 },
  { arbitrary: fc.constantFrom(0, 1, 10, 20, 50, 100, 2 ** 31, 2 ** 53, 1e26, 1e300, -(2 ** 31), 0.5, 1.005), weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** A value of another JSON type than the field asks for. */
const WRONG_TYPE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constant([]),
  fc.constant({}),
  fc.constant('true'),
);

function objectArbitrary(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape ?? {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(shape)) fields[key] = arbitraryOf(s, depth + 1);
  const full = fc.record(fields);
  const partial = fc.record(fields, { requiredKeys: [] });
  const extra = fc
    .tuple(full, fc.constantFrom('__proto__', 'constructor', 'unexpected', 'x\u0000'), fc.jsonValue({ maxDepth: 1 }))
    .map(([value, key, v]) => JSON.parse(JSON.stringify({ ...(value as object), [key]: v })) as unknown);
  return fc.oneof({ arbitrary: full, weight: 6 }, { arbitrary: partial, weight: 2 }, { arbitrary: extra, weight: 1 });
}

/** An arbitrary of JSON values shaped like what `schema` parses (see the module's comment). */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: z.ZodType | null | undefined) => (s ? arbitraryOf(s, depth + 1) : fc.constant(undefined));
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
    case 'int':
      return fc.oneof({ arbitrary: NUMBERS, weight: 8 }, { arbitrary: WRONG_TYPE, weight: 1 }, { arbitrary: HOSTILE_STRINGS, weight: 1 });
    case 'bigint':
      return fc.oneof(NUMBERS, fc.stringMatching(/^-?[0-9]{1,30}$/));
    case 'boolean':
      return fc.oneof({ arbitrary: fc.boolean(), weight: 8 }, { arbitrary: WRONG_TYPE, weight: 1 });
    case 'enum':
      return fc.oneof(
        { arbitrary: fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })), weight: 8 },
        { arbitrary: HOSTILE_STRINGS, weight: 1 },
        { arbitrary: WRONG_TYPE, weight: 1 },
      );
    case 'literal':
      return fc.oneof(
        { arbitrary: fc.constantFrom(...((def.values ?? [null]) as unknown[])), weight: 8 },
        { arbitrary: WRONG_TYPE, weight: 1 },
      );
    case 'object':
      return objectArbitrary(schema, depth);
    case 'array':
      return fc.oneof({ arbitrary: fc.array(inner(def.element), { maxLength: 4 }), weight: 8 }, { arbitrary: WRONG_TYPE, weight: 1 });
    // Optional fields are left out half of the time, so that a bad value in one field is often
    // the only thing wrong with a body and reaches past validation when the schema misses it.
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 2 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 2 });
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => inner(o)));
    case 'intersection':
      return fc.oneof(inner(def.left), inner(def.right));
    case 'pipe':
      return defOf(def.in as z.ZodType).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner(def.getter?.());
    case 'record':
      return fc.dictionary(
        inner(def.keyType).map((k) => String(k)),
        inner(def.valueType),
        { maxKeys: 3 },
      );
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((s) => inner(s)));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
