import type { ActivityEvent, ActivityObjectType, ActivityOutcome } from '@andes/contract/activity/enums';
import { and, desc, eq, gte, ilike, inArray, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/activity.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of the activity log's page and export. Every query takes the caller's scope: the merchant's
 * entries only, and for a sub-merchant user only the entries of their sub-merchant's users.
 */

export interface ActivityFilter {
  /** Half-open `[start, end)` in UTC. */
  start?: Date | undefined;
  end?: Date | undefined;
  actorUserId?: number | undefined;
  /** Part of the actor's username. */
  actor?: string | undefined;
  events: readonly ActivityEvent[];
  outcome?: ActivityOutcome | undefined;
  objectType?: ActivityObjectType | undefined;
  objectId?: string | undefined;
  /** Any of these stored spellings of one address. */
  ips?: readonly string[] | undefined;
}

/** Position after which the next page starts: the (at, id) of the last entry shown. */
export interface ActivityKey {
  /** ISO 8601 in UTC with microseconds, as the database has it. */
  at: string;
  id: number;
}

/** `%`, `_` and `\` typed in a search box match themselves. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(db: Db, scope: Scope, f: ActivityFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(activityLog.merchantId, scope.merchantId),
    scope.subMerchantId === null
      ? undefined
      : inArray(
          activityLog.actorUserId,
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.merchantId, scope.merchantId), eq(users.subMerchantId, scope.subMerchantId))),
        ),
    f.start === undefined ? undefined : gte(activityLog.at, f.start),
    f.end === undefined ? undefined : lt(activityLog.at, f.end),
    f.actorUserId === undefined ? undefined : eq(activityLog.actorUserId, f.actorUserId),
    f.actor === undefined ? undefined : ilike(activityLog.actorUsername, likeContains(f.actor)),
    f.events.length === 0 ? undefined : inArray(activityLog.event, [...f.events]),
    f.outcome === undefined ? undefined : eq(activityLog.outcome, f.outcome),
    f.objectType === undefined ? undefined : eq(activityLog.objectType, f.objectType),
    f.objectId === undefined ? undefined : eq(activityLog.objectId, f.objectId),
    f.ips === undefined || f.ips.length === 0 ? undefined : inArray(activityLog.ip, [...f.ips]),
  ];
  return and(...conditions);
}

/** The exact `at` of a row as text, for the cursor (a JS Date would drop the microseconds). */
const atText = sql<string>`to_char(${activityLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const rowColumns = {
  id: activityLog.id,
  at: activityLog.at,
  atKey: atText,
  actorUserId: activityLog.actorUserId,
  actorUsername: activityLog.actorUsername,
  event: activityLog.event,
  outcome: activityLog.outcome,
  objectType: activityLog.objectType,
  objectId: activityLog.objectId,
  objectLabel: activityLog.objectLabel,
  ip: activityLog.ip,
  userAgent: activityLog.userAgent,
  details: activityLog.details,
};

/**
 * The entries after `after`, newest first. `(merchant_id, at, id)` is compared as one row so the
 * ascending index `activity_log_merchant_at_idx` is scanned backward from the cursor, without a sort.
 */
export function activityPageQuery(db: Db, scope: Scope, f: ActivityFilter, after: ActivityKey | null, limit: number, maxId?: number) {
  const keyset =
    after === null
      ? undefined
      : sql`(${activityLog.merchantId}, ${activityLog.at}, ${activityLog.id}) < (${scope.merchantId}, ${after.at}::timestamptz, ${after.id})`;
  return db
    .select(rowColumns)
    .from(activityLog)
    .where(and(whereOf(db, scope, f), keyset, maxId === undefined ? undefined : lte(activityLog.id, maxId)))
    .orderBy(desc(activityLog.merchantId), desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
}
export type ActivityRow = Awaited<ReturnType<typeof activityPageQuery>>[number];

/** Matching entries, counted up to `cap + 1` (so "more than cap" is known without counting everything). */
export async function countActivity(db: Db, scope: Scope, f: ActivityFilter, cap: number, maxId?: number): Promise<number> {
  const where = and(whereOf(db, scope, f), maxId === undefined ? undefined : lte(activityLog.id, maxId));
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(activityLog)
      .where(where)
      .limit(cap + 1)
      .as('matching'),
  );
  return rows[0]?.n ?? 0;
}

/** The newest id of the merchant's log now: an export covers the entries up to it. */
export async function lastActivityId(db: Db, scope: Scope): Promise<number> {
  const rows = await db
    .select({ id: max(activityLog.id) })
    .from(activityLog)
    .where(eq(activityLog.merchantId, scope.merchantId));
  return Number(rows[0]?.id ?? 0);
}
