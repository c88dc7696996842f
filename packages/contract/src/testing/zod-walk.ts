import type { z } from 'zod';

/**
 * Walks a zod 4 schema through its definition (`_zod.def`) without parsing anything: the contract
 * tests use it to find every text field of every request, and the fuzz tests to build bodies.
 * Only the schema kinds the contract uses are told apart; any other kind is reported as it is.
 */

/** The definition of a zod 4 schema, as far as the walk reads it. */
export interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  format?: string;
  checks?: readonly { _zod: { def: Record<string, unknown> } }[];
  defaultValue?: unknown;
}

export function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** A schema met on the walk, with the path of the value it parses (`filters.0.name`, `*` for any key). */
export interface SchemaLeaf {
  path: string;
  schema: z.ZodType;
  def: ZodDef;
}

/**
 * Every leaf of a schema: the schemas that hold a value themselves (string, number, enum, literal,
 * boolean…), with the path of that value. Wrappers (optional, default, pipe, lazy…) are looked
 * through; a pipe is walked on its input side, the side that meets the request.
 */
export function leavesOf(schema: z.ZodType, path = '', seen: Set<z.ZodType> = new Set()): SchemaLeaf[] {
  if (seen.has(schema)) return [];
  const def = defOf(schema);
  const at = (segment: string) => (path === '' ? segment : `${path}.${segment}`);
  const inner = (s: z.ZodType | undefined | null, p = path) => (s ? leavesOf(s, p, new Set([...seen, schema])) : []);
  switch (def.type) {
    case 'object': {
      const out = Object.entries(def.shape ?? {}).flatMap(([key, s]) => inner(s, at(key)));
      if (def.catchall && defOf(def.catchall).type !== 'never') out.push(...inner(def.catchall, at('*')));
      return out;
    }
    case 'array':
      return inner(def.element, at('0'));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'union':
      return (def.options ?? []).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return defOf(def.in as z.ZodType).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner(def.getter?.());
    case 'record':
      return [...inner(def.keyType, at('*key')), ...inner(def.valueType, at('*'))];
    case 'tuple':
      return [...(def.items ?? []).flatMap((s, i) => inner(s, at(String(i)))), ...inner(def.rest ?? undefined, at('*'))];
    default:
      return [{ path, schema, def }];
  }
}
