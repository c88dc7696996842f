import { ResultCode } from '@andes/contract/common/envelope';
import { readRiskDecision } from '@andes/contract/platform/endpoints';
import type { TransactionCreatedData } from '@andes/contract/platform/schemas';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import { RULE_TEMPLATES, type RuleTemplate } from '@andes/contract/risk/templates';
import { transactionQuery } from '@andes/contract/transaction/endpoints';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { riskSignals } from '../../src/db/schema/risk.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { demoActor, LONG_SESSIONS, type PayoutActor } from '../fixtures/payouts.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { callInternal, EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { addRule, applied, call, deleteRule, firedIds, payIn } from './support.ts';

/**
 * Live decisions (docs/decisions/0028) through the real ingestion call: every template fires on a
 * pay-in that meets it and not on one that does not; the acknowledgement, a repeated event, the
 * platform's read and the transaction detail carry the decision; failures and chargebacks reach
 * the signals, also when their events arrive before the pay-in.
 */

const START = new Date('2026-11-20T12:00:00.000Z');
const f = new EventFactory('risk-dec', new Date('2026-11-19T00:00:00.000Z'));
let t: TestApp;
let admin: PayoutActor;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START), config: LONG_SESSIONS });
  await withPlatformToken(t.db);
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
});
afterAll(async () => t?.close());

let k = 100;
/** Fresh subject values, so one case's pay-ins never count in another's velocity. */
function fresh() {
  k += 1;
  return {
    documentRaw: `123.456.${k}-9`,
    document: `123456${k}9`,
    emailRaw: `Payer.${k}@Shop${k}.example.com`,
    email: `payer.${k}@shop${k}.example.com`,
    domain: `shop${k}.example.com`,
    bin: `4${String(k).padStart(5, '0')}`,
    last4: String(1000 + (k % 9000)).padStart(4, '0'),
    ip: `10.1.${k % 250}.${(k * 7) % 250}`,
    device: `device-${k}`,
  };
}
type Fresh = ReturnType<typeof fresh>;

/** A pay-in showing the subject values of `v` (all of them: the rule looks at one). */
function showing(v: Fresh, more: Partial<TransactionCreatedData> = {}): Partial<TransactionCreatedData> {
  return {
    payer: { name: 'Payer', document: v.documentRaw, email: v.emailRaw },
    card: { brand: 'VISA', bin: v.bin, last4: v.last4, threeDs: { version: '2.2', eci: '05', authenticated: true } },
    risk: { ip: v.ip, deviceId: v.device, score: 10 },
    ...more,
  };
}

/** The list value of a subject, as a person would type it. */
function listValue(subject: string, v: Fresh): string {
  switch (subject) {
    case 'DOCUMENT':
      return v.documentRaw;
    case 'EMAIL':
      return v.emailRaw;
    case 'EMAIL_DOMAIN':
      return v.domain;
    case 'CARD':
      return `${v.bin}******${v.last4}`;
    case 'BIN':
      return v.bin;
    case 'IP':
      return v.ip;
    default:
      return v.device;
  }
}

/** Changes one subject of a pay-in (the counted subject of DISTINCT templates). */
function withOther(subject: string, v: Fresh, base: Partial<TransactionCreatedData>): Partial<TransactionCreatedData> {
  const o = fresh();
  switch (subject) {
    case 'CARD':
      return { ...base, card: { brand: 'VISA', bin: v.bin, last4: o.last4 === v.last4 ? '0001' : o.last4 } };
    case 'DOCUMENT':
      return { ...base, payer: { ...base.payer, document: o.documentRaw } };
    default:
      throw new Error(`no variant for ${subject}`);
  }
}

interface Case {
  /** The rule's fields besides type and template. */
  fields: Record<string, unknown>;
  /** Runs the pay-ins and answers the decision that must fire and the one that must not. */
  run: (v: Fresh) => Promise<{ fires: RiskDecisionView; quiet: RiskDecisionView }>;
}

