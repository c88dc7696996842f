import type { Country } from '@andes/contract/common/countries';
import { centsToUnitsString } from '@andes/contract/common/money';
import { normalizeAmountInput, parseAmountToCents } from '@andes/contract/common/validators';
import { RULE_DURATION_MAX_SECONDS, type RuleType, SCORE_MAX, type Subject } from '@andes/contract/risk/enums';
import type { RiskRule, RuleAddRequest, RuleDraftInput, RuleTemplateView, RuleUpdateRequest } from '@andes/contract/risk/schemas';
import { normaliseRiskValue, RISK_VALUE_MESSAGES } from '@andes/contract/risk/templates';

/**
 * The rule editor's pure half (docs/decisions/0028): what the form holds, and the request it makes
 * — only the fields the chosen template takes, a threshold in cents typed as an amount (spec §5
 * amount input), a duration typed in minutes, hours or days and sent in seconds.
 */

/** The units a duration is typed in, with their seconds (spec §9: 60 a minute, 3,600 an hour). */
export const DURATION_UNITS = { MINUTES: 60, HOURS: 3_600, DAYS: 86_400 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const DURATION_UNIT_KEYS = Object.keys(DURATION_UNITS) as DurationUnit[];

/** Rule types whose action is their own (trust allows, manual review reviews): no "send to case management" switch. */
export const IMPLIED_ACTION_TYPES: readonly RuleType[] = ['TRUST', 'MANUAL_REVIEW'];
export const hasCaseSwitch = (type: RuleType) => !IMPLIED_ACTION_TYPES.includes(type);

/** What the editor's form holds. Texts are as typed; the request is made by `ruleFieldsOf`. */
export interface RuleFormValues {
  template: string;
  name?: string;
  /** A count (digits) or an amount in units (`normalizeAmountInput`), per the template. */
  threshold?: string;
  durationValue?: string;
  durationUnit: DurationUnit;
  score?: number | null;
  values?: string[];
  enabled: boolean;
  sendToCaseManagement: boolean;
}

/** A duration in the largest unit that holds it whole (3,600 s → 1 hour; 5,400 s → 90 minutes). */
export function durationParts(seconds: number): { value: number; unit: DurationUnit } | { value: number; unit: 'SECONDS' } {
  for (const unit of ['DAYS', 'HOURS', 'MINUTES'] as const) {
    if (seconds >= DURATION_UNITS[unit] && seconds % DURATION_UNITS[unit] === 0) return { value: seconds / DURATION_UNITS[unit], unit };
  }
  return { value: seconds, unit: 'SECONDS' };
}

/** Seconds of a typed duration; null when it is not a whole positive number. */
export function durationSeconds(value: string | undefined, unit: DurationUnit): number | null {
  const text = (value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n * DURATION_UNITS[unit] : null;
}

/** What is wrong with a typed duration (after `durationSeconds`). */
export function durationProblem(value: string | undefined, unit: DurationUnit): 'required' | 'invalid' | 'max' | null {
  if ((value ?? '').trim() === '') return 'required';
  const seconds = durationSeconds(value, unit);
  if (seconds === null) return 'invalid';
  return seconds > RULE_DURATION_MAX_SECONDS ? 'max' : null;
}

/** Digits only: a count as typed (full-width digits become ASCII through the amount normaliser). */
export function normalizeCount(raw: string | undefined): string {
  return normalizeAmountInput(raw ?? '').replace(/\..*$/, '');
}

/** The threshold a template takes, from its text: a count, or cents of an amount in units; null when not valid. */
export function thresholdOf(template: Pick<RuleTemplateView, 'threshold'>, text: string | undefined): number | null {
  if (template.threshold === null) return null;
  const typed = (text ?? '').trim();
  if (template.threshold === 'CENTS') {
    const cents = parseAmountToCents(normalizeAmountInput(typed));
    return cents !== null && cents >= 1 ? cents : null;
  }
  if (!/^\d+$/.test(typed)) return null;
  const count = Number(typed);
  return Number.isSafeInteger(count) && count >= 1 ? count : null;
}

/** The text a threshold shows in the form (units for amounts). */
export function thresholdText(template: Pick<RuleTemplateView, 'threshold'>, threshold: number | null | undefined): string {
  if (threshold === null || threshold === undefined || template.threshold === null) return '';
  return template.threshold === 'CENTS' ? centsToUnitsString(threshold) : String(threshold);
}

/** A score cutoff that the template can take (1–100). */
export const isScore = (score: number | null | undefined): score is number =>
  typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= SCORE_MAX;

/** The form of a new rule of a template: its defaults, enabled, not sent to case management. */
export function newRuleForm(template: RuleTemplateView): RuleFormValues {
  const duration = durationParts(template.defaults.duration ?? DURATION_UNITS.HOURS);
  return {
    template: template.code,
    name: '',
    threshold: thresholdText(template, template.defaults.threshold),
    durationValue: String(duration.unit === 'SECONDS' ? 1 : duration.value),
    durationUnit: duration.unit === 'SECONDS' ? 'MINUTES' : duration.unit,
    score: template.defaults.score ?? null,
    values: [''],
    enabled: true,
    sendToCaseManagement: false,
  };
}

/** The form of a saved rule. */
export function ruleForm(rule: RiskRule, template: RuleTemplateView | undefined): RuleFormValues {
  const duration = rule.duration === null ? null : durationParts(rule.duration);
  return {
    template: rule.template,
    name: rule.name,
    threshold: template ? thresholdText(template, rule.threshold) : '',
    // A duration of whole seconds not in minutes (only from elsewhere) is shown in minutes, rounded up.
    durationValue: duration === null ? '' : duration.unit === 'SECONDS' ? String(Math.ceil(duration.value / 60)) : String(duration.value),
    durationUnit: duration === null || duration.unit === 'SECONDS' ? 'MINUTES' : duration.unit,
    score: rule.score,
    values: rule.values.length > 0 ? [...rule.values] : [''],
    enabled: rule.enabled,
    sendToCaseManagement: rule.sendToCaseManagement,
  };
}

/** The rule's fields of the form: only those the template takes (the server refuses the others). */
export function ruleFieldsOf(
  country: Country,
  type: RuleType,
  template: RuleTemplateView,
  form: RuleFormValues,
): RuleDraftInput & { name?: string } {
  const name = form.name?.trim() ?? '';
  return {
    country,
    type,
    template: template.code,
    ...(name === '' ? {} : { name }),
    ...(template.threshold === null ? {} : { threshold: thresholdOf(template, form.threshold) }),
    ...(template.duration ? { duration: durationSeconds(form.durationValue, form.durationUnit) } : {}),
    ...(template.score ? { score: form.score ?? null } : {}),
    ...(template.values === null ? {} : { values: (form.values ?? []).map((v) => v.trim()) }),
    enabled: form.enabled,
    sendToCaseManagement: hasCaseSwitch(type) ? form.sendToCaseManagement : false,
  };
}

export function addRequestOf(fields: RuleDraftInput, requestId: string): RuleAddRequest {
  return { ...fields, requestId };
}

/** An update names the version the editor loaded: another person's change meanwhile is refused. */
export function updateRequestOf(fields: RuleDraftInput, rule: Pick<RiskRule, 'id' | 'version'>): RuleUpdateRequest {
  return { ...fields, id: rule.id, version: rule.version };
}

/** Why a list value is refused, as a key of the editor's messages; null when it is fine. */
export type ValueProblem = 'empty' | 'tooLong' | 'pattern' | 'fullCard' | 'format' | 'duplicate';

/** The problem of each value (same order), by the contract's normalising rules (docs/decisions/0028). */
export function valueProblems(subject: Subject, values: readonly string[]): (ValueProblem | null)[] {
  const seen = new Set<string>();
  return values.map((raw) => {
    const r = normaliseRiskValue(subject, raw);
    if ('error' in r) {
      if (r.error === RISK_VALUE_MESSAGES.empty) return 'empty';
      if (r.error === RISK_VALUE_MESSAGES.tooLong) return 'tooLong';
      if (r.error === RISK_VALUE_MESSAGES.pattern) return 'pattern';
      if (r.error === RISK_VALUE_MESSAGES.fullCard) return 'fullCard';
      return 'format';
    }
    if (seen.has(r.value)) return 'duplicate';
    seen.add(r.value);
    return null;
  });
}
