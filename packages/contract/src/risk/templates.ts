import { LIST_INPUT_ENTRY_MAX, MAX_AMOUNT_CENTS, MAX_VALUE } from '../common/constants.ts';
import { formatIpAddress, parseIpAddress } from '../common/ip.ts';
import {
  type Metric,
  RULE_DURATION_MAX_SECONDS,
  RULE_VALUES_MAX,
  type RuleAction,
  type RuleType,
  SCORE_MAX,
  type Subject,
} from './enums.ts';

/**
 * The rule templates (`/dashboard/risk/rules/template/query`): what a rule of each type can look at
 * and which of the spec's fields (threshold, duration, score, values) it takes. A rule names its
 * template; the server refuses fields the template does not take and requires those it does.
 */
export interface RuleTemplate {
  /** Unique within its type. */
  readonly code: string;
  readonly type: RuleType;
  /** What the rule looks at (null: the pay-in itself — its amount, score, authentication). */
  readonly subject: Subject | null;
  readonly metric: Metric;
  /** DISTINCT: what is counted per subject (cards per document…). */
  readonly counted: Subject | null;
  /** What `threshold` means: a count, an amount in cents, or nothing (the template takes none). */
  readonly threshold: 'COUNT' | 'CENTS' | null;
  /** Whether the template takes a duration (a velocity window, in seconds). */
  readonly duration: boolean;
  /** Whether the template takes a score (the ML score cutoff, 1–100). */
  readonly score: boolean;
  /** MATCH: the kind of the rule's values. */
  readonly values: Subject | null;
  /** Values a new rule starts with in the editor. */
  readonly defaults: { readonly threshold?: number; readonly duration?: number; readonly score?: number };
}

const HOUR = 3_600;
const DAY = 86_400;

function t(
  type: RuleType,
  code: string,
  metric: Metric,
  subject: Subject | null,
  more: Partial<Omit<RuleTemplate, 'type' | 'code' | 'metric' | 'subject'>> = {},
): RuleTemplate {
  return {
    code,
    type,
    subject,
    metric,
    counted: more.counted ?? null,
    threshold: more.threshold ?? null,
    duration: more.duration ?? false,
    score: more.score ?? false,
    values: more.values ?? null,
    defaults: more.defaults ?? {},
  };
}

const LIST_SUBJECTS: readonly Subject[] = ['DOCUMENT', 'EMAIL', 'CARD', 'IP', 'DEVICE'];
const lists = (type: RuleType, subjects: readonly Subject[]) => subjects.map((s) => t(type, `${s}_LIST`, 'MATCH', s, { values: s }));
const count = (type: RuleType, s: Subject, threshold: number, duration: number) =>
  t(type, `${s}_COUNT`, 'COUNT', s, { threshold: 'COUNT', duration: true, defaults: { threshold, duration } });
const amount = (type: RuleType, s: Subject, threshold: number, duration: number) =>
  t(type, `${s}_AMOUNT`, 'AMOUNT', s, { threshold: 'CENTS', duration: true, defaults: { threshold, duration } });
const distinct = (type: RuleType, s: Subject, counted: Subject, threshold: number, duration: number) =>
  t(type, `${s}_DISTINCT_${counted}`, 'DISTINCT', s, { counted, threshold: 'COUNT', duration: true, defaults: { threshold, duration } });
const failed = (type: RuleType, s: Subject) =>
  t(type, `${s}_FAILED`, 'FAILED', s, { threshold: 'COUNT', duration: true, defaults: { threshold: 3, duration: HOUR } });
const chargeback = (s: Subject) =>
  t('SMART_LIST', `${s}_CHARGEBACK`, 'CHARGEBACK', s, {
    threshold: 'COUNT',
    duration: true,
    defaults: { threshold: 1, duration: 90 * DAY },
  });
const scoreAtLeast = (type: RuleType) => t(type, 'SCORE_AT_LEAST', 'SCORE', null, { score: true, defaults: { score: 80 } });

