import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { ruleAdd, ruleCounts, ruleDelete, ruleHistory, ruleQuery, ruleTemplates, ruleUpdate } from '@andes/contract/risk/endpoints';
import { ENABLED_RULES_MAX, RULE_TYPES } from '@andes/contract/risk/enums';
import { RISK_MESSAGES, type RiskRule, type RuleCounts, type RuleHistory, type TemplateList } from '@andes/contract/risk/schemas';
import { RISK_VALUE_MESSAGES, RULE_FIELD_MESSAGES, templatesOf } from '@andes/contract/risk/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { riskRules } from '../../src/db/schema/risk.ts';
import { demoActor, LONG_SESSIONS, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { merchantId } from '../ledger/support.ts';
import { addRule, call, newRequestId } from './support.ts';

/**
 * Rules (docs/decisions/0028) through the dashboard calls: counts, templates, the list (keyset,
 * keyword on name or value), idempotent add, field validation per template, versions (update
 * conditional on the version loaded, soft delete, history), the enabled-rules limit, the activity
 * log, and who may see what.
 */

const START = new Date('2026-11-20T12:00:00.000Z');
let t: TestApp;
let admin: PayoutActor;
let condor: PayoutActor;
let brOnly: PayoutActor;
let sub: PayoutActor;
let viewer: PayoutActor;

const RISK_CODES = [
  'risk:configure',
  'risk:configure-detail',
  'risk:rule:add',
  'risk:rule:edit',
  'risk:rule:delete',
  'risk:case-management',
  'risk:review:decide',
] as const;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START), config: LONG_SESSIONS });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'condor@andes-demo.test');
  brOnly = await payoutUser(t, 'risk.br', [...RISK_CODES], { countries: ['BR'] });
  sub = await payoutUser(t, 'risk.sub', [...RISK_CODES], { subMerchant: 'ANDES-DEMO-BR' });
  viewer = await payoutUser(t, 'risk.viewer', ['risk:configure', 'risk:configure-detail']);
});
afterAll(async () => t?.close());

const blockDocs = (values: string[], more: Record<string, unknown> = {}) => ({
  requestId: newRequestId(),
  country: 'BR',
  type: 'BLOCK',
  template: 'DOCUMENT_LIST',
  name: 'Known fraudsters',
  enabled: true,
  values,
  ...more,
});

function issuesOf(res: { data: unknown }): { path: string; message: string }[] {
  return (res.data as { issues: { path: string; message: string }[] }).issues;
}

