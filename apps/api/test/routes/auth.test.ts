import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import type { CurrentUser, LoginResponse, PermissionLoad } from '@andes/contract/auth/schemas';
import { COUNTRIES } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { codesInTree } from '@andes/contract/permissions/menu-tree';
import { closePermissions, PERMISSION_CODES } from '@andes/contract/permissions/registry';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/clock.ts';
import { passwordHistory, sessions } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { DEMO_ROLES } from '../../src/db/seed/demo.ts';
import { createTestApp, DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setUser = (username: string, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.username, username));

describe('sign-in', () => {
  test('the right password answers a session token and the NORMAL scene', async () => {
    const res = await post(t.app, login.path, { username: DEMO.admin.username, password: DEMO.admin.password });
    expect(res.statusCode).toBe(200);
    const body = envelope<LoginResponse>(res);
    expect(body).toMatchObject({ code: 200, msg: 'success', data: { passwordScene: 'NORMAL', passwordDaysLeft: null } });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('the username is case-insensitive and trimmed', async () => {
    const res = await post(t.app, login.path, { username: '  Demo.Admin ', password: DEMO.admin.password });
    expect(envelope(res).code).toBe(200);
  });

  test('an unknown user and a wrong password get the same answer', async () => {
    const unknown = await post(t.app, login.path, { username: 'nobody.here', password: 'Whatever2026' }, { ip: '10.1.0.1' });
    const wrong = await post(t.app, login.path, { username: DEMO.finance.username, password: 'Whatever2026' }, { ip: '10.1.0.1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(envelope(unknown)).toEqual({ code: ResultCode.INVALID_CREDENTIALS, msg: 'The username or password is incorrect', data: null });
    expect(envelope(wrong)).toEqual(envelope(unknown));
  });

  test('a missing username is a validation failure naming the field', async () => {
    const res = await post(t.app, login.path, { username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'username: Please enter the username',
      data: { issues: [{ path: 'username', message: 'Please enter the username' }] },
    });
  });

  test('the sign-in sets the last sign-in time', async () => {
    const token = await signIn(t.app, login.path, 'payout');
    const me = envelope<CurrentUser>(await post(t.app, currentUserInfo.path, {}, { token }));
    expect(me.data.lastLoginAt).toBe(t.clock().toISOString());
  });
});

describe('current user', () => {
  test('answers the profile of the caller', async () => {
    const token = await signIn(t.app, login.path, 'market');
    const res = await post(t.app, currentUserInfo.path, {}, { token });
    expect(res.statusCode).toBe(200);
    expect(envelope<CurrentUser>(res).data).toMatchObject({
      username: 'demo.market',
      displayName: 'Marta Marketplace',
      merchantCode: 'ANDES-DEMO',
      merchantName: 'Andes Demo Store',
      superAdmin: false,
      userType: 3,
      passwordScene: 'NORMAL',
    });
    expect(envelope<CurrentUser>(res).data.subMerchantId).toEqual(expect.any(Number));
  });
});

describe('permission load', () => {
  const load = async (who: keyof typeof DEMO) => {
    const token = await signIn(t.app, login.path, who);
    const res = await post(t.app, permissionLoad.path, {}, { token });
    expect(res.statusCode).toBe(200);
    return envelope<PermissionLoad>(res).data;
  };

  test('a super admin holds every code, all seven countries, and the merchant flags', async () => {
    const p = await load('admin');
    expect(codesInTree(p.menuList)).toEqual(new Set(PERMISSION_CODES));
    expect(p.userInfo).toMatchObject({ superAdmin: true, mfaOpenState: false, userType: 2 });
    expect(p.userInfo.areaAuthorityList.map((a) => a.code)).toEqual([...COUNTRIES]);
    expect(p.userInfo.areaAuthorityList.find((a) => a.code === 'BR')).toEqual({
      code: 'BR',
      currency: 'BRL',
      timezone: 'UTC-3',
      timezoneName: 'America/Sao_Paulo',
    });
    expect(p.merchantInfo).toMatchObject({
      mergerAccount: true,
      notSupportMergerCountry: ['ZA'],
      subMerchantExist: true,
      subMerchantDividedBill: true,
    });
  });

  test.each([
    ['finance', 'Finance viewer', ['BR', 'MX', 'CO']],
    ['payout', 'Payout operator', ['BR', 'MX']],
    ['market', 'Marketplace staff', ['BR', 'MX']],
  ] as const)('%s sees exactly what the role "%s" grants, closed, in %j', async (who, role, countries) => {
    const p = await load(who);
    expect(codesInTree(p.menuList)).toEqual(closePermissions(DEMO_ROLES[role]));
    expect(p.userInfo.superAdmin).toBe(false);
    expect(p.userInfo.areaAuthorityList.map((a) => a.code)).toEqual(countries);
  });

  test('the payout operator gets the payout screens but not the finance ones', async () => {
    const codes = codesInTree((await load('payout')).menuList);
    expect(codes.has('payment:payout:create')).toBe(true);
    expect(codes.has('payment')).toBe(true);
    expect(codes.has('payment:payout:approve')).toBe(false);
    expect(codes.has('finance:payin')).toBe(false);
  });

  test("the other merchant's admin sees only that merchant", async () => {
    const p = await load('condor');
    expect(codesInTree(p.menuList)).toEqual(new Set(PERMISSION_CODES));
    expect(p.userInfo.areaAuthorityList.map((a) => a.code)).toEqual(['MX', 'CO']);
    expect(p.merchantInfo).toMatchObject({
      mergerAccount: false,
      notSupportMergerCountry: [],
      subMerchantExist: false,
      subMerchantDividedBill: false,
    });
  });

  test('a disabled role grants nothing', async () => {
    const { roles } = await import('../../src/db/schema/users.ts');
    await t.db.update(roles).set({ state: 0 }).where(eq(roles.name, 'Payout operator'));
    try {
      const p = await load('payout');
      expect(p.menuList).toEqual([]);
    } finally {
      await t.db.update(roles).set({ state: 1 }).where(eq(roles.name, 'Payout operator'));
    }
  });
});

describe('pending password reset', () => {
  test('a first sign-in is INITIAL: the permission load answers 200040, the current-user call works', async () => {
    await setUser('demo.finance', { mustChangePassword: true });
    try {
      const res = await post(t.app, login.path, { username: DEMO.finance.username, password: DEMO.finance.password });
      const { token, passwordScene } = envelope<LoginResponse>(res).data;
      expect(passwordScene).toBe('INITIAL');
      const perm = await post(t.app, permissionLoad.path, {}, { token });
      expect(perm.statusCode).toBe(403);
      expect(envelope(perm)).toMatchObject({ code: ResultCode.PASSWORD_RESET_REQUIRED, data: { passwordScene: 'INITIAL' } });
      const me = await post(t.app, currentUserInfo.path, {}, { token });
      expect(me.statusCode).toBe(200);
      expect(envelope<CurrentUser>(me).data.passwordScene).toBe('INITIAL');
    } finally {
      await setUser('demo.finance', { mustChangePassword: false });
    }
  });

  test('a password older than 90 days is EXPIRED; 80 days old warns with the days left', async () => {
    await setUser('demo.finance', { passwordChangedAt: new Date(t.clock().getTime() - 91 * DAY_MS) });
    try {
      const res = await post(t.app, login.path, { username: DEMO.finance.username, password: DEMO.finance.password });
      const { token, passwordScene } = envelope<LoginResponse>(res).data;
      expect(passwordScene).toBe('EXPIRED');
      expect(envelope(await post(t.app, permissionLoad.path, {}, { token }))).toMatchObject({
        code: ResultCode.PASSWORD_RESET_REQUIRED,
        data: { passwordScene: 'EXPIRED' },
      });

      await setUser('demo.finance', { passwordChangedAt: new Date(t.clock().getTime() - 80 * DAY_MS) });
      const warned = envelope<LoginResponse>(
        await post(t.app, login.path, { username: DEMO.finance.username, password: DEMO.finance.password }),
      );
      expect(warned.data).toMatchObject({ passwordScene: 'ABOUT2EXPIRE', passwordDaysLeft: 10 });
      expect((await post(t.app, permissionLoad.path, {}, { token: warned.data.token })).statusCode).toBe(200);
    } finally {
      await setUser('demo.finance', { passwordChangedAt: t.clock() });
    }
  });
});

describe('disabled user', () => {
  test('cannot sign in with the right password, and a live session of theirs ends and is revoked', async () => {
    const token = await signIn(t.app, login.path, 'payout', '10.2.0.1');
    await setUser('demo.payout', { state: 0 });
    try {
      const res = await post(t.app, login.path, { username: DEMO.payout.username, password: DEMO.payout.password }, { ip: '10.2.0.1' });
      expect(res.statusCode).toBe(403);
      expect(envelope(res).code).toBe(ResultCode.ACCOUNT_DISABLED);

      const wrong = await post(t.app, login.path, { username: DEMO.payout.username, password: 'NotIt2026' }, { ip: '10.2.0.1' });
      expect(envelope(wrong).code).toBe(ResultCode.INVALID_CREDENTIALS);

      const call = await post(t.app, currentUserInfo.path, {}, { token });
      expect(call.statusCode).toBe(401);
      expect(envelope(call).code).toBe(ResultCode.SESSION_EXPIRED);
    } finally {
      await setUser('demo.payout', { state: 1 });
    }
    // Re-enabling the user does not bring the revoked session back.
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(ResultCode.SESSION_EXPIRED);
  });
});

describe('sign-out', () => {
  test('ends the session', async () => {
    const token = await signIn(t.app, login.path, 'admin');
    const out = await post(t.app, logout.path, {}, { token });
    expect(envelope(out)).toEqual({ code: 200, msg: 'success', data: null });
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(ResultCode.SESSION_EXPIRED);
  });
});

describe('password change', () => {
  const NEW = 'Condor2027New';

  test('refuses a wrong current password and each policy breach with a clear message', async () => {
    const token = await signIn(t.app, login.path, 'condor');
    const wrong = await post(t.app, changePassword.path, { oldPassword: 'Nope1234', newPassword: NEW, confirmPassword: NEW }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(envelope(wrong)).toEqual({ code: ResultCode.WRONG_PASSWORD, msg: 'The current password is incorrect', data: null });

    const cases = [
      ['Sh0rt', 'Sh0rt', 'The new password needs at least 8 characters.'],
      ['nouppercase1', 'nouppercase1', 'The new password needs at least one upper-case letter.'],
      ['NoDigitsHere', 'NoDigitsHere', 'The new password needs at least one number.'],
      [NEW, `${NEW}x`, 'The two passwords do not match.'],
      [DEMO.condor.password, DEMO.condor.password, 'The new password must differ from the current one.'],
    ] as const;
    for (const [newPassword, confirmPassword, msg] of cases) {
      const res = await post(t.app, changePassword.path, { oldPassword: DEMO.condor.password, newPassword, confirmPassword }, { token });
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: ResultCode.PASSWORD_POLICY, msg });
    }
    // Nothing changed: the old password still signs in.
    expect(await signIn(t.app, login.path, 'condor')).toEqual(expect.any(String));
  });

  test('stores the new password, clears the first-login flag, ends the other sessions and keeps this one', async () => {
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, DEMO.condor.username));
    const other = await signIn(t.app, login.path, 'condor', '10.3.0.2');
    const current = await signIn(t.app, login.path, 'condor', '10.3.0.1');
    expect(envelope(await post(t.app, permissionLoad.path, {}, { token: current })).code).toBe(ResultCode.PASSWORD_RESET_REQUIRED);

    const res = await post(
      t.app,
      changePassword.path,
      { oldPassword: DEMO.condor.password, newPassword: NEW, confirmPassword: NEW },
      { token: current },
    );
    expect(envelope(res)).toEqual({ code: 200, msg: 'success', data: null });

    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: other })).code).toBe(ResultCode.SESSION_EXPIRED);
    const me = envelope<CurrentUser>(await post(t.app, currentUserInfo.path, {}, { token: current }));
    expect(me.code).toBe(200);
    expect(me.data.passwordScene).toBe('NORMAL');
    expect((await post(t.app, permissionLoad.path, {}, { token: current })).statusCode).toBe(200);

    const oldPw = await post(t.app, login.path, { username: DEMO.condor.username, password: DEMO.condor.password }, { ip: '10.3.0.1' });
    expect(envelope(oldPw).code).toBe(ResultCode.INVALID_CREDENTIALS);
    const newPw = await post(t.app, login.path, { username: DEMO.condor.username, password: NEW }, { ip: '10.3.0.1' });
    expect(envelope(newPw).code).toBe(200);

    const rows = await t.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.ip, '10.3.0.2'));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });
});

