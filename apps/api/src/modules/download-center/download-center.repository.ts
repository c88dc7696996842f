import { and, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadTasks } from '../../db/schema/download-tasks.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/** The download center's SQL. Every read and write of a caller names their scope. */

export type DownloadTaskRow = typeof downloadTasks.$inferSelect;
export type NewDownloadTask = typeof downloadTasks.$inferInsert;
export type TaskWithCreator = DownloadTaskRow & { creatorUsername: string };

/** A merchant-level caller sees the merchant's tasks; a sub-merchant user those of their sub-merchant. */
function scopeWhere(scope: Scope): SQL | undefined {
  return scope.subMerchantId === null
    ? eq(downloadTasks.merchantId, scope.merchantId)
    : and(eq(downloadTasks.merchantId, scope.merchantId), eq(downloadTasks.subMerchantId, scope.subMerchantId));
}

function selectTasks(db: Db) {
  return db
    .select({ task: downloadTasks, creatorUsername: users.username })
    .from(downloadTasks)
    .innerJoin(users, eq(users.id, downloadTasks.createdBy));
}

const flatten = (r: { task: DownloadTaskRow; creatorUsername: string }): TaskWithCreator => ({
  ...r.task,
  creatorUsername: r.creatorUsername,
});

/**
 * Inserts a task unless the creator already has one with this idempotency key; answers the task
 * either way (`created` false for the existing one), so a retried creation never makes two.
 */
export async function insertTask(db: Db, task: NewDownloadTask): Promise<{ task: TaskWithCreator; created: boolean }> {
  const inserted = await db
    .insert(downloadTasks)
    .values(task)
    .onConflictDoNothing({ target: [downloadTasks.createdBy, downloadTasks.idempotencyKey] })
    .returning({ id: downloadTasks.id });
  const [row] = await selectTasks(db)
    .where(and(eq(downloadTasks.createdBy, task.createdBy), eq(downloadTasks.idempotencyKey, task.idempotencyKey)))
    .limit(1);
  if (!row) throw new Error('download task vanished after insert');
  return { task: flatten(row), created: inserted.length > 0 };
}

export async function findTask(db: Db, scope: Scope, publicId: string): Promise<TaskWithCreator | null> {
  const [row] = await selectTasks(db)
    .where(and(scopeWhere(scope), eq(downloadTasks.publicId, publicId)))
    .limit(1);
  return row ? flatten(row) : null;
}

export async function findTaskById(db: Db, id: number): Promise<TaskWithCreator | null> {
  const [row] = await selectTasks(db).where(eq(downloadTasks.id, id)).limit(1);
  return row ? flatten(row) : null;
}

export interface TaskListFilter {
  state?: string | undefined;
  reportType?: string | undefined;
}

export interface TaskKey {
  at: Date;
  id: number;
}

function listWhere(scope: Scope, f: TaskListFilter): SQL | undefined {
  return and(
    scopeWhere(scope),
    f.state === undefined ? undefined : eq(downloadTasks.state, f.state),
    f.reportType === undefined ? undefined : eq(downloadTasks.reportType, f.reportType),
  );
}

/** One page (plus one row) of the caller's tasks, newest first, after the keyset `after`. */
export async function listTasks(db: Db, scope: Scope, f: TaskListFilter, after: TaskKey | null, limit: number): Promise<TaskWithCreator[]> {
  const keyset =
    after === null
      ? undefined
      : or(lt(downloadTasks.createdAt, after.at), and(eq(downloadTasks.createdAt, after.at), lt(downloadTasks.id, after.id)));
  const rows = await selectTasks(db)
    .where(and(listWhere(scope, f), keyset))
    .orderBy(desc(downloadTasks.createdAt), desc(downloadTasks.id))
    .limit(limit);
  return rows.map(flatten);
}

