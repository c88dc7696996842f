import type { AccountType } from '@andes/contract/account/enums';
import { ALARM_VIEW_PERMISSION, type AlarmEventKind } from '@andes/contract/balance-alarm/schemas';
import type { Language } from '@andes/contract/common/constants';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { balanceAlarmEvents, balanceAlarms } from '../../db/schema/balance-alarms.ts';
import { accounts } from '../../db/schema/ledger.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';
import { scopeOfAccounts } from '../account/account.repository.ts';

/** Reads and writes of the balance alarms (docs/decisions/0033). */

export interface AlarmAccountRow {
  accountId: number;
  accountNo: string;
  accountType: AccountType;
  country: string;
  currency: string;
  merchantId: number;
  holderId: number;
  holderName: string;
  subMerchant: boolean;
  available: number;
  threshold: number | null;
  below: boolean;
  subscriberIds: number[];
  version: number;
  updatedAt: Date | null;
  updatedByName: string | null;
  lastFiredAt: Date | null;
}

const ACCOUNT_FIELDS = {
  accountId: accounts.id,
  accountNo: accounts.accountNo,
  accountType: accounts.accountType,
  country: accounts.country,
  currency: accounts.currency,
  merchantId: accounts.merchantId,
  holderId: merchants.id,
  holderName: merchants.name,
  parentId: merchants.parentId,
  available: accounts.available,
  threshold: balanceAlarms.threshold,
  below: balanceAlarms.below,
  subscriberIds: balanceAlarms.subscriberIds,
  version: balanceAlarms.version,
  updatedAt: balanceAlarms.updatedAt,
  updatedByName: balanceAlarms.updatedByName,
  lastFiredAt: balanceAlarms.lastFiredAt,
};

type Selected = Awaited<ReturnType<typeof alarmAccounts>>[number];

function toRow(r: Selected): AlarmAccountRow {
  if (r.accountType === null || r.country === null || r.merchantId === null) throw new Error(`account ${r.accountId}: not a local account`);
  return {
    accountId: r.accountId,
    accountNo: r.accountNo,
    accountType: r.accountType,
    country: r.country,
    currency: r.currency,
    merchantId: r.merchantId,
    holderId: r.holderId,
    holderName: r.holderName,
    subMerchant: r.parentId !== null,
    available: r.available,
    threshold: r.threshold ?? null,
    below: r.below ?? false,
    subscriberIds: r.subscriberIds ?? [],
    version: r.version ?? 0,
    updatedAt: r.updatedAt ?? null,
    updatedByName: r.updatedByName ?? null,
    lastFiredAt: r.lastFiredAt ?? null,
  };
}

function alarmAccounts(db: Db, where: SQL | undefined) {
  return db
    .select(ACCOUNT_FIELDS)
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.holderId))
    .leftJoin(balanceAlarms, eq(balanceAlarms.accountId, accounts.id))
    .where(and(eq(accounts.kind, 'MERCHANT'), where));
}

/** The local accounts of one country in scope with their alarms: the merchant's own first, then each sub-merchant's. */
export async function listAlarmAccounts(db: Db, scope: Scope, country: string): Promise<AlarmAccountRow[]> {
  const rows = await alarmAccounts(db, and(scopeOfAccounts(scope), eq(accounts.country, country))).orderBy(
    sql`(${merchants.parentId} is not null)`,
    asc(merchants.name),
    asc(accounts.id),
  );
  return rows.map(toRow);
}

/** One local account in scope with its alarm, or null. */
export async function findAlarmAccount(db: Db, scope: Scope, accountId: number): Promise<AlarmAccountRow | null> {
  const [row] = await alarmAccounts(db, and(scopeOfAccounts(scope), eq(accounts.id, accountId))).limit(1);
  return row ? toRow(row) : null;
}

/** The alarm row of an account, locked for the rest of the transaction (null when it never had one). */
export async function lockAlarm(tx: Db, accountId: number) {
  const [row] = await tx.select().from(balanceAlarms).where(eq(balanceAlarms.accountId, accountId)).limit(1).for('update');
  return row ?? null;
}

