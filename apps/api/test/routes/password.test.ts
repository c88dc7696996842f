import { changePassword, currentUserInfo, login, permissionLoad } from '@andes/contract/auth/endpoints';
import type { LoginResponse } from '@andes/contract/auth/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { resetLinkGenerate } from '@andes/contract/iam/endpoints';
import type { ResetLink } from '@andes/contract/iam/schemas';
import { forgotPassword, resetLinkVerify } from '@andes/contract/password/endpoints';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/clock.ts';
import { activityLog } from '../../src/db/schema/activity.ts';
import { sessions } from '../../src/db/schema/auth.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { users } from '../../src/db/schema/users.ts';
import { base32Decode, hotp, timeStepOf } from '../../src/modules/mfa/totp.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { resetWithLink, signInWith, tokenOfLink, userIdOf } from './iam-fixtures.ts';

let t: TestApp;
let admin: string;
let ipCounter = 0;
/** A fresh client address per forgot-password call (the call is rate-limited per address). */
function nextIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-06-10T08:00:00Z')) });
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

const forgot = (merchantCode: string, account: string, ip = nextIp()) =>
  post(t.app, forgotPassword.path, { merchantCode, account }, { ip });
const verify = (token: string | null) => post(t.app, resetLinkVerify.path, {}, { token });
const outboxCount = async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
/** The reset link of the newest e-mail to `to`. */
async function mailedLink(to: string): Promise<string> {
  await t.app.andes.mailer.idle();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const link = /http:\/\/localhost:8080\/login\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
}
const linkInvalid = { code: ResultCode.NOT_FOUND, msg: 'This link has expired or was already used: please ask for a new one', data: null };
const success = { code: 200, msg: 'success', data: null };

describe('forgot password', () => {
  test('e-mails a one-time link valid 30 minutes to an enabled account, by username or e-mail, in any case', async () => {
    const before = await outboxCount();
    expect(envelope(await forgot('andes-demo', ' Demo.Finance '))).toEqual(success);
    const link = await mailedLink('fernando.finance@andes-demo.test');
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ subject: 'Reset your Andes password', to: 'fernando.finance@andes-demo.test' });
    expect(mail?.text).toContain('expires in 30 minutes');
    expect(envelope(await verify(tokenOfLink(link)))).toEqual({
      code: 200,
      msg: 'success',
      data: { username: 'demo.finance', expiresAt: new Date(t.clock().getTime() + 30 * MINUTE_MS).toISOString() },
    });
    expect(envelope(await forgot('ANDES-DEMO', 'PAULA.PAYOUT@andes-demo.test'))).toEqual(success);
    await mailedLink('paula.payout@andes-demo.test');
    expect(await outboxCount()).toBe(before + 2);
    const [entry] = await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ event: 'PASSWORD_FORGOT_REQUESTED', outcome: 'SUCCESS', actorUserId: null, objectLabel: 'demo.payout' });
  });

  test('answers the same whether or not the account exists, and sends nothing for unknown, foreign or disabled accounts', async () => {
    const before = await outboxCount();
    const known = await forgot('ANDES-DEMO', 'demo.payout');
    const cases = [
      ['ANDES-DEMO', 'nobody.here'],
      ['NO-SUCH-MERCHANT', 'demo.payout'],
      ['CONDOR', 'demo.payout'],
      ['ANDES-DEMO', 'carlos.admin@condor.test'],
    ] as const;
    for (const [merchantCode, account] of cases) {
      const res = await forgot(merchantCode, account);
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    await t.db.update(users).set({ state: 0 }).where(eq(users.username, 'demo.market'));
    expect(envelope(await forgot('ANDES-DEMO', 'demo.market'))).toEqual(success);
    await t.db.update(users).set({ state: 1 }).where(eq(users.username, 'demo.market'));
    await t.app.andes.mailer.idle();
    // One mail: the real, enabled account's.
    expect(await outboxCount()).toBe(before + 1);
  });

  test('a sub-merchant user is found by the sub-merchant’s code too', async () => {
    const before = await outboxCount();
    expect(envelope(await forgot('ANDES-DEMO-BR', 'demo.market'))).toEqual(success);
    await mailedLink('marta.market@andes-demo.test');
    expect(await outboxCount()).toBe(before + 1);
  });

  test('at most 3 links an hour per account; then nothing is sent, and the answer is the same', async () => {
    const outbox = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'carlos.admin@condor.test'))).length;
    for (let i = 0; i < 3; i += 1) expect(envelope(await forgot('CONDOR', 'condor.admin'))).toEqual(success);
    expect(envelope(await forgot('CONDOR', 'condor.admin'))).toEqual(success);
    await t.app.andes.mailer.idle();
    expect(await outbox()).toBe(3);
    const [entry] = await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ event: 'PASSWORD_FORGOT_REQUESTED', outcome: 'DENIED', details: { reason: 'TOO_MANY_REQUESTS' } });
    t.clock.advance(HOUR_MS);
    expect(envelope(await forgot('CONDOR', 'condor.admin'))).toEqual(success);
    await t.app.andes.mailer.idle();
    expect(await outbox()).toBe(4);
    admin = await signIn(t.app, login.path, 'admin');
  });

  test('is rate-limited per client address', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 10; i += 1) expect(envelope(await forgot('ANDES-DEMO', `someone.${i}`, ip)).code).toBe(200);
    const limited = await forgot('ANDES-DEMO', 'someone.else', ip);
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe(ResultCode.RATE_LIMITED);
    expect(envelope(await forgot('ANDES-DEMO', 'someone.else')).code).toBe(200);
  });

  test('needs the merchant code and the account', async () => {
    const res = envelope<{ issues: { path: string; message: string }[] }>(
      await post(t.app, forgotPassword.path, { merchantCode: ' ' }, { ip: nextIp() }),
    );
    expect(res.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(res.data.issues).toEqual([
      { path: 'merchantCode', message: 'Please enter the merchant code' },
      { path: 'account', message: 'Please enter the account or email' },
    ]);
  });
});

