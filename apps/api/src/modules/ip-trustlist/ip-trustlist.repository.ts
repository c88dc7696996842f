import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { IpEntry } from '@andes/contract/common/ip';
import type { IpRestrictionMode, IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import { and, asc, desc, eq, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ipAccessSettings, ipRestrictionUsers, ipTrustlistEntries } from '../../db/schema/ip-trustlist.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of the IP trust lists and the access restriction. Every function that reads or writes a
 * merchant's lists takes the caller's scope: the lists are the merchant's (a sub-merchant user
 * works on their merchant's lists), and an id of another merchant is not found.
 */

export interface AccessHead {
  mode: IpRestrictionMode;
  version: number;
}

export interface AccessSettings extends AccessHead {
  restrictionUpdatedAt: Date | null;
  restrictionUpdatedBy: string | null;
}

const settingsColumns = {
  mode: ipAccessSettings.mode,
  version: ipAccessSettings.version,
  restrictionUpdatedAt: ipAccessSettings.restrictionUpdatedAt,
  restrictionUpdatedBy: ipAccessSettings.restrictionUpdatedBy,
};

const OFF: AccessSettings = { mode: 'OFF', version: 0, restrictionUpdatedAt: null, restrictionUpdatedBy: null };

/** The restriction mode and the version of the merchant's lists (primary-key read; the request pipeline's one query). */
export async function findAccessHead(db: Db, merchantId: number): Promise<AccessHead | null> {
  const rows = await db
    .select({ mode: ipAccessSettings.mode, version: ipAccessSettings.version })
    .from(ipAccessSettings)
    .where(eq(ipAccessSettings.merchantId, merchantId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccessSettings(db: Db, scope: Scope): Promise<AccessSettings> {
  const rows = await db.select(settingsColumns).from(ipAccessSettings).where(eq(ipAccessSettings.merchantId, scope.merchantId)).limit(1);
  return rows[0] ?? OFF;
}

/**
 * Locks the merchant's settings row for the rest of the transaction (creating it when missing) and
 * moves its version on: every write to the lists or the restriction goes through here first, so
 * concurrent writers of one merchant take turns and the pipeline sees the change at its next call.
 */
export async function lockAccessSettings(tx: Db, scope: Scope): Promise<AccessSettings> {
  const rows = await tx
    .insert(ipAccessSettings)
    .values({ merchantId: scope.merchantId, mode: 'OFF', version: 1 })
    .onConflictDoUpdate({ target: ipAccessSettings.merchantId, set: { version: sql`${ipAccessSettings.version} + 1` } })
    .returning(settingsColumns);
  const row = rows[0];
  if (!row) throw new Error('ip_access_settings: the upsert returned no row');
  return row;
}

export interface EntryRow extends IpEntry {
  id: number;
  listType: IpTrustlistType;
  remark: string;
  updatedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const entryColumns = {
  id: ipTrustlistEntries.id,
  listType: ipTrustlistEntries.listType,
  value: ipTrustlistEntries.value,
  kind: ipTrustlistEntries.kind,
  version: ipTrustlistEntries.ipVersion,
  remark: ipTrustlistEntries.remark,
  updatedBy: ipTrustlistEntries.updatedBy,
  createdAt: ipTrustlistEntries.createdAt,
  updatedAt: ipTrustlistEntries.updatedAt,
};

const inList = (scope: Scope, listType: IpTrustlistType) =>
  and(eq(ipTrustlistEntries.merchantId, scope.merchantId), eq(ipTrustlistEntries.listType, listType));

/** Every entry of one list, oldest first (a list holds at most IP_TRUSTLIST_MAX_ENTRIES). */
export async function listEntries(db: Db, scope: Scope, listType: IpTrustlistType): Promise<EntryRow[]> {
  return db.select(entryColumns).from(ipTrustlistEntries).where(inList(scope, listType)).orderBy(asc(ipTrustlistEntries.id));
}

/** Values of the merchant's DASHBOARD list (the restriction's list). */
export async function dashboardValues(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db.select({ value: ipTrustlistEntries.value }).from(ipTrustlistEntries).where(inList(scope, 'DASHBOARD'));
  return rows.map((r) => r.value);
}

/** One entry of the merchant's list, or null when missing, of another list or of another merchant. */
export async function findEntry(db: Db, scope: Scope, listType: IpTrustlistType, id: number): Promise<EntryRow | null> {
  const rows = await db
    .select(entryColumns)
    .from(ipTrustlistEntries)
    .where(and(inList(scope, listType), eq(ipTrustlistEntries.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** One entry of the merchant's lists, whichever list holds it. */
export async function findEntryById(db: Db, scope: Scope, id: number): Promise<EntryRow | null> {
  const rows = await db
    .select(entryColumns)
    .from(ipTrustlistEntries)
    .where(and(eq(ipTrustlistEntries.merchantId, scope.merchantId), eq(ipTrustlistEntries.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Adds entries in the given order; returns their ids in that order. */
export async function insertEntries(
  tx: Db,
  scope: Scope,
  input: { listType: IpTrustlistType; entries: readonly IpEntry[]; remark: string; by: string; now: Date },
): Promise<number[]> {
  if (input.entries.length === 0) return [];
  const rows = await tx
    .insert(ipTrustlistEntries)
    .values(
      input.entries.map((e) => ({
        merchantId: scope.merchantId,
        listType: input.listType,
        value: e.value,
        kind: e.kind,
        ipVersion: e.version,
        remark: input.remark,
        updatedBy: input.by,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .returning({ id: ipTrustlistEntries.id, value: ipTrustlistEntries.value });
  const idOf = new Map(rows.map((r) => [r.value, r.id]));
  return input.entries.map((e) => {
    const id = idOf.get(e.value);
    if (id === undefined) throw new Error(`ip_trustlist_entries: ${e.value} was not inserted`);
    return id;
  });
}

/** Changes one entry; false when it is gone (or belongs to another merchant or list). */
export async function updateEntry(
  tx: Db,
  scope: Scope,
  listType: IpTrustlistType,
  id: number,
  change: { entry: IpEntry; remark: string; by: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(ipTrustlistEntries)
    .set({
      value: change.entry.value,
      kind: change.entry.kind,
      ipVersion: change.entry.version,
      remark: change.remark,
      updatedBy: change.by,
      updatedAt: change.now,
    })
    .where(and(inList(scope, listType), eq(ipTrustlistEntries.id, id)))
    .returning({ id: ipTrustlistEntries.id });
  return rows.length > 0;
}

/** Removes one entry; false when it was already gone. */
export async function deleteEntry(tx: Db, scope: Scope, listType: IpTrustlistType, id: number): Promise<boolean> {
  const rows = await tx
    .delete(ipTrustlistEntries)
    .where(and(inList(scope, listType), eq(ipTrustlistEntries.id, id)))
    .returning({ id: ipTrustlistEntries.id });
  return rows.length > 0;
}

/** `%`, `_` and `\` typed in a search box match themselves. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface EntryPageQuery {
  listType: IpTrustlistType;
  address?: string | undefined;
  kind?: IpEntry['kind'] | undefined;
  version?: IpEntry['version'] | undefined;
  pageSize: number;
  /** Id of the last entry of the previous page. */
  afterId: number | null;
}

/** One page of a list, newest first (keyset on id), with the total capped at MAX_EXACT_TOTAL. */
export async function pageEntries(db: Db, scope: Scope, q: EntryPageQuery): Promise<{ rows: EntryRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    inList(scope, q.listType),
    q.address === undefined ? undefined : ilike(ipTrustlistEntries.value, likeContains(q.address)),
    q.kind === undefined ? undefined : eq(ipTrustlistEntries.kind, q.kind),
    q.version === undefined ? undefined : eq(ipTrustlistEntries.ipVersion, q.version),
  ];
  const where = and(...filters);
  const [rows, counted] = await Promise.all([
    db
      .select(entryColumns)
      .from(ipTrustlistEntries)
      .where(q.afterId === null ? where : and(where, lt(ipTrustlistEntries.id, q.afterId)))
      .orderBy(desc(ipTrustlistEntries.id))
      .limit(q.pageSize + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(ipTrustlistEntries)
        .where(where)
        .limit(MAX_EXACT_TOTAL + 1)
        .as('matching'),
    ),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Replaces the restriction and its users; the settings row must be locked (lockAccessSettings). */
export async function saveRestriction(
  tx: Db,
  scope: Scope,
  input: { mode: IpRestrictionMode; userIds: readonly number[]; by: string; now: Date },
): Promise<void> {
  await tx
    .update(ipAccessSettings)
    .set({ mode: input.mode, restrictionUpdatedAt: input.now, restrictionUpdatedBy: input.by })
    .where(eq(ipAccessSettings.merchantId, scope.merchantId));
  await tx.delete(ipRestrictionUsers).where(eq(ipRestrictionUsers.merchantId, scope.merchantId));
  if (input.userIds.length > 0) {
    await tx.insert(ipRestrictionUsers).values(input.userIds.map((userId) => ({ merchantId: scope.merchantId, userId })));
  }
}

/** Ids of the users held to the list under SELECTED_USERS. */
export async function restrictedUserIds(db: Db, scope: Scope): Promise<number[]> {
  const rows = await db
    .select({ userId: ipRestrictionUsers.userId })
    .from(ipRestrictionUsers)
    .where(eq(ipRestrictionUsers.merchantId, scope.merchantId));
  return rows.map((r) => r.userId);
}

/** The users held to the list under SELECTED_USERS, by username. */
export async function restrictedUsers(db: Db, scope: Scope): Promise<{ id: number; username: string; displayName: string }[]> {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(ipRestrictionUsers)
    .innerJoin(users, and(eq(users.id, ipRestrictionUsers.userId), eq(users.merchantId, scope.merchantId)))
    .where(eq(ipRestrictionUsers.merchantId, scope.merchantId))
    .orderBy(asc(users.username));
}

/** Which of `ids` are users of the merchant (others, and ids of other merchants, are left out). */
export async function existingUserIds(db: Db, scope: Scope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, scope.merchantId), inArray(users.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/**
 * What the request pipeline needs to decide on a restricted merchant, read in one statement so the
 * version and the entries belong together: the version, the DASHBOARD values and the selected users.
 */
export async function loadAccessSnapshot(
  db: Db,
  merchantId: number,
): Promise<{ version: number; values: string[]; userIds: number[] } | null> {
  const rows = await db
    .select({
      version: ipAccessSettings.version,
      values: sql<string[] | null>`(select array_agg(${ipTrustlistEntries.value}) from ${ipTrustlistEntries}
        where ${ipTrustlistEntries.merchantId} = ${ipAccessSettings.merchantId} and ${ipTrustlistEntries.listType} = 'DASHBOARD')`,
      userIds: sql<number[] | null>`(select array_agg(${ipRestrictionUsers.userId}) from ${ipRestrictionUsers}
        where ${ipRestrictionUsers.merchantId} = ${ipAccessSettings.merchantId})`,
    })
    .from(ipAccessSettings)
    .where(eq(ipAccessSettings.merchantId, merchantId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { version: row.version, values: row.values ?? [], userIds: (row.userIds ?? []).map(Number) };
}
