import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MINUTE_MS } from '../../src/clock.ts';
import { loginAttempts } from '../../src/db/schema/auth.ts';
import { createTestApp, DEMO, envelope, post, type TestApp } from '../helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const attempt = (username: string, password: string, ip: string) => post(t.app, login.path, { username, password }, { ip });
const fail = async (username: string, ip: string, times: number) => {
  for (let i = 0; i < times; i += 1) {
    const res = await attempt(username, 'Wrong-Password-1', ip);
    expect(envelope(res).code).toBe(ResultCode.INVALID_CREDENTIALS);
    t.clock.advance(1_000);
  }
};

describe('lockout', () => {
  test('10 failures lock that address out even with the right password; known addresses keep working, unknown ones are refused', async () => {
    const { username, password } = DEMO.payout;
    const attacker = '10.9.0.1';
    const home = '10.9.0.2';
    const stranger = '10.9.0.3';
    // The owner has signed in from home before.
    expect(envelope(await attempt(username, password, home)).code).toBe(200);

    await fail(username, attacker, 10);
    const locked = await attempt(username, password, attacker);
    expect(locked.statusCode).toBe(423);
    expect(envelope(locked)).toMatchObject({ code: ResultCode.ACCOUNT_LOCKED });
    expect(envelope(locked).msg).toMatch(/^Too many failed sign-ins\. Please try again in 30 minutes/);

    expect(envelope(await attempt(username, password, home)).code).toBe(200);
    expect(envelope(await attempt(username, password, stranger)).code).toBe(ResultCode.ACCOUNT_LOCKED);

    // Refused attempts do not extend the lock: 30 minutes after the 10th failure, both may sign in.
    t.clock.advance(20 * MINUTE_MS);
    expect(envelope(await attempt(username, password, attacker)).code).toBe(ResultCode.ACCOUNT_LOCKED);
    t.clock.advance(10 * MINUTE_MS);
    expect(envelope(await attempt(username, password, attacker)).code).toBe(200);
    expect(envelope(await attempt(username, password, stranger)).code).toBe(200);
  });

  test('failures before a success from the same address no longer count', async () => {
    const { username, password } = DEMO.finance;
    const ip = '10.9.1.1';
    await fail(username, ip, 9);
    expect(envelope(await attempt(username, password, ip)).code).toBe(200);
    await fail(username, ip, 9);
    expect(envelope(await attempt(username, password, ip)).code).toBe(200);
    // Nor towards the account-wide count seen by a new address.
    expect(envelope(await attempt(username, password, '10.9.1.2')).code).toBe(200);
  });

  test('failures spread over many addresses stop further guesses from new addresses', async () => {
    const { username, password } = DEMO.market;
    for (let i = 0; i < 10; i += 1) await fail(username, `10.9.2.${i + 10}`, 1);
    expect(envelope(await attempt(username, password, '10.9.2.100')).code).toBe(ResultCode.ACCOUNT_LOCKED);
    // Each spraying address made one guess only: none of them is locked on its own, but none is known either.
    expect(envelope(await attempt(username, password, '10.9.2.10')).code).toBe(ResultCode.ACCOUNT_LOCKED);
  });

  test('an unknown username is locked the same way, so answers reveal nothing', async () => {
    await fail('ghost.user', '10.9.3.1', 10);
    const res = await attempt('ghost.user', 'Anything2026', '10.9.3.1');
    expect(res.statusCode).toBe(423);
    expect(envelope(res).code).toBe(ResultCode.ACCOUNT_LOCKED);
  });
});

describe('rate limit', () => {
  test('sign-in answers 429 with the RATE_LIMITED envelope beyond the per-address limit', async () => {
    const limited = await createTestApp({ config: { loginRateLimitPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await post(limited.app, login.path, { username: 'x.y', password: 'Zz123456' }, { ip: '10.8.0.1' });
        codes.push(res.statusCode);
        if (i === 3) {
          expect(envelope(res)).toMatchObject({ code: ResultCode.RATE_LIMITED, data: null });
          expect(envelope(res).msg).toMatch(/^Too many requests, please try again in /);
        }
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      // Another address is not affected.
      const other = await post(limited.app, login.path, { username: 'x.y', password: 'Zz123456' }, { ip: '10.8.0.2' });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('client address', () => {
  test('X-Forwarded-For is believed only from a trusted proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: ['10.7.0.0/24'] } });
    try {
      const lastIp = async () =>
        (await proxied.db.select({ ip: loginAttempts.ip }).from(loginAttempts).orderBy(desc(loginAttempts.id)).limit(1))[0]?.ip;
      const body = { username: DEMO.admin.username, password: DEMO.admin.password };
      const xff = { 'x-forwarded-for': '203.0.113.9' };

      await post(proxied.app, login.path, body, { ip: '10.7.0.5', headers: xff });
      expect(await lastIp()).toBe('203.0.113.9');
      await post(proxied.app, login.path, body, { ip: '198.51.100.7', headers: xff });
      expect(await lastIp()).toBe('198.51.100.7');
      // Without ANDES_TRUST_PROXY nobody's header is believed.
      await post(t.app, login.path, body, { ip: '10.7.0.5', headers: xff });
      expect((await t.db.select({ ip: loginAttempts.ip }).from(loginAttempts).orderBy(desc(loginAttempts.id)).limit(1))[0]?.ip).toBe(
        '10.7.0.5',
      );
    } finally {
      await proxied.close();
    }
  });
});
