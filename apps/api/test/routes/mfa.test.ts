import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import type { LoginResponse } from '@andes/contract/auth/schemas';
import { defineEndpoint, EmptyRequest, SIGNED_IN } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { MINUTE_MS } from '../../src/clock.ts';
import { activityLog } from '../../src/db/schema/activity.ts';
import { sessionTokens } from '../../src/db/schema/auth.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { userMfa, userRecoveryCodes } from '../../src/db/schema/mfa.ts';
import { users } from '../../src/db/schema/users.ts';
import { registerEndpoint } from '../../src/http/register-endpoint.ts';
import { hashSessionToken } from '../../src/modules/auth/tokens.ts';
import { MFA_BLOCK_MS, type MfaActor } from '../../src/modules/mfa/mfa.service.ts';
import { base32Decode, hotp, timeStepOf } from '../../src/modules/mfa/totp.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

/** A test-only call that, like the MFA validation, works during the MFA challenge. */
const duringChallenge = defineEndpoint({
  path: '/dashboard/test/mfa-challenge',
  summary: 'test: allowed during the MFA challenge',
  permission: SIGNED_IN,
  allowedDuringMfaChallenge: true,
  request: EmptyRequest,
  response: z.object({ ok: z.boolean() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: fakeClock(new Date('2026-03-02T10:00:05Z')),
    beforeReady: (app: FastifyInstance) => registerEndpoint(app, duringChallenge, async () => ({ ok: true })),
  });
});
afterAll(async () => t?.close());

const mfa = () => t.app.andes.mfa;