export interface AlarmWrite {
  accountId: number;
  merchantId: number;
  threshold: number | null;
  below: boolean;
  subscriberIds: number[];
  version: number;
  updatedAt: Date;
  updatedBy: number;
  updatedByName: string;
}

/** Writes an account's alarm (inserting its row the first time). */
export async function saveAlarm(tx: Db, a: AlarmWrite): Promise<void> {
  const { accountId, ...rest } = a;
  await tx.insert(balanceAlarms).values(a).onConflictDoUpdate({ target: balanceAlarms.accountId, set: rest });
}

/**
 * Moves an alarm to `below` if it is on the other side and still has `threshold` (the caller holds
 * the account's lock); answers its merchant and subscribers, or null when it was not moved.
 */
export async function flipAlarm(
  tx: Db,
  accountId: number,
  threshold: number,
  below: boolean,
  at: Date,
): Promise<{ merchantId: number; subscriberIds: number[] } | null> {
  const [row] = await tx
    .update(balanceAlarms)
    .set({ below, ...(below ? { lastFiredAt: at } : {}) })
    .where(and(eq(balanceAlarms.accountId, accountId), eq(balanceAlarms.below, !below), eq(balanceAlarms.threshold, threshold)))
    .returning({ merchantId: balanceAlarms.merchantId, subscriberIds: balanceAlarms.subscriberIds });
  return row ?? null;
}

export interface AlarmEventWrite {
  accountId: number;
  merchantId: number;
  country: string;
  kind: AlarmEventKind;
  available: number;
  threshold: number;
  entryId: number | null;
  at: Date;
  notifiedIds: number[];
}

export async function insertAlarmEvent(tx: Db, e: AlarmEventWrite): Promise<number> {
  const [row] = await tx.insert(balanceAlarmEvents).values(e).returning({ id: balanceAlarmEvents.id });
  if (!row) throw new Error('balance_alarm_events insert returned no row');
  return row.id;
}

/** What a notice and an e-mail say about an account. */
export async function accountFacts(
  tx: Db,
  accountId: number,
): Promise<{ accountNo: string; accountType: AccountType; country: string; currency: string; holderId: number } | null> {
  const [row] = await tx
    .select({
      accountNo: accounts.accountNo,
      accountType: accounts.accountType,
      country: accounts.country,
      currency: accounts.currency,
      holderId: accounts.holderId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row || row.accountType === null || row.country === null || row.holderId === null) return null;
  return { ...row, accountType: row.accountType, country: row.country, holderId: row.holderId };
}

export interface Recipient {
  userId: number;
  /** The sub-merchant the user belongs to; null for the merchant's own users. */
  subMerchantId: number | null;
  name: string;
  email: string;
  language: Language;
}

/**
 * The people an alarm of `country` may notify: the merchant's enabled users who may see the
 * country and the alarms (super admins, or a role of theirs grants ALARM_VIEW_PERMISSION) — the
 * merchant's own users, and the users of `holderId` when it is a sub-merchant. `only` narrows to
 * those ids.
 */
export async function alarmRecipients(
  db: Db,
  merchantId: number,
  country: string,
  holderId: number | null,
  only?: readonly number[],
): Promise<Recipient[]> {
  if (only !== undefined && only.length === 0) return [];
  const holds = sql`(${users.superAdmin} or exists (
      select 1 from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.merchantId} = ${users.merchantId} and ${roles.state} = 1
      join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.code} = ${ALARM_VIEW_PERMISSION}
      where ${userRoles.userId} = ${users.id}))`;
  const rows = await db
    .select({
      userId: users.id,
      subMerchantId: users.subMerchantId,
      name: users.displayName,
      username: users.username,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        holderId === null || holderId === merchantId
          ? isNull(users.subMerchantId)
          : or(isNull(users.subMerchantId), eq(users.subMerchantId, holderId)),
        eq(users.state, 1),
        or(isNull(users.countries), sql`${country} = any(${users.countries})`),
        sql`exists (select 1 from ${merchantAreas} where ${merchantAreas.merchantId} = ${merchantId} and ${merchantAreas.country} = ${country})`,
        only === undefined ? undefined : inArray(users.id, [...only]),
        holds,
      ),
    )
    .orderBy(asc(users.displayName), asc(users.id));
  return rows.map((r) => ({
    userId: r.userId,
    subMerchantId: r.subMerchantId,
    name: r.name.trim() === '' ? r.username : r.name,
    email: r.email ?? '',
    language: r.language,
  }));
}

/** Names of the merchant's users by id (the subscribers shown on the list). */
export async function userNames(db: Db, merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.displayName, username: users.username })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), inArray(users.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name.trim() === '' ? r.username : r.name]));
}

