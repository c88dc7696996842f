import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sniffContentType } from '../../modules/files/content-type.ts';
import { newFileId, sha256Hex } from '../../modules/files/files.service.ts';
import { globalAccountNo, localAccountNo } from '../../modules/ledger/account-numbers.ts';
import { REVENUE_STATS_FROM_TRANSACTIONS_SQL } from '../../modules/ledger/funnel.ts';
import { demoAttachmentsOf, hasDemoAttachments } from '../../simulator/attachments.ts';
import { type BookAccount, type BookIds, type BookMerchant, HistoryBook, type TxRow } from '../../simulator/history-book.ts';
import { type HistoryPlan, planHistory } from '../../simulator/history-plan.ts';
import type { PlannedEvent } from '../../simulator/lifecycle.ts';
import { DEFAULT_TARGETS, type SimTarget } from '../../simulator/merchants.ts';
import type { Db } from '../client.ts';
import type { Attachment } from '../schema/transactions.ts';
import { chargebackOutcomeEvents, type DemoRiskPlan, planDemoRisk, type RiskSeedResult, writeDemoRisk } from './demo-risk.ts';

/**
 * The demo history: about six months of transactions for the demo merchants, made by the same
 * lifecycle model as the live simulator and posted by the same posting rules as the ingestion
 * API (in memory, in time order, with its refusals), then written in bulk — COPY on PGlite,
 * multi-row inserts from arrays on PostgreSQL — in one database transaction, only into a
 * database that has no transactions and no ledger entries yet. Daily figures are built from the
 * inserted rows with one INSERT … SELECT … GROUP BY.
 */

export interface DemoHistoryOptions {
  /** Transactions to create (pay-ins, payouts, marketplace orders); refunds and chargebacks come on top. */
  transactions: number;
  /** The history ends here; default now. */
  now?: Date;
  /** Default 'andes-demo'. The same seed and `now` give the same history. */
  seed?: string;
  /** Days of history (default 182). */
  days?: number;
  /** Default: the demo merchants. */
  targets?: readonly SimTarget[];
  /**
   * The model's plan made beforehand by prepareDemoHistory with the same options (server.ts makes
   * it while a first start creates the embedded database in a worker thread). Used — and consumed —
   * when all the targets exist; its `now` is the history's end unless `now` is given.
   */
  prepared?: PreparedDemoHistory;
  log?: (line: string) => void;
}

/** A plan of the demo history made before the database is ready (prepareDemoHistory). */
export interface PreparedDemoHistory {
  readonly now: number;
  /** What it was planned for: transactions, seed, days and targets. */
  readonly key: string;
  readonly plan: HistoryPlan;
}

const DEFAULT_SEED = 'andes-demo';
const DEFAULT_DAYS = 182;

function planKey(transactions: number, seed: string, days: number, targets: readonly SimTarget[]): string {
  return JSON.stringify([transactions, seed, days, targets]);
}

/**
 * Runs the lifecycle model of seedDemoHistory ahead of the database (the longest part of the
 * history that needs no database: its transactions, people, amounts and events over time).
 */
export function prepareDemoHistory(options: DemoHistoryOptions): PreparedDemoHistory {
  const now = (options.now ?? new Date()).getTime();
  const seed = options.seed ?? DEFAULT_SEED;
  const days = options.days ?? DEFAULT_DAYS;
  const targets = options.targets ?? DEFAULT_TARGETS;
  return {
    now,
    key: planKey(options.transactions, seed, days, targets),
    plan: planHistory({ transactions: options.transactions, now, seed, days, targets }),
  };
}

export interface DemoHistoryResult {
  created: boolean;
  /** Why nothing was written. */
  skipped?: string;
  transactions: number;
  entries: number;
  postings: number;
  releases: number;
  movements: number;
  /** Refunds the available balance did not cover (not applied), payouts rejected for lack of funds. */
  refusedRefunds: number;
  rejectedPayouts: number;
  /** Files attached to transactions (transfer receipts, payout invoices and remittance advices). */
  attachments: number;
  /** The risk demo (demo-risk.ts): rules, pay-in signals, decisions, chargebacks. */
  risk?: RiskSeedResult;
  /** Time spent planning (model + posting rules) and writing, in ms. */
  planMs: number;
  writeMs: number;
  totalMs: number;
}

// ---- a raw SQL session on either driver ---------------------------------------------------------

type Value = string | number | boolean | null | undefined | object;

