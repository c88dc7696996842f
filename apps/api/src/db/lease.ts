import { and, asc, getTableColumns, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type Field<T extends PgTable> = keyof T['$inferSelect'] & string;

/**
 * A work queue kept in a table's own rows, which the provider polls through a `/internal/v1` claim
 * (payouts, accounting requests, chargeback defences, support cases): which rows wait, and the
 * fields that name them, order them, lease them and count the attempts.
 */
export interface LeaseQueue<T extends PgTable> {
  table: T;
  /** The rows that wait for the provider (the lease condition is added to it). */
  waiting: SQL | undefined;
  /** The unique key the claimed rows are updated by. */
  key: Field<T>;
  /** Oldest first: the fields the free rows are taken by, ascending (ending with the key). */
  order: Field<T>[];
  lease: Field<T>;
  attempts: Field<T>;
}

/**
 * Takes up to `limit` waiting rows whose lease is free (never leased, or run out), oldest first,
 * and leases them until `leasedUntil`, counting the attempt; `FOR UPDATE SKIP LOCKED`, so two
 * pollers at once never get the same row. Runs in the caller's transaction; the rows come back in
 * the queue's order, as they are after the update.
 */
export async function leaseRows<T extends PgTable>(
  tx: Db,
  queue: LeaseQueue<T>,
  now: Date,
  leasedUntil: Date,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const columns = getTableColumns(queue.table);
  const column = (field: string) => {
    const c = columns[field];
    if (!c) throw new Error(`${field} is not a field of the lease table`);
    return c;
  };
  const lease = column(queue.lease);
  const free = await tx
    .select({ key: column(queue.key) })
    .from(queue.table as PgTable)
    .where(and(queue.waiting, or(isNull(lease), lte(lease, now))))
    .orderBy(...queue.order.map((f) => asc(column(f))))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (free.length === 0) return [];
  const keys = free.map((f) => f.key);
  const set = { [queue.lease]: leasedUntil, [queue.attempts]: sql`${column(queue.attempts)} + 1` } as PgUpdateSetSource<T>;
  const rows = (await tx
    .update(queue.table)
    .set(set)
    .where(inArray(column(queue.key), keys))
    .returning()) as T['$inferSelect'][];
  const rank = new Map(keys.map((k, i) => [k, i]));
  return rows.sort((a, b) => (rank.get(a[queue.key]) ?? 0) - (rank.get(b[queue.key]) ?? 0));
}
