import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The bulk load the generators share: inside the caller's open transaction, the table is locked,
 * its secondary indexes are dropped, the rows stream in with `COPY … FROM STDIN` — where the role
 * may, with the per-row foreign-key triggers off (the rows reference merchants and accounts the
 * generator just made; about twice as fast) — and the indexes are built again from their own
 * definitions (faster than row by row). The caller commits.
 */
export async function copyWithIndexesRebuilt(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: () => AsyncIterable<string> | Iterable<string>,
): Promise<{ triggersOff: boolean; copyMs: number; indexCount: number }> {
  const q = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
  await q(`lock table ${table} in share row exclusive mode`);
  await q(`set local maintenance_work_mem = '512MB'`);
  await q('savepoint replica');
  let triggersOff = true;
  try {
    await q('set local session_replication_role = replica');
    await q('release savepoint replica');
  } catch {
    await q('rollback to savepoint replica');
    triggersOff = false;
  }
  const indexes = await q<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = '${table}'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const ix of indexes) await q(`drop index "${ix.name.replace(/"/g, '""')}"`);
  const started = performance.now();
  await pipeline(Readable.from(rows()), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)));
  const copyMs = performance.now() - started;
  if (triggersOff) await q('set local session_replication_role = origin');
  for (const ix of indexes) await q(ix.def);
  return { triggersOff, copyMs, indexCount: indexes.length };
}
