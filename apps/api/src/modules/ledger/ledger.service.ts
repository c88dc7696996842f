import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { Db } from '../../db/client.ts';
import { BUCKETS, type Bucket, type EntryKind } from '../../db/schema/ledger.ts';
import { alarmsCrossed, type Crossing } from '../balance-alarm/balance-alarm.crossing.ts';
import { globalAccountNo, localAccountNo } from './account-numbers.ts';
import { isCheckViolation, LedgerErrors } from './ledger.errors.ts';
import {
  type AccountRef,
  addToBuckets,
  findGlobalAccount,
  findHolder,
  findLocalAccount,
  insertEntries,
  insertGlobalAccount,
  insertLocalAccount,
  insertPostings,
  type LockedRow,
  type PostingRow,
  selectForUpdate,
  systemAccountRows,
} from './ledger.repository.ts';
import { type AccountState, type BucketBalances, isBalanced, type Line, type SystemAccounts } from './posting-rules.ts';

/**
 * The ledger service: provisions accounts, locks them and writes entries (docs/balances.md).
 *
 * Every function takes the caller's database transaction: an event's postings, its transaction
 * row and its daily figures commit together or not at all. Lock order, followed by every writer
 * so that two writers never wait on each other in a circle: merchant and global accounts first,
 * ascending by id (`lock`), then — inside `write`, at the end of the work — SYSTEM accounts,
 * ascending by id. The row locks serialise concurrent writers of one account: a rule decides on
 * balances nobody else can change until the transaction ends, so concurrent payouts can never
 * overdraw; the check constraint `accounts_no_overdraw_check` is the last guard.
 */

/** A merchant's (or sub-merchant's) local account. */
export interface LocalAccount extends AccountRef {
  holderId: number;
  merchantId: number;
  country: Country;
  accountType: AccountType;
}

/**
 * The holder's account of one country and type, created on first use (currency of the country,
 * account number `<holder code>.<country>.<type>`, merchant = the holder's parent or itself).
 */
export async function ensureLocalAccount(tx: Db, holderId: number, country: Country, accountType: AccountType): Promise<LocalAccount> {
  const holder = await findHolder(tx, holderId);
  if (!holder) throw new Error(`no merchant ${holderId}`);
  const merchantId = holder.parentId ?? holder.id;
  const found = await findLocalAccount(tx, holderId, country, accountType);
  if (found) return { ...found, holderId, merchantId, country, accountType };
  const created = await insertLocalAccount(tx, {
    holderId,
    merchantId,
    country,
    currency: COUNTRY_INFO[country].currency,
    accountType,
    accountNo: localAccountNo(holder.code, country, accountType),
  });
  // A concurrent transaction created it first: ON CONFLICT waited for it, so it is visible now.
  const account = created ?? (await findLocalAccount(tx, holderId, country, accountType));
  if (!account) throw new Error(`account ${holder.code}.${country}.${accountType} neither created nor found`);
  return { ...account, holderId, merchantId, country, accountType };
}

/** The merchant's global (USD) account, created on first use. Sub-merchants have none. */
export async function ensureGlobalAccount(tx: Db, merchantId: number): Promise<AccountRef> {
  const found = await findGlobalAccount(tx, merchantId);
  if (found) return found;
  const holder = await findHolder(tx, merchantId);
  if (!holder) throw new Error(`no merchant ${merchantId}`);
  if (holder.parentId !== null) throw new Error(`merchant ${holder.code} is a sub-merchant: global accounts belong to merchants`);
  const created = await insertGlobalAccount(tx, merchantId, globalAccountNo(holder.code));
  const account = created ?? (await findGlobalAccount(tx, merchantId));
  if (!account) throw new Error(`global account of ${holder.code} neither created nor found`);
  return account;
}

/** The provider's accounts in one currency (created by migration 0005 for every currency). */
export async function systemAccounts(tx: Db, currency: string): Promise<SystemAccounts> {
  const rows = await systemAccountRows(tx, currency);
  const idOf = (code: string) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`no SYSTEM ${code} account in ${currency}`);
    return row.id;
  };
  return { clearing: idOf('CLEARING'), fees: idOf('FEES'), tax: idOf('TAX'), fx: idOf('FX') };
}

function balancesOf(row: LockedRow): BucketBalances {
  return {
    AVAILABLE: row.AVAILABLE,
    PENDING: row.PENDING,
    ON_HOLD: row.ON_HOLD,
    RESERVED: row.RESERVED,
    DEPOSIT_HELD: row.DEPOSIT_HELD,
    OWED: row.OWED,
  };
}

