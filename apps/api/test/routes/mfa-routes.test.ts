import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { userMfaReset } from '@andes/contract/iam/endpoints';
import { mfaActivate, mfaClose, mfaOpen, mfaRecoveryCodesRegenerate, mfaStatus, mfaValidate } from '@andes/contract/mfa/endpoints';
import type { MfaActivateResponse, MfaOpenResponse, MfaStatus, MfaValidateResponse } from '@andes/contract/mfa/schemas';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { sessions } from '../../src/db/schema/auth.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { userMfa } from '../../src/db/schema/mfa.ts';
import { users } from '../../src/db/schema/users.ts';
import { base32Decode, hotp, timeStepOf } from '../../src/modules/mfa/totp.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { userIdOf } from './iam-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-07-01T10:00:05Z')) });
});
afterAll(async () => t?.close());

const STEP_MS = 30_000;
/** The authenticator app's code for `secret` at the test clock (or `offset` steps away). */
const codeOf = (secret: string, offset = 0) => hotp(base32Decode(secret), timeStepOf(t.clock().getTime()) + offset);
const call = <T = unknown>(path: string, token: string, body: object = {}) =>
  post(t.app, path, body, { token }).then((r) => envelope<T>(r));
const mfaOpenState = async (token: string) => (await call<PermissionLoad>(permissionLoad.path, token)).data.userInfo.mfaOpenState;

/** Binds MFA through the calls for a signed-in user; answers the secret and the recovery codes. */
async function bind(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const opened = await call<MfaOpenResponse>(mfaOpen.path, token);
  const activated = await call<MfaActivateResponse>(mfaActivate.path, token, { authCode: codeOf(opened.data.secret) });
  if (!activated.data.activated) throw new Error('activation failed');
  t.clock.advance(STEP_MS);
  return { secret: opened.data.secret, recoveryCodes: activated.data.recoveryCodes };
}

describe('binding through the calls', () => {
  test('open answers the secret, its URI and QR code; a wrong code does not activate; the right one does, once', async () => {
    const token = await signIn(t.app, login.path, 'finance');
    expect(await call(mfaStatus.path, token)).toEqual({
      code: 200,
      msg: 'success',
      data: { enabled: false, boundAt: null, recoveryCodesLeft: 0 },
    });
    expect(await mfaOpenState(token)).toBe(false);

    const opened = await call<MfaOpenResponse>(mfaOpen.path, token);
    expect(opened.code).toBe(200);
    expect(opened.data).toMatchObject({
      issuer: 'Andes',
      accountName: 'demo.finance (ANDES-DEMO)',
      expiresAt: new Date(t.clock().getTime() + 10 * 60_000).toISOString(),
    });
    expect(opened.data.otpauthUri).toContain(`secret=${opened.data.secret}`);
    expect(opened.data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // A pending binding is not MFA on.
    expect(await mfaOpenState(token)).toBe(false);

    expect(await call(mfaActivate.path, token, { authCode: codeOf(opened.data.secret, -3) })).toEqual({
      code: 200,
      msg: 'success',
      data: { activated: false },
    });
    const activated = await call<MfaActivateResponse>(mfaActivate.path, token, { authCode: codeOf(opened.data.secret) });
    expect(activated.data.activated).toBe(true);
    expect(activated.data.activated && activated.data.recoveryCodes).toHaveLength(10);
    expect(await call(mfaStatus.path, token)).toMatchObject({
      data: { enabled: true, boundAt: t.clock().toISOString(), recoveryCodesLeft: 10 },
    });
    expect(await mfaOpenState(token)).toBe(true);
    // Activating again, or opening a new binding, while MFA is on is refused.
    expect((await call(mfaActivate.path, token, { authCode: codeOf(opened.data.secret, 1) })).code).toBe(ResultCode.CONFLICT);
    expect((await call(mfaOpen.path, token)).code).toBe(ResultCode.CONFLICT);
    t.clock.advance(STEP_MS);
  });

  test('codes are validated as the contract says', async () => {
    const token = await signIn(t.app, login.path, 'payout');
    const bad = await call<{ issues: { path: string; message: string }[] }>(mfaActivate.path, token, { authCode: '12345' });
    expect(bad).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      data: { issues: [{ path: 'authCode', message: 'Please enter the 6-digit verification code' }] },
    });
    const both = await call(mfaValidate.path, token, { authCode: '123456', recoveryCode: 'ABCDE-FGHJK' });
    expect(both).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'authCode: Enter either the verification code or a recovery code',
    });
    // Validating without MFA on is a conflict, not a wrong code.
    expect((await call(mfaValidate.path, token, { authCode: '123456' })).code).toBe(ResultCode.CONFLICT);
  });
});

