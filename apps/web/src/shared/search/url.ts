import { centsToUnitsString } from '@andes/contract/common/money';
import { listParam, type ParamValue } from '../list/url-params.ts';
import { defaultValues, readDraft } from './field-values.ts';
import type { FieldValueOf, SearchContext, SearchDraft, SearchField, SearchValue, SearchValues } from './fields.ts';

/**
 * Search values in the URL (CONVENTIONS §4.6), one parameter per field named by its key:
 *
 * | type | parameter |
 * |---|---|
 * | input, select | the text or option code |
 * | amount | units with two decimals (`amount=1234.50`); read back exactly as cents |
 * | amountRange | `min~max`, either side may be empty (`10.00~`, `~99.99`) |
 * | multiSelect, selectDeep | comma-separated codes |
 * | datetime | `YYYY-MM-DDTHH:mm:ss` in the merchant's zone |
 * | daterange, datetimerange | `from~to` |
 *
 * `searchParamsPatch` gives the patch for `useListUrl().update` (every field's key, so a removed
 * filter leaves the URL); `searchValuesFromParams` reads it back with the same rules as the
 * editors: a hand-edited or outdated parameter that fails them is dropped, never shown.
 */

export const RANGE_SEPARATOR = '~';

function valueToParam(field: SearchField, value: SearchValue): ParamValue {
  switch (field.type) {
    case 'amount':
      return centsToUnitsString(value as number);
    case 'amountRange': {
      const { min, max } = value as FieldValueOf['amountRange'];
      return `${min === undefined ? '' : centsToUnitsString(min)}${RANGE_SEPARATOR}${max === undefined ? '' : centsToUnitsString(max)}`;
    }
    case 'multiSelect':
    case 'selectDeep':
      return value as string[];
    case 'daterange': {
      const { from, to } = value as FieldValueOf['daterange'];
      return `${from}${RANGE_SEPARATOR}${to}`;
    }
    case 'datetimerange': {
      const { start, end } = value as FieldValueOf['datetimerange'];
      return `${start}${RANGE_SEPARATOR}${end}`;
    }
    default:
      return value as string;
  }
}

/** The URL patch of the values: every field's key, absent values as `undefined` (removed). */
export function searchParamsPatch(fields: readonly SearchField[], values: SearchValues): Record<string, ParamValue> {
  const patch: Record<string, ParamValue> = {};
  for (const field of fields) {
    const value = values[field.key];
    patch[field.key] = value === undefined ? undefined : valueToParam(field, value);
  }
  return patch;
}

function split(text: string): [string, string] | null {
  const at = text.indexOf(RANGE_SEPARATOR);
  if (at < 0 || text.indexOf(RANGE_SEPARATOR, at + 1) >= 0) return null;
  return [text.slice(0, at), text.slice(at + 1)];
}

function paramToDraft(field: SearchField, text: string): SearchDraft | null {
  switch (field.type) {
    case 'amountRange': {
      const parts = split(text);
      return parts && { min: parts[0], max: parts[1] };
    }
    case 'multiSelect':
    case 'selectDeep':
      return listParam(text);
    case 'daterange': {
      const parts = split(text);
      return parts && { from: parts[0], to: parts[1] };
    }
    case 'datetimerange': {
      const parts = split(text);
      return parts && { start: parts[0], end: parts[1] };
    }
    case 'amount':
      // The URL holds what was applied: reject rather than normalise anything the normaliser would change.
      return /^[0-9]+(\.[0-9]{1,2})?$/.test(text) ? text : null;
    default:
      return text;
  }
}

/**
 * The search values in the URL. A parameter that does not pass its field's rules is left out;
 * a date range with no valid parameter and `defaultLastWeek` gets the one-week default.
 */
export function searchValuesFromParams(fields: readonly SearchField[], params: URLSearchParams, ctx: SearchContext): SearchValues {
  const defaults = defaultValues(fields, ctx);
  const out: Record<string, SearchValue> = {};
  for (const field of fields) {
    const text = params.get(field.key);
    const draft = text === null || text === '' ? null : paramToDraft(field, text);
    const read = draft === null ? null : readDraft({ ...field, required: false }, draft, ctx);
    const value = read?.ok ? read.value : undefined;
    const chosen = value ?? defaults[field.key];
    if (chosen !== undefined) out[field.key] = chosen;
  }
  return out;
}

/** True when the two value sets are the same filters (compared as their URL form). */
export function sameSearchValues(fields: readonly SearchField[], a: SearchValues, b: SearchValues): boolean {
  return JSON.stringify(searchParamsPatch(fields, a)) === JSON.stringify(searchParamsPatch(fields, b));
}
