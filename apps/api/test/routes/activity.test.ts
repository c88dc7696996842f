import { changePassword, login, logout } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { users } from '../../src/db/schema/users.ts';
import { ActivityDetailsError } from '../../src/modules/activity/activity.recorder.ts';
import { createTestApp, DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';

let t: TestApp;
let demoMerchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoMerchantId = (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO')))[0]?.id ?? 0;
});
afterAll(async () => t?.close());

const UA = { 'user-agent': 'Mozilla/5.0 (Andes test)' };
const userIdOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;
/** Entries written after `sinceId`, oldest first. */
const entriesSince = (sinceId: number) => t.db.select().from(activityLog).where(gt(activityLog.id, sinceId)).orderBy(asc(activityLog.id));
const lastId = async () => (await t.db.select({ id: activityLog.id }).from(activityLog).orderBy(desc(activityLog.id)).limit(1))[0]?.id ?? 0;

describe('sign-in and sign-out', () => {
  test('a sign-in records who, from where, which session, with no secret', async () => {
    const since = await lastId();
    await post(
      t.app,
      login.path,
      { username: DEMO.finance.username, password: DEMO.finance.password },
      { ip: '203.0.113.10', headers: UA },
    );
    const [entry, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      merchantId: demoMerchantId,
      at: t.clock(),
      actorUserId: await userIdOf('demo.finance'),
      actorUsername: 'demo.finance',
      event: 'SIGN_IN_SUCCEEDED',
      outcome: 'SUCCESS',
      objectType: 'SESSION',
      objectLabel: 'demo.finance',
      ip: '203.0.113.10',
      userAgent: 'Mozilla/5.0 (Andes test)',
      details: { mfa: 'OFF' },
    });
    expect(entry?.objectId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(entry)).not.toContain(DEMO.finance.password);
  });

  test('a wrong password is a FAILURE with its reason, attributed to the account', async () => {
    const since = await lastId();
    await post(t.app, login.path, { username: DEMO.finance.username, password: 'Wrong-Password-1' }, { ip: '203.0.113.11' });
    expect(await entriesSince(since)).toMatchObject([
      {
        actorUsername: 'demo.finance',
        event: 'SIGN_IN_FAILED',
        outcome: 'FAILURE',
        objectType: 'USER',
        details: { reason: 'INVALID_CREDENTIALS' },
      },
    ]);
  });

  test('an unknown username is recorded without actor or merchant, and what was typed is not kept', async () => {
    const since = await lastId();
    const typed = 'MyPassw0rd-in-the-wrong-field';
    await post(t.app, login.path, { username: typed, password: 'x' }, { ip: '203.0.113.12' });
    const entries = await entriesSince(since);
    expect(entries).toMatchObject([
      { merchantId: null, actorUserId: null, actorUsername: null, event: 'SIGN_IN_FAILED', outcome: 'FAILURE', objectType: null },
    ]);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain(typed.toLowerCase());
  });

  test('a disabled account is DENIED', async () => {
    await t.db.update(users).set({ state: 0 }).where(eq(users.username, 'demo.market'));
    try {
      const since = await lastId();
      await post(t.app, login.path, { username: DEMO.market.username, password: DEMO.market.password });
      expect(await entriesSince(since)).toMatchObject([{ event: 'SIGN_IN_FAILED', outcome: 'DENIED', details: { reason: 'DISABLED' } }]);
    } finally {
      await t.db.update(users).set({ state: 1 }).where(eq(users.username, 'demo.market'));
    }
  });

  test('sign-out is recorded on the session', async () => {
    const token = await signIn(t.app, login.path, 'payout');
    const since = await lastId();
    await post(t.app, logout.path, {}, { token, ip: '203.0.113.13' });
    expect(await entriesSince(since)).toMatchObject([
      { actorUsername: 'demo.payout', event: 'SIGNED_OUT', outcome: 'SUCCESS', objectType: 'SESSION', ip: '203.0.113.13' },
    ]);
  });
});

