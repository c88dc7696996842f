import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';
import type { ExportColumn, ExportOptions } from '../transaction-files/export/columns.ts';
import { exportColumnSql } from '../transaction-files/export/columns-sql.ts';
import { inlineParams } from '../transaction-files/export/sql-literal.ts';
import type { TransactionExportRow } from '../transaction-files/export/transaction-columns.ts';
import { filterWhere, type TransactionFilter } from './transaction.repository.ts';

/**
 * SQL of the PostgreSQL CSV export: the list's rows (`filterWhere`, the list's order) with every
 * cell formatted by the database, as one SELECT with its values written in as literals, for
 * `COPY (…) TO STDOUT` (copy-csv.ts).
 *
 * Shape: an inner SELECT reads each cell's raw value once (the sub-merchant's name is a subquery,
 * the counterparty a CASE over JSON), fenced by `OFFSET 0` so the planner does not fold it into
 * the outer SELECT, which formats the cells (a formatted cell names its value up to three times).
 * The outer ORDER BY repeats the inner one on the same keys: the planner keeps the inner order and
 * adds no sort.
 */

const t = transactions;

/** Each exported field as `listItemOf` (transaction.service.ts) derives it from the row. */
const EXPORT_SOURCES: Readonly<Partial<Record<keyof TransactionExportRow, SQL>>> = {
  uniqueId: sql`${t.uniqueId}`,
  merchantReference: sql`${t.merchantReference}`,
  subMerchantName: sql`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${t.subMerchantId})`,
  transactionType: sql`${t.transactionType}`,
  productType: sql`${t.productType}`,
  status: sql`${t.status}`,
  holdStatusText: sql`${t.holdStatus}::text`,
  refundStatus: sql`${t.refundStatus}`,
  amount: sql`${t.amount}`,
  fee: sql`${t.fee}`,
  vat: sql`${t.vat}`,
  refundedAmount: sql`${t.refundedAmount}`,
  currency: sql`${t.currency}`,
  createdAt: sql`${t.createdAt}`,
  settledAt: sql`${t.settledAt}`,
  // counterpartyOf: a payout's (or marketplace order's) beneficiary, else the payer; a JSON null counts as none.
  counterpartyName: sql`(case when ${t.transactionType} in ('PAY_OUT', 'MARKET_PLACE_ORDERS')
    then coalesce(nullif(${t.beneficiary}, 'null'::jsonb), nullif(${t.payer}, 'null'::jsonb))
    else coalesce(nullif(${t.payer}, 'null'::jsonb), nullif(${t.beneficiary}, 'null'::jsonb)) end) ->> 'name'`,
  document: sql`coalesce((${t.payer} ->> 'document'), (${t.beneficiary} ->> 'document'))`,
  e2eId: sql`${t.e2eId}`,
  cardBin: sql`${t.cardBin}`,
  cardLast4: sql`${t.cardLast4}`,
};

/**
 * The SELECT of a CSV export of `columns` in the caller's scope, newest first, values inlined.
 * A column without a source here is a programming error and throws.
 */
export function transactionExportCopySelect(
  db: Db,
  scope: Scope,
  f: TransactionFilter,
  columns: readonly ExportColumn<TransactionExportRow>[],
  options: ExportOptions,
): string {
  const fields: Record<string, SQL.Aliased> = {};
  columns.forEach((column, i) => {
    const source = EXPORT_SOURCES[column.key];
    if (source === undefined) throw new Error(`export column ${column.key} has no SQL source`);
    fields[`c${i}`] = source.as(`c${i}`);
  });
  fields.k_at = sql`${t.createdAt}`.as('k_at');
  fields.k_id = sql`${t.id}`.as('k_id');
  const inner = db.select(fields).from(t).where(filterWhere(scope, f)).orderBy(sql`${t.createdAt} desc`, sql`${t.id} desc`).toSQL();
  const cells = columns.map((column, i) => exportColumnSql(column, `x.c${i}`, options));
  return `select ${cells.join(', ')} from (${inlineParams(inner.sql, inner.params)} offset 0) as x order by x.k_at desc, x.k_id desc`;
}
