import { currentUserInfo, login, logout } from '@andes/contract/auth/endpoints';
import { REFRESH_TOKEN_HEADER, ResultCode } from '@andes/contract/common/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/clock.ts';
import { sessions, sessionTokens } from '../../src/db/schema/auth.ts';
import { TOUCH_INTERVAL_MS } from '../../src/modules/auth/session.service.ts';
import { hashSessionToken } from '../../src/modules/auth/tokens.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';

/** Short idle and rotation times; the fake clock moves instead of the test sleeping. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMinutes: 15, maxHours: 1, rotateMinutes: 5 } } });
});
afterAll(async () => t?.close());

const me = (token?: string) => post(t.app, currentUserInfo.path, {}, { token: token ?? null });

describe('missing or unusable token', () => {
  test('no token answers 401 with code 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(envelope(res)).toEqual({ code: ResultCode.UNAUTHORIZED, msg: 'Please sign in', data: null });
  });

  test('an unknown token answers 200030', async () => {
    const res = await me('bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2Vu');
    expect(res.statusCode).toBe(401);
    expect(envelope(res)).toMatchObject({ code: ResultCode.SESSION_EXPIRED });
  });

  test('a revoked session answers 200030', async () => {
    const token = await signIn(t.app, login.path, 'finance');
    expect(envelope(await me(token)).code).toBe(200);
    await post(t.app, logout.path, {}, { token });
    expect(envelope(await me(token)).code).toBe(ResultCode.SESSION_EXPIRED);
  });
});

describe('expiry', () => {
  test('activity slides the idle limit; 15 idle minutes end the session', async () => {
    let token = await signIn(t.app, login.path, 'finance');
    // 42 minutes in all (within the 1-hour lifetime), never 15 idle.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(14 * MINUTE_MS);
      const res = await me(token);
      expect(envelope(res).code).toBe(200);
      const fresh = res.headers[REFRESH_TOKEN_HEADER];
      if (typeof fresh === 'string') token = fresh;
    }
    // 15 idle minutes, and the second within which a call may have gone unrecorded.
    t.clock.advance(15 * MINUTE_MS + TOUCH_INTERVAL_MS);
    expect(envelope(await me(token)).code).toBe(ResultCode.SESSION_EXPIRED);
  });

  test('last activity is written at most once a second', async () => {
    const token = await signIn(t.app, login.path, 'payout');
    const [link] = await t.db
      .select({ sessionId: sessionTokens.sessionId })
      .from(sessionTokens)
      .where(eq(sessionTokens.tokenHash, hashSessionToken(token)));
    const sessionId = link?.sessionId ?? '';
    const lastActive = async () =>
      (await t.db.select({ at: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]?.at.getTime();
    const start = t.clock().getTime();
    t.clock.advance(500);
    expect(envelope(await me(token)).code).toBe(200);
    expect(await lastActive()).toBe(start);
    t.clock.advance(600);
    expect(envelope(await me(token)).code).toBe(200);
    expect(await lastActive()).toBe(start + 1_100);
  });

  test('the absolute lifetime ends an active session', async () => {
    let token = await signIn(t.app, login.path, 'market');
    for (let elapsed = 0; elapsed < HOUR_MS - 10 * MINUTE_MS; elapsed += 10 * MINUTE_MS) {
      t.clock.advance(10 * MINUTE_MS);
      const res = await me(token);
      expect(envelope(res).code).toBe(200);
      const fresh = res.headers[REFRESH_TOKEN_HEADER];
      if (typeof fresh === 'string') token = fresh;
    }
    t.clock.advance(10 * MINUTE_MS);
    expect(envelope(await me(token)).code).toBe(ResultCode.SESSION_EXPIRED);
  });
});

describe('token rotation', () => {
  test('an old enough token is replaced once; the old one works for 60 s more, then is refused', async () => {
    const first = await signIn(t.app, login.path, 'admin');
    t.clock.advance(5 * MINUTE_MS + 1);

    const rotated = await me(first);
    expect(envelope(rotated).code).toBe(200);
    const second = rotated.headers[REFRESH_TOKEN_HEADER];
    expect(typeof second).toBe('string');
    expect(second).not.toBe(first);

    // A call already in flight with the old token still works and does not mint another token.
    t.clock.advance(30_000);
    const inFlight = await me(first);
    expect(envelope(inFlight).code).toBe(200);
    expect(inFlight.headers[REFRESH_TOKEN_HEADER]).toBeUndefined();

    t.clock.advance(30_001);
    const late = await me(first);
    expect(late.statusCode).toBe(401);
    expect(envelope(late).code).toBe(ResultCode.SESSION_EXPIRED);

    const next = await me(String(second));
    expect(envelope(next).code).toBe(200);
    expect(next.headers[REFRESH_TOKEN_HEADER]).toBeUndefined();

    // Both tokens belong to one session; only hashes are stored.
    const rows = await t.db.select().from(sessionTokens);
    expect(rows.some((r) => r.tokenHash === first || r.tokenHash === second)).toBe(false);
  });

  test('the new token is sent even when the call itself fails', async () => {
    const first = await signIn(t.app, login.path, 'admin');
    t.clock.advance(5 * MINUTE_MS + 1);
    const res = await post(t.app, currentUserInfo.path, { unexpected: true }, { token: first });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe(ResultCode.VALIDATION_FAILED);
    const fresh = res.headers[REFRESH_TOKEN_HEADER];
    expect(typeof fresh).toBe('string');
    expect(envelope(await me(String(fresh))).code).toBe(200);
  });
});

describe('the idle window is the configured one (a 1-minute idle time)', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ config: { session: { idleMinutes: 1, maxHours: 1, rotateMinutes: 30 } } });
  });
  afterAll(async () => short?.close());
  const ask = (token: string) => post(short.app, currentUserInfo.path, {}, { token });

  test('a session used every 36 s lives on for ten minutes', async () => {
    const token = await signIn(short.app, login.path, 'finance');
    for (let i = 0; i < 17; i += 1) {
      short.clock.advance(36_000);
      expect(envelope(await ask(token)).code, `call ${i + 1} at ${(i + 1) * 36} s`).toBe(200);
    }
  });

  test('idle for just under a minute: still signed in; the idle time counts from that call again', async () => {
    const token = await signIn(short.app, login.path, 'finance');
    short.clock.advance(59_999);
    expect(envelope(await ask(token)).code).toBe(200);
    short.clock.advance(59_999);
    expect(envelope(await ask(token)).code).toBe(200);
  });

  test('idle for the minute and its one-second recording window: the session has ended', async () => {
    const token = await signIn(short.app, login.path, 'finance');
    short.clock.advance(36_000);
    expect(envelope(await ask(token)).code).toBe(200);
    // The call at 36 s was recorded, so the minute runs from there, not from the sign-in.
    short.clock.advance(60_000 + 1_000);
    expect(envelope(await ask(token)).code).toBe(ResultCode.SESSION_EXPIRED);
  });

  test('calls less than a second apart are not recorded, and still never end the session early', async () => {
    const token = await signIn(short.app, login.path, 'finance');
    short.clock.advance(999); // not recorded: within the window of the sign-in's write
    expect(envelope(await ask(token)).code).toBe(200);
    short.clock.advance(60_000);
    expect(envelope(await ask(token)).code, 'idle 60 s since the last call').toBe(200);
  });
});