/** The count of the list, stopping at `cap` rows. */
export async function countTasks(db: Db, scope: Scope, f: TaskListFilter, cap: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(downloadTasks).where(listWhere(scope, f)).limit(cap).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/**
 * A worker takes the task: PENDING (or IN_PROGRESS again, when the attempt before was lost with
 * its worker) becomes IN_PROGRESS with the count reset. Null when it was deleted, finished or failed.
 */
export async function claimTask(db: Db, id: number, now: Date): Promise<DownloadTaskRow | null> {
  const [row] = await db
    .update(downloadTasks)
    .set({ state: 'IN_PROGRESS', startedAt: now, rowsWritten: 0, failureReason: null, attempts: sql`${downloadTasks.attempts} + 1` })
    .where(and(eq(downloadTasks.id, id), inArray(downloadTasks.state, ['PENDING', 'IN_PROGRESS'])))
    .returning();
  return row ?? null;
}

/** Records progress; false when the task is no longer running (deleted meanwhile): the writer stops. */
export async function recordProgress(db: Db, id: number, rowsWritten: number): Promise<boolean> {
  const rows = await db
    .update(downloadTasks)
    .set({ rowsWritten })
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.state, 'IN_PROGRESS')))
    .returning({ id: downloadTasks.id });
  return rows.length > 0;
}

export async function completeTask(
  db: Db,
  id: number,
  done: { rowsWritten: number; written: unknown; sha256: string; size: number; blobKey: string; finishedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(downloadTasks)
    .set({ ...done, state: 'COMPLETE' })
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.state, 'IN_PROGRESS')))
    .returning({ id: downloadTasks.id });
  return rows.length > 0;
}

/** The attempt failed and no retry follows: FAIL with the reason a person reads. */
export async function failTask(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(downloadTasks)
    .set({ state: 'FAIL', failureReason: reason, finishedAt: now })
    .where(and(eq(downloadTasks.id, id), inArray(downloadTasks.state, ['PENDING', 'IN_PROGRESS'])));
}

/** The attempt failed and the queue retries it: back to PENDING, the reason kept for the screen. */
export async function requeueTask(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(downloadTasks)
    .set({ state: 'PENDING', failureReason: reason, rowsWritten: 0 })
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.state, 'IN_PROGRESS')));
}

/** A FAIL task (with attempts left) becomes PENDING again; false when it was not in FAIL. */
export async function retryTask(db: Db, scope: Scope, publicId: string, maxAttempts: number): Promise<DownloadTaskRow | null> {
  const [row] = await db
    .update(downloadTasks)
    .set({ state: 'PENDING', failureReason: null, rowsWritten: 0, startedAt: null, finishedAt: null })
    .where(
      and(
        scopeWhere(scope),
        eq(downloadTasks.publicId, publicId),
        eq(downloadTasks.state, 'FAIL'),
        lt(downloadTasks.attempts, maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** Deletes the task (whatever its state); answers its blob key (null when it had no file) or undefined when absent. */
export async function deleteTask(db: Db, scope: Scope, publicId: string): Promise<{ blobKey: string | null } | null> {
  const [row] = await db
    .delete(downloadTasks)
    .where(and(scopeWhere(scope), eq(downloadTasks.publicId, publicId)))
    .returning({ blobKey: downloadTasks.blobKey });
  return row ?? null;
}

/** Issues the one download link of a COMPLETE, unexpired task (a new link replaces the previous one). */
export async function setTaskLink(db: Db, id: number, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(downloadTasks)
    .set({ linkTokenHash: tokenHash, linkExpiresAt: expiresAt })
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.state, 'COMPLETE'), isNull(downloadTasks.expiredAt)))
    .returning({ id: downloadTasks.id });
  return rows.length > 0;
}

/** Uses a link up (conditional on it being unused and unexpired) and answers its task, or null. */
export async function consumeTaskLink(db: Db, tokenHash: string, now: Date): Promise<DownloadTaskRow | null> {
  const [row] = await db
    .update(downloadTasks)
    .set({ linkTokenHash: null, linkExpiresAt: null })
    .where(
      and(
        eq(downloadTasks.linkTokenHash, tokenHash),
        gt(downloadTasks.linkExpiresAt, now),
        eq(downloadTasks.state, 'COMPLETE'),
        isNull(downloadTasks.expiredAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Up to `limit` files whose retention is over. */
export async function dueForExpiry(db: Db, now: Date, limit: number): Promise<{ id: number; blobKey: string | null }[]> {
  return db
    .select({ id: downloadTasks.id, blobKey: downloadTasks.blobKey })
    .from(downloadTasks)
    .where(and(isNull(downloadTasks.expiredAt), lte(downloadTasks.expiresAt, now)))
    .limit(limit);
}

export async function markExpired(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(downloadTasks)
    .set({ expiredAt: now, blobKey: null, linkTokenHash: null, linkExpiresAt: null })
    .where(and(eq(downloadTasks.id, id), isNull(downloadTasks.expiredAt)));
}