function caseOf(template: RuleTemplate): Case {
  const subject = template.subject ?? 'CARD';
  switch (template.metric) {
    case 'MATCH':
      return {
        fields: {},
        run: async (v) => ({ fires: (await payIn(t, f, showing(v))).risk, quiet: (await payIn(t, f, showing(fresh()))).risk }),
      };
    case 'COUNT':
      return {
        fields: { threshold: 2, duration: 3_600 },
        run: async (v) => {
          const quiet = (await payIn(t, f, showing(v))).risk;
          return { quiet, fires: (await payIn(t, f, showing(v))).risk };
        },
      };
    case 'AMOUNT':
      return {
        fields: { threshold: 15_000, duration: 3_600 },
        run: async (v) => {
          const quiet = (await payIn(t, f, showing(v, { amount: 10_000 }))).risk;
          return { quiet, fires: (await payIn(t, f, showing(v, { amount: 5_000 }))).risk };
        },
      };
    case 'DISTINCT':
      return {
        fields: { threshold: 2, duration: 86_400 },
        run: async (v) => {
          const quiet = (await payIn(t, f, showing(v))).risk;
          return { quiet, fires: (await payIn(t, f, withOther(template.counted as string, v, showing(v)))).risk };
        },
      };
    case 'FAILED':
      return {
        fields: { threshold: 1, duration: 3_600 },
        run: async (v) => {
          const first = await payIn(t, f, showing(v));
          await applied(sendEvent(t.app, f.statusChanged(first.uniqueId, 'FAILED')));
          return { quiet: first.risk, fires: (await payIn(t, f, showing(v))).risk };
        },
      };
    case 'CHARGEBACK':
      return {
        fields: { threshold: 1, duration: 86_400 },
        run: async (v) => {
          const first = await payIn(t, f, showing(v, { amount: 10_000 }));
          await applied(sendEvent(t.app, f.settled(first.uniqueId)));
          await applied(sendEvent(t.app, f.chargedBack(first.uniqueId, 10_000)));
          return { quiet: first.risk, fires: (await payIn(t, f, showing(v))).risk };
        },
      };
    case 'SCORE':
      return {
        fields: { score: 80 },
        run: async (v) => ({
          fires: (await payIn(t, f, showing(v, { risk: { ip: v.ip, deviceId: v.device, score: 80 } }))).risk,
          quiet: (await payIn(t, f, showing(v, { risk: { ip: v.ip, deviceId: v.device, score: 79 } }))).risk,
        }),
      };
    case 'AMOUNT_AT_LEAST':
      return {
        fields: { threshold: 50_000 },
        run: async (v) => ({
          fires: (await payIn(t, f, showing(v, { amount: 50_000 }))).risk,
          quiet: (await payIn(t, f, showing(v, { amount: 49_999 }))).risk,
        }),
      };
    case 'NOT_AUTHENTICATED':
      return {
        fields: {},
        run: async (v) => ({
          fires: (await payIn(t, f, showing(v, { card: { brand: 'VISA', bin: v.bin, last4: v.last4 } }))).risk,
          quiet: (await payIn(t, f, showing(v))).risk,
        }),
      };
    case 'NO_DEVICE':
      return {
        fields: {},
        run: async (v) => ({
          fires: (await payIn(t, f, showing(v, { risk: { ip: v.ip, score: 10 } }))).risk,
          quiet: (await payIn(t, f, showing(v))).risk,
        }),
      };
  }
  throw new Error(`no case for ${subject}`);
}