const changeTo = (token: string, oldPassword: string, newPassword: string) =>
  post(t.app, changePassword.path, { oldPassword, newPassword, confirmPassword: newPassword }, { token });

describe('password history', () => {
  test('none of the last 4 passwords can be chosen again; the 5th back can', async () => {
    const token = await signIn(t.app, login.path, 'finance');
    const p0 = DEMO.finance.password;
    const [p1, p2, p3, p4] = ['Andes-Hist-1a', 'Andes-Hist-2b', 'Andes-Hist-3c', 'Andes-Hist-4d'] as const;
    expect(envelope(await changeTo(token, p0, p1)).code).toBe(200);
    expect(envelope(await changeTo(token, p1, p2)).code).toBe(200);
    expect(envelope(await changeTo(token, p2, p3)).code).toBe(200);

    // The last 4 are p3 (current), p2, p1 and p0.
    for (const reused of [p0, p1, p2]) {
      const res = await changeTo(token, p3, reused);
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toEqual({
        code: ResultCode.PASSWORD_POLICY,
        msg: 'The new password must differ from your last 4 passwords',
        data: { issues: [{ path: 'newPassword', message: 'The new password must differ from your last 4 passwords' }] },
      });
    }
    expect(envelope(await changeTo(token, p3, p3)).msg).toBe('The new password must differ from the current one.');

    expect(envelope(await changeTo(token, p3, p4)).code).toBe(200);
    // Now the last 4 are p4, p3, p2, p1: p0 may come back.
    expect(envelope(await changeTo(token, p4, p0)).code).toBe(200);
    const kept = await t.db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .innerJoin(users, eq(users.id, passwordHistory.userId))
      .where(eq(users.username, 'demo.finance'));
    expect(kept).toHaveLength(3);
    for (const k of kept) expect(k.hash).toMatch(/^\$argon2id\$/);
  });
});

describe('common passwords', () => {
  test('a password of the common list is refused in any case, with its own message', async () => {
    const token = await signIn(t.app, login.path, 'market');
    for (const common of ['Password1', 'pASSWORD1', 'Qwerty123']) {
      const res = await changeTo(token, DEMO.market.password, common);
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toEqual({
        code: ResultCode.PASSWORD_POLICY,
        msg: 'This password appears in lists of leaked passwords: please choose another',
        data: { issues: [{ path: 'newPassword', message: 'This password appears in lists of leaked passwords: please choose another' }] },
      });
    }
    // A lower-case common password fails the character rules first.
    expect(envelope(await changeTo(token, DEMO.market.password, 'qwerty123')).msg).toBe(
      'The new password needs at least one upper-case letter.',
    );
    expect(envelope(await changeTo(token, DEMO.market.password, 'Market-Andes-2027')).code).toBe(200);
  });
});
