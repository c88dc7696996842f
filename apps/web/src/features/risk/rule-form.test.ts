import type { RiskRule, RuleTemplateView } from '@andes/contract/risk/schemas';
import { templatesOf } from '@andes/contract/risk/templates';
import { describe, expect, it } from 'vitest';
import { measureOf } from '../../shared/ui/risk-decision.tsx';
import {
  durationParts,
  durationProblem,
  durationSeconds,
  newRuleForm,
  normalizeCount,
  ruleFieldsOf,
  ruleForm,
  thresholdOf,
  updateRequestOf,
  valueProblems,
} from './rule-form.ts';
import { durationLabel } from './rule-format.ts';

const template = (type: Parameters<typeof templatesOf>[0], code: string): RuleTemplateView => {
  const found = templatesOf(type).find((t) => t.code === code);
  if (!found) throw new Error(code);
  return { ...found, defaults: { ...found.defaults } };
};

const rule: RiskRule = {
  id: 5,
  country: 'BR',
  type: 'ORDER_VELOCITY',
  template: 'CARD_AMOUNT',
  name: 'Big spender',
  threshold: 1_234_550,
  duration: 7_200,
  score: null,
  enabled: true,
  values: [],
  sendToCaseManagement: true,
  action: 'REVIEW',
  version: 4,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-12T10:00:00.000Z',
  updatedBy: 'demo.admin',
};

describe('rule form', () => {
  it('sends only the fields the template takes', () => {
    const list = ruleFieldsOf('BR', 'BLOCK', template('BLOCK', 'DOCUMENT_LIST'), {
      ...newRuleForm(template('BLOCK', 'DOCUMENT_LIST')),
      values: [' 123.456.789-09 ', 'X1234'],
      threshold: '5',
      score: 40,
    });
    expect(list).toEqual({
      country: 'BR',
      type: 'BLOCK',
      template: 'DOCUMENT_LIST',
      values: ['123.456.789-09', 'X1234'],
      enabled: true,
      sendToCaseManagement: false,
    });
    const cutoff = ruleFieldsOf('BR', 'ML_SCORE_CUTOFF', template('ML_SCORE_CUTOFF', 'SCORE_AT_LEAST'), {
      ...newRuleForm(template('ML_SCORE_CUTOFF', 'SCORE_AT_LEAST')),
      name: '  Risky  ',
      values: ['ignored'],
    });
    expect(cutoff).toEqual({
      country: 'BR',
      type: 'ML_SCORE_CUTOFF',
      template: 'SCORE_AT_LEAST',
      name: 'Risky',
      score: 80,
      enabled: true,
      sendToCaseManagement: false,
    });
  });

  it('turns an amount threshold in units into cents and a duration into seconds', () => {
    const tpl = template('ORDER_VELOCITY', 'CARD_AMOUNT');
    const fields = ruleFieldsOf('BR', 'ORDER_VELOCITY', tpl, {
      ...newRuleForm(tpl),
      threshold: '1500.5',
      durationValue: '3',
      durationUnit: 'DAYS',
      sendToCaseManagement: true,
    });
    expect(fields).toMatchObject({ threshold: 150_050, duration: 259_200, sendToCaseManagement: true });
    expect(thresholdOf(tpl, '0.001')).toBe(null);
    expect(thresholdOf(tpl, '0.01')).toBe(1);
    expect(thresholdOf(template('ORDER_VELOCITY', 'CARD_COUNT'), '2.5')).toBe(null);
    expect(thresholdOf(template('ORDER_VELOCITY', 'CARD_COUNT'), '0')).toBe(null);
    expect(normalizeCount('１２.7a')).toBe('12');
  });

  it('never sends "send to case management" for trust and manual review rules', () => {
    const tpl = template('TRUST', 'EMAIL_LIST');
    expect(ruleFieldsOf('BR', 'TRUST', tpl, { ...newRuleForm(tpl), values: ['a@b.co'], sendToCaseManagement: true })).toMatchObject({
      sendToCaseManagement: false,
    });
  });

  it('shows a saved rule in the largest whole unit, amounts in units, and names its version on update', () => {
    const form = ruleForm(rule, template('ORDER_VELOCITY', 'CARD_AMOUNT'));
    expect(form).toMatchObject({ threshold: '12345.50', durationValue: '2', durationUnit: 'HOURS', sendToCaseManagement: true });
    const fields = ruleFieldsOf('BR', 'ORDER_VELOCITY', template('ORDER_VELOCITY', 'CARD_AMOUNT'), form);
    expect(updateRequestOf(fields, rule)).toMatchObject({ id: 5, version: 4, threshold: 1_234_550, duration: 7_200 });
  });

  it('reads durations and checks the 90-day maximum', () => {
    expect(durationParts(5_400)).toEqual({ value: 90, unit: 'MINUTES' });
    expect(durationParts(7_776_000)).toEqual({ value: 90, unit: 'DAYS' });
    expect(durationParts(45)).toEqual({ value: 45, unit: 'SECONDS' });
    expect(durationSeconds('2', 'HOURS')).toBe(7_200);
    expect(durationSeconds('0', 'HOURS')).toBe(null);
    expect(durationProblem('', 'DAYS')).toBe('required');
    expect(durationProblem('91', 'DAYS')).toBe('max');
    expect(durationProblem('90', 'DAYS')).toBe(null);
    expect(durationLabel(86_400)).toEqual({ key: 'duration.DAYS', count: 1 });
  });

  it('finds the problem of each list value by the contract’s rules', () => {
    expect(valueProblems('CARD', ['4111111111111111', '411111******1111', '411111-1111', 'abc'])).toEqual([
      'fullCard',
      null,
      'duplicate',
      'format',
    ]);
    expect(valueProblems('EMAIL', ['', '.*@x.com', 'a'.repeat(129)])).toEqual(['empty', 'pattern', 'tooLong']);
  });

  it('reads what a fired rule measured by its template', () => {
    const fired = { type: 'ORDER_VELOCITY' as const, template: 'CARD_AMOUNT', measured: 500, matched: null };
    expect(measureOf(fired)).toEqual({ kind: 'cents', value: 500 });
    expect(measureOf({ ...fired, template: 'CARD_COUNT' })).toEqual({ kind: 'count', value: 500 });
    expect(measureOf({ ...fired, type: 'ML_SCORE_CUTOFF', template: 'SCORE_AT_LEAST', measured: 91 })).toEqual({
      kind: 'score',
      value: 91,
    });
    expect(measureOf({ ...fired, measured: null, matched: '411111-1111' })).toEqual({ kind: 'match', value: '411111-1111' });
  });
});