describe('signing in with MFA on', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    ({ secret, recoveryCodes } = await bind(await signIn(t.app, login.path, 'market')));
  });

  test('answers 200023 until validated; a replayed code is refused; a recovery code works once', async () => {
    const first = await signIn(t.app, login.path, 'market');
    expect((await call(permissionLoad.path, first)).code).toBe(ResultCode.MFA_REQUIRED);
    expect((await call(mfaOpen.path, first)).code).toBe(ResultCode.MFA_REQUIRED);
    // What the challenge itself needs keeps working.
    expect((await call(currentUserInfo.path, first)).code).toBe(200);
    expect((await call<MfaStatus>(mfaStatus.path, first)).data.enabled).toBe(true);

    expect(await call(mfaValidate.path, first, { authCode: codeOf(secret, -3) })).toEqual({
      code: 200,
      msg: 'success',
      data: { authResult: false, recoveryCodesLeft: 10 },
    });
    expect((await call(permissionLoad.path, first)).code).toBe(ResultCode.MFA_REQUIRED);
    const code = codeOf(secret);
    expect(
      (await call<MfaValidateResponse>(mfaValidate.path, first, { authCode: ` ${code.slice(0, 3)}-${code.slice(3)} ` })).data.authResult,
    ).toBe(true);
    expect((await call<PermissionLoad>(permissionLoad.path, first)).data.userInfo.mfaOpenState).toBe(true);

    // The same code on another session is a replay.
    const second = await signIn(t.app, login.path, 'market');
    expect((await call<MfaValidateResponse>(mfaValidate.path, second, { authCode: code })).data.authResult).toBe(false);
    expect((await call(permissionLoad.path, second)).code).toBe(ResultCode.MFA_REQUIRED);

    const recovery = recoveryCodes[0] ?? '';
    expect((await call<MfaValidateResponse>(mfaValidate.path, second, { recoveryCode: recovery.toLowerCase() })).data).toEqual({
      authResult: true,
      recoveryCodesLeft: 9,
    });
    expect((await call(permissionLoad.path, second)).code).toBe(200);
    const third = await signIn(t.app, login.path, 'market');
    expect((await call<MfaValidateResponse>(mfaValidate.path, third, { recoveryCode: recovery })).data).toEqual({
      authResult: false,
      recoveryCodesLeft: 9,
    });
    expect((await call(logout.path, third)).code).toBe(200);

    const events = (await t.db.select({ event: activityLog.event }).from(activityLog).orderBy(desc(activityLog.id)).limit(6)).map(
      (e) => e.event,
    );
    expect(events).toContain('MFA_RECOVERY_CODE_USED');
    expect(events).toContain('MFA_FAILED');
  });

  test('the code is asked before a pending password reset, which applies once the code is given', async () => {
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'demo.market'));
    try {
      const token = await signIn(t.app, login.path, 'market');
      const change = { oldPassword: DEMO.market.password, newPassword: 'Marta-New-2026', confirmPassword: 'Marta-New-2026' };
      expect((await call(changePassword.path, token, change)).code).toBe(ResultCode.MFA_REQUIRED);
      t.clock.advance(STEP_MS);
      expect((await call<MfaValidateResponse>(mfaValidate.path, token, { authCode: codeOf(secret) })).data.authResult).toBe(true);
      expect(await call(permissionLoad.path, token)).toMatchObject({
        code: ResultCode.PASSWORD_RESET_REQUIRED,
        data: { passwordScene: 'INITIAL' },
      });
    } finally {
      await t.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'demo.market'));
    }
  });

  test('new recovery codes need a current code and replace the old ones', async () => {
    t.clock.advance(STEP_MS);
    const token = await signIn(t.app, login.path, 'market');
    expect((await call<MfaValidateResponse>(mfaValidate.path, token, { authCode: codeOf(secret) })).data.authResult).toBe(true);
    t.clock.advance(STEP_MS);
    expect(await call(mfaRecoveryCodesRegenerate.path, token, { authCode: codeOf(secret, -3) })).toMatchObject({
      data: { authResult: false },
    });
    const fresh = await call<{ authResult: boolean; recoveryCodes: string[] }>(mfaRecoveryCodesRegenerate.path, token, {
      authCode: codeOf(secret),
    });
    expect(fresh.data.authResult).toBe(true);
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(fresh.data.recoveryCodes).not.toContain(recoveryCodes[1]);
    expect((await call<MfaStatus>(mfaStatus.path, token)).data.recoveryCodesLeft).toBe(10);
    const other = await signIn(t.app, login.path, 'market');
    expect((await call<MfaValidateResponse>(mfaValidate.path, other, { recoveryCode: recoveryCodes[1] ?? '' })).data.authResult).toBe(
      false,
    );
    expect(
      (await call<MfaValidateResponse>(mfaValidate.path, other, { recoveryCode: fresh.data.recoveryCodes[0] ?? '' })).data.authResult,
    ).toBe(true);
  });

  test('turning MFA off needs a right code; then sign-in asks for none', async () => {
    t.clock.advance(STEP_MS);
    const token = await signIn(t.app, login.path, 'market');
    expect((await call<MfaValidateResponse>(mfaValidate.path, token, { authCode: codeOf(secret) })).data.authResult).toBe(true);
    t.clock.advance(STEP_MS);
    expect(await call(mfaClose.path, token, { authCode: codeOf(secret, -3) })).toMatchObject({ code: 200, data: { authResult: false } });
    expect(await call(mfaClose.path, token, { authCode: codeOf(secret) })).toMatchObject({ code: 200, data: { authResult: true } });
    expect(await mfaOpenState(token)).toBe(false);
    const next = await signIn(t.app, login.path, 'market');
    expect((await call(permissionLoad.path, next)).code).toBe(200);
  });
});