async function actorOf(username: string): Promise<MfaActor> {
  const [u] = await t.db.select({ id: users.id, merchantId: users.merchantId }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return { userId: u.id, merchantId: u.merchantId, username, ip: '198.51.100.4', userAgent: 'vitest' };
}

/** The code of the authenticator app holding `secret`, at the test clock (or `offsetSteps` away). */
const codeOf = (secret: string, offsetSteps = 0) => hotp(base32Decode(secret), timeStepOf(t.clock().getTime()) + offsetSteps);

/** Binds and activates MFA for a user; answers the secret and the recovery codes. */
async function bind(actor: MfaActor): Promise<{ secret: string; recoveryCodes: string[] }> {
  const binding = await mfa().beginBinding(actor);
  const result = await mfa().activate(actor, codeOf(binding.secret));
  if (!result.activated) throw new Error('activation failed');
  // The activating step is used: move to the next one so the next code is fresh.
  t.clock.advance(30_000);
  return { secret: binding.secret, recoveryCodes: result.recoveryCodes };
}

const eventsOf = async (userId: number) =>
  (
    await t.db
      .select({ event: activityLog.event, outcome: activityLog.outcome, details: activityLog.details })
      .from(activityLog)
      .where(eq(activityLog.actorUserId, userId))
      .orderBy(desc(activityLog.id))
  ).map((r) => `${r.event}:${r.outcome}`);

describe('binding', () => {
  test('starts with a sealed secret, its otpauth URI and QR code, valid for 10 minutes', async () => {
    const actor = await actorOf(DEMO.finance.username);
    const binding = await mfa().beginBinding(actor);
    expect(binding.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(binding.issuer).toBe('Andes');
    expect(binding.accountName).toBe('demo.finance (ANDES-DEMO)');
    expect(binding.otpauthUri).toBe(
      `otpauth://totp/Andes:demo.finance%20(ANDES-DEMO)?secret=${binding.secret}&issuer=Andes&algorithm=SHA1&digits=6&period=30`,
    );
    expect(binding.qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(binding.expiresAt).toEqual(new Date(t.clock().getTime() + 10 * MINUTE_MS));

    const [row] = await t.db.select().from(userMfa).where(eq(userMfa.userId, actor.userId));
    expect(row?.state).toBe('PENDING');
    expect(row?.secretEncrypted).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row?.secretEncrypted).not.toContain(binding.secret);
    expect(t.app.andes.secretBox.open(row?.secretEncrypted ?? '', `user_mfa:${actor.userId}`)).toBe(binding.secret);
    expect(await mfa().status(actor.userId)).toEqual({ enabled: false, boundAt: null, recoveryCodesLeft: 0 });
  });

  test('a wrong code does not activate; the right one does, with 10 one-time recovery codes, an activity entry and a notice', async () => {
    const actor = await actorOf(DEMO.payout.username);
    const binding = await mfa().beginBinding(actor);
    // The code of three steps ago is outside the drift window.
    expect(await mfa().activate(actor, codeOf(binding.secret, -3))).toEqual({ activated: false });
    expect((await t.db.select({ on: users.mfaEnabled }).from(users).where(eq(users.id, actor.userId)))[0]?.on).toBe(false);

    const result = await mfa().activate(actor, codeOf(binding.secret, -1));
    expect(result.activated).toBe(true);
    const codes = result.activated ? result.recoveryCodes : [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);

    expect((await t.db.select({ on: users.mfaEnabled }).from(users).where(eq(users.id, actor.userId)))[0]?.on).toBe(true);
    const stored = await t.db
      .select({ codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, actor.userId));
    expect(stored).toHaveLength(10);
    for (const s of stored) {
      expect(s.codeHash).toMatch(/^\$argon2id\$/);
      expect(codes.some((c) => s.codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    expect(await mfa().status(actor.userId)).toEqual({ enabled: true, boundAt: t.clock(), recoveryCodesLeft: 10 });
    expect(await eventsOf(actor.userId)).toContain('MFA_BOUND:SUCCESS');

    await t.app.andes.mailer.idle();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'paula.payout@andes-demo.test'))
      .orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ subject: 'Two-factor authentication is on', transport: 'outbox' });
    expect(mail?.sentAt).not.toBeNull();

    // Binding again while MFA is on is refused; the active secret is kept.
    await expect(mfa().beginBinding(actor)).rejects.toMatchObject({ code: ResultCode.CONFLICT });
    expect((await t.db.select({ state: userMfa.state }).from(userMfa).where(eq(userMfa.userId, actor.userId)))[0]?.state).toBe('ACTIVE');
  });

  test('a binding not activated within 10 minutes has expired', async () => {
    const actor = await actorOf(DEMO.market.username);
    const binding = await mfa().beginBinding(actor);
    t.clock.advance(10 * MINUTE_MS + 1_000);
    await expect(mfa().activate(actor, codeOf(binding.secret))).rejects.toMatchObject({
      code: ResultCode.CONFLICT,
      message: 'The QR code has expired; please start binding again',
    });
    // Starting again gives a new secret that works.
    const again = await mfa().beginBinding(actor);
    expect(again.secret).not.toBe(binding.secret);
    expect((await mfa().activate(actor, codeOf(again.secret))).activated).toBe(true);
    await mfa().disable(actor, codeOf(again.secret, 1));
  });
});

describe('checks', () => {
  let actor: MfaActor;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    actor = await actorOf(DEMO.condor.username);
    ({ secret, recoveryCodes } = await bind(actor));
  });

  test('a code is accepted once: the same code again is a replay, and so is a code of an earlier step', async () => {
    const code = codeOf(secret);
    expect(await mfa().verify(actor, code)).toEqual({ ok: true, method: 'TOTP', recoveryCodesLeft: 10 });
    expect((await mfa().verify(actor, code)).ok).toBe(false);
    t.clock.advance(30_000);
    // The previous step's code is within the drift window but not later than the last accepted step.
    expect((await mfa().verify(actor, code)).ok).toBe(false);
    expect((await mfa().verify(actor, codeOf(secret))).ok).toBe(true);
    t.clock.advance(30_000);
  });

  test('one step of drift either way is accepted, two are not', async () => {
    t.clock.advance(5 * 30_000);
    expect((await mfa().verify(actor, codeOf(secret, -2))).ok).toBe(false);
    expect((await mfa().verify(actor, codeOf(secret, 2))).ok).toBe(false);
    expect((await mfa().verify(actor, codeOf(secret, -1))).ok).toBe(true);
    expect((await mfa().verify(actor, codeOf(secret, 1))).ok).toBe(true);
    // After accepting step +1, the current step is a replay too.
    expect((await mfa().verify(actor, codeOf(secret))).ok).toBe(false);
    t.clock.advance(3 * 30_000);
  });

  test('a recovery code works once, typed in any case and without the dash', async () => {
    const code = recoveryCodes[0] ?? '';
    expect(await mfa().verify(actor, code.replace('-', '').toLowerCase())).toEqual({
      ok: true,
      method: 'RECOVERY_CODE',
      recoveryCodesLeft: 9,
    });
    expect(await mfa().verify(actor, code)).toEqual({ ok: false, method: 'RECOVERY_CODE', recoveryCodesLeft: 9 });
    expect(await mfa().verify(actor, { method: 'RECOVERY_CODE', code: (recoveryCodes[1] ?? '').replace('-', '') })).toMatchObject({
      ok: true,
      recoveryCodesLeft: 8,
    });
    const events = await eventsOf(actor.userId);
    expect(events.slice(0, 3)).toEqual(['MFA_RECOVERY_CODE_USED:SUCCESS', 'MFA_FAILED:FAILURE', 'MFA_RECOVERY_CODE_USED:SUCCESS']);
  });

  test('five wrong codes in a row block checks for 5 minutes, even with the right code', async () => {
    for (let i = 0; i < 5; i += 1) expect((await mfa().verify(actor, codeOf(secret, -3))).ok).toBe(false);
    await expect(mfa().verify(actor, codeOf(secret))).rejects.toMatchObject({
      code: ResultCode.RATE_LIMITED,
      message: 'Too many wrong codes. Please try again in 5 minutes.',
    });
    t.clock.advance(MFA_BLOCK_MS);
    expect((await mfa().verify(actor, codeOf(secret))).ok).toBe(true);
    t.clock.advance(30_000);
  });

  test('regenerating recovery codes needs a current code and replaces all of them', async () => {
    expect(await mfa().regenerateRecoveryCodes(actor, codeOf(secret, -3))).toEqual({ ok: false });
    const fresh = await mfa().regenerateRecoveryCodes(actor, codeOf(secret));
    expect(fresh.ok).toBe(true);
    expect((await mfa().status(actor.userId)).recoveryCodesLeft).toBe(10);
    expect((await mfa().verify(actor, recoveryCodes[2] ?? '')).ok).toBe(false);
    t.clock.advance(30_000);
  });

  test('turning MFA off needs a right code; then the secret and recovery codes are gone and a notice is sent', async () => {
    expect(await mfa().disable(actor, codeOf(secret, -3))).toEqual({ ok: false });
    expect((await mfa().status(actor.userId)).enabled).toBe(true);
    expect(await mfa().disable(actor, codeOf(secret))).toEqual({ ok: true });
    expect(await mfa().status(actor.userId)).toEqual({ enabled: false, boundAt: null, recoveryCodesLeft: 0 });
    expect(await t.db.select().from(userMfa).where(eq(userMfa.userId, actor.userId))).toEqual([]);
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, actor.userId))).toEqual([]);
    expect((await eventsOf(actor.userId))[0]).toBe('MFA_DISABLED:SUCCESS');
    await t.app.andes.mailer.idle();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'carlos.admin@condor.test')).orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe('Two-factor authentication is off');
    await expect(mfa().verify(actor, codeOf(secret))).rejects.toMatchObject({ code: ResultCode.CONFLICT });
  });
});

