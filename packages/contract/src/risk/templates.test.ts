import { describe, expect, it } from 'vitest';
import { CONFIG_TYPES, RULE_TYPES } from './enums.ts';
import { RuleAddRequest, RuleDraft } from './schemas.ts';
import { normaliseRiskValue, RULE_FIELD_MESSAGES, RULE_TEMPLATES, ruleActionOf, ruleFieldIssues, templatesOf } from './templates.ts';

const messages = (input: Parameters<typeof ruleFieldIssues>[0]) => ruleFieldIssues(input).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('risk rule templates', () => {
  it('gives every rule type templates, unique within the type, and twelve configuration types', () => {
    expect(CONFIG_TYPES).toHaveLength(12);
    for (const type of RULE_TYPES) {
      const codes = templatesOf(type).map((t) => t.code);
      expect(codes.length, type).toBeGreaterThan(0);
      expect(new Set(codes).size, type).toBe(codes.length);
    }
  });

  it('takes exactly the fields each metric needs', () => {
    for (const t of RULE_TEMPLATES) {
      expect(t.metric === 'MATCH', t.code).toBe(t.values !== null);
      expect(['COUNT', 'AMOUNT', 'DISTINCT', 'FAILED', 'CHARGEBACK'].includes(t.metric), t.code).toBe(t.duration);
      expect(t.metric === 'SCORE', t.code).toBe(t.score);
      expect(t.metric === 'DISTINCT', t.code).toBe(t.counted !== null);
    }
  });

  it('lets a trust rule allow, a manual-review rule review, and the others block unless sent to case management', () => {
    expect(ruleActionOf('TRUST', true)).toBe('ALLOW');
    expect(ruleActionOf('MANUAL_REVIEW', false)).toBe('REVIEW');
    expect(ruleActionOf('ORDER_VELOCITY', false)).toBe('BLOCK');
    expect(ruleActionOf('ORDER_VELOCITY', true)).toBe('REVIEW');
  });
});

describe('risk values', () => {
  it('normalises each subject as the engine compares it', () => {
    expect(normaliseRiskValue('DOCUMENT', ' 123.456.789-09 ')).toEqual({ value: '12345678909' });
    expect(normaliseRiskValue('EMAIL', 'Ana.Souza@Example.COM')).toEqual({ value: 'ana.souza@example.com' });
    expect(normaliseRiskValue('EMAIL_DOMAIN', '@Mailinator.com')).toEqual({ value: 'mailinator.com' });
    expect(normaliseRiskValue('CARD', '411111******1111')).toEqual({ value: '411111-1111' });
    expect(normaliseRiskValue('CARD', '41111122-4242')).toEqual({ value: '41111122-4242' });
    expect(normaliseRiskValue('IP', '2001:DB8:0:0::1')).toEqual({ value: '2001:db8::1' });
    expect(normaliseRiskValue('BIN', '411111')).toEqual({ value: '411111' });
  });

  it('refuses patterns, full card numbers and malformed values with a message that says why', () => {
    expect(normaliseRiskValue('EMAIL', '*@gmail.com')).toEqual({ error: expect.stringContaining('matched exactly') });
    expect(normaliseRiskValue('DOCUMENT', '^123.*$')).toEqual({ error: expect.stringContaining('matched exactly') });
    expect(normaliseRiskValue('EMAIL_DOMAIN', '(gmail|hotmail).com')).toEqual({ error: expect.stringContaining('matched exactly') });
    expect(normaliseRiskValue('CARD', '4111 1111 1111 1111')).toEqual({
      error: expect.stringContaining('full card numbers are never stored'),
    });
    expect(normaliseRiskValue('CARD', '4111')).toEqual({ error: expect.stringContaining('BIN') });
    expect(normaliseRiskValue('IP', '10.0.0.0/8')).toEqual({ error: expect.stringContaining('IPv4 or IPv6') });
    expect(normaliseRiskValue('BIN', '41')).toEqual({ error: expect.stringContaining('6 to 8 digits') });
    expect(normaliseRiskValue('DEVICE', 'x'.repeat(129))).toEqual({ error: expect.stringContaining('128') });
  });
});

describe('a rule’s fields', () => {
  it('accepts a complete rule of each kind', () => {
    expect(ruleFieldIssues({ type: 'BLOCK', template: 'DOCUMENT_LIST', values: ['12345678909'] })).toEqual([]);
    expect(ruleFieldIssues({ type: 'ORDER_VELOCITY', template: 'CARD_COUNT', threshold: 5, duration: 3600 })).toEqual([]);
    expect(ruleFieldIssues({ type: 'ML_SCORE_CUTOFF', template: 'SCORE_AT_LEAST', score: 85 })).toEqual([]);
    expect(ruleFieldIssues({ type: 'ADDITIONAL_FEATURE', template: 'CARD_NOT_AUTHENTICATED' })).toEqual([]);
  });

  it('refuses a zero duration, a threshold above the maximum value, a fraction and fields the template does not take', () => {
    expect(messages({ type: 'ORDER_VELOCITY', template: 'CARD_COUNT', threshold: 5, duration: 0 })).toEqual([
      `duration: ${RULE_FIELD_MESSAGES.durationMin}`,
    ]);
    expect(messages({ type: 'ORDER_VELOCITY', template: 'CARD_AMOUNT', threshold: 1e27, duration: 60 })).toEqual([
      `threshold: ${RULE_FIELD_MESSAGES.thresholdAboveMax}`,
    ]);
    expect(messages({ type: 'ORDER_VELOCITY', template: 'CARD_COUNT', threshold: 2.5, duration: 60 })).toEqual([
      `threshold: ${RULE_FIELD_MESSAGES.thresholdWhole}`,
    ]);
    expect(messages({ type: 'BLOCK', template: 'EMAIL_LIST', values: ['a@b.co'], threshold: 3 })).toEqual([
      `threshold: ${RULE_FIELD_MESSAGES.thresholdNotTaken}`,
    ]);
    expect(messages({ type: 'BLOCK', template: 'CARD_COUNT' })).toEqual([
      `template: ${RULE_FIELD_MESSAGES.unknownTemplate('BLOCK', 'CARD_COUNT')}`,
    ]);
  });

  it('names each bad or repeated value by its position', () => {
    expect(messages({ type: 'BLOCK', template: 'EMAIL_LIST', values: ['a@b.co', 'A@B.CO', 'nope'] })).toEqual([
      'values.1: A@B.CO is listed twice',
      'values.2: nope: Enter an e-mail address like name@example.com',
    ]);
    expect(messages({ type: 'TRUST', template: 'IP_LIST', values: [] })).toEqual([`values: ${RULE_FIELD_MESSAGES.valuesRequired}`]);
  });

  it('validates through the request schemas', () => {
    const ok = RuleAddRequest.safeParse({
      country: 'BR',
      type: 'PERSONA_VELOCITY',
      template: 'DOCUMENT_DISTINCT_CARD',
      threshold: 3,
      duration: 86_400,
      enabled: true,
      requestId: 'req-0001-abc',
    });
    expect(ok.success).toBe(true);
    const bad = RuleDraft.safeParse({ country: 'BR', type: 'ML_SCORE_CUTOFF', template: 'SCORE_AT_LEAST', score: 0, enabled: true });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([RULE_FIELD_MESSAGES.scoreRange]);
  });
});