describe('adding', () => {
  test('adds version 1 with normalised values, what it asks for, and who; logs it', async () => {
    const res = await call<RiskRule>(
      t,
      ruleAdd.path,
      admin.token,
      blockDocs(['123.456.789-09', 'ab-1234'], { sendToCaseManagement: true }),
    );
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data).toMatchObject({
      country: 'BR',
      type: 'BLOCK',
      template: 'DOCUMENT_LIST',
      name: 'Known fraudsters',
      values: ['12345678909', 'AB1234'],
      action: 'REVIEW',
      version: 1,
      enabled: true,
      threshold: null,
      duration: null,
      score: null,
    });
    const log = await t.db.select().from(activityLog).where(eq(activityLog.event, 'RISK_RULE_ADDED'));
    expect(log.find((e) => (e.details as Record<string, string>).ruleId === String(res.data.id))).toMatchObject({
      actorUsername: 'demo.admin',
    });
  });

  test('is idempotent by request id: the same request answers the same rule; another body with it is refused', async () => {
    const body = blockDocs(['99887766']);
    const [a, b] = await Promise.all([
      call<RiskRule>(t, ruleAdd.path, admin.token, body),
      call<RiskRule>(t, ruleAdd.path, admin.token, body),
    ]);
    expect(a.code).toBe(ResultCode.OK);
    expect(b.code).toBe(ResultCode.OK);
    expect(b.data.id).toBe(a.data.id);
    const again = await call<RiskRule>(t, ruleAdd.path, admin.token, body);
    expect(again.data.id).toBe(a.data.id);
    const other = await call(t, ruleAdd.path, admin.token, { ...body, values: ['11223344'] });
    expect(other.code).toBe(ResultCode.CONFLICT);
    expect(other.msg).toBe(RISK_MESSAGES.requestReused);
  });

  test.each([
    ['a malformed value', blockDocs(['12']), 'values.0', RISK_VALUE_MESSAGES.document],
    ['a pattern', blockDocs(['1234.*']), 'values.0', RISK_VALUE_MESSAGES.pattern],
    ['a wildcard', blockDocs(['*1234']), 'values.0', RISK_VALUE_MESSAGES.pattern],
    [
      'a full card number',
      { ...blockDocs([]), template: 'CARD_LIST', values: ['4111 1111 1111 1111'] },
      'values.0',
      RISK_VALUE_MESSAGES.fullCard,
    ],
    ['a value listed twice', blockDocs(['12345678', '1234.5678']), 'values.1', RISK_VALUE_MESSAGES.duplicate('1234.5678')],
    ['no values', blockDocs([]), 'values', RULE_FIELD_MESSAGES.valuesRequired],
    ['a threshold a list does not take', blockDocs(['12345678'], { threshold: 3 }), 'threshold', RULE_FIELD_MESSAGES.thresholdNotTaken],
    [
      'a duration of 0',
      {
        requestId: newRequestId(),
        country: 'BR',
        type: 'ORDER_VELOCITY',
        template: 'CARD_COUNT',
        enabled: true,
        threshold: 3,
        duration: 0,
      },
      'duration',
      RULE_FIELD_MESSAGES.durationMin,
    ],
    [
      'a duration over 90 days',
      {
        requestId: newRequestId(),
        country: 'BR',
        type: 'ORDER_VELOCITY',
        template: 'CARD_COUNT',
        enabled: true,
        threshold: 3,
        duration: 91 * 86_400,
      },
      'duration',
      RULE_FIELD_MESSAGES.durationMax,
    ],
    [
      'a threshold above the maximum value',
      {
        requestId: newRequestId(),
        country: 'BR',
        type: 'ORDER_VELOCITY',
        template: 'CARD_AMOUNT',
        enabled: true,
        threshold: 2e26,
        duration: 60,
      },
      'threshold',
      RULE_FIELD_MESSAGES.thresholdAboveMax,
    ],
    [
      'a fractional threshold',
      {
        requestId: newRequestId(),
        country: 'BR',
        type: 'ORDER_VELOCITY',
        template: 'CARD_COUNT',
        enabled: true,
        threshold: 2.5,
        duration: 60,
      },
      'threshold',
      RULE_FIELD_MESSAGES.thresholdWhole,
    ],
    [
      'no threshold',
      { requestId: newRequestId(), country: 'BR', type: 'ORDER_VELOCITY', template: 'CARD_COUNT', enabled: true, duration: 60 },
      'threshold',
      RULE_FIELD_MESSAGES.thresholdRequired,
    ],
    [
      'values a velocity template does not take',
      {
        requestId: newRequestId(),
        country: 'BR',
        type: 'ORDER_VELOCITY',
        template: 'CARD_COUNT',
        enabled: true,
        threshold: 2,
        duration: 60,
        values: ['x'],
      },
      'values',
      RULE_FIELD_MESSAGES.valuesNotTaken,
    ],
    [
      'a score out of range',
      { requestId: newRequestId(), country: 'BR', type: 'ML_SCORE_CUTOFF', template: 'SCORE_AT_LEAST', enabled: true, score: 101 },
      'score',
      RULE_FIELD_MESSAGES.scoreRange,
    ],
    [
      'a template of another type',
      { requestId: newRequestId(), country: 'BR', type: 'TRUST', template: 'CARD_COUNT', enabled: true },
      'template',
      RULE_FIELD_MESSAGES.unknownTemplate('TRUST', 'CARD_COUNT'),
    ],
  ])('refuses %s with a message on the field', async (_what, body, path, message) => {
    const res = await call(t, ruleAdd.path, admin.token, body);
    expect(res.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(issuesOf(res)).toContainEqual({ path, message: path.startsWith('values.') ? expect.stringContaining(message) : message });
  });

  test(`refuses more than ${ENABLED_RULES_MAX} enabled rules in a country; a disabled one is fine; enabling one then is refused`, async () => {
    const andes = await merchantId(t.db, 'ANDES-DEMO');
    const at = t.clock();
    await t.db.insert(riskRules).values(
      Array.from({ length: ENABLED_RULES_MAX }, (_, i) => ({
        merchantId: andes,
        country: 'CL',
        type: 'ML_SCORE_CUTOFF' as const,
        template: 'SCORE_AT_LEAST',
        score: 99,
        enabled: true,
        clientRequestId: `bulk-cl-${i}`,
        requestHash: 'x',
        createdBy: admin.id,
        createdByName: 'x',
        createdAt: at,
        updatedBy: admin.id,
        updatedByName: 'x',
        updatedAt: at,
      })),
    );
    const score = { requestId: newRequestId(), country: 'CL', type: 'ML_SCORE_CUTOFF', template: 'SCORE_AT_LEAST', score: 90 };
    const refused = await call(t, ruleAdd.path, admin.token, { ...score, enabled: true });
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.msg).toBe(RISK_MESSAGES.tooManyEnabled(ENABLED_RULES_MAX));
    const disabled = await call<RiskRule>(t, ruleAdd.path, admin.token, { ...score, requestId: newRequestId(), enabled: false });
    expect(disabled.code).toBe(ResultCode.OK);
    const enable = await call(t, ruleUpdate.path, admin.token, { ...score, id: disabled.data.id, version: 1, enabled: true });
    expect(enable.code).toBe(ResultCode.VALIDATION_FAILED);
    const counts = await call<RuleCounts>(t, ruleCounts.path, admin.token, { country: 'CL' });
    expect(counts.data.list.find((c) => c.type === 'ML_SCORE_CUTOFF')).toEqual({
      type: 'ML_SCORE_CUTOFF',
      total: ENABLED_RULES_MAX + 1,
      enabled: ENABLED_RULES_MAX,
    });
  });
});