describe('sign-in with MFA on', () => {
  let actor: MfaActor;
  let secret: string;
  beforeAll(async () => {
    actor = await actorOf(DEMO.admin.username);
    ({ secret } = await bind(actor));
  });
  afterAll(async () => {
    t.clock.advance(30_000);
    await mfa().disable(actor, codeOf(secret));
  });

  const sessionIdOf = async (token: string) =>
    (
      await t.db
        .select({ id: sessionTokens.sessionId })
        .from(sessionTokens)
        .where(eq(sessionTokens.tokenHash, hashSessionToken(token)))
    )[0]?.id ?? '';

  test('the permission load answers 200023 until the session is marked verified; the current user and sign-out work meanwhile', async () => {
    const token = await signIn(t.app, login.path, 'admin');
    const perm = await post(t.app, permissionLoad.path, {}, { token });
    expect(perm.statusCode).toBe(403);
    expect(envelope(perm)).toEqual({
      code: ResultCode.MFA_REQUIRED,
      msg: 'Please enter the verification code from your authenticator app',
      data: null,
    });
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(200);
    expect(envelope(await post(t.app, duringChallenge.path, {}, { token }))).toMatchObject({ code: 200, data: { ok: true } });
    // A password change during the challenge would let a password alone take over the account.
    const change = await post(
      t.app,
      changePassword.path,
      { oldPassword: DEMO.admin.password, newPassword: 'Xy7-new-Pass', confirmPassword: 'Xy7-new-Pass' },
      { token },
    );
    expect(envelope(change).code).toBe(ResultCode.MFA_REQUIRED);

    expect(await t.app.andes.sessions.markMfaVerified(await sessionIdOf(token))).toBe(true);
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(200);
    // Only that session: a new sign-in is challenged again.
    const other = await signIn(t.app, login.path, 'admin');
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token: other })).code).toBe(ResultCode.MFA_REQUIRED);
    expect(envelope(await post(t.app, logout.path, {}, { token: other })).code).toBe(200);
  });

  test('verify with the session id validates that session in one call; a wrong code leaves it challenged', async () => {
    const token = await signIn(t.app, login.path, 'admin');
    const sessionId = await sessionIdOf(token);
    t.clock.advance(30_000);
    const wrong = await mfa().verify(actor, codeOf(secret, -3), sessionId);
    expect(wrong.ok).toBe(false);
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(ResultCode.MFA_REQUIRED);
    expect((await mfa().verify(actor, codeOf(secret), sessionId)).ok).toBe(true);
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(200);
    expect(await t.app.andes.sessions.markMfaVerified(sessionId)).toBe(false);
  });

  test('the MFA challenge comes before a pending password reset', async () => {
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, actor.userId));
    try {
      const res = envelope<LoginResponse>(await post(t.app, login.path, { username: DEMO.admin.username, password: DEMO.admin.password }));
      expect(res.data.passwordScene).toBe('INITIAL');
      const token = res.data.token;
      expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(ResultCode.MFA_REQUIRED);
      t.clock.advance(30_000);
      expect((await mfa().verify(actor, codeOf(secret), await sessionIdOf(token))).ok).toBe(true);
      expect(envelope(await post(t.app, permissionLoad.path, {}, { token })).code).toBe(ResultCode.PASSWORD_RESET_REQUIRED);
    } finally {
      await t.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, actor.userId));
    }
  });

  test('the sign-in entry says MFA was required', async () => {
    const [entry] = await t.db
      .select({ details: activityLog.details })
      .from(activityLog)
      .where(and(eq(activityLog.actorUserId, actor.userId), eq(activityLog.event, 'SIGN_IN_SUCCEEDED')))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry?.details).toEqual({ mfa: 'REQUIRED' });
  });
});