export const RULE_TEMPLATES: readonly RuleTemplate[] = [
  ...lists('TRUST', LIST_SUBJECTS),
  ...lists('BLOCK', [...LIST_SUBJECTS, 'BIN', 'EMAIL_DOMAIN']),
  ...lists('MANUAL_REVIEW', [...LIST_SUBJECTS, 'BIN', 'EMAIL_DOMAIN']),
  ...(['DOCUMENT', 'EMAIL', 'CARD', 'DEVICE'] as const).map(chargeback),
  count('ORDER_VELOCITY', 'CARD', 5, HOUR),
  amount('ORDER_VELOCITY', 'CARD', 1_000_000, DAY),
  count('ORDER_VELOCITY', 'BIN', 50, HOUR),
  count('PERSONA_VELOCITY', 'DOCUMENT', 5, HOUR),
  amount('PERSONA_VELOCITY', 'DOCUMENT', 2_000_000, DAY),
  count('PERSONA_VELOCITY', 'EMAIL', 5, HOUR),
  distinct('PERSONA_VELOCITY', 'DOCUMENT', 'CARD', 3, DAY),
  distinct('PERSONA_VELOCITY', 'EMAIL', 'DOCUMENT', 2, DAY),
  count('DEVICE_VELOCITY', 'DEVICE', 10, HOUR),
  count('DEVICE_VELOCITY', 'IP', 20, HOUR),
  distinct('DEVICE_VELOCITY', 'DEVICE', 'DOCUMENT', 3, DAY),
  distinct('DEVICE_VELOCITY', 'IP', 'CARD', 5, DAY),
  failed('BEHAVIOR_VELOCITY', 'CARD'),
  failed('BEHAVIOR_VELOCITY', 'DOCUMENT'),
  failed('BEHAVIOR_VELOCITY', 'DEVICE'),
  failed('BEHAVIOR_VELOCITY', 'IP'),
  scoreAtLeast('ML_SCORE_CUTOFF'),
  t('ADDITIONAL_FEATURE', 'AMOUNT_AT_LEAST', 'AMOUNT_AT_LEAST', null, { threshold: 'CENTS', defaults: { threshold: 500_000 } }),
  t('ADDITIONAL_FEATURE', 'CARD_NOT_AUTHENTICATED', 'NOT_AUTHENTICATED', 'CARD'),
  t('ADDITIONAL_FEATURE', 'NO_DEVICE', 'NO_DEVICE', 'DEVICE'),
  // What the recommendations (`/dashboard/risk/rules/recommendation/query`) propose.
  t('AI_RECOMMENDED', 'BIN_LIST', 'MATCH', 'BIN', { values: 'BIN' }),
  scoreAtLeast('AI_RECOMMENDED'),
];

export function templatesOf(type: RuleType): RuleTemplate[] {
  return RULE_TEMPLATES.filter((x) => x.type === type);
}

export function templateOf(type: RuleType, code: string): RuleTemplate | undefined {
  return RULE_TEMPLATES.find((x) => x.type === type && x.code === code);
}

/**
 * What a firing rule asks for: a trust rule allows, a manual-review rule sends to case management,
 * every other rule blocks — or sends to case management when its "send to case management" flag
 * is on (docs/decisions/0028).
 */
export function ruleActionOf(type: RuleType, sendToCaseManagement: boolean): RuleAction {
  if (type === 'TRUST') return 'ALLOW';
  if (type === 'MANUAL_REVIEW') return 'REVIEW';
  return sendToCaseManagement ? 'REVIEW' : 'BLOCK';
}

// ---- values ---------------------------------------------------------------------------------------

