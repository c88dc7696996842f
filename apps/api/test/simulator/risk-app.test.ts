import type { AddressInfo } from 'node:net';
import type { Country } from '@andes/contract/common/countries';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { riskRules } from '../../src/db/schema/risk.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { startSimulator } from '../../src/simulator/runner.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { PLATFORM_TOKEN, withPlatformToken } from '../ledger/support.ts';

/**
 * The simulator against the real Andes app with risk rules: every pay-in it creates is decided by
 * the merchant's rules (the acknowledgement carries the decision), and the platform follows it — a
 * blocked pay-in is rejected at once, a pay-in sent to review waits until a person decides it
 * (read back through the decision endpoint) and then lives on or is rejected. The ledger holds.
 */

const fast = { compress: (ms: number) => Math.min(ms, 150) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  unique_id: string;
  status: string;
  status_reason: string | null;
  decision: string;
  final_decision: string;
  review_status: string | null;
  reviewed_at: string | null;
  created_at: string;
}

let t: TestApp;
let stoppedAt = 0;
let decidedAt = 0;
let rows: Row[] = [];
let totals: Awaited<ReturnType<ReturnType<typeof startSimulator>['stop']>>;

beforeAll(async () => {
  t = await createTestApp();
  await withPlatformToken(t.db);
  const [merchant] = (
    (await t.db.execute(sql`select id from merchants where code = 'ANDES-DEMO'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const merchantId = Number(merchant?.id);
  const countries: Country[] = ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'];
  let n = 0;
  const rule = (country: Country, r: Partial<typeof riskRules.$inferInsert>) => {
    n += 1;
    return {
      merchantId,
      country,
      type: 'ML_SCORE_CUTOFF' as const,
      template: 'SCORE_AT_LEAST',
      name: `rule ${n}`,
      enabled: true,
      clientRequestId: `sim-test-${n}`,
      requestHash: 'x',
      createdBy: 0,
      createdByName: 'test',
      updatedBy: 0,
      updatedByName: 'test',
      ...r,
    };
  };
  await t.db.insert(riskRules).values(
    countries.flatMap((country) => [
      // About a third of the pay-ins score 20 or more: blocked.
      rule(country, { name: 'Score 20+', score: 20 }),
      // Scores from 5 (about a third of the others) go to case management.
      rule(country, { name: 'Score 5+ to review', score: 5, sendToCaseManagement: true }),
    ]),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const sim = startSimulator({
    baseUrl: `http://127.0.0.1:${port}`,
    token: PLATFORM_TOKEN,
    ratePerSecond: 16,
    seed: 'risk-real-app',
    timing: fast,
    claimEveryMs: 300,
    reviewPollEveryMs: 150,
    fxEveryMs: 0,
    log: () => undefined,
  });
  await sleep(4000);
  // A person decides the reviews waiting so far: the first half approved, the rest rejected.
  decidedAt = Date.now();
  await t.db.execute(sql`
    with pending as (select transaction_id, row_number() over (order by transaction_id) as k, count(*) over () as n
                       from risk_decisions where review_status = 'PENDING')
    update risk_decisions d
       set review_status = case when p.k * 2 <= p.n then 'APPROVED' else 'REJECTED' end,
           final_decision = case when p.k * 2 <= p.n then 'ALLOW' else 'BLOCK' end,
           reviewed_by = 0, reviewed_by_name = 'Test Reviewer', reviewed_at = now(),
           review_note = case when p.k * 2 <= p.n then 'ok' else 'Stolen card' end
      from pending p where p.transaction_id = d.transaction_id`);
  await sleep(2500);
  totals = await sim.stop();
  stoppedAt = Date.now();
  rows = (
    (await t.db.execute(sql`
      select t.unique_id, t.status, t.status_reason, d.decision, d.final_decision, d.review_status, d.reviewed_at::text, t.created_at::text
        from transactions t join risk_decisions d on d.transaction_id = t.id`)) as unknown as { rows: Row[] }
  ).rows;
}, 60_000);
afterAll(async () => t?.close());

describe('the simulator follows the real decisions', () => {
  test('every pay-in was decided; blocked ones were rejected, naming the rule', () => {
    expect(rows.length).toBeGreaterThan(10);
    const blocked = rows.filter((r) => r.decision === 'BLOCK');
    expect(blocked.length).toBeGreaterThan(2);
    for (const r of blocked) {
      // One created in the last moments may not have had its rejection sent before the stop.
      if (Date.parse(r.created_at) > stoppedAt - 1500) continue;
      expect(r.status).toBe('REJECTED');
      expect(r.status_reason).toBe('Blocked by the merchant’s risk rules: Score 20+');
    }
    expect(blocked.filter((r) => r.status === 'REJECTED').length).toBeGreaterThan(1);
    expect(totals.risk.blocked).toBe(blocked.length);
  });

  test('a pay-in in review waits; once decided it lives on (approved) or is rejected', () => {
    const reviewed = rows.filter((r) => r.decision === 'REVIEW');
    expect(reviewed.length).toBeGreaterThan(0);
    for (const r of reviewed) {
      if (r.review_status === 'PENDING') expect(['CREATED', 'INITIAL_STATUS']).toContain(r.status);
      if (r.review_status === 'REJECTED') {
        expect(r.status).toBe('REJECTED');
        expect(r.status_reason).toBe('Rejected in risk case management: Stolen card');
      }
      if (r.review_status === 'APPROVED') expect(['CREATED', 'INITIAL_STATUS', 'REJECTED']).not.toContain(r.status);
    }
    const decided = reviewed.filter((r) => r.review_status !== 'PENDING');
    expect(totals.risk.approved + totals.risk.rejected).toBe(decided.length);
    expect(decidedAt).toBeGreaterThan(0);
  });

  test('allowed pay-ins live as before, and the ledger stays consistent', async () => {
    const allowed = rows.filter((r) => r.decision === 'ALLOW');
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.every((r) => r.status !== 'REJECTED' || !r.status_reason?.startsWith('Blocked by'))).toBe(true);
    expect(totals.givenUp).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
