import { SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import { defaultRange, isCalendarDate } from '@andes/contract/common/dates';
import { centsToUnitsString } from '@andes/contract/common/money';
import { normalizeAmountInput, parseAmountToCents } from '@andes/contract/common/validators';
import { clampEndDate, clampEndDateTime, dateOf, fieldBounds, isLocalDateTime, spanOf } from './date-rules.ts';
import type {
  DraftOf,
  FieldValueOf,
  SearchContext,
  SearchDraft,
  SearchField,
  SearchFieldType,
  SearchValue,
  SearchValues,
} from './fields.ts';
import { normalizeLeaves } from './tree-check.ts';

/**
 * Editing a field: its empty draft, a value shown again as a draft, and a draft checked and
 * turned into the applied value. The search bar, the advanced form and the mobile sheet all use
 * these, so a filter means the same wherever it was set.
 */

/** Keys of the `common` namespace a field error shows, with their parameters. */
export type SearchErrorKey =
  | 'search.error.required'
  | 'search.error.tooLong'
  | 'search.error.invalid'
  | 'search.error.amountInvalid'
  | 'search.error.amountOrder'
  | 'search.error.optionUnknown'
  | 'search.error.dateInvalid'
  | 'search.error.dateIncomplete'
  | 'search.error.dateOutOfBounds'
  | 'search.error.dateOrder'
  | 'search.error.dateSpan';

export interface FieldError {
  key: SearchErrorKey;
  params?: Record<string, string | number>;
  /** A field's own message (its `pattern.message`), shown instead of the key's text. */
  message?: string;
}

export type DraftResult = { ok: true; value: SearchValue | undefined } | { ok: false; error: FieldError };

type Field<T extends SearchFieldType> = Extract<SearchField, { type: T }>;

/** The draft of a field with nothing entered. */
export function emptyDraft(field: SearchField): SearchDraft {
  switch (field.type) {
    case 'input':
    case 'amount':
      return '';
    case 'amountRange':
      return { min: '', max: '' };
    case 'select':
    case 'datetime':
      return undefined;
    case 'multiSelect':
    case 'selectDeep':
      return [];
    case 'daterange':
      return { from: undefined, to: undefined };
    case 'datetimerange':
      return { start: undefined, end: undefined };
  }
}

/** An applied value as the draft its editor starts from (amounts back to units text). */
export function valueToDraft(field: SearchField, value: SearchValue | undefined): SearchDraft {
  if (value === undefined) return emptyDraft(field);
  switch (field.type) {
    case 'amount':
      return centsToUnitsString(value as number);
    case 'amountRange': {
      const range = value as FieldValueOf['amountRange'];
      return {
        min: range.min === undefined ? '' : centsToUnitsString(range.min),
        max: range.max === undefined ? '' : centsToUnitsString(range.max),
      };
    }
    case 'multiSelect':
    case 'selectDeep':
      return [...(value as string[])];
    case 'daterange':
    case 'datetimerange':
      return { ...(value as object) } as SearchDraft;
    default:
      return value as SearchDraft;
  }
}

const ok = (value: SearchValue | undefined): DraftResult => ({ ok: true, value });
const fail = (key: SearchErrorKey, params?: Record<string, string | number>): DraftResult => ({
  ok: false,
  error: params ? { key, params } : { key },
});

function readAmount(text: string): { cents: number | undefined; valid: boolean } {
  const normalized = normalizeAmountInput(text);
  if (normalized === '') return { cents: undefined, valid: text.trim() === '' };
  const cents = parseAmountToCents(normalized);
  return cents === null ? { cents: undefined, valid: false } : { cents, valid: true };
}

function readInput(field: Field<'input'>, draft: string): DraftResult {
  const text = draft.trim();
  if (text === '') return ok(undefined);
  const max = field.maxLength ?? SEARCH_TEXT_MAX_LENGTH;
  if (text.length > max) return fail('search.error.tooLong', { max });
  if (field.pattern && !field.pattern.regex.test(text)) {
    return { ok: false, error: { key: 'search.error.invalid', message: field.pattern.message } };
  }
  return ok(text);
}

function readDateRange(field: Field<'daterange'>, draft: DraftOf['daterange'], ctx: SearchContext): DraftResult {
  const { from, to } = draft;
  if (from === undefined && to === undefined) return ok(undefined);
  if (from === undefined || to === undefined) return fail('search.error.dateIncomplete');
  if (!isCalendarDate(from) || !isCalendarDate(to)) return fail('search.error.dateInvalid');
  const end = field.longRange ? clampEndDate(to, ctx) : to;
  if (end < from) return fail('search.error.dateOrder');
  const bounds = fieldBounds(field, ctx);
  if (from < bounds.min || end > bounds.max) return fail('search.error.dateOutOfBounds', { ...bounds });
  if (field.spanDays !== undefined && spanOf(from, end) > field.spanDays) return fail('search.error.dateSpan', { days: field.spanDays });
  return ok({ from, to: end });
}

function readDateTimeRange(field: Field<'datetimerange'>, draft: DraftOf['datetimerange'], ctx: SearchContext): DraftResult {
  const { start, end } = draft;
  if (start === undefined && end === undefined) return ok(undefined);
  if (start === undefined || end === undefined) return fail('search.error.dateIncomplete');
  if (!isLocalDateTime(start) || !isLocalDateTime(end)) return fail('search.error.dateInvalid');
  const last = field.longRange ? clampEndDateTime(end, ctx) : end;
  if (last < start) return fail('search.error.dateOrder');
  const bounds = fieldBounds(field, ctx);
  if (dateOf(start) < bounds.min || dateOf(last) > bounds.max) return fail('search.error.dateOutOfBounds', { ...bounds });
  if (field.spanDays !== undefined && spanOf(dateOf(start), dateOf(last)) > field.spanDays) {
    return fail('search.error.dateSpan', { days: field.spanDays });
  }
  return ok({ start, end: last });
}

function readDraftValue(field: SearchField, draft: SearchDraft, ctx: SearchContext): DraftResult {
  switch (field.type) {
    case 'input':
      return readInput(field, (draft as string | undefined) ?? '');
    case 'amount': {
      const { cents, valid } = readAmount((draft as string | undefined) ?? '');
      return valid ? ok(cents) : fail('search.error.amountInvalid');
    }
    case 'amountRange': {
      const range = (draft as DraftOf['amountRange'] | undefined) ?? { min: '', max: '' };
      const min = readAmount(range.min);
      const max = readAmount(range.max);
      if (!min.valid || !max.valid) return fail('search.error.amountInvalid');
      if (min.cents === undefined && max.cents === undefined) return ok(undefined);
      if (min.cents !== undefined && max.cents !== undefined && min.cents > max.cents) return fail('search.error.amountOrder');
      return ok({ ...(min.cents === undefined ? {} : { min: min.cents }), ...(max.cents === undefined ? {} : { max: max.cents }) });
    }
    case 'select': {
      const value = draft as string | undefined;
      if (value === undefined || value === '') return ok(undefined);
      return field.options.some((o) => o.value === value) ? ok(value) : fail('search.error.optionUnknown');
    }
    case 'multiSelect': {
      const values = (draft as string[] | undefined) ?? [];
      if (values.some((v) => !field.options.some((o) => o.value === v))) return fail('search.error.optionUnknown');
      const kept = field.options.map((o) => o.value).filter((v) => values.includes(v));
      return ok(kept.length === 0 ? undefined : kept);
    }
    case 'selectDeep': {
      const kept = normalizeLeaves(field.tree, (draft as string[] | undefined) ?? []);
      return ok(kept.length === 0 ? undefined : kept);
    }
    case 'datetime': {
      const value = draft as string | undefined;
      if (value === undefined || value === '') return ok(undefined);
      if (!isLocalDateTime(value)) return fail('search.error.dateInvalid');
      const kept = field.longRange ? clampEndDateTime(value, ctx) : value;
      const bounds = fieldBounds(field, ctx);
      if (dateOf(kept) < bounds.min || dateOf(kept) > bounds.max) return fail('search.error.dateOutOfBounds', { ...bounds });
      return ok(kept);
    }
    case 'daterange':
      return readDateRange(field, (draft as DraftOf['daterange'] | undefined) ?? { from: undefined, to: undefined }, ctx);
    case 'datetimerange':
      return readDateTimeRange(field, (draft as DraftOf['datetimerange'] | undefined) ?? { start: undefined, end: undefined }, ctx);
  }
}

/**
 * Checks a draft against the field's rules (spec §5) and gives the applied value, `undefined`
 * for "no filter", or the error to show. A required field with nothing entered is an error.
 */
export function readDraft(field: SearchField, draft: SearchDraft, ctx: SearchContext): DraftResult {
  const result = readDraftValue(field, draft, ctx);
  if (result.ok && result.value === undefined && field.required) return fail('search.error.required');
  return result;
}

/** The values a screen starts with: the one-week default for date ranges that ask for it (spec §9). */
export function defaultValues(fields: readonly SearchField[], ctx: SearchContext): Record<string, SearchValue> {
  const out: Record<string, SearchValue> = {};
  for (const field of fields) {
    if (field.type === 'daterange' && field.defaultLastWeek) out[field.key] = defaultRange(ctx.timeZone, ctx.now ?? Date.now());
    if (field.type === 'datetimerange' && field.defaultLastWeek) {
      const range = defaultRange(ctx.timeZone, ctx.now ?? Date.now());
      out[field.key] = { start: `${range.from}T00:00:00`, end: `${range.to}T23:59:59` };
    }
  }
  return out;
}

/** The applied values without the empty ones, in field order: what the chips show. */
export function appliedFields(fields: readonly SearchField[], values: SearchValues): SearchField[] {
  return fields.filter((field) => values[field.key] !== undefined);
}

/** The values with one field set (or removed, for `undefined`). */
export function withValue(values: SearchValues, key: string, value: SearchValue | undefined): SearchValues {
  const next: Record<string, SearchValue | undefined> = { ...values };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