export const RISK_VALUE_MESSAGES = {
  empty: 'Enter a value',
  tooLong: `A value has at most ${LIST_INPUT_ENTRY_MAX} characters`,
  pattern: 'Values are matched exactly: patterns such as * . ^ $ | ( ) [ ] are not supported',
  fullCard: 'Enter only the BIN and the last 4 digits (like 411111******1111): full card numbers are never stored',
  document: 'A document is 4 to 32 letters and digits (dots, dashes and slashes are ignored)',
  email: 'Enter an e-mail address like name@example.com',
  card: 'A card is its BIN (6 to 8 digits) and last 4, like 411111******1111 or 411111-1111',
  bin: 'A BIN is 6 to 8 digits',
  ip: 'Enter one IPv4 or IPv6 address',
  device: 'A device id is 4 to 128 letters, digits, . _ : or -',
  domain: 'Enter a domain like example.com',
  duplicate: (value: string) => `${value} is listed twice`,
} as const;

const REGEX_LIKE = /[\\^$|()[\]{}?+]|\.\*|^\*|\*$/;

/**
 * The value as the engine compares it (documents without punctuation and upper case, e-mails and
 * domains lower case, cards as `BIN-LAST4`, IPs canonical), or the message that says what is wrong.
 */
export function normaliseRiskValue(subject: Subject, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  if (v === '') return { error: RISK_VALUE_MESSAGES.empty };
  if (v.length > LIST_INPUT_ENTRY_MAX) return { error: RISK_VALUE_MESSAGES.tooLong };
  if (subject === 'CARD') {
    const m = /^(\d{6,8})(?:\*{2,11}|-|…|\.{3})(\d{4})$/.exec(v);
    if (m) return { value: `${m[1]}-${m[2]}` };
    if (/^\d{12,19}$/.test(v.replace(/[\s-]/g, ''))) return { error: RISK_VALUE_MESSAGES.fullCard };
    return { error: RISK_VALUE_MESSAGES.card };
  }
  if (REGEX_LIKE.test(v) || v.includes('*')) return { error: RISK_VALUE_MESSAGES.pattern };
  switch (subject) {
    case 'DOCUMENT': {
      const d = v.replace(/[.\-/\s]/g, '').toUpperCase();
      return /^[A-Z0-9]{4,32}$/.test(d) ? { value: d } : { error: RISK_VALUE_MESSAGES.document };
    }
    case 'EMAIL': {
      const e = v.toLowerCase();
      return /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(e) ? { value: e } : { error: RISK_VALUE_MESSAGES.email };
    }
    case 'EMAIL_DOMAIN': {
      const d = v.toLowerCase().replace(/^@/, '');
      return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(d) ? { value: d } : { error: RISK_VALUE_MESSAGES.domain };
    }
    case 'BIN':
      return /^\d{6,8}$/.test(v) ? { value: v } : { error: RISK_VALUE_MESSAGES.bin };
    case 'IP': {
      const a = parseIpAddress(v);
      return a ? { value: formatIpAddress(a) } : { error: RISK_VALUE_MESSAGES.ip };
    }
    case 'DEVICE':
      return /^[A-Za-z0-9._:-]{4,128}$/.test(v) ? { value: v } : { error: RISK_VALUE_MESSAGES.device };
  }
}

// ---- a rule's fields ------------------------------------------------------------------------------

export const RULE_FIELD_MESSAGES = {
  unknownTemplate: (type: string, code: string) => `${code} is not a template of ${type} rules`,
  thresholdRequired: 'Enter a threshold',
  thresholdNotTaken: 'This template takes no threshold',
  thresholdWhole: 'A threshold is a whole number (amounts in cents)',
  thresholdMin: 'A threshold must be at least 1',
  thresholdAboveMax: `A threshold cannot exceed the maximum value (${MAX_VALUE.toExponential()})`,
  thresholdTooLarge: `An amount threshold is at most ${MAX_AMOUNT_CENTS} cents`,
  durationRequired: 'Enter a duration',
  durationNotTaken: 'This template takes no duration',
  durationMin: 'A duration must be at least 1 second',
  durationMax: `A duration is at most ${RULE_DURATION_MAX_SECONDS / 86_400} days`,
  durationWhole: 'A duration is a whole number of seconds',
  scoreRequired: 'Enter a score cutoff',
  scoreNotTaken: 'This template takes no score',
  scoreRange: `A score cutoff is a whole number from 1 to ${SCORE_MAX}`,
  valuesRequired: 'Enter at least one value',
  valuesNotTaken: 'This template takes no values',
  valuesTooMany: `A rule lists at most ${RULE_VALUES_MAX} values`,
} as const;

