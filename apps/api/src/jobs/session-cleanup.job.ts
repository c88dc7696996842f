import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, DAY_MS, MINUTE_MS } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginAttempts, sessions, sessionTokens } from '../db/schema/auth.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/** A rotated-out token is deleted this long after it stopped working. */
export const RETIRED_TOKEN_KEEP_MS = DAY_MS;
/** A session is deleted (with its tokens) this long after it ended. */
export const ENDED_SESSION_KEEP_MS = 30 * DAY_MS;
/** Sign-in attempts are kept this long (the lockout looks back 90 days for known addresses). */
export const LOGIN_ATTEMPT_KEEP_MS = 90 * DAY_MS;

/** Advisory lock key of the clean-up ("sclean" in ASCII): one process runs it at a time. */
const CLEANUP_LOCK_KEY = 0x73636c65616e;

export interface SessionCleanupResult {
  /** False when another process was running the clean-up at that moment. */
  ran: boolean;
  tokens: number;
  sessions: number;
  loginAttempts: number;
}

/**
 * Deletes session tokens retired more than a day ago, sessions ended more than 30 days ago (revoked,
 * past their absolute lifetime, or idle longer than the idle limit; their tokens go with them) and
 * sign-in attempts older than 90 days. Safe with several processes: the work runs under a
 * transaction-level advisory lock that a process skips when another holds it, and each delete
 * only removes rows past their cut-off, so running twice removes nothing more.
 */
export async function cleanUpSessions(db: Db, now: Date, idleMinutes: number): Promise<SessionCleanupResult> {
  const t = now.getTime();
  const endedBefore = new Date(t - ENDED_SESSION_KEEP_MS);
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${CLEANUP_LOCK_KEY}::int8)` })
      .from(sql`(select 1) as one`);
    if (lock?.locked !== true) return { ran: false, tokens: 0, sessions: 0, loginAttempts: 0 };
    const tokens = await tx
      .delete(sessionTokens)
      .where(and(isNotNull(sessionTokens.retireAt), lt(sessionTokens.retireAt, new Date(t - RETIRED_TOKEN_KEEP_MS))))
      .returning({ hash: sessionTokens.tokenHash });
    const ended = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.revokedAt, endedBefore),
          lt(sessions.expiresAt, endedBefore),
          lt(sessions.lastActiveAt, new Date(endedBefore.getTime() - idleMinutes * MINUTE_MS)),
        ),
      )
      .returning({ id: sessions.id });
    const attempts = await tx
      .delete(loginAttempts)
      .where(lt(loginAttempts.at, new Date(t - LOGIN_ATTEMPT_KEEP_MS)))
      .returning({ id: loginAttempts.id });
    return { ran: true, tokens: tokens.length, sessions: ended.length, loginAttempts: attempts.length };
  });
}

/** The recurring job: every ten minutes, in one process at a time. */
export function sessionCleanupJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger; session: Config['session'] }): JobDefinition {
  return defineJob({
    name: 'session-cleanup',
    cron: '*/10 * * * *',
    singleton: true,
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    async run() {
      const r = await cleanUpSessions(deps.db, deps.clock(), deps.session.idleMinutes);
      if (r.tokens + r.sessions + r.loginAttempts > 0) deps.log.info(r, 'session clean-up');
    },
  });
}