describe('lockout', () => {
  test('the failure that starts a lock records ACCOUNT_LOCKED once and e-mails the owner once; refused attempts are DENIED', async () => {
    const ip = '203.0.113.50';
    const since = await lastId();
    for (let i = 0; i < 10; i += 1) {
      await post(t.app, login.path, { username: DEMO.payout.username, password: `Wrong-${i}-Pass` }, { ip });
      t.clock.advance(1_000);
    }
    const locked = await post(t.app, login.path, { username: DEMO.payout.username, password: DEMO.payout.password }, { ip });
    expect(envelope(locked).code).toBe(ResultCode.ACCOUNT_LOCKED);
    await post(t.app, login.path, { username: DEMO.payout.username, password: DEMO.payout.password }, { ip });

    const entries = await entriesSince(since);
    const events = entries.map((e) => `${e.event}:${e.outcome}`);
    expect(events.filter((e) => e === 'SIGN_IN_FAILED:FAILURE')).toHaveLength(10);
    expect(events.filter((e) => e === 'ACCOUNT_LOCKED:DENIED')).toHaveLength(1);
    expect(events.slice(-2)).toEqual(['SIGN_IN_FAILED:DENIED', 'SIGN_IN_FAILED:DENIED']);
    // The lock is written with the 10th failure, right after it.
    expect(events.indexOf('ACCOUNT_LOCKED:DENIED')).toBe(10);
    const lock = entries.find((e) => e.event === 'ACCOUNT_LOCKED');
    // 30 minutes from the 10th failure, one second before the clock's present.
    expect(lock?.details).toEqual({ scope: 'address', until: new Date(t.clock().getTime() - 1_000 + 30 * 60_000).toISOString() });
    expect(entries.at(-1)?.details).toEqual({ reason: 'LOCKED' });

    await t.app.andes.mailer.idle();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'paula.payout@andes-demo.test'));
    const notices = mails.filter((m) => m.subject === 'Sign-in to your Andes account was locked');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`from the address ${ip}`);
    expect(notices[0]?.sentAt).not.toBeNull();
  });

  test('a Chinese-speaking owner gets the notice in Chinese', async () => {
    await t.db.update(users).set({ language: 'zh-CN' }).where(eq(users.username, 'demo.market'));
    for (let i = 0; i < 10; i += 1) {
      await post(t.app, login.path, { username: DEMO.market.username, password: `Wrong-${i}-Pass` }, { ip: '203.0.113.60' });
    }
    await t.app.andes.mailer.idle();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'marta.market@andes-demo.test'));
    expect(mail?.subject).toBe('您的 Andes 账户登录已被锁定');
  });
});

describe('password change', () => {
  test('success and a wrong current password are both recorded; the new password is nowhere in the log', async () => {
    const token = await signIn(t.app, login.path, 'condor');
    await signIn(t.app, login.path, 'condor', '10.4.0.2');
    const since = await lastId();
    const NEW = 'Condor-2027-Fresh';
    const wrong = await post(t.app, changePassword.path, { oldPassword: 'Nope-1234', newPassword: NEW, confirmPassword: NEW }, { token });
    expect(envelope(wrong).code).toBe(ResultCode.WRONG_PASSWORD);
    const ok = await post(
      t.app,
      changePassword.path,
      { oldPassword: DEMO.condor.password, newPassword: NEW, confirmPassword: NEW },
      { token },
    );
    expect(envelope(ok).code).toBe(200);
    const entries = await entriesSince(since);
    expect(entries).toMatchObject([
      {
        event: 'PASSWORD_CHANGED',
        outcome: 'FAILURE',
        objectType: 'USER',
        objectLabel: 'condor.admin',
        details: { reason: 'WRONG_PASSWORD' },
      },
      { event: 'PASSWORD_CHANGED', outcome: 'SUCCESS', objectType: 'USER', details: { otherSignInsEnded: '1' } },
    ]);
    const all = JSON.stringify(await t.db.select().from(activityLog));
    expect(all).not.toContain(NEW);
    expect(all).not.toContain(DEMO.condor.password);
    expect(all).not.toContain(token);
  });
});

describe('the recorder', () => {
  const ctx = { merchantId: null, actorUserId: null, actorUsername: null, ip: '127.0.0.1', userAgent: null };

  test('an entry recorded in a transaction that rolls back is not kept', async () => {
    const since = await lastId();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.andes.activity.record(ctx, { event: 'SIGNED_OUT', outcome: 'SUCCESS' }, tx);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await entriesSince(since)).toEqual([]);
  });

  test('details naming a secret are refused and nothing is written', async () => {
    const since = await lastId();
    await expect(
      t.app.andes.activity.record(ctx, { event: 'PASSWORD_CHANGED', outcome: 'SUCCESS', details: { newPassword: 'Hunter2-Hunter2' } }),
    ).rejects.toThrow(ActivityDetailsError);
    expect(await entriesSince(since)).toEqual([]);
  });

  test('a long user agent is cut to 512 characters', async () => {
    const since = await lastId();
    await t.app.andes.activity.record({ ...ctx, userAgent: 'x'.repeat(2_000) }, { event: 'SIGNED_OUT', outcome: 'SUCCESS' });
    const [entry] = await entriesSince(since);
    expect(entry?.userAgent).toHaveLength(512);
    await t.db.delete(activityLog).where(and(isNull(activityLog.merchantId), gt(activityLog.id, since)));
  });
});
