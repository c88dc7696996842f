import type { CalendarDate, DateRange } from '@andes/contract/common/dates';

/**
 * Search fields as data (spec §2 "simple search bar" and "advanced search form"): a screen lists
 * its filters once as `SearchField`s, and the search bar, the advanced form, the mobile filter
 * sheet, the chips and the URL helpers all work from that list.
 */

/** One choice of a select field. `value` is a code (an enumeration member): it must not contain a comma. */
export interface SearchOption {
  value: string;
  label: string;
}

/** One node of a select-deep tree (spec §3 "Tree item"): checking a parent checks all its children. */
export interface TreeOption {
  value: string;
  label: string;
  children?: readonly TreeOption[];
}

interface FieldBase {
  /** The value's key in `SearchValues` and its URL parameter. */
  key: string;
  /** Shown label, already translated. */
  label: string;
  placeholder?: string;
  /** The advanced form and the filter sheet refuse to search without it. */
  required?: boolean;
}

/** Free text (uniqueId, merchant reference, e2e id…); trimmed, empty means no filter. */
export interface InputField extends FieldBase {
  type: 'input';
  /** Longest text accepted (default `SEARCH_TEXT_MAX_LENGTH`). */
  maxLength?: number;
  /** Extra rule: the text must match, else `message` (translated) shows. */
  pattern?: { regex: RegExp; message: string };
}

/** One amount, typed in units with the spec §5 normaliser and kept as integer cents. */
export interface AmountField extends FieldBase {
  type: 'amount';
}

/** A minimum and/or a maximum amount (cents); when both are given, min ≤ max. */
export interface AmountRangeField extends FieldBase {
  type: 'amountRange';
}

export interface SelectField extends FieldBase {
  type: 'select';
  options: readonly SearchOption[];
}

/** Several options at once (advanced form and mobile sheet). */
export interface MultiSelectField extends FieldBase {
  type: 'multiSelect';
  options: readonly SearchOption[];
}

/** A tree with cascading checks; the value is the checked leaves. */
export interface SelectDeepField extends FieldBase {
  type: 'selectDeep';
  tree: readonly TreeOption[];
}

/** Date-picker variants of spec §5 and §9. */
export interface DateRules {
  /**
   * Once the first date is picked, the other may lie at most this many days from it (the
   * "configured span around the first picked date").
   */
  spanDays?: number;
  /**
   * The 100-year variant: dates up to 100 years after today may be picked; an end with a year
   * beyond 2099 means "now" (today).
   */
  longRange?: boolean;
  /** With no value in the URL, the range is one week back to today (spec §9's default). */
  defaultLastWeek?: boolean;
}

/** One local date and time in the merchant's zone. */
export interface DateTimeField extends FieldBase, Pick<DateRules, 'longRange'> {
  type: 'datetime';
}

export interface DateRangeField extends FieldBase, DateRules {
  type: 'daterange';
}

export interface DateTimeRangeField extends FieldBase, DateRules {
  type: 'datetimerange';
}

export type SearchField =
  | InputField
  | AmountField
  | AmountRangeField
  | SelectField
  | MultiSelectField
  | SelectDeepField
  | DateTimeField
  | DateRangeField
  | DateTimeRangeField;

export type SearchFieldType = SearchField['type'];

/** The field types the simple search bar offers (spec §2); the advanced form takes every type. */
export const SIMPLE_FIELD_TYPES = ['input', 'amount', 'amountRange', 'select', 'datetime', 'daterange', 'datetimerange'] as const;

/**
 * A local wall-clock time in the merchant's zone, `YYYY-MM-DDTHH:mm:ss` (no offset). Requests
 * turn it into an instant with `localDateTimeToUtc`.
 */
export type LocalDateTime = string;

export interface AmountRange {
  /** Cents. */
  min?: number;
  /** Cents. */
  max?: number;
}

export interface DateTimeRange {
  start: LocalDateTime;
  end: LocalDateTime;
}

/** The applied value of each field type. */
export interface FieldValueOf {
  input: string;
  amount: number;
  amountRange: AmountRange;
  select: string;
  multiSelect: string[];
  selectDeep: string[];
  datetime: LocalDateTime;
  daterange: DateRange;
  datetimerange: DateTimeRange;
}

export type SearchValue = FieldValueOf[SearchFieldType];

/** Applied filters by field key; a missing key is "no filter". Plain data: fits in the URL and in query keys. */
export type SearchValues = Readonly<Record<string, SearchValue | undefined>>;

/**
 * What an editor holds while the user types (text for amounts, strings for dates), before it is
 * validated and turned into a `SearchValue`.
 */
export interface DraftOf {
  input: string;
  amount: string;
  amountRange: { min: string; max: string };
  select: string | undefined;
  multiSelect: string[];
  selectDeep: string[];
  datetime: LocalDateTime | undefined;
  daterange: { from: CalendarDate | undefined; to: CalendarDate | undefined };
  datetimerange: { start: LocalDateTime | undefined; end: LocalDateTime | undefined };
}

export type SearchDraft = DraftOf[SearchFieldType];

/** "Today" for the date rules: the merchant's IANA zone, and the current time (tests pass a fixed one). */
export interface SearchContext {
  timeZone: string;
  now?: Date | number;
}
