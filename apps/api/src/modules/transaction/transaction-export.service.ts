import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { todayIn } from '@andes/contract/common/dates';
import { closePermissions, PERMISSION_CODES, type PermissionCode } from '@andes/contract/permissions/registry';
import { EXPORT_LINK_PATH_PREFIX, EXPORT_LINK_TTL_MINUTES, TRANSACTION_EXPORT_BATCH } from '@andes/contract/transaction/enums';
import {
  type ParsedTransactionExportRequest,
  type TransactionExportLink,
  TransactionExportRequest,
} from '@andes/contract/transaction/schemas';
import { type Clock, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext, Scope } from '../../http/auth-context.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { roleCodesOfUser } from '../auth/auth.repository.ts';
import type { ExportOptions } from '../transaction-files/export/columns.ts';
import { copyCsvStream, postgresPoolOf } from '../transaction-files/export/copy-csv.ts';
import { CSV_CONTENT_TYPE, csvHead, csvStream } from '../transaction-files/export/csv-stream.ts';
import { TRANSACTION_EXPORT_COLUMNS, type TransactionExportRow } from '../transaction-files/export/transaction-columns.ts';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../transaction-files/export/xlsx-stream.ts';
import { type TransactionFilter, type TransactionKey, transactionListQuery } from './transaction.repository.ts';
import { listItemOf, type TransactionService } from './transaction.service.ts';
import { transactionExportCopySelect } from './transaction-export.repository.ts';
import { consumeExportLink, findLinkUser, insertExportLink } from './transaction-files.repository.ts';

/**
 * Transaction exports (transactionFileDownload) and their one-time download links.
 *
 * An export holds exactly the rows the list's filter shows, newest first: the same checks as the
 * list (country, created-at window, sub-merchants; transactions:export stands for the list's
 * permission, as the authorization table grants each code alone), then one of two readers, both
 * pulled only as the response is read, so memory stays constant:
 *
 * - CSV on PostgreSQL: PostgreSQL writes the rows itself, `COPY (SELECT <cells formatted in SQL>)
 *   TO STDOUT (FORMAT csv)` over the list's WHERE (transaction-export.repository.ts, copy-csv.ts),
 *   the same bytes as csvStream at the pace of COPY (docs/decisions/0012, "Exports at scale");
 * - XLSX, and CSV on PGlite (which has no COPY TO STDOUT stream): `transactionListQuery` in keyset
 *   batches of TRANSACTION_EXPORT_BATCH rows, each row mapped by `listItemOf` for the writer.
 *
 * There is no row cap: the searchable window (five months, or an exact id for a deep query) bounds
 * an export, and big files are what the one-time link is for.
 *
 * A link stores only its token's SHA-256 with the caller and the request as checked; its GET
 * checks again that the user is still enabled and still holds transactions:export, re-applies the
 * list's checks with the user's current scope and areas, and is used up at the first download.
 */

const ALL_CODES: ReadonlySet<PermissionCode> = new Set(PERMISSION_CODES);
const EXPORT_PERMISSION: PermissionCode = 'transactions:export';

export function hashExportToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Why a link cannot be used: gone (used, expired, unknown) or its user may not export any more. */
export type ExportLinkRefusal = 'gone' | 'forbidden';

/**
 * The CSV of the rows of `filter` (already checked against the caller) in `scope`: written by
 * PostgreSQL's COPY on a PostgreSQL database, by csvStream over keyset batches on PGlite; the same
 * bytes either way.
 */
export function transactionCsv(db: Db, scope: Scope, filter: TransactionFilter, options: ExportOptions): Readable {
  const pool = postgresPoolOf(db);
  if (pool === null) return csvStream(transactionExportRows(db, scope, filter), TRANSACTION_EXPORT_COLUMNS, options);
  const select = transactionExportCopySelect(db, scope, filter, TRANSACTION_EXPORT_COLUMNS, options);
  return copyCsvStream(pool, csvHead(TRANSACTION_EXPORT_COLUMNS, options), select);
}