interface Column {
  name: string;
  /** PostgreSQL type (for the array parameters of the PostgreSQL path). */
  type: 'bigint' | 'integer' | 'smallint' | 'text' | 'timestamptz' | 'jsonb' | 'boolean';
}

interface BulkSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Appends rows to a table (COPY or INSERT … SELECT FROM unnest), in statements of many rows;
   * `cutBefore(i)` false keeps row i in the same statement as row i − 1 (whole entries of postings
   * per statement: the statement trigger of migration 0015 needs them together).
   */
  load(
    table: string,
    columns: readonly Column[],
    count: number,
    row: (i: number) => Value[],
    cutBefore?: (i: number) => boolean,
  ): Promise<void>;
}

/** COPY text format: `\N` for null, backslash escapes for the control characters. */
function copyField(v: Value): string {
  if (v === null || v === undefined) return '\\N';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

interface PgliteTx {
  query<T>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
}

function pgliteSession(tx: PgliteTx): BulkSession {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await tx.query<T>(sql, params)).rows;
    },
    async load(table, columns, count, row, cutBefore = () => true) {
      // One COPY per ~8 MB: PGlite copies the blob into its memory, and big blobs slow it down.
      const cols = columns.map((c) => c.name).join(', ');
      let parts: string[] = [];
      let lines: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (lines.length > 0) parts.push(`${lines.join('\n')}\n`);
        lines = [];
        if (parts.length > 0) await tx.query(`copy ${table} (${cols}) from '/dev/blob'`, [], { blob: new Blob(parts) });
        parts = [];
        bytes = 0;
      };
      for (let i = 0; i < count; i += 1) {
        if (bytes >= 8_000_000 && cutBefore(i)) await flush();
        const line = row(i).map(copyField).join('\t');
        lines.push(line);
        bytes += line.length + 1;
        if (lines.length === 5_000) {
          parts.push(`${lines.join('\n')}\n`);
          lines = [];
        }
      }
      await flush();
    },
  };
}

function postgresSession(client: pg.ClientBase): BulkSession {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
    async load(table, columns, count, row, cutBefore = () => true) {
      const chunk = 5_000;
      const cols = columns.map((c) => c.name).join(', ');
      const unnest = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
      let start = 0;
      while (start < count) {
        let end = Math.min(count, start + chunk);
        while (end < count && !cutBefore(end)) end += 1;
        const arrays: unknown[][] = columns.map(() => []);
        for (let i = start; i < end; i += 1) {
          const values = row(i);
          for (let c = 0; c < columns.length; c += 1) {
            const v = values[c];
            arrays[c]?.push(v === undefined ? null : v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
          }
        }
        await client.query(`insert into ${table} (${cols}) overriding system value select * from unnest(${unnest})`, arrays);
        start = end;
      }
    },
  };
}

/** Runs `fn` in one database transaction on the driver behind a drizzle handle. */
async function inBulkTransaction<T>(db: Db, fn: (s: BulkSession, kind: 'pglite' | 'postgres') => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return client.transaction((tx) => fn(pgliteSession(tx as unknown as PgliteTx), 'pglite'));
  }
  // A pool (the server's handle), or one connection of it (inside withStartupLock).
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const pooled = client instanceof pg.Pool;
    const conn = pooled ? await client.connect() : client;
    try {
      await conn.query('begin');
      const result = await fn(postgresSession(conn), 'postgres');
      await conn.query('commit');
      return result;
    } catch (err) {
      await conn.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      if (pooled) (conn as pg.PoolClient).release();
    }
  }
  throw new Error('seedDemoHistory needs the database handle of openDatabase (PGlite or a PostgreSQL pool), not a transaction');
}

// ---- the tables' columns ------------------------------------------------------------------------

const col = (name: string, type: Column['type']): Column => ({ name, type });

