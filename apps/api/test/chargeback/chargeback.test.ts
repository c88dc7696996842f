import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { dailyReportPage } from '@andes/contract/finance/endpoints';
import type { DailyReportPage } from '@andes/contract/finance/schemas';
import {
  chargebackAccept,
  chargebackAppendixDownload,
  chargebackDefense,
  chargebackPage,
  chargebackQuery,
  chargebackSummary,
} from '@andes/contract/risk/endpoints';
import { EVIDENCE_CHECKLIST } from '@andes/contract/risk/enums';
import type { ChargebackDetail, ChargebackPage, ChargebackSummary } from '@andes/contract/risk/schemas';
import { RISK_MESSAGES as MESSAGES } from '@andes/contract/risk/schemas';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { chargebackHistory, chargebacks } from '../../src/db/schema/risk.ts';
import { sendDefenseReminders } from '../../src/modules/chargeback/chargeback.reminders.ts';
import { expectLedgerConsistent, payoutUser } from '../fixtures/payouts.ts';
import { DEMO, envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, localBalances, sendEvent, transactionRow } from '../ledger/support.ts';
import { call, chargeBack, chargebackApp, chargedBackEvent, claim, outcomeEvent, settledPayin, uploadAppendix } from './support.ts';

/**
 * Chargeback defence (docs/decisions/0028) through the API: the platform reports a chargeback
 * (row, deadline, RECEIVED), the merchant defends or accepts it (conditional, once, before the
 * deadline), the provider claims the defence and answers won (the amount back, ledger:check clean)
 * or lost; scope and permissions; the deadline board around midnight; the reminders.
 */

const DAY = 86_400_000;

async function token(t: TestApp, who: 'admin' | 'condor' | 'finance'): Promise<string> {
  const u = DEMO[who];
  const res = envelope<{ token: string }>(await post(t.app, login.path, { username: u.username, password: u.password }));
  if (res.code !== ResultCode.OK) throw new Error(`sign-in ${u.username}: ${res.msg}`);
  return res.data.token;
}

