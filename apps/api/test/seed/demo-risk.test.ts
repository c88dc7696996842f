import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import { normaliseRiskValue } from '@andes/contract/risk/templates';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { type DemoHistoryResult, seedDemoHistory } from '../../src/db/seed/demo-history.ts';
import { PENDING_WINDOW_MS, RULES_AGE_MS } from '../../src/db/seed/demo-risk.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, type TestApp } from '../helper.ts';

/**
 * The risk part of the demo history (demo-risk.ts): ANDES-DEMO's rules in Brazil and Mexico with
 * their versions, the signals of every pay-in consistent with the pay-in, decisions the pay-ins'
 * statuses follow (blocked ones rejected, reviews waiting or decided), chargebacks in every state
 * with deadlines over the whole board, and a ledger that stays consistent with won chargebacks.
 */

const NOW = new Date('2026-09-15T14:30:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
let result: DemoHistoryResult;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  result = await seedDemoHistory(t.db, { transactions: 6000, now: NOW, seed: 'risk-history-test' });
}, 180_000);
afterAll(async () => t?.close());

describe('the risk demo', () => {
  test('ANDES-DEMO has rules of several types in BR and MX, some enabled, some not, each with its versions', async () => {
    expect(result.risk?.rules).toBeGreaterThan(0);
    const list = await rows<{
      country: string;
      type: string;
      template: string;
      enabled: boolean;
      version: number;
      versions: number;
      created_at: string;
    }>(
      t.db,
      sql`select r.country, r.type, r.template, r.enabled, r.version, r.created_at::text,
                 (select count(*) from risk_rule_versions v where v.rule_id = r.id)::int as versions
            from risk_rules r join merchants m on m.id = r.merchant_id
           where m.code = 'ANDES-DEMO' order by r.id`,
    );
    for (const country of ['BR', 'MX']) {
      const of = list.filter((r) => r.country === country);
      expect(new Set(of.map((r) => r.type)).size).toBeGreaterThanOrEqual(6);
      expect(of.filter((r) => r.enabled).map((r) => `${r.type}/${r.template}`)).toEqual(
        expect.arrayContaining([
          'BLOCK/DOCUMENT_LIST',
          'BLOCK/EMAIL_DOMAIN_LIST',
          'ORDER_VELOCITY/CARD_COUNT',
          'ML_SCORE_CUTOFF/SCORE_AT_LEAST',
        ]),
      );
      expect(of.some((r) => !r.enabled)).toBe(true);
    }
    for (const r of list) expect(r.versions).toBe(r.version);
    expect(list.some((r) => r.version === 2)).toBe(true);
  });

  test('every pay-in has its signals, consistent with the pay-in', async () => {
    const bad = await rows<{ unique_id: string; why: string }>(
      t.db,
      sql`select t.unique_id,
                 case when s.transaction_id is null then 'missing'
                      when s.created_at <> t.created_at or s.amount <> t.amount or s.merchant_id <> t.merchant_id or s.country <> t.country then 'columns'
                      when (s.card is null) <> (t.card_bin is null) or s.card <> t.card_bin || '-' || t.card_last4 or s.bin <> t.card_bin then 'card'
                      when lower(t.payer->>'email') is distinct from s.email then 'email'
                      when (s.failed_at is not null) <> (t.status in ('FAILED', 'REJECTED')) then 'failed'
                      when (s.charged_back_at is not null) <> exists (select 1 from transactions c where c.related_transaction_id = t.id and c.transaction_type = 'CHARGE_BACK') then 'charged back'
                      when s.score is null or s.score < 0 or s.score > 100 then 'score'
                 end as why
            from transactions t left join risk_signals s on s.transaction_id = t.id
           where t.transaction_type = 'PAY_IN'`,
    );
    expect(bad.filter((b) => b.why !== null)).toEqual([]);
    const docs = await rows<{ document: string | null; payer_document: string | null }>(
      t.db,
      sql`select s.document, t.payer->>'document' as payer_document from risk_signals s join transactions t on t.id = s.transaction_id limit 500`,
    );
    for (const d of docs) {
      const expected = d.payer_document ? normaliseRiskValue('DOCUMENT', d.payer_document) : null;
      expect(d.document).toBe(expected && 'value' in expected ? expected.value : null);
    }
    const [tail] = await rows<{ high: number; all: number; devices: number }>(
      t.db,
      sql`select count(*) filter (where score >= 80)::int as high, count(*)::int as all, count(distinct device)::int as devices from risk_signals`,
    );
    expect(tail?.high ?? 0).toBeGreaterThan(0);
    expect((tail?.high ?? 0) / (tail?.all ?? 1)).toBeLessThan(0.05);
    // Fraudsters reuse their device: fewer devices than pay-ins with one.
    const [reuse] = await rows<{ reused: number }>(
      t.db,
      sql`select count(*)::int as reused from (select device from risk_signals where device is not null group by merchant_id, device having count(*) >= 3) x`,
    );
    expect(reuse?.reused ?? 0).toBeGreaterThan(0);
  });

  test('decisions of the last 36 hours: blocked pay-ins were rejected, reviews wait (open pay-ins) or were decided', async () => {
    const list = await rows<{
      decision: string;
      final_decision: string;
      review_status: string | null;
      status: string;
      created_at: string;
      rules: { ruleId: number; version: number }[];
      evaluated_at: string;
    }>(
      t.db,
      sql`select d.decision, d.final_decision, d.review_status, t.status, t.created_at::text, d.rules, d.evaluated_at::text
            from risk_decisions d join transactions t on t.id = d.transaction_id`,
    );
    expect(list.length).toBe(result.risk?.decisions);
    expect(list.length).toBeGreaterThan(0);
    for (const d of list) {
      expect(Date.parse(d.created_at)).toBeGreaterThanOrEqual(NOW.getTime() - RULES_AGE_MS);
      if (d.final_decision === 'BLOCK') expect(d.status).toBe('REJECTED');
      if (d.review_status === 'PENDING') {
        expect(['CREATED', 'INITIAL_STATUS']).toContain(d.status);
        expect(Date.parse(d.created_at)).toBeGreaterThan(NOW.getTime() - PENDING_WINDOW_MS);
      }
      if (d.decision !== 'ALLOW') expect(d.rules.length).toBeGreaterThan(0);
    }
    expect(list.filter((d) => d.review_status === 'PENDING').length).toBeGreaterThanOrEqual(3);
    expect(list.some((d) => d.final_decision === 'BLOCK')).toBe(true);
    // The fired rules exist in the version the decision names.
    const [orphans] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from risk_decisions d cross join lateral jsonb_array_elements(d.rules) r
           where not exists (select 1 from risk_rule_versions v where v.rule_id = (r->>'ruleId')::int and v.version = (r->>'version')::int)`,
    );
    expect(orphans?.n).toBe(0);
  });

  test('one chargeback per CHARGE_BACK transaction, in every state, with deadlines over the whole board', async () => {
    const [counts] = await rows<{ cb: number; tx: number }>(
      t.db,
      sql`select (select count(*) from chargebacks)::int as cb, (select count(*) from transactions where transaction_type = 'CHARGE_BACK')::int as tx`,
    );
    expect(counts?.cb).toBe(counts?.tx);
    const statuses = await rows<{ status: string }>(t.db, sql`select distinct status from chargebacks order by 1`);
    expect(statuses.map((s) => s.status)).toEqual(['CHARGE_BACK', 'DEFENSE_LOST', 'DEFENSE_WON', 'UNDER_DEFENSE']);
    for (const country of ['BR', 'MX'] as const) {
      const open = await rows<{ deadline: string }>(
        t.db,
        sql`select c.deadline::text from chargebacks c join merchants m on m.id = c.merchant_id
             where m.code = 'ANDES-DEMO' and c.country = ${country} and c.status = 'CHARGE_BACK'`,
      );
      const tz = COUNTRY_INFO[country].timezoneName;
      const today = localDateOf(tz, NOW);
      const week = localDateOf(tz, new Date(NOW.getTime() + 7 * DAY));
      const buckets = new Set(
        open.map((o) => {
          const date = localDateOf(tz, new Date(o.deadline));
          return date < today ? 'OVERDUE' : date === today ? 'TODAY' : date <= week ? 'THIS_WEEK' : 'LATER';
        }),
      );
      expect([...buckets].sort()).toEqual(['LATER', 'OVERDUE', 'THIS_WEEK', 'TODAY']);
    }
    const defended = await rows<{ status: string; appendices: unknown[]; description: string | null; history: string[] }>(
      t.db,
      sql`select c.status, c.appendices, c.description, array(select h.event from chargeback_history h where h.chargeback_id = c.id order by h.at, h.id) as history
            from chargebacks c where c.defended_at is not null`,
    );
    for (const d of defended) {
      expect(d.appendices.length).toBeGreaterThan(0);
      expect(d.description).not.toBeNull();
      expect(d.history[0]).toBe('RECEIVED');
      expect(d.history).toContain('DEFENDED');
    }
  });

  test('risk_signals gets back the primary key and the indexes dropped for its load', async () => {
    const indexes = async (db: Db) =>
      (
        await rows<{ def: string }>(db, sql`select indexdef as def from pg_indexes where tablename = 'risk_signals' order by indexname`)
      ).map((r) => r.def);
    const untouched = await createTestApp();
    try {
      expect(await indexes(t.db)).toEqual(await indexes(untouched.db));
    } finally {
      await untouched.close();
    }
    expect((await indexes(t.db)).some((d) => d.includes('risk_signals_pkey'))).toBe(true);
  });

  test('won chargebacks gave the amount back: the ledger check (with its chargeback rules) is clean', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