export interface AlarmEventRow {
  id: number;
  accountId: number;
  accountNo: string;
  accountType: AccountType;
  currency: string;
  kind: AlarmEventKind;
  available: number;
  threshold: number;
  at: Date;
  notifiedIds: number[];
  mailedAt: Date | null;
}

export interface AlarmEventFilter {
  country: string;
  accountId?: number;
  /** Keyset: only events before this id (the cursor's). */
  beforeId?: number;
}

function alarmEventWhere(scope: Scope, filter: AlarmEventFilter): SQL | undefined {
  return and(
    eq(balanceAlarmEvents.merchantId, scope.merchantId),
    eq(balanceAlarmEvents.country, filter.country),
    scopeOfAccounts(scope),
    filter.accountId === undefined ? undefined : eq(balanceAlarmEvents.accountId, filter.accountId),
  );
}

/**
 * One page of alarm events of a country in scope, newest first (a backward scan of the merchant's or
 * the account's events by id, each joined to its account by primary key). Exported for the plan test.
 */
export function alarmEventListQuery(db: Db, scope: Scope, filter: AlarmEventFilter, limit: number) {
  return db
    .select({
      id: balanceAlarmEvents.id,
      accountId: balanceAlarmEvents.accountId,
      accountNo: accounts.accountNo,
      accountType: accounts.accountType,
      currency: accounts.currency,
      kind: balanceAlarmEvents.kind,
      available: balanceAlarmEvents.available,
      threshold: balanceAlarmEvents.threshold,
      at: balanceAlarmEvents.at,
      notifiedIds: balanceAlarmEvents.notifiedIds,
      mailedAt: balanceAlarmEvents.mailedAt,
    })
    .from(balanceAlarmEvents)
    .innerJoin(accounts, eq(accounts.id, balanceAlarmEvents.accountId))
    .where(and(alarmEventWhere(scope, filter), filter.beforeId === undefined ? undefined : lt(balanceAlarmEvents.id, filter.beforeId)))
    .orderBy(desc(balanceAlarmEvents.id))
    .limit(limit);
}

/** Alarm events of a country in scope, newest first, after the cursor's id: `limit` rows and the count capped at `countCap`. */
export async function alarmEventPage(
  db: Db,
  scope: Scope,
  filter: AlarmEventFilter,
  limit: number,
  countCap: number,
): Promise<{ rows: AlarmEventRow[]; counted: number }> {
  const rows = await alarmEventListQuery(db, scope, filter, limit);
  const capped = db
    .select({ id: balanceAlarmEvents.id })
    .from(balanceAlarmEvents)
    .innerJoin(accounts, eq(accounts.id, balanceAlarmEvents.accountId))
    .where(alarmEventWhere(scope, { country: filter.country, accountId: filter.accountId }))
    .limit(countCap)
    .as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  return {
    rows: rows.map((r) => ({ ...r, accountType: r.accountType as AccountType })),
    counted: total?.n ?? 0,
  };
}

/** FIRED events whose e-mails have not been handed over, oldest first, locked (two workers never take the same). */
export async function claimUnmailed(tx: Db, limit: number) {
  return tx
    .select()
    .from(balanceAlarmEvents)
    .where(and(eq(balanceAlarmEvents.kind, 'FIRED'), isNull(balanceAlarmEvents.mailedAt)))
    .orderBy(asc(balanceAlarmEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markMailed(tx: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(balanceAlarmEvents)
    .set({ mailedAt: at })
    .where(inArray(balanceAlarmEvents.id, [...ids]));
}