describe('a chargeback defended and won', () => {
  let t: TestApp;
  const f = new EventFactory('cbw', new Date('2026-03-02T15:00:00.000Z'));
  let admin: string;

  beforeAll(async () => {
    t = await chargebackApp(new Date('2026-03-02T16:00:00.000Z'));
    admin = await token(t, 'admin');
  });
  afterAll(async () => {
    await t.app.andes.mailer.idle();
    await t.close();
  });

  it('records the chargeback with its deadline, defends it once, and gives the amount back when won', async () => {
    const payin = await settledPayin(t, f, { amount: 10_000, brand: 'VISA', paymentLinkId: 'plink_cbw' });
    const before = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    const cb = await chargeBack(t, f, payin, { amount: 4_000, fee: 500, reasonCode: 'FRAUD' });
    const afterCb = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    expect(afterCb.AVAILABLE).toBe(before.AVAILABLE - 4_500);
    // VISA: 20 days after the dispute's local date (São Paulo, UTC−3), to the end of that local day.
    expect(cb.status).toBe('CHARGE_BACK');
    expect(cb.reasonCode).toBe('FRAUD');
    expect(cb.cardBrand).toBe('VISA');
    expect(cb.deadline.toISOString()).toBe('2026-03-23T02:59:59.999Z');

    const detail = await call<ChargebackDetail>(t, chargebackQuery.path, admin, { id: cb.id });
    expect(detail.code).toBe(ResultCode.OK);
    expect(detail.data).toMatchObject({
      status: 'CHARGE_BACK',
      disputeAmount: 4_000,
      payinAmount: 10_000,
      payinUniqueId: payin,
      cardMasked: '411111******1111',
      daysLeft: 20,
      bucket: 'LATER',
      actions: ['DEFEND', 'ACCEPT'],
    });
    expect(detail.data.checklist).toEqual([...EVIDENCE_CHECKLIST.FRAUD]);
    expect(detail.data.history.map((h) => h.event)).toEqual(['RECEIVED']);

    const fileId = await uploadAppendix(t, admin);
    const defended = await call<ChargebackDetail>(t, chargebackDefense.path, admin, {
      id: cb.id,
      description: '3-D Secure authenticated; the device was used for 12 earlier payments',
      fileIds: [fileId],
    });
    expect(defended.code).toBe(ResultCode.OK);
    expect(defended.data).toMatchObject({ status: 'UNDER_DEFENSE', actions: [], bucket: null, daysLeft: null });
    expect(defended.data.appendices.map((a) => a.fileId)).toEqual([fileId]);
    expect(defended.data.defendedBy).not.toBeNull();
    expect(defended.data.history.map((h) => h.event)).toEqual(['RECEIVED', 'DEFENDED']);
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.event, 'CHARGEBACK_DEFENDED'));
    expect(logged).toHaveLength(1);

    // A double click or a retry: refused, nothing changes.
    const again = await call(t, chargebackDefense.path, admin, { id: cb.id, description: 'again', fileIds: [fileId] });
    expect(again.code).toBe(ResultCode.CONFLICT);
    expect(again.msg).toBe(MESSAGES.chargebackNotOpen('UNDER_DEFENSE'));
    const accept = await call(t, chargebackAccept.path, admin, { id: cb.id });
    expect(accept.code).toBe(ResultCode.CONFLICT);

    // The appendix, previewed inline, never sniffed.
    const file = await post(t.app, chargebackAppendixDownload.path, { id: cb.id, fileId }, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const other = await post(t.app, chargebackAppendixDownload.path, { id: cb.id, fileId: 'f_AAAAAAAAAAAAAAAAAAAAAA' }, { token: admin });
    expect(envelope(other).code).toBe(ResultCode.NOT_FOUND);

    // The provider claims it (leased), then again once the lease ran out.
    const first = await claim(t, { leaseSeconds: 60 });
    expect(first.data.list).toHaveLength(1);
    expect(first.data.list[0]).toMatchObject({
      chargebackId: cb.uniqueId,
      payinUniqueId: payin,
      merchantCode: 'ANDES-DEMO',
      amount: 4_000,
      reasonCode: 'FRAUD',
      appendices: [{ name: 'receipt.png' }],
      attempts: 0,
    });
    expect((await claim(t, { leaseSeconds: 60 })).data.list).toHaveLength(0);
    t.clock.advance(61_000);
    expect((await claim(t, { leaseSeconds: 60 })).data.list[0]?.attempts).toBe(1);

    // Won: the disputed amount (not the fee) comes back; the pay-in is settled again.
    const won = outcomeEvent(f, 'chargeback.won', cb.uniqueId);
    const ack = await sendEvent(t.app, won);
    expect(ack.code).toBe(ResultCode.OK);
    expect(ack.data).toMatchObject({ outcome: 'APPLIED', duplicate: false });
    const afterWon = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    expect(afterWon.AVAILABLE).toBe(before.AVAILABLE - 500);
    const p = await transactionRow(t.db, payin);
    expect(p).toMatchObject({ status: 'SETTLED', chargedBackAmount: 0 });
    await expectLedgerConsistent(t);
    // The day's reports (the account's, and the payment link channel's): one chargeback received,
    // its amount given back — the reversal is no second chargeback.
    for (const billType of ['ACCOUNT', 'PAYMENT_LINK']) {
      const day = await call<DailyReportPage>(t, dailyReportPage.path, admin, {
        country: 'BR',
        accountType: 'PAY_IN',
        billType,
        range: { from: '2026-03-02', to: '2026-03-02' },
      });
      expect(day.code, day.msg).toBe(ResultCode.OK);
      const row = day.data.kind === 'MONEY' ? day.data.list.find((r) => r.date === '2026-03-02') : undefined;
      expect(row, billType).toMatchObject({ chargebackCount: 1, chargeback: 0, payinCount: 1 });
    }

    // The same event again: the first outcome, nothing twice. Another outcome: refused.
    const repeat = await sendEvent(t.app, won);
    expect(repeat.data).toMatchObject({ outcome: 'APPLIED', duplicate: true });
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).AVAILABLE).toBe(afterWon.AVAILABLE);
    const second = await sendEvent(t.app, outcomeEvent(f, 'chargeback.won', cb.uniqueId));
    expect(second.code).toBe(ResultCode.CONFLICT);
    expect(second.msg).toContain('already decided (DEFENSE_WON)');
    expect((await sendEvent(t.app, outcomeEvent(f, 'chargeback.lost', cb.uniqueId))).code).toBe(ResultCode.CONFLICT);
    expect((await claim(t)).data.list).toHaveLength(0);

    const done = await call<ChargebackDetail>(t, chargebackQuery.path, admin, { id: cb.id });
    expect(done.data).toMatchObject({ status: 'DEFENSE_WON', accepted: false, actions: [] });
    expect(done.data.outcomeAt).not.toBeNull();
    expect(done.data.history.map((h) => h.event)).toEqual(['RECEIVED', 'DEFENDED', 'WON']);
    await expectLedgerConsistent(t);

    // A second, partial chargeback of the same pay-in is possible again (the money is back).
    const cb2 = await chargeBack(t, f, payin, { amount: 2_500, reasonCode: 'NOT_RECEIVED' });
    expect(cb2.status).toBe('CHARGE_BACK');
    expect(await transactionRow(t.db, payin)).toMatchObject({ status: 'CHARGED_BACK', chargedBackAmount: 2_500 });
    await expectLedgerConsistent(t);
  });

  it('accepts, loses, refuses what the machine does not allow, and counts the win rate', async () => {
    const payin = await settledPayin(t, f, { amount: 20_000, brand: 'MASTERCARD' });
    const accepted = await chargeBack(t, f, payin, { amount: 3_000, reasonCode: 'DUPLICATE' });
    // MASTERCARD: 30 days.
    const disputeLocal = new Date(accepted.disputeDate.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    expect(accepted.deadline.toISOString()).toBe(new Date(Date.parse(`${disputeLocal}T03:00:00.000Z`) + 31 * DAY - 1).toISOString());
    const balance = (await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).AVAILABLE;

    const ok = await call<ChargebackDetail>(t, chargebackAccept.path, admin, { id: accepted.id });
    expect(ok.data).toMatchObject({ status: 'DEFENSE_LOST', accepted: true, actions: [] });
    expect((await call(t, chargebackAccept.path, admin, { id: accepted.id })).code).toBe(ResultCode.CONFLICT);
    expect((await sendEvent(t.app, outcomeEvent(f, 'chargeback.lost', accepted.uniqueId))).code).toBe(ResultCode.CONFLICT);
    expect(await t.db.select().from(activityLog).where(eq(activityLog.event, 'CHARGEBACK_ACCEPTED'))).toHaveLength(1);

    // Lost without a defence: DEFENSE_LOST, nothing posted.
    const lost = await chargeBack(t, f, payin, { amount: 1_000 });
    expect(lost.reasonCode).toBe('OTHER');
    const lostAck = await sendEvent(t.app, outcomeEvent(f, 'chargeback.lost', lost.uniqueId));
    expect(lostAck.data).toMatchObject({ outcome: 'APPLIED' });
    // A win of a chargeback never defended is refused.
    const open = await chargeBack(t, f, payin, { amount: 1_000 });
    const notDefended = await sendEvent(t.app, outcomeEvent(f, 'chargeback.won', open.uniqueId));
    expect(notDefended.code).toBe(ResultCode.CONFLICT);
    expect(notDefended.msg).toContain('CHARGE_BACK');
    // An unknown chargeback, another merchant's event.
    expect((await sendEvent(t.app, outcomeEvent(f, 'chargeback.won', 'nope-123'))).code).toBe(ResultCode.NOT_FOUND);
    expect((await sendEvent(t.app, outcomeEvent(f, 'chargeback.lost', open.uniqueId, 'CONDOR'))).code).toBe(ResultCode.CONFLICT);

    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN')).AVAILABLE).toBe(balance - 2_000);
    const [row] = await t.db.select().from(chargebacks).where(eq(chargebacks.id, lost.id));
    expect(row?.status).toBe('DEFENSE_LOST');
    await expectLedgerConsistent(t);

    const summary = await call<ChargebackSummary>(t, chargebackSummary.path, admin, { country: 'BR' });
    const byStatus = Object.fromEntries(summary.data.statuses.map((s) => [s.status, s]));
    expect(byStatus.DEFENSE_WON).toEqual({ status: 'DEFENSE_WON', count: 1, amount: 4_000 });
    expect(byStatus.DEFENSE_LOST).toEqual({ status: 'DEFENSE_LOST', count: 2, amount: 4_000 });
    expect(byStatus.CHARGE_BACK).toEqual({ status: 'CHARGE_BACK', count: 2, amount: 3_500 });
    expect(summary.data.winRate).toBeCloseTo(1 / 3);
    expect(summary.data.currency).toBe('BRL');
  });

  it('refuses a defence after the deadline, and appendices the caller did not upload', async () => {
    const payin = await settledPayin(t, f, { amount: 5_000, brand: 'AMEX' });
    const now = t.clock();
    const cb = await chargeBack(t, f, payin, { amount: 5_000, respondBy: new Date(now.getTime() + 3_600_000).toISOString() });
    expect(cb.deadline.getTime()).toBe(now.getTime() + 3_600_000);
    const fileId = await uploadAppendix(t, admin);

    const unknown = await call(t, chargebackDefense.path, admin, { id: cb.id, description: 'x', fileIds: ['f_AAAAAAAAAAAAAAAAAAAAAA'] });
    expect(unknown.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(unknown.msg).toContain(MESSAGES.appendixUnknown);
    const none = await call(t, chargebackDefense.path, admin, { id: cb.id, description: 'x', fileIds: [] });
    expect(none.code).toBe(ResultCode.VALIDATION_FAILED);
    // Another user's upload (of the same merchant) is not the caller's.
    const clerk = await payoutUser(t, 'cb.clerk', ['risk:chargeback:defense']);
    const theirs = await uploadAppendix(t, clerk.token);
    expect((await call(t, chargebackDefense.path, admin, { id: cb.id, description: 'x', fileIds: [theirs] })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );

    t.clock.advance(2 * 3_600_000);
    const late = await call(t, chargebackDefense.path, admin, { id: cb.id, description: 'too late', fileIds: [fileId] });
    expect(late.code).toBe(ResultCode.CONFLICT);
    expect(late.msg).toContain('has passed');
    const detail = await call<ChargebackDetail>(t, chargebackQuery.path, admin, { id: cb.id });
    expect(detail.data).toMatchObject({ status: 'CHARGE_BACK', bucket: 'OVERDUE', actions: ['ACCEPT'] });
    // Still open: the platform reports the outcome.
    expect((await sendEvent(t.app, outcomeEvent(f, 'chargeback.lost', cb.uniqueId))).code).toBe(ResultCode.OK);
  });
});

describe('who sees and acts on chargebacks', () => {
  let t: TestApp;
  const f = new EventFactory('cbs', new Date('2026-03-02T15:00:00.000Z'));

  beforeAll(async () => {
    t = await chargebackApp(new Date('2026-03-02T16:00:00.000Z'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('scopes by merchant, sub-merchant, country and button', async () => {
    const admin = await token(t, 'admin');
    const own = await chargeBack(t, f, await settledPayin(t, f, { brand: 'VISA' }), { amount: 1_000 });
    const subs = await chargeBack(t, f, await settledPayin(t, f, { brand: 'VISA', subMerchantCode: 'ANDES-DEMO-BR' }), { amount: 2_000 });
    expect(subs.subMerchantId).not.toBeNull();

    // Another merchant: not found, and BR is not one of its countries.
    const condor = await token(t, 'condor');
    expect((await call(t, chargebackQuery.path, condor, { id: own.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, chargebackAccept.path, condor, { id: own.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, chargebackPage.path, condor, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    // Without the risk menus.
    expect((await call(t, chargebackPage.path, await token(t, 'finance'), { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);

    // A sub-merchant user: its sub-merchant's chargebacks only, read only.
    const sub = await payoutUser(t, 'cb.sub', ['risk:chargeback-represent-detail', 'risk:chargeback:defense', 'risk:chargeback:accept'], {
      subMerchant: 'ANDES-DEMO-BR',
    });
    const page = await call<ChargebackPage>(t, chargebackPage.path, sub.token, { country: 'BR' });
    expect(page.data.list.map((c) => c.id)).toEqual([subs.id]);
    expect(page.data.list[0]?.actions).toEqual([]);
    expect(page.data.list[0]?.subMerchantName).toBe('Andes Demo Marketplace');
    expect((await call(t, chargebackQuery.path, sub.token, { id: own.id })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(t, chargebackAccept.path, sub.token, { id: subs.id })).code).toBe(ResultCode.FORBIDDEN);
    const merchantPage = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR' });
    expect(merchantPage.data.list.map((c) => c.id)).toEqual([subs.id, own.id]);

    // A viewer without the buttons: no actions, and the calls are refused.
    const viewer = await payoutUser(t, 'cb.viewer', ['risk:chargeback-represent-detail']);
    const seen = await call<ChargebackDetail>(t, chargebackQuery.path, viewer.token, { id: own.id });
    expect(seen.data.actions).toEqual([]);
    expect((await call(t, chargebackAccept.path, viewer.token, { id: own.id })).code).toBe(ResultCode.FORBIDDEN);
    // A user whose countries leave BR out.
    const mx = await payoutUser(t, 'cb.mx', ['risk:chargeback-represent-detail', 'risk:chargeback:accept'], { countries: ['MX'] });
    expect((await call(t, chargebackQuery.path, mx.token, { id: own.id })).code).toBe(ResultCode.NOT_FOUND);
    // The accept button alone.
    const acceptor = await payoutUser(t, 'cb.acceptor', ['risk:chargeback:accept']);
    expect((await call<ChargebackDetail>(t, chargebackQuery.path, acceptor.token, { id: own.id })).data.actions).toEqual(['ACCEPT']);
    expect((await call<ChargebackDetail>(t, chargebackAccept.path, acceptor.token, { id: own.id })).data.status).toBe('DEFENSE_LOST');
  });

  it('lists newest dispute first with filters, a capped total and a keyset cursor', async () => {
    const admin = await token(t, 'admin');
    const payin = await settledPayin(t, f, { amount: 50_000, brand: 'VISA' });
    const made = [];
    for (let i = 0; i < 9; i += 1) {
      made.push(await chargeBack(t, f, payin, { amount: 1_000, reasonCode: i < 2 ? 'FRAUD' : 'NOT_RECEIVED' }));
    }
    const ids = made.map((c) => c.id).reverse();
    const all = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', pageSize: 10 });
    expect(all.data.total).toBe(11);
    expect(all.data.totalCapped).toBe(false);
    expect(all.data.list.map((c) => c.id).slice(0, 9)).toEqual(ids);
    const next = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', pageSize: 10, cursor: all.data.nextCursor });
    expect(next.data.list).toHaveLength(1);
    expect(next.data.nextCursor).toBeNull();
    const fraud = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', reasonCode: 'FRAUD' });
    expect(fraud.data.list.map((c) => c.id)).toEqual([made[1]?.id, made[0]?.id]);
    const byPayin = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', keyword: payin });
    expect(byPayin.data.total).toBe(9);
    const byRef = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', keyword: `order-${payin}` });
    expect(byRef.data.total).toBe(9);
    const byId = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', keyword: made[1]?.uniqueId });
    expect(byId.data.list.map((c) => c.id)).toEqual([made[1]?.id]);
    const lost = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', status: 'DEFENSE_LOST' });
    expect(lost.data.total).toBe(1);
    const day = made[0]?.disputeDate.toISOString().slice(0, 10) as string;
    const none = await call<ChargebackPage>(t, chargebackPage.path, admin, {
      country: 'BR',
      range: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(none.data.total).toBe(0);
    const inRange = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', range: { from: day, to: day } });
    expect(inRange.data.total).toBe(11);
    const bad = await call(t, chargebackPage.path, admin, { country: 'BR', cursor: 'bm9wZQ' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('the deadline board around midnight in the country', () => {
  let t: TestApp;
  const f = new EventFactory('cbb', new Date('2026-03-05T15:00:00.000Z'));

  beforeAll(async () => {
    // 23:30 on 9 March in São Paulo (UTC−3).
    t = await chargebackApp(new Date('2026-03-10T02:30:00.000Z'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts each open chargeback in its bucket, and moves them at local midnight', async () => {
    const admin = await token(t, 'admin');
    const payin = await settledPayin(t, f, { amount: 100_000, brand: 'VISA' });
    const at = async (respondBy: string) => (await chargeBack(t, f, payin, { amount: 1_000, respondBy })).id;
    const overdue = await at('2026-03-10T02:00:00.000Z'); // 23:00 today, passed
    const today = await at('2026-03-10T02:59:00.000Z'); // 23:59 today
    const tomorrow = await at('2026-03-10T03:30:00.000Z'); // 00:30 tomorrow
    const seventh = await at('2026-03-17T02:59:00.000Z'); // 23:59 on 16 March: 7 days left
    const eighth = await at('2026-03-17T03:00:00.000Z'); // 00:00 on 17 March: 8 days left
    const extras = [];
    for (let i = 0; i < 9; i += 1) extras.push(await at('2026-03-12T12:00:00.000Z')); // 2 days left
    const defended = await at('2026-03-10T02:45:00.000Z');
    await t.db.update(chargebacks).set({ status: 'UNDER_DEFENSE' }).where(eq(chargebacks.id, defended));

    const board = async () =>
      Object.fromEntries(
        (await call<ChargebackSummary>(t, chargebackSummary.path, admin, { country: 'BR' })).data.board.map((b) => [b.bucket, b.count]),
      );
    const bucket = async (b: string) =>
      (await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', bucket: b })).data.list.map((c) => [c.id, c.daysLeft]);

    expect(await board()).toEqual({ OVERDUE: 1, TODAY: 1, THIS_WEEK: 11, LATER: 1 });
    expect(await bucket('OVERDUE')).toEqual([[overdue, 0]]);
    expect(await bucket('TODAY')).toEqual([[today, 0]]);
    // Nearest deadline first, ten a page.
    const first = await call<ChargebackPage>(t, chargebackPage.path, admin, { country: 'BR', bucket: 'THIS_WEEK', pageSize: 10 });
    const rest = await call<ChargebackPage>(t, chargebackPage.path, admin, {
      country: 'BR',
      bucket: 'THIS_WEEK',
      pageSize: 10,
      cursor: first.data.nextCursor,
    });
    expect(first.data.total).toBe(11);
    expect([...first.data.list, ...rest.data.list].map((c) => [c.id, c.daysLeft])).toEqual([
      [tomorrow, 1],
      ...extras.map((id) => [id, 3]),
      [seventh, 7],
    ]);
    expect(await bucket('LATER')).toEqual([[eighth, 8]]);
    // A cursor of the other order is refused.
    const wrong = await call(t, chargebackPage.path, admin, { country: 'BR', cursor: first.data.nextCursor });
    expect(wrong.code).toBe(ResultCode.VALIDATION_FAILED);

    // 00:30 on 10 March: a new local day.
    t.clock.set(new Date('2026-03-10T03:30:00.000Z'));
    expect(await board()).toEqual({ OVERDUE: 2, TODAY: 1, THIS_WEEK: 11, LATER: 0 });
    expect(await bucket('TODAY')).toEqual([[tomorrow, 0]]);
    expect(await bucket('OVERDUE')).toEqual([
      [overdue, -1],
      [today, -1],
    ]);
    expect((await bucket('THIS_WEEK')).slice(-2)).toEqual([
      [seventh, 6],
      [eighth, 7],
    ]);
  });
});

describe('defence reminders', () => {
  let t: TestApp;
  const f = new EventFactory('cbr', new Date('2026-03-02T15:00:00.000Z'));

  beforeAll(async () => {
    t = await chargebackApp(new Date('2026-03-02T16:00:00.000Z'));
  });
  afterAll(async () => {
    await t.app.andes.mailer.idle();
    await t.close();
  });

  it('e-mails the defenders 3 days and 1 day before the deadline, once each', async () => {
    const defender = await payoutUser(t, 'cb.defender', ['risk:chargeback:defense'], { email: 'dora.defender@andes-demo.test' });
    await payoutUser(t, 'cb.looker', ['risk:chargeback-represent-detail'], { email: 'lou.looker@andes-demo.test' });
    await payoutUser(t, 'cb.mexico', ['risk:chargeback:defense'], { email: 'max.mexico@andes-demo.test', countries: ['MX'] });
    await payoutUser(t, 'cb.subdef', ['risk:chargeback:defense'], { email: 'sam.sub@andes-demo.test', subMerchant: 'ANDES-DEMO-BR' });
    const payin = await settledPayin(t, f, { amount: 10_000, brand: 'VISA' });
    const cb = await chargeBack(t, f, payin, { amount: 3_000, reasonCode: 'NOT_RECEIVED' });
    // A defended chargeback is never reminded.
    const other = await chargeBack(t, f, payin, { amount: 1_000 });
    await t.db.update(chargebacks).set({ status: 'UNDER_DEFENSE' }).where(eq(chargebacks.id, other.id));
    const deadline = cb.deadline.getTime();
    const run = () => sendDefenseReminders({ db: t.db, clock: t.clock, mailer: t.app.andes.mailer });
    const mails = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.subject, `Chargeback ${cb.uniqueId}: 3 days left to defend it`))
      ).map((m) => m.to);

    t.clock.set(new Date(deadline - 3 * DAY - 60_000));
    expect(await run()).toBe(0);
    t.clock.set(new Date(deadline - 3 * DAY + 60_000));
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const three = (await mails()).sort();
    expect(three).toEqual(['ana.admin@andes-demo.test', 'dora.defender@andes-demo.test']);
    t.clock.set(new Date(deadline - 2 * DAY));
    expect(await run()).toBe(0);

    t.clock.set(new Date(deadline - DAY + 60_000));
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const one = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Chargeback ${cb.uniqueId}: 1 day left to defend it`));
    expect(one.map((m) => m.to).sort()).toEqual(['ana.admin@andes-demo.test', defender.email]);
    expect(one[0]?.text).toContain(cb.uniqueId);

    t.clock.set(new Date(deadline + 60_000));
    expect(await run()).toBe(0);
    const history = await t.db
      .select()
      .from(chargebackHistory)
      .where(and(eq(chargebackHistory.chargebackId, cb.id), eq(chargebackHistory.event, 'REMINDED')))
      .orderBy(asc(chargebackHistory.id));
    expect(history).toHaveLength(2);
    const [row] = await t.db.select().from(chargebacks).where(eq(chargebacks.id, cb.id));
    expect(row?.reminded3At).not.toBeNull();
    expect(row?.reminded1At).not.toBeNull();
    expect((await t.db.select().from(chargebackHistory).where(eq(chargebackHistory.chargebackId, other.id))).map((h) => h.event)).toEqual([
      'RECEIVED',
    ]);
  });

  it('sends only the 1-day reminder to a chargeback that arrives within a day of its deadline', async () => {
    const payin = await settledPayin(t, f, { amount: 10_000, brand: 'VISA' });
    const cb = await chargeBack(t, f, payin, { amount: 1_000, respondBy: new Date(t.clock().getTime() + 12 * 3_600_000).toISOString() });
    expect(await run(t)).toBe(1);
    const [row] = await t.db.select().from(chargebacks).where(eq(chargebacks.id, cb.id));
    expect(row?.reminded1At).not.toBeNull();
    expect(row?.reminded3At).toBeNull();
    expect(await run(t)).toBe(0);
    // An event with the same chargeback id is a duplicate transaction: refused, no second row.
    const dup = chargedBackEvent(f, payin, { amount: 1 }, cb.uniqueId);
    expect((await sendEvent(t.app, dup)).code).toBe(ResultCode.CONFLICT);
  });
});

function run(t: TestApp) {
  return sendDefenseReminders({ db: t.db, clock: t.clock, mailer: t.app.andes.mailer });
}