/** Locked accounts by id, as the posting rules see them; `write` keeps them up to date. */
export type LockedAccounts = Map<number, AccountState>;

/**
 * Locks merchant and global accounts (`SELECT … FOR NO KEY UPDATE`, ascending id) for the rest of the
 * transaction and returns their balances. SYSTEM accounts are never locked here (see `write`).
 */
export async function lock(tx: Db, accountIds: readonly number[]): Promise<LockedAccounts> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const rows = await selectForUpdate(tx, ids);
  const out: LockedAccounts = new Map();
  for (const row of rows) {
    if (row.kind === 'SYSTEM') throw new Error(`account ${row.id} is a SYSTEM account: it is not locked for rules`);
    out.set(row.id, { id: row.id, currency: row.currency, balances: balancesOf(row) });
  }
  const missing = ids.filter((id) => !out.has(id));
  if (missing.length > 0) throw new Error(`accounts not found: ${missing.join(', ')}`);
  return out;
}

/** What an entry is about. */
export interface EntryMeta {
  kind: EntryKind;
  transactionId?: number | null;
  /** The accounting request it is about (docs/decisions/0027). */
  requestId?: number | null;
  eventId?: string | null;
  /** When it happened (the event's time). */
  effectiveAt: Date;
}

export interface Written {
  entryId: number;
  /**
   * Balances of each merchant or global account it touched, after the entry (after the last one
   * for entries written together by writeMany).
   */
  balances: Map<number, BucketBalances>;
}

/**
 * Writes one entry: refuses lines that do not sum to zero per currency, inserts the entry, adds
 * each account's lines to its bucket columns with one UPDATE per account (merchant and global
 * accounts ascending, then SYSTEM accounts ascending) and inserts the postings with the bucket's
 * balance right after each. `locked` (from `lock`) is brought up to date. Lines of zero are left
 * out; no lines, no entry (null). An overdraw refused by the database is INSUFFICIENT_BALANCE.
 */
export async function write(tx: Db, meta: EntryMeta, lines: readonly Line[], locked?: LockedAccounts): Promise<Written | null> {
  const [written] = await writeMany(tx, [{ meta, lines }], locked);
  return written ?? null;
}

/** One entry of writeMany. */
export interface EntryToWrite {
  meta: EntryMeta;
  lines: readonly Line[];
}

/**
 * Writes entries in bulk, as `write` would write them one after the other, in a handful of
 * statements whatever their number: one INSERT of the entries, one UPDATE per account touched (the
 * entries' lines summed; same order as `write`), and the postings in INSERT statements of
 * thousands, each posting with its bucket's balance right after it in the entries' order. For
 * many entries on the same few accounts (a batch of payouts, each with its own entry and
 * transaction id). Entries without lines are skipped; answers the written ones, in order.
 */