describe('reset links', () => {
  test('take the link’s token in the token header; a session token, garbage or nothing is refused', async () => {
    expect((await verify(null)).statusCode).toBe(401);
    expect(envelope(await verify('not-a-link-token'))).toEqual(linkInvalid);
    expect(envelope(await verify(admin))).toEqual(linkInvalid);
    // …and a link's token is no session anywhere else.
    await forgot('ANDES-DEMO', 'demo.payout');
    const token = tokenOfLink(await mailedLink('paula.payout@andes-demo.test'));
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(ResultCode.SESSION_EXPIRED);
    expect(
      envelope(
        await post(t.app, changePassword.path, { oldPassword: 'x', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, { token }),
      ).code,
    ).toBe(ResultCode.SESSION_EXPIRED);
  });

  test('the new password follows the policy: rules, confirmation, leaked passwords, the username, the last 4', async () => {
    await forgot('ANDES-DEMO', 'demo.payout');
    const token = tokenOfLink(await mailedLink('paula.payout@andes-demo.test'));
    const weak = envelope<{ issues: { path: string; message: string }[] }>(await resetWithLink(t.app, token, 'short', 'other'));
    expect(weak.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(weak.data.issues[0]).toEqual({ path: 'newPassword', message: 'At least 8 characters' });
    const policy = async (password: string) => envelope(await resetWithLink(t.app, token, password));
    expect(await policy('Password1')).toEqual({
      code: ResultCode.PASSWORD_POLICY,
      msg: 'This password appears in lists of leaked passwords: please choose another',
      data: { issues: [{ path: 'newPassword', message: 'This password appears in lists of leaked passwords: please choose another' }] },
    });
    expect((await policy('My-Demo.Payout-9')).msg).toBe('The password must not contain the username');
    expect((await policy(DEMO.payout.password)).msg).toBe('The new password must differ from your last 4 passwords');
    // None of these used the link up.
    expect(envelope(await verify(token)).code).toBe(200);
  });

  test('a reset sets the password, clears the first-sign-in flag, uses the link up and ends every session of the user', async () => {
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'demo.payout'));
    const old1 = await signIn(t.app, login.path, 'payout', '10.9.0.1');
    const old2 = await signIn(t.app, login.path, 'payout', '10.9.0.2');
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token: old1 })).code).toBe(ResultCode.PASSWORD_RESET_REQUIRED);
    await forgot('ANDES-DEMO', 'demo.payout');
    const token = tokenOfLink(await mailedLink('paula.payout@andes-demo.test'));
    expect(envelope(await resetWithLink(t.app, token, 'Paula-New-2026'))).toEqual(success);

    // Tokens from before the reset are refused.
    for (const old of [old1, old2])
      expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: old })).code).toBe(ResultCode.SESSION_EXPIRED);
    const payoutId = await userIdOf(t.db, 'demo.payout');
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, payoutId), isNull(sessions.revokedAt))),
    ).toEqual([]);
    // Single use.
    expect(envelope(await resetWithLink(t.app, token, 'Paula-Other-2026'))).toEqual(linkInvalid);
    expect(envelope(await verify(token))).toEqual(linkInvalid);
    // The reset did not sign anyone in: the new password does, with scene NORMAL; the old one no longer.
    expect(envelope(await post(t.app, login.path, { username: 'demo.payout', password: DEMO.payout.password })).code).toBe(
      ResultCode.INVALID_CREDENTIALS,
    );
    const res = envelope<LoginResponse>(await post(t.app, login.path, { username: 'demo.payout', password: 'Paula-New-2026' }));
    expect(res.data.passwordScene).toBe('NORMAL');
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'PASSWORD_RESET'))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUsername: 'demo.payout',
      objectId: String(payoutId),
      details: { via: 'FORGOT_PASSWORD', signInsEnded: '2' },
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  test('a newer link replaces the older one', async () => {
    await forgot('ANDES-DEMO', 'demo.reset');
    const first = tokenOfLink(await mailedLink('renata.reset@andes-demo.test'));
    await forgot('ANDES-DEMO', 'demo.reset');
    const second = tokenOfLink(await mailedLink('renata.reset@andes-demo.test'));
    expect(second).not.toBe(first);
    expect(envelope(await verify(first))).toEqual(linkInvalid);
    expect(envelope(await verify(second)).code).toBe(200);
  });

  test('a forgot-password link expires after 30 minutes, an admin’s after 24 hours', async () => {
    await forgot('ANDES-DEMO', 'demo.finance');
    const short = tokenOfLink(await mailedLink('fernando.finance@andes-demo.test'));
    const issued = envelope<ResetLink>(
      await post(t.app, resetLinkGenerate.path, { userId: await userIdOf(t.db, 'demo.reset') }, { token: admin }),
    ).data;
    t.clock.advance(30 * MINUTE_MS - 1_000);
    expect(envelope(await verify(short)).code).toBe(200);
    t.clock.advance(1_000);
    expect(envelope(await verify(short))).toEqual(linkInvalid);
    expect(envelope(await resetWithLink(t.app, short, 'Fernando-New-2026'))).toEqual(linkInvalid);
    const long = tokenOfLink(issued.link);
    t.clock.advance(24 * HOUR_MS - 30 * MINUTE_MS - 1_000);
    expect(envelope(await verify(long)).code).toBe(200);
    t.clock.advance(1_000);
    expect(envelope(await verify(long))).toEqual(linkInvalid);
    admin = await signIn(t.app, login.path, 'admin');
  });

  test('a link stops working when its user is disabled', async () => {
    const issued = envelope<ResetLink>(
      await post(t.app, resetLinkGenerate.path, { userId: await userIdOf(t.db, 'demo.finance') }, { token: admin }),
    ).data;
    await t.db.update(users).set({ state: 0 }).where(eq(users.username, 'demo.finance'));
    expect(envelope(await verify(tokenOfLink(issued.link)))).toEqual(linkInvalid);
    await t.db.update(users).set({ state: 1 }).where(eq(users.username, 'demo.finance'));
    expect(envelope(await resetWithLink(t.app, tokenOfLink(issued.link), 'Fernando-Reset-2026'))).toEqual(success);
    expect(await signInWith(t.app, 'demo.finance', 'Fernando-Reset-2026')).toEqual(expect.any(String));
  });

  test('a reset never bypasses MFA: the next sign-in still asks for the code', async () => {
    const [row] = await t.db.select({ id: users.id, merchantId: users.merchantId }).from(users).where(eq(users.username, 'demo.admin'));
    const actor = { userId: row?.id ?? 0, merchantId: row?.merchantId ?? 0, username: 'demo.admin', ip: '127.0.0.1', userAgent: null };
    const binding = await t.app.andes.mfa.beginBinding(actor);
    const code = hotp(base32Decode(binding.secret), timeStepOf(t.clock().getTime()));
    expect((await t.app.andes.mfa.activate(actor, code)).activated).toBe(true);
    await forgot('ANDES-DEMO', 'demo.admin');
    const token = tokenOfLink(await mailedLink('ana.admin@andes-demo.test'));
    expect(envelope(await resetWithLink(t.app, token, 'Ana-Admin-New-2026'))).toEqual(success);
    const session = await signInWith(t.app, 'demo.admin', 'Ana-Admin-New-2026');
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token: session })).code).toBe(ResultCode.MFA_REQUIRED);
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: session })).code).toBe(200);
  });
});

describe('the demo user who must reset', () => {
  test('signs in with scene INITIAL, is held at 200040, and is through after changing the password', async () => {
    const res = envelope<LoginResponse>(await post(t.app, login.path, { username: DEMO.reset.username, password: DEMO.reset.password }));
    expect(res.data.passwordScene).toBe('INITIAL');
    const token = res.data.token;
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token }))).toMatchObject({
      code: ResultCode.PASSWORD_RESET_REQUIRED,
      data: { passwordScene: 'INITIAL' },
    });
    const change = await post(
      t.app,
      changePassword.path,
      { oldPassword: DEMO.reset.password, newPassword: 'Renata-New-2026', confirmPassword: 'Renata-New-2026' },
      { token },
    );
    expect(envelope(change)).toEqual(success);
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(200);
  });
});
