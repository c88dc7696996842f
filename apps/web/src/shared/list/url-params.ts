import type { z } from 'zod';

/** A value written into the URL: absent, empty text and empty lists are left out. */
export type ParamValue = string | number | readonly string[] | null | undefined;

/** A URL parameter read as a number (undefined when absent or not a number). */
export function numberParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A comma-separated URL parameter read as a list (empty when absent). */
export function listParam(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** A URL parameter as text (undefined when absent). */
export function textParam(value: string | null): string | undefined {
  return value ?? undefined;
}

/** Sets (or removes, for empty values) the given parameters; lists are comma-separated. */
export function patchParams(params: URLSearchParams, patch: Readonly<Record<string, ParamValue>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const text = Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
    if (text.trim() === '') next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/**
 * Reads a request from values taken from the URL, field by field with the request schema's own
 * field schemas: a field whose value does not parse (a hand-edited or outdated link) falls back to
 * its default, or is left out, so a bad parameter never breaks the screen. The result is then
 * parsed as a whole; that failing is a defect of the caller (a required field it did not supply).
 */
export function parseFieldwise<S extends z.ZodObject>(schema: S, raw: Readonly<Record<string, unknown>>): z.output<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse(raw[key]);
    if (parsed.success) {
      if (parsed.data !== undefined) out[key] = raw[key];
      continue;
    }
    const fallback = field.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) out[key] = undefined;
  }
  const result = schema.safeParse(out);
  if (!result.success) {
    throw new Error(`list parameters do not make a valid request: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return result.data;
}