describe('versions', () => {
  test('an update makes a new version at the version loaded; a stale one is refused; the history keeps each', async () => {
    const rule = await addRule(t, admin.token, {
      type: 'ORDER_VELOCITY',
      template: 'CARD_COUNT',
      threshold: 5,
      duration: 3_600,
      name: 'Card bursts',
    });
    const fields = { country: 'BR', type: 'ORDER_VELOCITY', template: 'CARD_COUNT', enabled: true, duration: 3_600 };
    const v2 = await call<RiskRule>(t, ruleUpdate.path, admin.token, {
      ...fields,
      id: rule.id,
      version: 1,
      threshold: 4,
      name: 'Card bursts',
    });
    expect(v2.code).toBe(ResultCode.OK);
    expect(v2.data).toMatchObject({ version: 2, threshold: 4 });
    // Two editors loaded version 2; the first wins, the second is told to reload.
    const [a, b] = await Promise.all([
      call<RiskRule>(t, ruleUpdate.path, admin.token, { ...fields, id: rule.id, version: 2, threshold: 3 }),
      call<RiskRule>(t, ruleUpdate.path, brOnly.token, { ...fields, id: rule.id, version: 2, threshold: 6 }),
    ]);
    expect([a.code, b.code].sort()).toEqual([ResultCode.OK, ResultCode.CONFLICT].sort());
    expect([a, b].find((r) => r.code === ResultCode.CONFLICT)?.msg).toBe(RISK_MESSAGES.ruleChanged);
    const stale = await call(t, ruleUpdate.path, admin.token, { ...fields, id: rule.id, version: 1, threshold: 9 });
    expect(stale.code).toBe(ResultCode.CONFLICT);

    const fixed = await call(t, ruleUpdate.path, admin.token, {
      ...fields,
      template: 'CARD_AMOUNT',
      id: rule.id,
      version: 3,
      threshold: 9,
    });
    expect(fixed.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(issuesOf(fixed)[0]?.path).toBe('template');
    const otherCountry = await call(t, ruleUpdate.path, admin.token, { ...fields, country: 'MX', id: rule.id, version: 3, threshold: 9 });
    expect(otherCountry.code).toBe(ResultCode.VALIDATION_FAILED);

    const deleted = await call(t, ruleDelete.path, admin.token, { id: rule.id, version: 3 });
    expect(deleted.code).toBe(ResultCode.OK);
    const history = await call<RuleHistory>(t, ruleHistory.path, admin.token, { id: rule.id });
    expect(history.data.versions.map((v) => [v.version, v.change])).toEqual([
      [1, 'ADDED'],
      [2, 'UPDATED'],
      [3, 'UPDATED'],
      [4, 'DELETED'],
    ]);
    expect(history.data.versions[0]).toMatchObject({ threshold: 5, name: 'Card bursts', updatedBy: expect.any(String) });
    // Deleted: gone from the list, no more changes, a second delete is not found.
    const list = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, { country: 'BR', type: 'ORDER_VELOCITY' });
    expect(list.data.list.map((r) => r.id)).not.toContain(rule.id);
    expect((await call(t, ruleUpdate.path, admin.token, { ...fields, id: rule.id, version: 4, threshold: 2 })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect((await call(t, ruleDelete.path, admin.token, { id: rule.id, version: 4 })).code).toBe(ResultCode.NOT_FOUND);
  });

  test('a delete at a stale version is refused', async () => {
    const rule = await addRule(t, admin.token, { type: 'BLOCK', template: 'IP_LIST', values: ['10.0.0.9'] });
    await call(t, ruleUpdate.path, admin.token, {
      country: 'BR',
      type: 'BLOCK',
      template: 'IP_LIST',
      enabled: false,
      values: ['10.0.0.9'],
      id: rule.id,
      version: 1,
    });
    const res = await call(t, ruleDelete.path, admin.token, { id: rule.id, version: 1 });
    expect(res.code).toBe(ResultCode.CONFLICT);
    expect(res.msg).toBe(RISK_MESSAGES.ruleChanged);
  });
});

describe('reading', () => {
  test('counts every configuration type; templates of a type', async () => {
    const counts = await call<RuleCounts>(t, ruleCounts.path, admin.token, { country: 'BR' });
    expect(counts.code).toBe(ResultCode.OK);
    expect(counts.data.list.map((c) => c.type)).toEqual([...RULE_TYPES, 'RETRO_PERFORMANCE']);
    expect(counts.data.list.find((c) => c.type === 'BLOCK')?.total).toBeGreaterThan(0);
    const templates = await call<TemplateList>(t, ruleTemplates.path, admin.token, { type: 'PERSONA_VELOCITY' });
    expect(templates.data.list.map((x) => x.code)).toEqual(templatesOf('PERSONA_VELOCITY').map((x) => x.code));
  });

  test('pages newest first with a cursor; filters on enabled; the keyword matches a name or a value (normalised)', async () => {
    const made: RiskRule[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await addRule(t, admin.token, {
          type: 'MANUAL_REVIEW',
          template: 'EMAIL_LIST',
          name: `Review ${i}`,
          values: [`person${i}@mail.example.com`],
          enabled: i % 2 === 0,
        }),
      );
    }
    const first = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, { country: 'BR', type: 'MANUAL_REVIEW', pageSize: 10 });
    expect(first.data.total).toBe(5);
    const ids = made.map((r) => r.id).reverse();
    const p1 = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, {
      country: 'BR',
      type: 'MANUAL_REVIEW',
      pageSize: 10,
      cursor: undefined,
    });
    expect(p1.data.list.map((r) => r.id)).toEqual(ids);
    // A smaller page size is not offered: walk with the cursor over enabled ones only.
    const enabled = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, { country: 'BR', type: 'MANUAL_REVIEW', enabled: true });
    expect(enabled.data.list.map((r) => r.name)).toEqual(['Review 4', 'Review 2', 'Review 0']);
    const byName = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, { country: 'BR', type: 'MANUAL_REVIEW', keyword: 'view 3' });
    expect(byName.data.list.map((r) => r.name)).toEqual(['Review 3']);
    const byValue = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, {
      country: 'BR',
      type: 'MANUAL_REVIEW',
      keyword: 'PERSON1@Mail.Example.com',
    });
    expect(byValue.data.list.map((r) => r.name)).toEqual(['Review 1']);
    const bad = await call(t, ruleQuery.path, admin.token, { country: 'BR', type: 'MANUAL_REVIEW', cursor: 'nonsense' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('the cursor walks every page once', async () => {
    for (let i = 0; i < 12; i += 1)
      await addRule(t, admin.token, { type: 'TRUST', template: 'DEVICE_LIST', values: [`trusted-device-${i}`] });
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<Page<RiskRule>>(t, ruleQuery.path, admin.token, {
        country: 'BR',
        type: 'TRUST',
        pageSize: 10,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.data.list.map((r) => r.id));
      cursor = page.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.length).toBe(12);
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });
});