/** Every matching row, newest first, read batch after batch with the keyset of the previous batch's last row. */
export async function* transactionExportRows(
  db: Db,
  scope: Scope,
  filter: TransactionFilter,
  batchRows: number = TRANSACTION_EXPORT_BATCH,
): AsyncGenerator<TransactionExportRow> {
  let after: TransactionKey | null = null;
  for (;;) {
    const batch = await transactionListQuery(db, scope, filter, after, batchRows);
    for (const row of batch) {
      const item = listItemOf(row);
      // Set on the item, not copied into a new object: a copy per row was promoted to the old
      // generation wholesale on long exports (the sampling heap profiler: about 750 bytes a row).
      yield Object.assign(item, { holdStatusText: String(item.holdStatus) });
    }
    const last = batch.at(-1);
    if (batch.length < batchRows || last === undefined) return;
    after = { at: last.createdAtKey, id: last.id };
  }
}

/**
 * A user as the request pipeline would see them now — still enabled, in an active merchant, with
 * their current permissions and scope — or null. Work done later on a user's behalf (a one-time
 * link, a download task) checks again with this (and then the permission it needs).
 */
export async function actingUserAuth(db: Db, userId: number, merchantId: number): Promise<AuthContext | null> {
  const user = await findLinkUser(db, userId, merchantId);
  if (user === null || user.state !== 1 || user.merchantStatus !== 'ACTIVE') return null;
  const scope = { merchantId: user.merchantId, subMerchantId: user.subMerchantId };
  const permissions = user.superAdmin ? ALL_CODES : closePermissions(await roleCodesOfUser(db, scope, user.userId));
  return {
    userId: user.userId,
    username: user.username,
    merchantId: user.merchantId,
    subMerchantId: user.subMerchantId,
    superAdmin: user.superAdmin,
    userType: user.userType,
    permissions,
    sessionId: '',
    scope,
  };
}

/** The user who asked for an export, as actingUserAuth sees them, while they still hold transactions:export; else null. */
export async function exporterAuth(db: Db, userId: number, merchantId: number): Promise<AuthContext | null> {
  const auth = await actingUserAuth(db, userId, merchantId);
  return auth?.permissions.has(EXPORT_PERMISSION) ? auth : null;
}

export class TransactionExportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transactions: TransactionService,
  ) {}

  /** The file of an export request (its rows stream as the response is read). */
  async file(auth: AuthContext, body: ParsedTransactionExportRequest): Promise<BinaryFile> {
    const filter = await this.transactions.exportFilter(auth, body);
    const now = this.clock();
    const timeZone = COUNTRY_INFO[body.country].timezoneName;
    const options: ExportOptions = { language: body.language, timeZone, at: now };
    const filename = `transactions-${body.list}-${body.country}-${todayIn(timeZone, now)}.${body.format}`;
    return body.format === 'csv'
      ? { filename, contentType: CSV_CONTENT_TYPE, body: transactionCsv(this.db, auth.scope, filter, options) }
      : {
          filename,
          contentType: XLSX_CONTENT_TYPE,
          body: xlsxStream(transactionExportRows(this.db, auth.scope, filter), TRANSACTION_EXPORT_COLUMNS, options),
        };
  }

  /** A one-time URL for the export; the request is checked now, so a refusal comes at once. */
  async link(auth: AuthContext, body: ParsedTransactionExportRequest): Promise<TransactionExportLink> {
    await this.transactions.exportFilter(auth, body);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MINUTES * MINUTE_MS);
    await insertExportLink(this.db, {
      tokenHash: hashExportToken(token),
      userId: auth.userId,
      merchantId: auth.merchantId,
      request: body,
      createdAt: now,
      expiresAt,
    });
    return { url: `${EXPORT_LINK_PATH_PREFIX}${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The file behind a link, using the link up; a refusal when it cannot be used. */
  async fileOfLink(token: string): Promise<BinaryFile | ExportLinkRefusal> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return 'gone';
    const now = this.clock();
    const link = await consumeExportLink(this.db, hashExportToken(token), now);
    if (link === null) return 'gone';
    const auth = await exporterAuth(this.db, link.userId, link.merchantId);
    if (auth === null) return 'forbidden';
    return this.file(auth, TransactionExportRequest.parse(link.request));
  }
}
