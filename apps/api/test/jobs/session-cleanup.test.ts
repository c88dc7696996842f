import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/clock.ts';
import { sqlExecutorOf } from '../../src/db/client.ts';
import { loginAttempts, sessions, sessionTokens } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { cleanUpSessions, sessionCleanupJob } from '../../src/jobs/session-cleanup.job.ts';
import { createTestApp, type TestApp } from '../helper.ts';

let t: TestApp;
let user: { id: number; merchantId: number };
beforeAll(async () => {
  t = await createTestApp();
  const [u] = await t.db.select({ id: users.id, merchantId: users.merchantId }).from(users).where(eq(users.username, 'demo.admin'));
  if (!u) throw new Error('no demo.admin');
  user = u;
});
afterAll(async () => t?.close());

const IDLE_MINUTES = 15;

async function session(name: string, s: { createdAgo: number; lastActiveAgo: number; expiresIn: number; revokedAgo?: number }) {
  const now = t.clock().getTime();
  const id = randomUUID();
  await t.db.insert(sessions).values({
    id,
    userId: user.id,
    merchantId: user.merchantId,
    createdAt: new Date(now - s.createdAgo),
    lastActiveAt: new Date(now - s.lastActiveAgo),
    expiresAt: new Date(now + s.expiresIn),
    revokedAt: s.revokedAgo === undefined ? null : new Date(now - s.revokedAgo),
    ip: name,
  });
  return id;
}

test('deletes retired tokens after a day, ended sessions after 30 days and sign-in attempts after 90 days, nothing else', async () => {
  const now = t.clock().getTime();
  const live = await session('live', { createdAgo: MINUTE_MS, lastActiveAgo: MINUTE_MS, expiresIn: 11 * 60 * MINUTE_MS });
  const revokedRecently = await session('revoked-29d', {
    createdAgo: 29 * DAY_MS,
    lastActiveAgo: 29 * DAY_MS,
    expiresIn: -29 * DAY_MS + 12 * 3_600_000,
    revokedAgo: 29 * DAY_MS,
  });
  const revokedLongAgo = await session('revoked-31d', {
    createdAgo: 31 * DAY_MS,
    lastActiveAgo: 31 * DAY_MS,
    expiresIn: -31 * DAY_MS + 12 * 3_600_000,
    revokedAgo: 31 * DAY_MS,
  });
  const expiredLongAgo = await session('expired-31d', { createdAgo: 32 * DAY_MS, lastActiveAgo: 32 * DAY_MS, expiresIn: -31 * DAY_MS });
  // Idle since 30 days and 10 minutes: it ended (15 idle minutes) 29 days 23 h 55 min ago — kept.
  const idleRecently = await session('idle-kept', {
    createdAgo: 30 * DAY_MS + 10 * MINUTE_MS,
    lastActiveAgo: 30 * DAY_MS + 10 * MINUTE_MS,
    expiresIn: DAY_MS,
  });
  // Idle since 30 days and 20 minutes: ended 30 days 5 minutes ago — deleted, though its absolute expiry is later.
  const idleLongAgo = await session('idle-gone', {
    createdAgo: 30 * DAY_MS + 20 * MINUTE_MS,
    lastActiveAgo: 30 * DAY_MS + 20 * MINUTE_MS,
    expiresIn: DAY_MS,
  });

  await t.db.insert(sessionTokens).values([
    { tokenHash: 'current', sessionId: live, createdAt: new Date(now) },
    { tokenHash: 'retired-23h', sessionId: live, createdAt: new Date(now - DAY_MS), retireAt: new Date(now - 23 * 3_600_000) },
    { tokenHash: 'retired-25h', sessionId: live, createdAt: new Date(now - 2 * DAY_MS), retireAt: new Date(now - 25 * 3_600_000) },
    { tokenHash: 'of-expired', sessionId: expiredLongAgo, createdAt: new Date(now - 32 * DAY_MS) },
  ]);
  const attempt = (ago: number) => ({ usernameLower: 'x', ip: `a-${ago}`, success: true, failureReason: null, at: new Date(now - ago) });
  await t.db.insert(loginAttempts).values([attempt(89 * DAY_MS), attempt(91 * DAY_MS)]);

  const result = await cleanUpSessions(t.db, t.clock(), IDLE_MINUTES);
  expect(result).toEqual({ ran: true, tokens: 1, sessions: 3, loginAttempts: 1 });

  const ids = [live, revokedRecently, revokedLongAgo, expiredLongAgo, idleRecently, idleLongAgo];
  const left = await t.db.select({ ip: sessions.ip }).from(sessions).where(inArray(sessions.id, ids)).orderBy(asc(sessions.ip));
  expect(left.map((r) => r.ip)).toEqual(['idle-kept', 'live', 'revoked-29d']);
  const tokens = await t.db.select({ hash: sessionTokens.tokenHash }).from(sessionTokens).where(inArray(sessionTokens.sessionId, ids));
  expect(tokens.map((r) => r.hash).sort()).toEqual(['current', 'retired-23h']);
  const attempts = await t.db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.usernameLower, 'x'));
  expect(attempts.map((r) => r.ip)).toEqual([`a-${89 * DAY_MS}`]);

  // A second run finds nothing more to delete.
  expect(await cleanUpSessions(t.db, t.clock(), IDLE_MINUTES)).toEqual({ ran: true, tokens: 0, sessions: 0, loginAttempts: 0 });
});

test('the job runs on the job queue, in a working process, and logs what it deleted', async () => {
  const old = {
    usernameLower: 'timer',
    ip: 'old',
    success: false,
    failureReason: 'INVALID_CREDENTIALS' as const,
    at: new Date(t.clock().getTime() - 100 * DAY_MS),
  };
  await t.db.insert(loginAttempts).values(old);
  const logged: unknown[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const job = sessionCleanupJob({ db: t.db, clock: t.clock, log, session: t.config.session });
  // Every ten minutes by the clock (UTC), one run at a time across processes.
  expect(job).toMatchObject({ cron: '*/10 * * * *', singleton: true });
  const queue = new JobQueue(sqlExecutorOf(t.db), { work: true, log, pollingIntervalSeconds: 0.5 }).define(job);
  await queue.start();
  try {
    const id = await queue.send(job, {});
    await vi.waitFor(async () => expect(await queue.state(job, id as string)).toBe('completed'), { timeout: 10_000, interval: 100 });
    expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.usernameLower, 'timer'))).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'session clean-up', loginAttempts: 1 }));
  } finally {
    await queue.stop();
  }
});