describe('every template, through the ingestion call', () => {
  test.each(RULE_TEMPLATES.map((x) => [`${x.type} ${x.code}`, x] as const))(
    '%s fires on a pay-in that meets it, not on one that does not',
    async (_name, template) => {
      const v = fresh();
      const c = caseOf(template);
      const fields = template.metric === 'MATCH' ? { values: [listValue(template.values as string, v)] } : c.fields;
      const rule = await addRule(t, admin.token, { type: template.type, template: template.code, ...fields });
      try {
        const { fires, quiet } = await c.run(v);
        expect(firedIds(fires)).toEqual([rule.id]);
        expect(fires.rules[0]).toMatchObject({
          ruleId: rule.id,
          version: 1,
          type: template.type,
          template: template.code,
          action: rule.action,
        });
        expect(fires.decision).toBe(rule.action);
        expect(fires.finalDecision).toBe(rule.action);
        expect(fires.rulesEvaluated).toBe(1);
        if (template.metric === 'MATCH') expect(fires.rules[0]?.matched).toBe(rule.values[0]);
        if (template.threshold !== null && template.metric !== 'MATCH')
          expect(fires.rules[0]?.measured).toBeGreaterThanOrEqual(rule.threshold ?? 0);
        expect(firedIds(quiet)).toEqual([]);
        expect(quiet.decision).toBe('ALLOW');
        // A review waits in case management; nothing else does.
        expect(fires.review?.status ?? null).toBe(rule.action === 'REVIEW' ? 'PENDING' : null);
      } finally {
        await deleteRule(t, admin.token, rule);
      }
    },
  );
});

describe('rules combined', () => {
  test('a trust rule allows whatever else fires; else block wins over review; each firing rule is recorded with its version', async () => {
    const v = fresh();
    const block = await addRule(t, admin.token, { type: 'BLOCK', template: 'DOCUMENT_LIST', values: [v.documentRaw] });
    const review = await addRule(t, admin.token, { type: 'MANUAL_REVIEW', template: 'EMAIL_LIST', values: [v.emailRaw] });
    try {
      const both = (await payIn(t, f, showing(v))).risk;
      expect(both.decision).toBe('BLOCK');
      expect(both.rules.map((r) => [r.ruleId, r.action])).toEqual([
        [block.id, 'BLOCK'],
        [review.id, 'REVIEW'],
      ]);
      expect(both.rulesEvaluated).toBe(2);
      const trust = await addRule(t, admin.token, { type: 'TRUST', template: 'DEVICE_LIST', values: [v.device] });
      const all = (await payIn(t, f, showing(v))).risk;
      expect(all.decision).toBe('ALLOW');
      expect(all.rules.map((r) => r.ruleId)).toEqual([block.id, review.id, trust.id]);
      await deleteRule(t, admin.token, trust);
    } finally {
      await deleteRule(t, admin.token, block);
      await deleteRule(t, admin.token, review);
    }
  });

  test('a disabled or deleted rule, or a rule of another country, is not evaluated', async () => {
    const v = fresh();
    const disabled = await addRule(t, admin.token, { type: 'BLOCK', template: 'DEVICE_LIST', values: [v.device], enabled: false });
    const mexican = await addRule(t, admin.token, { type: 'BLOCK', template: 'DEVICE_LIST', values: [v.device], country: 'MX' });
    const risk = (await payIn(t, f, showing(v))).risk;
    expect(risk).toMatchObject({ decision: 'ALLOW', rules: [], rulesEvaluated: 0 });
    await deleteRule(t, admin.token, disabled);
    await deleteRule(t, admin.token, mexican);
  });
});