describe('an admin’s MFA reset', () => {
  test('clears the binding, ends the user’s sessions and tells them; they bind again after signing in', async () => {
    const admin = await signIn(t.app, login.path, 'admin');
    const payout = await signIn(t.app, login.path, 'payout');
    await bind(payout);
    const payoutId = await userIdOf(t.db, 'demo.payout');
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, payoutId), isNull(sessions.revokedAt)));
    expect(await call(userMfaReset.path, admin, { userId: payoutId })).toEqual({ code: 200, msg: 'success', data: null });
    expect((await call(currentUserInfo.path, payout)).code).toBe(ResultCode.SESSION_EXPIRED);
    expect(await t.db.select().from(userMfa).where(eq(userMfa.userId, payoutId))).toEqual([]);
    const again = await signIn(t.app, login.path, 'payout');
    expect((await call(permissionLoad.path, again)).code).toBe(200);
    expect(await mfaOpenState(again)).toBe(false);
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.event, 'MFA_RESET_BY_ADMIN'));
    expect(entry).toMatchObject({
      actorUsername: 'demo.admin',
      objectId: String(payoutId),
      details: { signInsEnded: String(live.length) },
    });
    await t.app.andes.mailer.idle();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'paula.payout@andes-demo.test'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe('Two-factor authentication was reset');
    // Nothing to reset: nothing happens, nothing is recorded.
    expect((await call(userMfaReset.path, admin, { userId: payoutId })).code).toBe(200);
    expect(await t.db.select().from(activityLog).where(eq(activityLog.event, 'MFA_RESET_BY_ADMIN'))).toHaveLength(1);
  });

  test('not for oneself, another merchant’s user, or without the permission', async () => {
    const admin = await signIn(t.app, login.path, 'admin');
    const adminId = await userIdOf(t.db, 'demo.admin');
    expect(await call(userMfaReset.path, admin, { userId: adminId })).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'Turn off your own two-factor authentication in your security settings',
      data: null,
    });
    expect(await call(userMfaReset.path, admin, { userId: await userIdOf(t.db, 'condor.admin') })).toEqual({
      code: ResultCode.NOT_FOUND,
      msg: 'The user was not found',
      data: null,
    });
    const payout = await signIn(t.app, login.path, 'payout');
    expect((await call(userMfaReset.path, payout, { userId: adminId })).code).toBe(ResultCode.FORBIDDEN);
  });
});