const TRANSACTION_COLUMNS = [
  col('id', 'bigint'),
  col('unique_id', 'text'),
  col('merchant_id', 'integer'),
  col('sub_merchant_id', 'integer'),
  col('account_id', 'integer'),
  col('transaction_type', 'text'),
  col('product', 'text'),
  col('product_type', 'text'),
  col('country', 'text'),
  col('currency', 'text'),
  col('amount', 'bigint'),
  col('fee', 'bigint'),
  col('vat', 'bigint'),
  col('exchange_rate', 'text'),
  col('status', 'text'),
  col('status_reason', 'text'),
  col('hold_status', 'smallint'),
  col('held_amount', 'bigint'),
  col('refund_status', 'text'),
  col('refunded_amount', 'bigint'),
  col('refund_time', 'timestamptz'),
  col('charged_back_amount', 'bigint'),
  col('related_transaction_id', 'bigint'),
  col('merchant_reference', 'text'),
  col('account_name', 'text'),
  col('payer', 'jsonb'),
  col('beneficiary', 'jsonb'),
  col('card', 'jsonb'),
  col('card_bin', 'text'),
  col('card_last4', 'text'),
  col('e2e_id', 'text'),
  col('provider', 'text'),
  col('payment_link_id', 'text'),
  col('store_platform', 'text'),
  col('store_shop_domain', 'text'),
  col('store_order_id', 'text'),
  col('store_order_name', 'text'),
  col('description', 'text'),
  col('attachments', 'jsonb'),
  col('created_at', 'timestamptz'),
  col('created_date', 'text'),
  col('settled_at', 'timestamptz'),
  col('available_at', 'timestamptz'),
  col('status_at', 'timestamptz'),
  col('updated_at', 'timestamptz'),
  col('funnel_stage', 'smallint'),
  col('authorised_at', 'timestamptz'),
] as const;