export async function writeMany(tx: Db, entries: readonly EntryToWrite[], locked?: LockedAccounts): Promise<Written[]> {
  const kept: { meta: EntryMeta; posted: Line[] }[] = [];
  for (const { meta, lines } of entries) {
    for (const l of lines) {
      if (!Number.isSafeInteger(l.amount)) throw new Error(`${meta.kind}: a posting of ${l.amount} is not a whole number of cents`);
    }
    const posted = lines.filter((l) => l.amount !== 0);
    if (!isBalanced(posted)) throw new Error(`${meta.kind}: the lines do not sum to zero per currency`);
    if (posted.length > 0) kept.push({ meta, posted });
  }
  if (kept.length === 0) return [];

  const ids: number[] = [];
  for (let i = 0; i < kept.length; i += ENTRIES_PER_INSERT) {
    const chunk = kept.slice(i, i + ENTRIES_PER_INSERT);
    const rows = await insertEntries(
      tx,
      chunk.map(({ meta }) => ({
        kind: meta.kind,
        transactionId: meta.transactionId ?? null,
        requestId: meta.requestId ?? null,
        eventId: meta.eventId ?? null,
        effectiveAt: meta.effectiveAt,
      })),
    );
    if (rows.length !== chunk.length || rows.some((r, j) => r.transactionId !== (chunk[j]?.meta.transactionId ?? null))) {
      throw new Error('ledger_entries: the inserted rows did not come back in the order given');
    }
    ids.push(...rows.map((r) => r.id));
  }

  const deltas = new Map<number, Partial<Record<Bucket, number>>>();
  for (const { posted } of kept) {
    for (const l of posted) {
      const d = deltas.get(l.accountId) ?? {};
      d[l.bucket] = (d[l.bucket] ?? 0) + l.amount;
      deltas.set(l.accountId, d);
    }
  }
  const first = kept[0] as { meta: EntryMeta };
  const after = new Map<number, LockedRow>();
  const updateAll = async (accountIds: number[]) => {
    for (const id of accountIds) {
      let row: LockedRow | null;
      try {
        row = await addToBuckets(tx, id, deltas.get(id) ?? {});
      } catch (err) {
        if (isCheckViolation(err, 'accounts_no_overdraw_check')) throw LedgerErrors.overdraw();
        throw err;
      }
      if (!row) throw new Error(`${first.meta.kind}: account ${id} not found`);
      after.set(id, row);
    }
  };
  const accountIds = [...deltas.keys()].sort((a, b) => a - b);
  // SYSTEM accounts (MAIN bucket only) last: they are shared by every merchant of a currency, so
  // their row locks are taken as late, and held as briefly, as possible.
  const systemIds = new Set(
    accountIds.filter((id) => kept.every(({ posted }) => posted.every((l) => l.accountId !== id || l.bucket === 'MAIN'))),
  );
  await updateAll(accountIds.filter((id) => !systemIds.has(id)));
  await updateAll(accountIds.filter((id) => systemIds.has(id)));

  // Balance after each posting: the final balance less what the entries add, then posting by posting.
  const running = new Map<string, number>();
  for (const [id, d] of deltas) {
    const row = after.get(id) as LockedRow;
    for (const bucket of BUCKETS) if (d[bucket] !== undefined) running.set(`${id}:${bucket}`, row[bucket] - (d[bucket] ?? 0));
  }
  const postings: PostingRow[] = [];
  const written: Written[] = [];
  const snapshot = new Map<number, BucketBalances>();
  for (const [id, row] of after) if (row.kind !== 'SYSTEM') snapshot.set(id, { ...balancesOf(row) });
  kept.forEach(({ meta, posted }, index) => {
    const entryId = ids[index] as number;
    for (const l of posted) {
      const row = after.get(l.accountId);
      if (!row) throw new Error(`${meta.kind}: account ${l.accountId} not updated`);
      if (row.currency !== l.currency) throw new Error(`${meta.kind}: a ${l.currency} posting on ${row.currency} account ${row.id}`);
      if ((row.kind === 'SYSTEM') !== (l.bucket === 'MAIN'))
        throw new Error(`${meta.kind}: bucket ${l.bucket} on ${row.kind} account ${row.id}`);
      const key = `${l.accountId}:${l.bucket}`;
      const balanceAfter = (running.get(key) ?? 0) + l.amount;
      running.set(key, balanceAfter);
      postings.push({
        entryId,
        accountId: l.accountId,
        bucket: l.bucket,
        currency: l.currency,
        amount: l.amount,
        balanceAfter,
        effectiveAt: meta.effectiveAt,
      });
    }
    written.push({ entryId, balances: snapshot });
  });
  await insertPostings(tx, postings);
  await alarmsCrossed(tx, crossingsOf(after, kept, ids));

  for (const [id, b] of snapshot) {
    const state = locked?.get(id);
    if (state) state.balances = { ...b };
  }
  return written;
}

/**
 * The balance alarms the write crossed (docs/decisions/0033): each account whose alarm the update
 * read (addToBuckets, when AVAILABLE moved) and whose available balance is now on the other side of
 * the threshold than the alarm's state says. Named after the write's last entry on the account.
 */
function crossingsOf(
  after: ReadonlyMap<number, LockedRow>,
  kept: readonly { meta: EntryMeta; posted: Line[] }[],
  ids: readonly number[],
): Crossing[] {
  const crossings: Crossing[] = [];
  for (const [accountId, row] of after) {
    const threshold = row.alarmThreshold;
    if (threshold === null || threshold === undefined) continue;
    const below = row.AVAILABLE < threshold;
    if (below === (row.alarmBelow ?? false)) continue;
    let last = kept.length - 1;
    while (last > 0 && !kept[last]?.posted.some((l) => l.accountId === accountId && l.bucket === 'AVAILABLE')) last--;
    crossings.push({
      accountId,
      available: row.AVAILABLE,
      threshold,
      below,
      entryId: ids[last] ?? null,
      at: kept[last]?.meta.effectiveAt ?? new Date(),
    });
  }
  return crossings;
}

/** Entries per INSERT statement. */
const ENTRIES_PER_INSERT = 5_000;
