/**
 * The slice the export benches measure (export-rate.ts, download-task.ts): one bench merchant's
 * pay-ins of one country in the API's default window, as the export call builds its filter, on a
 * PostgreSQL database filled by generate-transactions.ts; and the figures' formatting.
 */
import os from 'node:os';
import type { Language } from '@andes/contract/common/constants';
import { COUNTRIES, COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { resolveCreatedRange } from '@andes/contract/transaction/schemas';
import type pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import type { Scope } from '../apps/api/src/http/auth-context.ts';
import type { TransactionFilter } from '../apps/api/src/modules/transaction/transaction.repository.ts';
import type { ExportOptions } from '../apps/api/src/modules/transaction-files/export/columns.ts';
import { postgresPoolOf } from '../apps/api/src/modules/transaction-files/export/copy-csv.ts';

/** 1,234,567 */
export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** The load averages, as `uptime` shows them. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export interface PayinSlice {
  database: Database;
  db: Database['db'];
  pool: pg.Pool;
  scope: Scope;
  now: Date;
  timeZone: string;
  /** The default window of the list, as instants (ms). */
  window: { start: number; end: number };
  filter: TransactionFilter;
  options: ExportOptions;
}

/** Opens the database and builds the slice's filter; throws, saying what to do, when it cannot. */
export async function openPayinSlice(url: string, merchantCode: string, countryCode: string, language: Language): Promise<PayinSlice> {
  const country = countryCode as Country;
  if (!COUNTRIES.includes(country)) throw new Error(`unknown country ${countryCode}`);
  const database = await openDatabase({ kind: 'postgres', url });
  const { db } = database;
  const pool = postgresPoolOf(db);
  if (pool === null) throw new Error('not a PostgreSQL pool');
  const merchantRows = await pool.query<{ id: number }>('select id from merchants where code = $1', [merchantCode]);
  const merchantId = Number(merchantRows.rows[0]?.id);
  if (!Number.isSafeInteger(merchantId)) throw new Error(`no merchant ${merchantCode}: fill the database with generate-transactions.ts`);
  const now = new Date();
  const timeZone = COUNTRY_INFO[country].timezoneName;
  const window = resolveCreatedRange(undefined, timeZone, now);
  if ('message' in window || window.start === null || window.end === null) throw new Error('no default window');
  // TransactionService.filterOf for { list: 'payin', country } (checks aside: the bench user would pass them).
  const filter: TransactionFilter = {
    country,
    transactionTypes: ['PAY_IN'],
    createdFrom: new Date(window.start),
    createdTo: new Date(window.end),
    statuses: [],
    productTypes: [],
    subMerchantIds: [],
  };
  return {
    database,
    db,
    pool,
    scope: { merchantId, subMerchantId: null },
    now,
    timeZone,
    window: { start: window.start, end: window.end },
    filter,
    options: { language, timeZone, at: now },
  };
}
