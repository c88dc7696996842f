import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { PlatformEvent } from '@andes/contract/platform/schemas';
import { caseDetail, caseReplyPage, caseReplySave } from '@andes/contract/support/endpoints';
import type { CaseDetail, CaseReplyPage } from '@andes/contract/support/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCaseAnswer } from '../../src/simulator/support.ts';
import { signIn, type TestApp } from '../helper.ts';
import { sendEvent } from '../ledger/support.ts';
import { call, claim, key, openCase, supportApp } from './fixtures.ts';

/**
 * The simulated support desk (docs/decisions/0029): what it plans for an offered case, and those
 * events applied by Andes — a new case taken up then answered, a follow-up answered, an offer made
 * again planning the very same events (applied once).
 */

const START = new Date('2026-03-02T16:00:00.000Z');
const FAST = { compress: (ms: number) => Math.ceil(ms / 60) };

describe('the simulated support desk', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await supportApp(START);
    admin = await signIn(t.app, login.path, 'admin');
  });
  afterAll(async () => {
    await t.app.andes.mailer.idle();
    await t.close();
  });

  it('takes a new case up, answers it, and answers the merchant’s follow-up; a repeated offer changes nothing', async () => {
    const { case: c } = await openCase(t, admin, { caseType: 'FINANCE', title: 'Settlement missing' });
    const offer = (await claim(t, { leaseSeconds: 5 })).data.list.find((o) => o.caseNo === c.caseNo);
    if (!offer) throw new Error('the case was not offered');
    const at = START.getTime();
    const plan = planCaseAnswer(offer, at, FAST);
    expect(plan.map((p) => p.event.type)).toEqual(['case.status_changed', 'case.replied']);
    for (const p of plan) expect(PlatformEvent.safeParse(p.event).success).toBe(true);
    expect(plan[0]?.at).toBeGreaterThan(at);
    expect(plan[1]?.at).toBeGreaterThan(plan[0]?.at ?? 0);
    // Planned again (the lease ran out): the same events.
    expect(planCaseAnswer(offer, at + 1000, FAST).map((p) => p.event.eventId)).toEqual(plan.map((p) => p.event.eventId));

    for (const p of plan) expect((await sendEvent(t.app, p.event)).code).toBe(ResultCode.OK);
    for (const p of plan) expect((await sendEvent(t.app, p.event)).data.duplicate).toBe(true);
    const answered = await call<CaseDetail>(t, caseDetail.path, admin, { id: c.id });
    expect(['PROCESSING', 'SOLVED']).toContain(answered.data.status);
    expect(answered.data.awaitingProvider).toBe(false);

    // The merchant follows up: offered again, answered without being taken up again.
    const reply = await call(t, caseReplySave.path, admin, { id: c.id, requestId: key('r'), content: 'It is still missing' });
    expect(reply.code).toBe(ResultCode.OK);
    const again = (await claim(t, { leaseSeconds: 5 })).data.list.find((o) => o.caseNo === c.caseNo);
    if (!again) throw new Error('the case was not offered again');
    const followUp = planCaseAnswer(again, at + 3_600_000, FAST);
    expect(followUp.map((p) => p.event.type)).toEqual(['case.replied']);
    expect(followUp[0]?.event.eventId).not.toBe(plan[1]?.event.eventId);
    for (const p of followUp) expect((await sendEvent(t.app, p.event)).code).toBe(ResultCode.OK);
    const thread = await call<CaseReplyPage>(t, caseReplyPage.path, admin, { id: c.id });
    expect(thread.data.list.map((r) => `${r.side}:${r.kind}`)).toEqual([
      'MERCHANT:CREATE',
      'PROVIDER:STATUS',
      'PROVIDER:REPLY',
      'MERCHANT:REPLY',
      'PROVIDER:REPLY',
    ]);
  });
});