describe('who may', () => {
  test('a sub-merchant user is refused every rule call', async () => {
    for (const [path, body] of [
      [ruleCounts.path, { country: 'BR' }],
      [ruleTemplates.path, { type: 'BLOCK' }],
      [ruleQuery.path, { country: 'BR', type: 'BLOCK' }],
      [ruleAdd.path, blockDocs(['12345678'])],
    ] as const) {
      const res = await call(t, path, sub.token, body);
      expect(res.code, path).toBe(ResultCode.FORBIDDEN);
      expect(res.msg).toBe(RISK_MESSAGES.subMerchantUser);
    }
  });

  test("another merchant's rule is not found; a country not authorised is refused, and its rules are not found", async () => {
    const mine = await addRule(t, admin.token, { type: 'BLOCK', template: 'DEVICE_LIST', values: ['device-mx-1'], country: 'MX' });
    for (const actor of [condor, brOnly]) {
      expect((await call(t, ruleHistory.path, actor.token, { id: mine.id })).code).toBe(ResultCode.NOT_FOUND);
      const upd = await call(t, ruleUpdate.path, actor.token, {
        country: 'MX',
        type: 'BLOCK',
        template: 'DEVICE_LIST',
        enabled: false,
        values: ['device-mx-1'],
        id: mine.id,
        version: 1,
      });
      expect(upd.code).toBe(ResultCode.NOT_FOUND);
      expect((await call(t, ruleDelete.path, actor.token, { id: mine.id, version: 1 })).code).toBe(ResultCode.NOT_FOUND);
    }
    expect((await call(t, ruleQuery.path, brOnly.token, { country: 'MX', type: 'BLOCK' })).code).toBe(ResultCode.FORBIDDEN);
    const condorList = await call<Page<RiskRule>>(t, ruleQuery.path, condor.token, { country: 'MX', type: 'BLOCK' });
    expect(condorList.data.list).toEqual([]);
  });

  test('without the button permission the call is refused', async () => {
    const res = await call(t, ruleAdd.path, viewer.token, blockDocs(['12345678']));
    expect(res.code).toBe(ResultCode.FORBIDDEN);
    expect((await call(t, ruleQuery.path, viewer.token, { country: 'BR', type: 'BLOCK' })).code).toBe(ResultCode.OK);
  });
});
