import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { readRiskDecision } from '@andes/contract/platform/endpoints';
import {
  replayPage,
  replayQuery,
  replayStart,
  reviewDecide,
  reviewPage,
  ruleCounts,
  ruleRecommendations,
} from '@andes/contract/risk/endpoints';
import { REVIEW_WINDOW_DAYS } from '@andes/contract/risk/enums';
import {
  type RecommendationList,
  type ReplayView,
  type ReviewItem,
  RISK_MESSAGES,
  type RiskDecisionView,
  type RuleCounts,
} from '@andes/contract/risk/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { demoActor, LONG_SESSIONS, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { callInternal, EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { addRule, applied, call, deleteRule, payIn } from './support.ts';

/**
 * Case management and retro performance (docs/decisions/0028): a REVIEW waits for one person's
 * decision within its window (two at once: exactly one wins); a replay runs as a job and its
 * figures equal what the test counts itself from the pay-ins it reported; the live decisions equal
 * the replayed ones; the recommendations find the risky BIN and the score cutoff.
 */

const START = new Date('2026-11-20T12:00:00.000Z');
const f = new EventFactory('risk-rr', new Date('2026-11-15T00:00:00.000Z'));
let t: TestApp;
let admin: PayoutActor;
let condor: PayoutActor;
let sub: PayoutActor;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START), config: LONG_SESSIONS, workJobs: true });
  await withPlatformToken(t.db);
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'condor@andes-demo.test');
  sub = await payoutUser(t, 'risk.sub', ['risk:case-management', 'risk:review:decide', 'risk:configure', 'risk:configure-detail'], {
    subMerchant: 'ANDES-DEMO-BR',
  });
});
afterAll(async () => t?.close());

describe('case management', () => {
  test('a REVIEW waits; two decisions at once: exactly one wins; the platform reads the outcome; the log has it', async () => {
    const rule = await addRule(t, admin.token, { type: 'MANUAL_REVIEW', template: 'DEVICE_LIST', values: ['review-device-1'] });
    const p = await payIn(t, f, { risk: { deviceId: 'review-device-1' }, payer: { name: 'Rita Review', email: 'rita@example.com' } });
    expect(p.risk).toMatchObject({ decision: 'REVIEW', finalDecision: 'REVIEW', review: { status: 'PENDING', by: null } });
    expect(Date.parse(p.risk.review?.expiresAt ?? '')).toBe(START.getTime() + REVIEW_WINDOW_DAYS * 86_400_000);

    const waiting = await call<Page<ReviewItem>>(t, reviewPage.path, admin.token, { country: 'BR' });
    expect(waiting.code).toBe(ResultCode.OK);
    const item = waiting.data.list.find((i) => i.uniqueId === p.uniqueId);
    expect(item).toMatchObject({
      payerName: 'Rita Review',
      payerEmail: 'rita@example.com',
      rules: [{ ruleId: rule.id }],
      review: { status: 'PENDING' },
    });
    const byKeyword = await call<Page<ReviewItem>>(t, reviewPage.path, admin.token, { country: 'BR', keyword: p.uniqueId });
    expect(byKeyword.data.list.map((i) => i.uniqueId)).toEqual([p.uniqueId]);

    const id = item?.transactionId as number;
    const [a, b] = await Promise.all([
      call<ReviewItem>(t, reviewDecide.path, admin.token, { transactionId: id, decision: 'APPROVE', note: 'Known customer' }),
      call<ReviewItem>(t, reviewDecide.path, admin.token, { transactionId: id, decision: 'REJECT' }),
    ]);
    const codes = [a.code, b.code];
    expect(codes.filter((c) => c === ResultCode.OK)).toHaveLength(1);
    expect(codes.filter((c) => c === ResultCode.CONFLICT)).toHaveLength(1);
    const winner = (a.code === ResultCode.OK ? a : b).data;
    const loser = a.code === ResultCode.OK ? b : a;
    expect(loser.msg).toBe(RISK_MESSAGES.reviewDecided(winner.review.status));
    const final = winner.review.status === 'APPROVED' ? 'ALLOW' : 'BLOCK';

    const read = await callInternal<RiskDecisionView>(t.app, readRiskDecision.path, { merchantCode: 'ANDES-DEMO', uniqueId: p.uniqueId });
    expect(read.data).toMatchObject({
      decision: 'REVIEW',
      finalDecision: final,
      review: { status: winner.review.status, by: expect.any(String) },
    });
    const decided = await call<Page<ReviewItem>>(t, reviewPage.path, admin.token, { country: 'BR', status: winner.review.status });
    expect(decided.data.list.map((i) => i.uniqueId)).toContain(p.uniqueId);
    const pending = await call<Page<ReviewItem>>(t, reviewPage.path, admin.token, { country: 'BR' });
    expect(pending.data.list.map((i) => i.uniqueId)).not.toContain(p.uniqueId);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, winner.review.status === 'APPROVED' ? 'RISK_REVIEW_APPROVED' : 'RISK_REVIEW_REJECTED'));
    expect(logged.filter((e) => (e.details as Record<string, string>).uniqueId === p.uniqueId)).toHaveLength(1);
    await deleteRule(t, admin.token, rule);
  });

  test('after its window a review can no longer be decided; others cannot decide it at all', async () => {
    const rule = await addRule(t, admin.token, { type: 'MANUAL_REVIEW', template: 'DEVICE_LIST', values: ['review-device-2'] });
    const p = await payIn(t, f, { risk: { deviceId: 'review-device-2' } });
    const list = await call<Page<ReviewItem>>(t, reviewPage.path, admin.token, { country: 'BR', keyword: p.uniqueId });
    const id = list.data.list[0]?.transactionId as number;
    const sb = await call(t, reviewDecide.path, sub.token, { transactionId: id, decision: 'APPROVE' });
    expect(sb.code).toBe(ResultCode.FORBIDDEN);
    expect(sb.msg).toBe(RISK_MESSAGES.subMerchantUser);
    expect((await call(t, reviewPage.path, sub.token, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(t, reviewDecide.path, condor.token, { transactionId: id, decision: 'APPROVE' })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, reviewDecide.path, admin.token, { transactionId: 999_999, decision: 'APPROVE' })).code).toBe(
      ResultCode.NOT_FOUND,
    );

    t.clock.advance(REVIEW_WINDOW_DAYS * 86_400_000 + 1_000);
    const late = await call(t, reviewDecide.path, admin.token, { transactionId: id, decision: 'APPROVE' });
    expect(late.code).toBe(ResultCode.CONFLICT);
    expect(late.msg).toBe(RISK_MESSAGES.reviewExpired);
    t.clock.set(START);
    await deleteRule(t, admin.token, rule);
  });
});