const ENTRY_COLUMNS = [
  col('id', 'bigint'),
  col('kind', 'text'),
  col('transaction_id', 'bigint'),
  col('event_id', 'text'),
  col('effective_at', 'timestamptz'),
  col('created_at', 'timestamptz'),
];
const POSTING_COLUMNS = [
  col('id', 'bigint'),
  col('entry_id', 'bigint'),
  col('account_id', 'integer'),
  col('bucket', 'text'),
  col('currency', 'text'),
  col('amount', 'bigint'),
  col('balance_after', 'bigint'),
  col('effective_at', 'timestamptz'),
];
const RELEASE_COLUMNS = [
  col('id', 'bigint'),
  col('transaction_id', 'bigint'),
  col('account_id', 'integer'),
  col('merchant_id', 'integer'),
  col('country', 'text'),
  col('bucket', 'text'),
  col('amount', 'bigint'),
  col('available_at', 'timestamptz'),
  col('available_date', 'text'),
  col('state', 'text'),
  col('released_at', 'timestamptz'),
];
const MOVEMENT_COLUMNS = [
  col('id', 'bigint'),
  col('merchant_id', 'integer'),
  col('account_id', 'integer'),
  col('business_type', 'text'),
  col('reference', 'text'),
  col('amount', 'bigint'),
  col('target_account_id', 'integer'),
  col('target_amount', 'bigint'),
  col('target_currency', 'text'),
  col('exchange_rate', 'text'),
  col('start_balance', 'bigint'),
  col('end_balance', 'bigint'),
  col('event_id', 'text'),
  col('occurred_at', 'timestamptz'),
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Tables the history loads in bulk. */
const LOADED_TABLES = [
  'transactions',
  'ledger_entries',
  'ledger_postings',
  'pending_releases',
  'global_movements',
  'risk_signals',
] as const;

/** A quoted SQL identifier. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const SEQUENCED_TABLES = ['transactions', 'ledger_entries', 'ledger_postings', 'pending_releases', 'global_movements'] as const;
const ID_KEY: Readonly<Record<(typeof SEQUENCED_TABLES)[number], keyof BookIds>> = {
  transactions: 'transaction',
  ledger_entries: 'entry',
  ledger_postings: 'posting',
  pending_releases: 'release',
  global_movements: 'movement',
};

// ---- demo files ---------------------------------------------------------------------------------

/**
 * Transactions of each kind (payouts; TED and CO bank-transfer pay-ins) that get the simulator's
 * demo files, at most: the most recent ones, so the default one-week lists show some, and the seed
 * stays fast (a few hundred small SVG and CSV files).
 */
const DEMO_FILES_PER_KIND = 150;

interface DemoFileRows {
  publicId: string[];
  merchantId: number[];
  name: string[];
  contentType: string[];
  size: number[];
  sha256: string[];
  contentBase64: string[];
  createdAt: string[];
}

/** The demo files of the newest eligible transactions, and what each transaction row keeps of them. */
function demoFilesOf(txs: readonly TxRow[]): { rows: DemoFileRows; byTx: Map<number, Attachment[]> } {
  const rows: DemoFileRows = {
    publicId: [],
    merchantId: [],
    name: [],
    contentType: [],
    size: [],
    sha256: [],
    contentBase64: [],
    createdAt: [],
  };
  const byTx = new Map<number, Attachment[]>();
  const taken = { payout: 0, payin: 0 };
  for (let i = txs.length - 1; i >= 0 && (taken.payout < DEMO_FILES_PER_KIND || taken.payin < DEMO_FILES_PER_KIND); i -= 1) {
    const t = txs[i];
    if (!t || t.relatedTransactionId !== null) continue;
    const kind = t.transactionType === 'PAY_OUT' ? 'payout' : 'payin';
    if (taken[kind] >= DEMO_FILES_PER_KIND || !hasDemoAttachments(t)) continue;
    taken[kind] += 1;
    const attachments: Attachment[] = [];
    for (const file of demoAttachmentsOf(t)) {
      const fileId = newFileId();
      const contentType = sniffContentType(file.name, file.content);
      rows.publicId.push(fileId);
      rows.merchantId.push(t.merchantId);
      rows.name.push(file.name);
      rows.contentType.push(contentType);
      rows.size.push(file.content.byteLength);
      rows.sha256.push(sha256Hex(file.content));
      rows.contentBase64.push(file.content.toString('base64'));
      rows.createdAt.push(new Date(t.createdAt).toISOString());
      attachments.push({ fileId, name: file.name, size: file.content.byteLength, contentType });
    }
    byTx.set(t.id, attachments);
  }
  return { rows, byTx };
}

// ---- the seed -----------------------------------------------------------------------------------

/**
 * Creates the demo history when the database has no transaction and no ledger entry yet (else
 * does nothing and says why). Needs the demo merchants (seedDemo) and the SYSTEM accounts of
 * migration 0005; creates the merchants' local and global accounts it needs.
 */
export async function seedDemoHistory(db: Db, options: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const started = performance.now();
  const now = options.now?.getTime() ?? options.prepared?.now ?? Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const days = options.days ?? DEFAULT_DAYS;
  const targets = options.targets ?? DEFAULT_TARGETS;
  const empty = (skipped: string): DemoHistoryResult => ({
    created: false,
    skipped,
    transactions: 0,
    entries: 0,
    postings: 0,
    releases: 0,
    movements: 0,
    refusedRefunds: 0,
    rejectedPayouts: 0,
    attachments: 0,
    planMs: 0,
    writeMs: 0,
    totalMs: Math.round(performance.now() - started),
  });
  if (options.transactions <= 0) return empty('no transactions asked for');

  return inBulkTransaction(db, async (s, kind) => {
    // Nobody writes money while the history is made (other API processes wait for the lock).
    await s.query(
      `lock table transactions, ledger_entries, ledger_postings, pending_releases, global_movements, accounts in share row exclusive mode`,
    );
    const [existing] = await s.query<{ busy: boolean }>(
      'select exists (select 1 from transactions) or exists (select 1 from ledger_entries) as busy',
    );
    if (existing?.busy) return empty('the database already has transactions or ledger entries');

    const codes = [...new Set(targets.flatMap((t) => [t.merchantCode, ...(t.subMerchantCode ? [t.subMerchantCode] : [])]))];
    const merchantRows = await s.query<{ id: number; code: string; parent_id: number | null }>(
      'select id, code, parent_id from merchants where code = any($1::text[])',
      [codes],
    );
    const merchants: BookMerchant[] = merchantRows.map((m) => ({
      id: Number(m.id),
      code: m.code,
      parentId: m.parent_id === null ? null : Number(m.parent_id),
    }));
    const byCode = new Map(merchants.map((m) => [m.code, m]));
    const usable = targets.filter((t) => byCode.has(t.merchantCode) && (!t.subMerchantCode || byCode.has(t.subMerchantCode)));
    if (usable.length === 0) return empty('none of the demo merchants exists (run the demo seed first)');

    // The accounts every holder needs: one per country and type; a global one per merchant.
    const wanted: {
      kind: 'MERCHANT' | 'GLOBAL';
      holderId: number;
      merchantId: number;
      country: string | null;
      currency: string;
      accountType: string | null;
      accountNo: string;
    }[] = [];
    for (const t of usable) {
      const merchant = byCode.get(t.merchantCode) as BookMerchant;
      const holderCode = t.subMerchantCode ?? t.merchantCode;
      const holder = byCode.get(holderCode) as BookMerchant;
      for (const country of t.countries) {
        for (const accountType of ACCOUNT_TYPES) {
          wanted.push({
            kind: 'MERCHANT',
            holderId: holder.id,
            merchantId: merchant.id,
            country,
            currency: COUNTRY_INFO[country].currency,
            accountType,
            accountNo: localAccountNo(holderCode, country, accountType),
          });
        }
      }
      if (!t.subMerchantCode) {
        wanted.push({
          kind: 'GLOBAL',
          holderId: merchant.id,
          merchantId: merchant.id,
          country: null,
          currency: 'USD',
          accountType: null,
          accountNo: globalAccountNo(t.merchantCode),
        });
      }
    }
    await s.query(
      `insert into accounts (kind, holder_id, merchant_id, country, currency, account_type, account_no)
       select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
       on conflict do nothing`,
      [
        wanted.map((w) => w.kind),
        wanted.map((w) => w.holderId),
        wanted.map((w) => w.merchantId),
        wanted.map((w) => w.country),
        wanted.map((w) => w.currency),
        wanted.map((w) => w.accountType),
        wanted.map((w) => w.accountNo),
      ],
    );
    const accountRows = await s.query<{
      id: number;
      kind: BookAccount['kind'];
      holder_id: number | null;
      merchant_id: number | null;
      country: string | null;
      currency: string;
      account_type: BookAccount['accountType'];
      system_code: BookAccount['systemCode'];
      account_no: string;
      moved: string;
    }>(
      `select id, kind, holder_id, merchant_id, country, currency, account_type, system_code, account_no,
              (abs(available) + abs(pending) + abs(on_hold) + abs(reserved) + abs(deposit_held) + abs(owed) + abs(main))::text as moved
         from accounts`,
    );
    if (accountRows.some((a) => a.moved !== '0')) return empty('some account already has a balance');
    const accounts: BookAccount[] = accountRows.map((a) => ({
      id: Number(a.id),
      kind: a.kind,
      holderId: a.holder_id === null ? null : Number(a.holder_id),
      merchantId: a.merchant_id === null ? null : Number(a.merchant_id),
      country: a.country,
      currency: a.currency,
      accountType: a.account_type,
      systemCode: a.system_code,
      accountNo: a.account_no,
      balances: { AVAILABLE: 0, PENDING: 0, ON_HOLD: 0, RESERVED: 0, DEPOSIT_HELD: 0, OWED: 0 },
      main: 0,
    }));

    // Ids: take the next value of each table's sequence, then hand out ids from there.
    const firstIds = {} as BookIds;
    for (const table of SEQUENCED_TABLES) {
      const [row] = await s.query<{ id: string }>(`select nextval(pg_get_serial_sequence('${table}', 'id'))::text as id`);
      firstIds[ID_KEY[table]] = Number(row?.id ?? 1);
    }

    // Plan and post in memory, in time order; releases fall due in between.
    const book = new HistoryBook(accounts, merchants, firstIds);
    let riskPlan: DemoRiskPlan | null = null;
    {
      const prepared = options.prepared;
      const plan =
        prepared && prepared.now === now && prepared.key === planKey(options.transactions, seed, days, usable)
          ? prepared.plan
          : planHistory({ transactions: options.transactions, now, seed, days, targets: usable });
      // The merchant's risk rules decided the last day and a half of pay-ins, and the platform
      // followed them; defended chargebacks were decided by the networks (demo-risk.ts).
      riskPlan = planDemoRisk(plan.plans, now);
      const events: PlannedEvent[] = [...plan.funding, ...chargebackOutcomeEvents(plan.plans, now, riskPlan.forced)];
      for (const p of plan.plans) for (const e of p.events) if (e.at <= now) events.push(e);
      plan.plans.length = 0;
      events.sort((a, b) => a.at - b.at);
      for (const e of events) {
        book.runDue(e.at);
        book.apply(e.event, e.at);
      }
      book.runDue(now);
      // The plans are no longer needed: only what the book built is written.
      events.length = 0;
    }
    const planMs = performance.now() - started;

    // Write. Foreign keys are guaranteed by construction; on PGlite (and where the role may)
    // their per-row triggers are skipped for the load, which makes it about twice as fast.
    const writeStarted = performance.now();
    if (kind === 'pglite') await s.query('set local session_replication_role = replica');
    else {
      await s.query('savepoint replica');
      try {
        await s.query('set local session_replication_role = replica');
        await s.query('release savepoint replica');
      } catch {
        await s.query('rollback to savepoint replica');
      }
    }
    // Secondary indexes are dropped for the load and built again after it from their own
    // definitions (one sort each instead of hundreds of thousands of insertions).
    const indexes = await s.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def
         from pg_indexes i
        where i.schemaname = current_schema()
          and i.tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [[...LOADED_TABLES]],
    );
    for (const ix of indexes) await s.query(`drop index ${quoteIdent(ix.name)}`);
    // So are the primary keys that no foreign key references (all but ledger_entries'): COPY would
    // insert every row into a key's index one by one; adding the key again after the load builds
    // its index with one sort, and checks that the ids are unique.
    const keys = await s.query<{ table: string; name: string; def: string }>(
      `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
         from pg_constraint c
         join pg_class t on t.oid = c.conrelid
        where c.contype = 'p'
          and t.relnamespace = current_schema()::regnamespace
          and t.relname = any($1::text[])
          and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = c.conrelid)`,
      [[...LOADED_TABLES]],
    );
    for (const k of keys) await s.query(`alter table ${quoteIdent(k.table)} drop constraint ${quoteIdent(k.name)}`);
    const writtenAt = new Date(now).toISOString();
    const txs = book.transactions;
    // The newest transfers' receipts and payouts' invoices, in the file store (one row per file).
    const files = demoFilesOf(txs);
    if (files.rows.publicId.length > 0) {
      const f = files.rows;
      await s.query(
        `insert into stored_files (public_id, merchant_id, name, content_type, size, sha256, content, created_at)
         select p, m, n, ct, sz, h, decode(c, 'base64'), at
           from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::timestamptz[])
                as u(p, m, n, ct, sz, h, c, at)`,
        [f.publicId, f.merchantId, f.name, f.contentType, f.size, f.sha256, f.contentBase64, f.createdAt],
      );
    }
    await s.load('transactions', TRANSACTION_COLUMNS, txs.length, (i) => {
      const t = txs[i];
      if (!t) return [];
      return [
        t.id,
        t.uniqueId,
        t.merchantId,
        t.subMerchantId,
        t.accountId,
        t.transactionType,
        t.product,
        t.productType,
        t.country,
        t.currency,
        t.amount,
        t.fee,
        t.vat,
        t.exchangeRate,
        t.status,
        t.statusReason,
        t.holdStatus,
        t.heldAmount,
        t.refundStatus,
        t.refundedAmount,
        iso(t.refundTime),
        t.chargedBackAmount,
        t.relatedTransactionId,
        t.merchantReference,
        t.accountName,
        t.payer,
        t.beneficiary,
        t.card,
        t.card?.bin ?? null,
        t.card?.last4 ?? null,
        t.e2eId,
        t.provider,
        t.paymentLinkId,
        t.storePlatform,
        t.storeShopDomain,
        t.storeOrderId,
        t.storeOrderName,
        t.description,
        files.byTx.get(t.id) ?? [],
        iso(t.createdAt),
        t.createdDate,
        iso(t.settledAt),
        iso(t.availableAt),
        iso(t.statusAt),
        iso(t.updatedAt),
        t.funnelStage,
        iso(t.authorisedAt),
      ];
    });
    const entries = book.entries;
    const entryIso = entries.map((e) => iso(e.effectiveAt));
    await s.load('ledger_entries', ENTRY_COLUMNS, entries.length, (i) => {
      const e = entries[i];
      return e ? [e.id, e.kind, e.transactionId, e.eventId, entryIso[i], writtenAt] : [];
    });
    const p = book.postings;
    const firstPosting = firstIds.posting;
    await s.load(
      'ledger_postings',
      POSTING_COLUMNS,
      p.entryId.length,
      (i) => [
        firstPosting + i,
        p.entryId[i],
        p.accountId[i],
        p.bucket[i],
        p.currency[i],
        p.amount[i],
        p.balanceAfter[i],
        entryIso[p.entryIndex[i] ?? 0],
      ],
      (i) => p.entryId[i] !== p.entryId[i - 1],
    );
    const releases = book.releases;
    await s.load('pending_releases', RELEASE_COLUMNS, releases.length, (i) => {
      const r = releases[i];
      return r
        ? [
            r.id,
            r.transactionId,
            r.accountId,
            r.merchantId,
            r.country,
            r.bucket,
            r.amount,
            iso(r.availableAt),
            r.availableDate,
            r.state,
            iso(r.releasedAt),
          ]
        : [];
    });
    const movements = book.movements;
    await s.load('global_movements', MOVEMENT_COLUMNS, movements.length, (i) => {
      const m = movements[i];
      return m
        ? [
            m.id,
            m.merchantId,
            m.accountId,
            m.businessType,
            m.reference,
            m.amount,
            m.targetAccountId,
            m.targetAmount,
            m.targetCurrency,
            m.exchangeRate,
            m.startBalance,
            m.endBalance,
            m.eventId,
            iso(m.occurredAt),
          ]
        : [];
    });
    const riskStarted = performance.now();
    const risk = await writeDemoRisk(s, {
      plan: riskPlan,
      transactions: txs,
      riskSignals: book.riskSignals,
      chargebackCodes: book.chargebackCodes,
      chargebackOutcomes: book.chargebackOutcomes,
      now,
      newFileId,
      sha256Hex,
      sniffContentType,
    });
    const riskMs = performance.now() - riskStarted;
    for (const k of keys) await s.query(`alter table ${quoteIdent(k.table)} add constraint ${quoteIdent(k.name)} ${k.def}`);
    for (const ix of indexes) await s.query(ix.def);
    if (kind === 'pglite') await s.query('set local session_replication_role = origin');
    else await s.query('set local session_replication_role = default').catch(() => undefined);

    // The maintained balances are what the postings summed to.
    const all = book.accounts();
    await s.query(
      `update accounts a set available = v.available, pending = v.pending, on_hold = v.on_hold, reserved = v.reserved,
              deposit_held = v.deposit_held, owed = v.owed, main = v.main, updated_at = $9::timestamptz
         from unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
              as v(id, available, pending, on_hold, reserved, deposit_held, owed, main)
        where a.id = v.id`,
      [
        all.map((a) => a.id),
        all.map((a) => a.balances.AVAILABLE),
        all.map((a) => a.balances.PENDING),
        all.map((a) => a.balances.ON_HOLD),
        all.map((a) => a.balances.RESERVED),
        all.map((a) => a.balances.DEPOSIT_HELD),
        all.map((a) => a.balances.OWED),
        all.map((a) => a.main),
        writtenAt,
      ],
    );
    const next = book.nextIds();
    for (const table of SEQUENCED_TABLES) {
      const last = next[ID_KEY[table]] - 1;
      if (last >= firstIds[ID_KEY[table]]) await s.query(`select setval(pg_get_serial_sequence('${table}', 'id'), ${last})`);
    }
    await s.query(
      `insert into daily_transaction_stats (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, count, amount, fee, vat)
       select merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status,
              count(*), sum(amount), sum(fee), sum(vat)
         from transactions
        group by merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status`,
    );
    // Revenue assurance's figures (docs/decisions/0031), the same GROUP BY the figures check proves.
    await s.query(REVENUE_STATS_FROM_TRANSACTIONS_SQL);
    await s.query(
      'analyze risk_signals, risk_decisions, chargebacks, transactions, ledger_entries, ledger_postings, pending_releases, global_movements, daily_transaction_stats, revenue_daily_stats, accounts, statement_lines, account_daily_balances',
    );
    const writeMs = performance.now() - writeStarted;
    const result: DemoHistoryResult = {
      created: true,
      transactions: txs.length,
      entries: entries.length,
      postings: p.entryId.length,
      releases: releases.length,
      movements: movements.length,
      refusedRefunds: book.counts.refusedRefunds,
      rejectedPayouts: book.counts.rejectedPayouts,
      attachments: files.rows.publicId.length,
      risk,
      planMs: Math.round(planMs),
      writeMs: Math.round(writeMs),
      totalMs: Math.round(performance.now() - started),
    };
    options.log?.(
      `demo history: ${result.transactions} transactions, ${result.entries} ledger entries (${result.postings} postings), ` +
        `${result.releases} releases, ${result.movements} global movements, ${result.attachments} attached files, ` +
        `${risk.rules} risk rules, ${risk.decisions} risk decisions (${risk.pendingReviews} waiting for review), ${risk.chargebacks} chargebacks in ${(result.totalMs / 1000).toFixed(1)} s ` +
        `(model and posting rules ${(result.planMs / 1000).toFixed(1)} s, writing ${(result.writeMs / 1000).toFixed(1)} s, of which risk ${(riskMs / 1000).toFixed(1)} s)`,
    );
    return result;
  });
}
