import { withdrawalCancel, withdrawalCreate } from '@andes/contract/accounting/endpoints';
import type { RequestCreated } from '@andes/contract/accounting/schemas';
import { balanceAlarmHistory, balanceAlarmList, balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import { ALARM_MESSAGES, type AlarmHistoryPage, type BalanceAlarm, type BalanceAlarmList } from '@andes/contract/balance-alarm/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { messageList } from '@andes/contract/message/endpoints';
import type { MessagePage } from '@andes/contract/message/schemas';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { mailFiredAlarms } from '../../src/modules/balance-alarm/balance-alarm.mails.ts';
import { alarmEventListQuery } from '../../src/modules/balance-alarm/balance-alarm.repository.ts';
import { ensureLocalAccount } from '../../src/modules/ledger/ledger.service.ts';
import { accountingApp, newRequestId } from '../fixtures/accounting.ts';
import { demoActor, expectLedgerConsistent, json, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId } from '../ledger/support.ts';

/**
 * Balance alarms (docs/decisions/0033): the Configure screen's calls, an alarm firing once when a
 * withdrawal takes the payout balance below it (a notice to each subscriber, then one e-mail each)
 * and recovering when the withdrawal is cancelled, the history, and the refusals.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const f = new EventFactory('alarm', START);
const FUNDED = 1_000_000;
let t: TestApp;
let admin: PayoutActor;
let viewer: PayoutActor;
let outsider: PayoutActor;
let condor: PayoutActor;

beforeAll(async () => {
  t = await accountingApp(f, START, { payout: FUNDED });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  viewer = await payoutUser(t, 'alarm.viewer', ['setting:configure', 'message-center'], { email: 'alarm.viewer@andes-demo.test' });
  outsider = await payoutUser(t, 'alarm.outsider', ['home', 'message-center'], { email: 'alarm.outsider@andes-demo.test' });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const list = async (token = admin.token) => {
  const answer = await json<BalanceAlarmList>(t, balanceAlarmList.path, token, { country: 'BR' });
  expect(answer.code).toBe(ResultCode.OK);
  return answer.data;
};
const payoutAlarm = async () => {
  const found = (await list()).list.find((a) => a.accountType === 'PAY_OUT' && !a.subMerchant);
  if (!found) throw new Error('no BR payout account');
  return found;
};
const update = (body: Record<string, unknown>, token = admin.token) => json<BalanceAlarm>(t, balanceAlarmUpdate.path, token, body);
const history = (body: Record<string, unknown> = {}) =>
  json<AlarmHistoryPage>(t, balanceAlarmHistory.path, admin.token, { country: 'BR', pageSize: 20, ...body });
const notices = async (token: string) => {
  const page = await json<MessagePage>(t, messageList.path, token, { pageSize: 100 });
  return page.data.list.filter((m) => m.category === 'BALANCE_ALARM');
};
const withdraw = (amount: number) =>
  json<RequestCreated>(t, withdrawalCreate.path, admin.token, {
    requestId: newRequestId(),
    country: 'BR',
    mode: 'PAY_OUT',
    amount,
    beneficiaryAccount: { holderName: 'Andes Demo Store Ltda', bankName: 'Itaú', accountNumber: '3412-0099887-1' },
  });

describe('the list and the update', () => {
  test("the country's accounts with their alarms, and who may be notified", async () => {
    const data = await list();
    const payout = data.list.find((a) => a.accountType === 'PAY_OUT' && !a.subMerchant);
    expect(payout).toMatchObject({ country: 'BR', currency: 'BRL', available: FUNDED, threshold: null, below: false, version: 0 });
    // The merchant's users who may see the alarms: the super admin and the viewer, not the home-only user.
    const ids = data.recipients.map((r) => r.userId);
    expect(ids).toEqual(expect.arrayContaining([admin.id, viewer.id]));
    expect(ids).not.toContain(outsider.id);
    expect(ids).not.toContain(condor.id);
  });

  test('refusals: a stale version, someone who cannot be notified, another merchant’s account, a zero threshold', async () => {
    const alarm = await payoutAlarm();
    const stale = await update({ accountId: alarm.accountId, threshold: 100, subscriberIds: [], version: alarm.version + 1 });
    expect(stale).toMatchObject({ code: ResultCode.CONFLICT, msg: ALARM_MESSAGES.stale });
    const outsiderChosen = await update({
      accountId: alarm.accountId,
      threshold: 100,
      subscriberIds: [outsider.id],
      version: alarm.version,
    });
    expect(outsiderChosen.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(outsiderChosen.msg).toContain(ALARM_MESSAGES.notRecipient);
    const foreign = await update({ accountId: alarm.accountId, threshold: 100, subscriberIds: [], version: alarm.version }, condor.token);
    expect(foreign.code).toBe(ResultCode.NOT_FOUND);
    const zero = await update({ accountId: alarm.accountId, threshold: 0, subscriberIds: [], version: alarm.version });
    expect(zero.code).toBe(ResultCode.VALIDATION_FAILED);
    const twice = await update({ accountId: alarm.accountId, threshold: 100, subscriberIds: [admin.id, admin.id], version: alarm.version });
    expect(twice.code).toBe(ResultCode.VALIDATION_FAILED);
    // A viewer may look but not change.
    expect(
      (await update({ accountId: alarm.accountId, threshold: 100, subscriberIds: [], version: alarm.version }, viewer.token)).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect((await payoutAlarm()).version).toBe(alarm.version);
  });
});

describe('firing and recovering', () => {
  test('a withdrawal below the threshold fires once (a notice each, then one e-mail each); cancelling it recovers', async () => {
    const alarm = await payoutAlarm();
    const set = await update({
      accountId: alarm.accountId,
      threshold: 600_000,
      subscriberIds: [admin.id, viewer.id],
      version: alarm.version,
    });
    expect(set.code).toBe(ResultCode.OK);
    expect(set.data).toMatchObject({ threshold: 600_000, below: false, version: alarm.version + 1 });
    expect(set.data.subscribers.map((s) => s.userId).sort()).toEqual([admin.id, viewer.id].sort());
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'BALANCE_ALARM_CHANGED'), eq(activityLog.objectId, set.data.accountNo)));
    expect(entry?.details).toMatchObject({ from: 'none', to: 'R$ 6,000.00', notified: '2' });

    const before = await notices(viewer.token);
    // 300,000 + fee 500 leaves 699,500: still above. Then 200,000 + 500 leaves 499,000: below — fires.
    const first = await withdraw(300_000);
    expect(first.code).toBe(ResultCode.OK);
    expect(await notices(viewer.token)).toHaveLength(before.length);
    const second = await withdraw(200_000);
    expect(second.code).toBe(ResultCode.OK);
    expect((await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).AVAILABLE).toBe(499_000);
    const fired = await notices(viewer.token);
    expect(fired).toHaveLength(before.length + 1);
    expect(fired[0]).toMatchObject({
      title: `Low balance: ${alarm.accountNo} (BR PAY_OUT)`,
      link: '/setting/configure',
      params: { account: `${alarm.accountNo} (BR PAY_OUT)`, balance: 'R$ 4,990.00', threshold: 'R$ 6,000.00' },
    });
    expect((await notices(admin.token)).length).toBeGreaterThan(0);
    expect(await notices(outsider.token)).toHaveLength(0);
    // Below already: a further withdrawal does not fire again.
    const third = await withdraw(10_000);
    expect(third.code).toBe(ResultCode.OK);
    expect(await notices(viewer.token)).toHaveLength(before.length + 1);
    expect((await payoutAlarm()).below).toBe(true);

    // The e-mails: one per subscriber, once however often the job runs.
    const deps = { db: t.db, clock: t.clock, mailer: t.app.andes.mailer };
    expect(await mailFiredAlarms(deps)).toBe(1);
    expect(await mailFiredAlarms(deps)).toBe(0);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Low balance: ${alarm.accountNo}%`));
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, viewer.email].sort());
    expect(mails[0]?.text).toContain('R$ 4,990.00');

    // 10,000 + 700 in fees left 488,300. Cancelling the 200,000 one gives back 200,500: 688,800 ≥ 600,000
    // — recovered, no notice (and the next cancel changes nothing).
    for (const r of [second, third]) {
      const cancelled = await json(t, withdrawalCancel.path, admin.token, { id: r.data.request.id });
      expect(cancelled.code).toBe(ResultCode.OK);
    }
    expect((await payoutAlarm()).below).toBe(false);
    expect(await notices(viewer.token)).toHaveLength(before.length + 1);

    const events = await history({ accountId: alarm.accountId });
    expect(events.data.list.map((e) => [e.kind, e.available, e.threshold, e.notified])).toEqual([
      ['RECOVERED', 688_800, 600_000, 0],
      ['FIRED', 499_000, 600_000, 2],
    ]);
    expect(events.data.list[1]?.mailedAt).not.toBeNull();
    await json(t, withdrawalCancel.path, admin.token, { id: first.data.request.id });
  });

  test('a threshold set above the balance fires at once; set below it again, the alarm recovers; switched off, it is quiet', async () => {
    const alarm = await payoutAlarm();
    const before = await notices(viewer.token);
    const above = await update({
      accountId: alarm.accountId,
      threshold: alarm.available + 1,
      subscriberIds: [viewer.id],
      version: alarm.version,
    });
    expect(above.data).toMatchObject({ below: true });
    expect(await notices(viewer.token)).toHaveLength(before.length + 1);
    const lower = await update({ accountId: alarm.accountId, threshold: 1, subscriberIds: [viewer.id], version: above.data.version });
    expect(lower.data).toMatchObject({ below: false });
    const off = await update({ accountId: alarm.accountId, threshold: null, subscriberIds: [], version: lower.data.version });
    expect(off.data).toMatchObject({ threshold: null, below: false, subscribers: [] });
    expect((await withdraw(10_000)).code).toBe(ResultCode.OK);
    expect(await notices(viewer.token)).toHaveLength(before.length + 1);
    const kinds = (await history({ accountId: alarm.accountId })).data.list.slice(0, 2).map((e) => e.kind);
    expect(kinds).toEqual(['RECOVERED', 'FIRED']);
  });

  test('the history pages by cursor and refuses a cursor it did not make', async () => {
    const first = await history({ pageSize: 10 });
    expect(first.data.total).toBeGreaterThanOrEqual(4);
    const one = await history({ pageSize: 10, cursor: undefined });
    expect(one.data.list).toEqual(first.data.list);
    const small = await json<AlarmHistoryPage>(t, balanceAlarmHistory.path, admin.token, { country: 'BR', pageSize: 10 });
    expect(small.data.nextCursor).toBeNull();
    const bad = await history({ cursor: 'not-a-cursor' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    // The page reads the merchant's (or the account's) events backwards by id: no sort.
    const scope = { merchantId: await merchantId(t.db, 'ANDES-DEMO'), subMerchantId: null };
    const alarm = await payoutAlarm();
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const filter of [{ country: 'BR' }, { country: 'BR', accountId: alarm.accountId }, { country: 'BR', beforeId: 1_000 }]) {
        const res = await tx.execute(sql`explain ${alarmEventListQuery(tx, scope, filter, 21)}`);
        plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan Backward using balance_alarm_events_(list|account)_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
    // Another merchant's history of the same country is its own (empty).
    const other = await json<AlarmHistoryPage>(t, balanceAlarmHistory.path, condor.token, { country: 'MX', pageSize: 10 });
    expect(other.data.list).toEqual([]);
  });
});

describe('a sub-merchant user', () => {
  test("sees the sub-merchant's accounts and may notify only the sub-merchant's people", async () => {
    const sub = await payoutUser(t, 'alarm.sub', ['setting:configure', 'setting:balance-alarm:modify'], {
      subMerchant: 'ANDES-DEMO-BR',
      email: 'alarm.sub@andes-demo.test',
    });
    await ensureLocalAccount(t.db, await merchantId(t.db, 'ANDES-DEMO-BR'), 'BR', 'PAY_IN');
    const data = await list(sub.token);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((a) => a.subMerchant)).toBe(true);
    // The merchant's own people (its admin, the viewer) are not the sub-merchant user's to choose, or to see.
    expect(data.recipients.map((r) => r.userId)).toEqual([sub.id]);
    // Its account is empty: a threshold of R$ 1.00 fires at once (after the other tests, which count firings).
    const account = data.list[0] as BalanceAlarm;
    const merchantChosen = await update(
      { accountId: account.accountId, threshold: 100, subscriberIds: [viewer.id], version: account.version },
      sub.token,
    );
    expect(merchantChosen.code).toBe(ResultCode.VALIDATION_FAILED);
    const own = await update(
      { accountId: account.accountId, threshold: 100, subscriberIds: [sub.id], version: account.version },
      sub.token,
    );
    expect(own.data).toMatchObject({ threshold: 100, subscribers: [{ userId: sub.id }] });
    // The merchant's admin may add the merchant's people to the sub-merchant account's alarm.
    const both = await update({
      accountId: account.accountId,
      threshold: 100,
      subscriberIds: [sub.id, viewer.id],
      version: own.data.version,
    });
    expect(both.code).toBe(ResultCode.OK);
    const off = await update({ accountId: account.accountId, threshold: null, subscriberIds: [], version: both.data.version });
    expect(off.code).toBe(ResultCode.OK);
  });
});