describe('the decision, wherever it is read', () => {
  test('a repeated event answers the decision stored the first time; the platform reads it; the detail shows it', async () => {
    const v = fresh();
    const rule = await addRule(t, admin.token, { type: 'BLOCK', template: 'IP_LIST', values: [v.ip] });
    const first = await payIn(t, f, showing(v));
    expect(first.risk.decision).toBe('BLOCK');
    await deleteRule(t, admin.token, rule);
    // The rule is gone now: the repeat still answers what was decided.
    const again = await applied(sendEvent(t.app, first.event));
    expect(again.duplicate).toBe(true);
    expect(again.risk).toEqual(first.risk);

    const read = await callInternal<RiskDecisionView>(t.app, readRiskDecision.path, {
      merchantCode: 'ANDES-DEMO',
      uniqueId: first.uniqueId,
    });
    expect(read.code).toBe(ResultCode.OK);
    expect(read.data).toEqual(first.risk);
    const unknown = await callInternal(t.app, readRiskDecision.path, { merchantCode: 'ANDES-DEMO', uniqueId: 'risk-dec-nope' });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
    // Another merchant cannot read it.
    const other = await callInternal(t.app, readRiskDecision.path, { merchantCode: 'CONDOR', uniqueId: first.uniqueId });
    expect(other.code).toBe(ResultCode.NOT_FOUND);
    const noToken = await callInternal(t.app, readRiskDecision.path, { merchantCode: 'ANDES-DEMO', uniqueId: first.uniqueId }, null);
    expect(noToken.code).toBe(ResultCode.SERVICE_UNAUTHORIZED);

    const [row] = await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.uniqueId, first.uniqueId));
    const detail = await call<TransactionDetail>(t, transactionQuery.path, admin.token, { id: row?.id });
    expect(detail.code).toBe(ResultCode.OK);
    expect(detail.data.risk).toEqual(first.risk);
  });

  test('a payout has no decision (null in its detail, none in its acknowledgement)', async () => {
    const uniqueId = f.uniqueId('payout');
    const ack = await applied(sendEvent(t.app, f.payout({ uniqueId, amount: 100 })));
    expect(ack.risk).toBeUndefined();
    const [row] = await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.uniqueId, uniqueId));
    const detail = await call<TransactionDetail>(t, transactionQuery.path, admin.token, { id: row?.id });
    expect(detail.data.risk).toBeNull();
  });
});

describe('signals', () => {
  async function signalOf(uniqueId: string) {
    const [row] = await t.db
      .select({ s: riskSignals })
      .from(riskSignals)
      .innerJoin(transactions, eq(transactions.id, riskSignals.transactionId))
      .where(eq(transactions.uniqueId, uniqueId));
    return row?.s;
  }

  test('are written normalised from the pay-in', async () => {
    const v = fresh();
    const p = await payIn(t, f, showing(v, { risk: { ip: ' 10.9.8.7 ', deviceId: v.device, score: 42 } }));
    expect(await signalOf(p.uniqueId)).toMatchObject({
      document: v.document,
      email: v.email,
      emailDomain: v.domain,
      card: `${v.bin}-${v.last4}`,
      bin: v.bin,
      ip: '10.9.8.7',
      device: v.device,
      score: 42,
      authenticated: true,
      amount: 10_000,
      failedAt: null,
      chargedBackAt: null,
    });
  });

  test('a failure reported before its pay-in (parked) still reaches the signals when the pay-in arrives', async () => {
    const v = fresh();
    const uniqueId = f.uniqueId('payin');
    const failed = f.statusChanged(uniqueId, 'REJECTED');
    const parked = await applied(sendEvent(t.app, failed));
    expect(parked.outcome).toBe('PARKED');
    // The pay-in itself happened before the rejection.
    const created = f.created({ uniqueId, ...showing(v) });
    const ack = await applied(sendEvent(t.app, { ...created, occurredAt: new Date(Date.parse(failed.occurredAt) - 30_000).toISOString() }));
    expect(ack.risk?.decision).toBe('ALLOW');
    expect((await signalOf(uniqueId))?.failedAt?.toISOString()).toBe(failed.occurredAt);
    // …and the next pay-in of the same card sees it.
    const rule = await addRule(t, admin.token, { type: 'BEHAVIOR_VELOCITY', template: 'CARD_FAILED', threshold: 1, duration: 3_600 });
    const next = (await payIn(t, f, showing(v))).risk;
    expect(next.rules.map((r) => [r.ruleId, r.measured])).toEqual([[rule.id, 1]]);
    await deleteRule(t, admin.token, rule);
  });

  test('a chargeback sets when the pay-in was charged back (the first one, whatever the order)', async () => {
    const v = fresh();
    const p = await payIn(t, f, showing(v, { amount: 10_000 }));
    await applied(sendEvent(t.app, f.settled(p.uniqueId)));
    const first = f.chargedBack(p.uniqueId, 4_000);
    const second = f.chargedBack(p.uniqueId, 1_000);
    await applied(sendEvent(t.app, second));
    await applied(sendEvent(t.app, first));
    expect((await signalOf(p.uniqueId))?.chargedBackAt?.toISOString()).toBe(first.occurredAt);
  });
});