export interface RuleFieldsInput {
  type: RuleType;
  template: string;
  threshold?: number | null;
  duration?: number | null;
  score?: number | null;
  values?: readonly string[] | null;
}

export interface RuleFieldIssue {
  path: (string | number)[];
  message: string;
}

/** Everything wrong with a rule's fields for its template (empty when it is a valid rule). */
export function ruleFieldIssues(input: RuleFieldsInput): RuleFieldIssue[] {
  const template = templateOf(input.type, input.template);
  if (!template) return [{ path: ['template'], message: RULE_FIELD_MESSAGES.unknownTemplate(input.type, input.template) }];
  const issues: RuleFieldIssue[] = [];
  const add = (path: string | number | (string | number)[], message: string) =>
    issues.push({ path: Array.isArray(path) ? path : [path], message });
  const { threshold, duration, score, values } = input;
  if (template.threshold === null) {
    if (threshold !== undefined && threshold !== null) add('threshold', RULE_FIELD_MESSAGES.thresholdNotTaken);
  } else if (threshold === undefined || threshold === null) add('threshold', RULE_FIELD_MESSAGES.thresholdRequired);
  else if (threshold > MAX_VALUE) add('threshold', RULE_FIELD_MESSAGES.thresholdAboveMax);
  else if (!Number.isInteger(threshold)) add('threshold', RULE_FIELD_MESSAGES.thresholdWhole);
  else if (threshold < 1) add('threshold', RULE_FIELD_MESSAGES.thresholdMin);
  else if (threshold > MAX_AMOUNT_CENTS) add('threshold', RULE_FIELD_MESSAGES.thresholdTooLarge);
  if (!template.duration) {
    if (duration !== undefined && duration !== null) add('duration', RULE_FIELD_MESSAGES.durationNotTaken);
  } else if (duration === undefined || duration === null) add('duration', RULE_FIELD_MESSAGES.durationRequired);
  else if (!Number.isInteger(duration)) add('duration', RULE_FIELD_MESSAGES.durationWhole);
  else if (duration < 1) add('duration', RULE_FIELD_MESSAGES.durationMin);
  else if (duration > RULE_DURATION_MAX_SECONDS) add('duration', RULE_FIELD_MESSAGES.durationMax);
  if (!template.score) {
    if (score !== undefined && score !== null) add('score', RULE_FIELD_MESSAGES.scoreNotTaken);
  } else if (score === undefined || score === null) add('score', RULE_FIELD_MESSAGES.scoreRequired);
  else if (!Number.isInteger(score) || score < 1 || score > SCORE_MAX) add('score', RULE_FIELD_MESSAGES.scoreRange);
  if (template.values === null) {
    if (values && values.length > 0) add('values', RULE_FIELD_MESSAGES.valuesNotTaken);
  } else if (!values || values.length === 0) add('values', RULE_FIELD_MESSAGES.valuesRequired);
  else if (values.length > RULE_VALUES_MAX) add('values', RULE_FIELD_MESSAGES.valuesTooMany);
  else {
    const seen = new Set<string>();
    values.forEach((raw, i) => {
      const r = normaliseRiskValue(template.values as Subject, raw);
      if ('error' in r) add(['values', i], `${raw.trim().slice(0, 40)}: ${r.error}`);
      else if (seen.has(r.value)) add(['values', i], RISK_VALUE_MESSAGES.duplicate(raw.trim()));
      else seen.add(r.value);
    });
  }
  return issues;
}

/** The values as the engine compares them (call after `ruleFieldIssues` found nothing). */
export function normaliseRuleValues(subject: Subject, values: readonly string[]): string[] {
  return values.map((v) => {
    const r = normaliseRiskValue(subject, v);
    if ('error' in r) throw new Error(r.error);
    return r.value;
  });
}