// ---- retro performance ----------------------------------------------------------------------------

interface Made {
  uniqueId: string;
  card: string;
  bin: string;
  at: number;
  amount: number;
  settled: boolean;
  chargedBack: boolean;
  live: RiskDecisionView;
}

const WINDOW_S = 3_600;

async function waitFor(id: number): Promise<ReplayView> {
  for (let i = 0; i < 120; i += 1) {
    const res = await call<ReplayView>(t, replayQuery.path, admin.token, { id });
    if (res.code !== ResultCode.OK) throw new Error(`replay/query: ${res.code} ${res.msg}`);
    if (res.data.status === 'COMPLETE' || res.data.status === 'FAIL') return res.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`replay ${id} did not finish`);
}

describe('retro performance', () => {
  const made: Made[] = [];
  let ruleId = 0;

  beforeAll(async () => {
    // A rule live in MX from the start: its live decisions are compared with the replay's.
    const rule = await addRule(t, admin.token, {
      country: 'MX',
      type: 'ORDER_VELOCITY',
      template: 'CARD_COUNT',
      threshold: 2,
      duration: WINDOW_S,
    });
    ruleId = rule.id;
    const plan: [string, number, boolean, boolean][] = [
      // card, amount, settled, charged back
      ['411111-0001', 10_000, true, false],
      ['411111-0001', 20_000, true, true],
      ['411111-0001', 30_000, false, false],
      ['411111-0002', 40_000, true, false],
      ['555555-0003', 50_000, true, true],
      ['555555-0003', 60_000, true, true],
      ['555555-0004', 70_000, true, false],
      ['gap', 0, false, false],
      ['411111-0001', 80_000, true, false],
    ];
    for (const [card, amount, settled, chargedBack] of plan) {
      if (card === 'gap') {
        for (let i = 0; i < 61; i += 1) f.next();
        continue;
      }
      const [bin, last4] = card.split('-') as [string, string];
      const p = await payIn(t, f, {
        country: 'MX',
        currency: 'MXN',
        amount,
        card: { brand: 'VISA', bin, last4 },
        risk: { score: chargedBack ? 90 : 10 },
      });
      made.push({ uniqueId: p.uniqueId, card, bin, at: Date.parse(p.event.occurredAt), amount, settled, chargedBack, live: p.risk });
    }
    for (const m of made) {
      if (m.settled) await applied(sendEvent(t.app, f.settled(m.uniqueId)));
      if (m.chargedBack) await applied(sendEvent(t.app, f.chargedBack(m.uniqueId, m.amount)));
    }
  });

  test('a saved rule replayed over 30 days: the figures equal an independent count, and the live decisions', async () => {
    // Independently: the n-th pay-in of a card within an hour (this one included) reaches 2.
    const hit = made.map((m) => made.filter((o) => o.card === m.card && o.at > m.at - WINDOW_S * 1000 && o.at <= m.at).length >= 2);
    const sum = (xs: Made[]) => ({ count: xs.length, amount: xs.reduce((s, x) => s + x.amount, 0) });
    const blocked = made.filter((_, i) => hit[i]);
    expect(blocked.map((m) => m.live.decision)).toEqual(blocked.map(() => 'BLOCK'));
    expect(made.filter((_, i) => !hit[i]).every((m) => m.live.decision === 'ALLOW')).toBe(true);

    const started = await call<{ id: number }>(t, replayStart.path, admin.token, { country: 'MX', days: 30, ruleId });
    expect(started.code).toBe(ResultCode.OK);
    const replay = await waitFor(started.data.id);
    expect(replay).toMatchObject({
      status: 'COMPLETE',
      ruleId,
      ruleVersion: 1,
      total: made.length,
      processed: made.length,
      currency: 'MXN',
      error: null,
    });
    const settled = made.filter((m) => m.settled).length;
    const settledBlocked = blocked.filter((m) => m.settled).length;
    expect(replay.result).toEqual({
      evaluated: sum(made),
      blocked: sum(blocked),
      reviewed: { count: 0, amount: 0 },
      chargedBack: sum(blocked.filter((m) => m.chargedBack)),
      chargebacksInPeriod: sum(made.filter((m) => m.chargedBack)),
      approvedHit: sum(blocked.filter((m) => m.settled && !m.chargedBack)),
      approvalRate: settled / made.length,
      approvalRateWithRule: (settled - settledBlocked) / made.length,
      sample: [...blocked].reverse().map((m) => ({
        transactionId: expect.any(Number),
        uniqueId: m.uniqueId,
        createdAt: new Date(m.at).toISOString(),
        amount: m.amount,
        action: 'BLOCK',
        chargedBack: m.chargedBack,
      })),
    });
  });

  test('a draft replayed; the replays of the country are listed and counted; another merchant cannot read them', async () => {
    const draft = { country: 'MX', type: 'BLOCK', template: 'BIN_LIST', enabled: true, values: ['555555'] };
    const started = await call<{ id: number }>(t, replayStart.path, admin.token, { country: 'MX', days: 90, draft });
    expect(started.code).toBe(ResultCode.OK);
    const replay = await waitFor(started.data.id);
    const bin = made.filter((m) => m.bin === '555555');
    expect(replay.ruleId).toBeNull();
    expect(replay.result?.blocked).toEqual({ count: bin.length, amount: bin.reduce((s, m) => s + m.amount, 0) });
    expect(replay.result?.chargedBack.count).toBe(bin.filter((m) => m.chargedBack).length);

    const page = await call<Page<ReplayView>>(t, replayPage.path, admin.token, { country: 'MX' });
    expect(page.data.list.map((r) => r.id).slice(0, 2)).toEqual([started.data.id, started.data.id - 1]);
    const ofRule = await call<Page<ReplayView>>(t, replayPage.path, admin.token, { country: 'MX', ruleId });
    expect(ofRule.data.list.every((r) => r.ruleId === ruleId)).toBe(true);
    const counts = await call<RuleCounts>(t, ruleCounts.path, admin.token, { country: 'MX' });
    expect(counts.data.list.find((c) => c.type === 'RETRO_PERFORMANCE')?.total).toBe(page.data.total);

    expect((await call(t, replayQuery.path, condor.token, { id: started.data.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, replayStart.path, sub.token, { country: 'BR', days: 30, draft: { ...draft, country: 'BR' } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const both = await call(t, replayStart.path, admin.token, { country: 'MX', days: 30, ruleId, draft });
    expect(both.code).toBe(ResultCode.VALIDATION_FAILED);
    const otherCountry = await call(t, replayStart.path, admin.token, { country: 'BR', days: 30, ruleId });
    expect(otherCountry.code).toBe(ResultCode.NOT_FOUND);
  });

  test('the recommendations: the BIN with chargebacks, and the lowest score cutoff that catches them', async () => {
    const res = await call<RecommendationList>(t, ruleRecommendations.path, admin.token, { country: 'MX' });
    expect(res.code).toBe(ResultCode.OK);
    const charged = made.filter((m) => m.chargedBack);
    const sum = (xs: Made[]) => ({ count: xs.length, amount: xs.reduce((s, x) => s + x.amount, 0) });
    const bin = made.filter((m) => m.bin === '555555');
    expect(res.data.list).toEqual([
      {
        draft: { type: 'AI_RECOMMENDED', template: 'BIN_LIST', values: ['555555'], score: null, sendToCaseManagement: false },
        caughtChargebacks: sum(bin.filter((m) => m.chargedBack)),
        hitApproved: sum(bin.filter((m) => m.settled && !m.chargedBack)),
        evaluated: made.length,
      },
      {
        // Charged-back pay-ins scored 90, the others 10: 11 catches them all and no approved one.
        draft: { type: 'AI_RECOMMENDED', template: 'SCORE_AT_LEAST', values: [], score: 11, sendToCaseManagement: false },
        caughtChargebacks: sum(charged),
        hitApproved: { count: 0, amount: 0 },
        evaluated: made.length,
      },
    ]);
  });
});
