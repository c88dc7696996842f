import type { AccountType } from '@andes/contract/account/enums';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { type Currency, utcOffsetLabel } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import type { ExportPreflight, ReportFigures } from '@andes/contract/download-center/schemas';
import {
  FINANCE_PERMISSIONS,
  STATEMENT_CATEGORIES,
  type StatementCategory,
  type StatementEvent,
  TYPE_OF_CATEGORY,
} from '@andes/contract/finance/enums';
import {
  type Reconciliation,
  type ReconciliationRequest,
  type ReconciliationRow,
  StatementDownloadRequest,
  type StatementLine,
  type StatementPage,
  type StatementPageRequest,
  type StatementPeriod,
  type TaxDetail,
  type TaxDetailRequest,
} from '@andes/contract/finance/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import type { DownloadCenterService } from '../download-center/download-center.service.ts';
import { REPORT_BATCH_ROWS, type ReportTaskWriter, Unwritable } from '../download-center/download-report.job.ts';
import { copiedCsvReport, type ReportStream, reportStream } from '../download-center/report-writer.ts';
import { actingUserAuth } from '../transaction/transaction-export.service.ts';
import type { ExportColumn, ExportRow } from '../transaction-files/export/columns.ts';
import { copyCsvStream, postgresPoolOf } from '../transaction-files/export/copy-csv.ts';
import { csvHead } from '../transaction-files/export/csv-stream.ts';
import type { StoredDay } from './daily-figures.ts';
import { FinanceErrors } from './finance.errors.ts';
import {
  chargeRows,
  closingsBefore,
  countLines,
  dailyRows,
  findAccountTransaction,
  keywordMatches,
  type LineFilter,
  lineFigures,
  linesPerCategory,
  linesPerDay,
  type PeriodFigures,
  periodFigures,
  postingsPerKind,
  relatedTransactionIds,
  type StatementLineRow,
  statementCopySelect,
  statementLinesQuery,
  transactionFiguresPerCategory,
} from './finance.repository.ts';
import { closingOf, headingOf, STATEMENT_COLUMNS, type StatementFileRow } from './finance-files.ts';
import { type AccountContext, resolveAccount, resolvePeriod } from './finance-scope.ts';

/**
 * The finance screen's calls (issue #10, docs/decisions/0026): an account's statement (page,
 * file, its download-center task), its fees and taxes, and the reconciliation panel. Each call needs
 * the finance code of its account type (FINANCE_PERMISSIONS; the endpoint admits any finance code,
 * the service checks the one of the request: FORBIDDEN otherwise, as the transaction lists do),
 * then resolves the holder, country, account and period in one place (finance-scope.ts).
 */

type ParsedStatementPageRequest = z.output<typeof StatementPageRequest>;
type ParsedStatementDownload = z.output<typeof StatementDownloadRequest>;
type ParsedTaxDetailRequest = z.output<typeof TaxDetailRequest>;
type ParsedReconciliationRequest = z.output<typeof ReconciliationRequest>;

/** The statement's filter fields (page and file share them). */
type StatementFilterFields = Omit<ParsedStatementPageRequest, 'pageSize' | 'cursor'>;

const CURSOR = /^sl:([1-9][0-9]{0,15})$/;

export function encodeStatementCursor(id: number): string {
  return Buffer.from(`sl:${id}`, 'utf8').toString('base64url');
}

export function decodeStatementCursor(cursor: string): number {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(m?.[1]);
  if (!m || !Number.isSafeInteger(id)) throw FinanceErrors.invalidCursor();
  return id;
}

/** The category an entry kind's AMOUNT line has (the trigger's rule of migration 0015). */
const CATEGORY_OF_KIND: Readonly<Record<string, StatementCategory>> = {
  PAYIN_SETTLED: 'PAYIN',
  REFUND: 'REFUND',
  CHARGEBACK: 'CHARGEBACK',
  PAYOUT_SETTLED: 'PAYOUT',
  GLOBAL_TRANSFER_OUT: 'FX',
  GLOBAL_TOPUP: 'TOPUP',
  // Accounting requests (docs/decisions/0027).
  TOPUP_CREDITED: 'TOPUP',
  WITHDRAWAL_SETTLED: 'WITHDRAWAL',
  EXCHANGE_SETTLED: 'FX',
  SUB_TRANSFER_SETTLED: 'TRANSFER',
  // A won chargeback's reversal is a (positive) CHARGEBACK line (docs/decisions/0028, migration 0017).
  CHARGEBACK_REVERSED: 'CHARGEBACK',
};

/** The categories the transactions' own columns speak for. */
const TRANSACTION_CATEGORIES: ReadonlySet<StatementCategory> = new Set(['PAYIN', 'PAYOUT', 'REFUND', 'CHARGEBACK', 'FEE', 'TAX']);

/** The categories of the type and category filters (both: their intersection); null without either. */
export function categoriesOf(type: StatementLine['type'] | undefined, category: StatementCategory | undefined): StatementCategory[] | null {
  if (type === undefined && category === undefined) return null;
  return STATEMENT_CATEGORIES.filter(
    (c) => (type === undefined || TYPE_OF_CATEGORY[c] === type) && (category === undefined || c === category),
  );
}

export function lineOf(r: StatementLineRow): StatementLine {
  return {
    id: r.id,
    bookedAt: r.bookedAt.toISOString(),
    localDate: r.localDate,
    type: TYPE_OF_CATEGORY[r.category],
    event: r.event as StatementEvent,
    item: r.item,
    category: r.category,
    transactionId: r.transactionId,
    transactionUniqueId: r.uniqueId,
    merchantReference: r.merchantReference,
    transactionType: r.transactionType,
    productType: r.productType,
    reference: r.reference,
    amountIn: Math.max(r.amount, 0),
    amountOut: Math.max(-r.amount, 0),
    balanceAfter: r.balanceAfter,
  };
}

/** A statement request checked and resolved: the account, the period and its figures, the lines' filter. */
interface PreparedStatement {
  ctx: AccountContext;
  range: DateRange;
  figures: PeriodFigures;
  /** The lines to read; null when none can match (no account, no line in the period, a filter matching nothing). */
  filter: LineFilter | null;
  /** A type, category or keyword filter is set. */
  filtered: boolean;
  /** The filter in words (the file's heading). */
  filterText: string | null;
}

const NO_FIGURES: PeriodFigures = { opening: 0, firstId: null, lastId: null, credits: 0, debits: 0, lineCount: 0, closing: null };

export class FinanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    /** More statement lines than this go through the download center (config.finance.statementDirectMaxRows). */
    private readonly directMaxRows: number,
    /** Queues statement tasks; null where the download center is not wired (a service used only to write). */
    private readonly downloads: DownloadCenterService | null = null,
  ) {}

  /** The finance code of the account type: the endpoint admits any finance code, the request needs this one. */
  private requireFinance(auth: AuthContext, accountType: AccountType): void {
    if (!auth.permissions.has(FINANCE_PERMISSIONS[accountType])) throw CommonErrors.forbidden();
  }

  // ---- the statement ---------------------------------------------------------------------------

  private async prepare(auth: AuthContext, body: StatementFilterFields): Promise<PreparedStatement> {
    this.requireFinance(auth, body.accountType);
    const now = this.clock();
    const ctx = await resolveAccount(this.db, auth, body, now);
    const range = resolvePeriod(body.range, ctx.country.timezoneName, now);
    const categories = categoriesOf(body.type, body.category);
    const keywordText = body.keyword;
    const filterText = [
      body.type === undefined ? null : `type=${body.type}`,
      body.category === undefined ? null : `category=${body.category}`,
      keywordText === undefined ? null : `keyword=${keywordText}`,
    ]
      .filter((p) => p !== null)
      .join('; ');
    const filtered = categories !== null || keywordText !== undefined;
    const base = { ctx, range, filtered, filterText: filterText === '' ? null : filterText };
    if (ctx.account === null) return { ...base, figures: NO_FIGURES, filter: null };
    const figures = await periodFigures(this.db, ctx.account.id, range.from, range.to);
    if (figures.firstId === null || figures.lastId === null || categories?.length === 0) return { ...base, figures, filter: null };
    const keyword = keywordText === undefined ? null : await keywordMatches(this.db, auth.scope, keywordText);
    if (keyword !== null && keyword.transactionIds.length === 0 && keyword.eventIds.length === 0) return { ...base, figures, filter: null };
    const filter: LineFilter = {
      accountId: ctx.account.id,
      merchantId: auth.scope.merchantId,
      firstId: figures.firstId,
      lastId: figures.lastId,
      categories,
      keyword,
    };
    return { ...base, figures, filter };
  }

  private periodOf(p: PreparedStatement): StatementPeriod {
    const { figures } = p;
    return {
      accountNo: p.ctx.account?.accountNo ?? null,
      currency: p.ctx.country.currency,
      timezoneName: p.ctx.country.timezoneName,
      range: p.range,
      openingBalance: figures.opening,
      credits: figures.credits,
      debits: figures.debits,
      closingBalance: figures.opening + figures.credits - figures.debits,
      lineCount: figures.lineCount,
    };
  }

  /** statementPage: newest first, keyset by line id, the period's figures above. */
  async statementPage(auth: AuthContext, body: ParsedStatementPageRequest): Promise<StatementPage> {
    const after = body.cursor === undefined ? null : decodeStatementCursor(body.cursor);
    const p = await this.prepare(auth, body);
    const period = this.periodOf(p);
    if (p.filter === null) return { list: [], total: 0, totalCapped: false, nextCursor: null, period };
    const filter = p.filter;
    // Unfiltered, the total is the daily rows' line counts (exact, read already).
    const [rows, counted] = await Promise.all([
      statementLinesQuery(this.db, filter, after, 'desc', body.pageSize + 1),
      p.filtered ? countLines(this.db, filter, MAX_EXACT_TOTAL) : Promise.resolve(p.figures.lineCount),
    ]);
    return { ...keysetPage(rows, body.pageSize, counted, lineOf, (last) => encodeStatementCursor(last.id)), period };
  }

  /** What a statement file holds: its lines counted and summed (the unfiltered period from its daily rows). */
  private async figuresOf(p: PreparedStatement): Promise<ReportFigures> {
    const currency = p.ctx.country.currency;
    if (p.filter === null) return { rowCount: 0, totals: [] };
    const { rows, cents } = p.filtered
      ? await lineFigures(this.db, p.filter)
      : { rows: p.figures.lineCount, cents: p.figures.credits - p.figures.debits };
    return { rowCount: rows, totals: rows === 0 ? [] : [{ currency, cents }] };
  }

  /** Every line of the filter, oldest first, read in keyset batches as the file is written. */
  private async *fileRows(filter: LineFilter, currency: Currency): AsyncGenerator<StatementFileRow> {
    let after = filter.firstId - 1;
    for (;;) {
      const batch = await statementLinesQuery(this.db, filter, after, 'asc', REPORT_BATCH_ROWS);
      for (const row of batch) yield { ...lineOf(row), amount: row.amount, currency };
      const last = batch.at(-1);
      if (batch.length < REPORT_BATCH_ROWS || last === undefined) return;
      after = last.id;
    }
  }

  private statementStream(
    p: PreparedStatement,
    format: ParsedStatementDownload['format'],
    language: ParsedStatementDownload['language'],
    onRows: (rows: number) => void | Promise<void>,
  ): ReportStream {
    const { country, holder, account, accountType } = p.ctx;
    const now = this.clock();
    const closing = p.figures.opening + p.figures.credits - p.figures.debits;
    const heading = headingOf(
      {
        title: 'statement',
        accountNo: account?.accountNo ?? null,
        holder: `${holder.name} (${holder.code})`,
        accountType,
        currency: country.currency,
        timeZone: country.timezoneName,
        offset: utcOffsetLabel(country.timezoneName, now),
        range: p.range,
        filter: p.filterText,
        opening: p.figures.opening,
      },
      language,
    );
    const options = {
      language,
      timeZone: country.timezoneName,
      at: now,
      heading,
      closing: () => closingOf(closing, language),
      sheetName: 'Statement',
    };
    const pool = postgresPoolOf(this.db);
    const filter = p.filter;
    if (format === 'csv' && pool !== null && filter !== null) {
      // PostgreSQL writes the CSV (the transaction export's path). A period's lines are a closed
      // id range of append-only rows: its figures, counted beside the COPY, are what it writes.
      let figures: ReportFigures | null = null;
      const head = csvHead(STATEMENT_COLUMNS, options, heading);
      const select = statementCopySelect(
        this.db,
        filter,
        country.currency,
        STATEMENT_COLUMNS as readonly ExportColumn<ExportRow>[],
        options,
      );
      const source = copyCsvStream(pool, head, select, {
        snapshot: async () => {
          figures = await this.figuresOf(p);
        },
        onRecords: onRows,
      });
      return copiedCsvReport(source, Buffer.byteLength(head, 'utf8'), () => figures, language, options.closing);
    }
    const rows = filter === null ? emptyRows() : this.fileRows(filter, country.currency);
    return reportStream(rows, STATEMENT_COLUMNS, format, options, onRows);
  }

  private fileNameOf(p: PreparedStatement, format: string): string {
    const { account, holder, country, accountType } = p.ctx;
    const accountNo = account?.accountNo ?? `${holder.code}.${country.country}.${accountType}`;
    return `statement-${accountNo}-${p.range.from}-${p.range.to}.${format}`;
  }

  private async recordExport(
    auth: AuthContext,
    client: ActivityClient,
    p: PreparedStatement,
    fileName: string,
    via: 'DIRECT' | 'TASK',
    rows: number,
  ) {
    await this.activity.record(actorContext(auth, client), {
      event: ActivityEvents.REPORT_EXPORTED,
      outcome: 'SUCCESS',
      object: { type: 'REPORT', id: fileName, label: fileName },
      details: {
        report: 'STATEMENT',
        via,
        country: p.ctx.country.country,
        accountType: p.ctx.accountType,
        holder: p.ctx.holder.code,
        from: p.range.from,
        to: p.range.to,
        rows: String(rows),
      },
    });
  }

  /** statementDownload: the file at once, up to the direct limit. */
  async statementFile(auth: AuthContext, body: ParsedStatementDownload, client: ActivityClient): Promise<BinaryFile> {
    const p = await this.prepare(auth, body);
    const rows = p.filter === null ? 0 : p.filtered ? await countLines(this.db, p.filter, this.directMaxRows) : p.figures.lineCount;
    if (rows > this.directMaxRows) throw FinanceErrors.tooLargeForDirect();
    const filename = this.fileNameOf(p, body.format);
    await this.recordExport(auth, client, p, filename, 'DIRECT', rows);
    const report = this.statementStream(p, body.format, body.language, () => undefined);
    return { filename, contentType: report.contentType, body: report.body };
  }

  /** What a statement file would hold, and whether it downloads at once or goes through the download center. */
  async statementPreflight(auth: AuthContext, body: ParsedStatementDownload): Promise<ExportPreflight> {
    const p = await this.prepare(auth, body);
    const figures = await this.figuresOf(p);
    const directMaxRows = this.directMaxRows;
    return { ...figures, route: figures.rowCount > directMaxRows ? 'TASK' : 'DIRECT', directMaxRows };
  }

  /** Queues the statement file in the download center (report type STATEMENT), the period fixed as resolved now. */
  async statementTask(auth: AuthContext, body: ParsedStatementDownload & { idempotencyKey: string }, client: ActivityClient) {
    if (this.downloads === null) throw new Error('statement tasks need the download center');
    const { idempotencyKey, ...request } = body;
    const p = await this.prepare(auth, request);
    const expected = await this.figuresOf(p);
    const fileName = this.fileNameOf(p, request.format);
    const record = await this.downloads.createTask(auth, {
      reportType: 'STATEMENT',
      format: request.format,
      fileName,
      params: StatementDownloadRequest.parse({ ...request, range: p.range }),
      expected,
      idempotencyKey,
    });
    await this.recordExport(auth, client, p, fileName, 'TASK', expected.rowCount);
    return record;
  }

  /**
   * The download center's writer of STATEMENT tasks: the creator must still be enabled and hold the
   * account type's finance code, and the request is checked again with their current scope.
   */
  taskWriter(): ReportTaskWriter {
    return async (task, onRows) => {
      const auth = await actingUserAuth(this.db, task.createdBy, task.merchantId);
      if (auth === null) throw new Unwritable('The user who asked for this file can no longer sign in');
      const request = StatementDownloadRequest.parse(task.params);
      if (!auth.permissions.has(FINANCE_PERMISSIONS[request.accountType])) {
        throw new Unwritable('The user who asked for this file can no longer read this account’s statement');
      }
      let p: PreparedStatement;
      try {
        p = await this.prepare(auth, request);
      } catch (err) {
        if (err instanceof AppError) throw new Unwritable(err.message);
        throw err;
      }
      return this.statementStream(p, request.format, request.language, onRows);
    };
  }

  // ---- fees and taxes --------------------------------------------------------------------------

  /** taxDetail: a transaction's charges (with its refunds' and chargebacks'), or a period's. */
  async taxDetail(auth: AuthContext, body: ParsedTaxDetailRequest): Promise<TaxDetail> {
    this.requireFinance(auth, body.accountType);
    const now = this.clock();
    const ctx = await resolveAccount(this.db, auth, body, now);
    const head = { currency: ctx.country.currency, timezoneName: ctx.country.timezoneName };
    const totalsOf = (rows: { item: 'FEE' | 'VAT'; amount: number }[]) => {
      const fee = rows.filter((r) => r.item === 'FEE').reduce((s, r) => s + r.amount, 0);
      const vat = rows.filter((r) => r.item === 'VAT').reduce((s, r) => s + r.amount, 0);
      return { fee, vat, total: fee + vat };
    };
    // No key: the request is about its period (the contract requires one or the other).
    const key = body.transactionKey;
    if (key !== undefined) {
      // A transaction named by the key wins over a period given with it.
      const tx = ctx.account === null ? null : await findAccountTransaction(this.db, auth.scope, ctx.account.id, key);
      if (tx === null || ctx.account === null) throw FinanceErrors.transactionNotFound();
      const ids = [tx.id, ...(await relatedTransactionIds(this.db, auth.scope, tx.id))];
      const rows = (await chargeRows(this.db, ctx.account.id, { transactionIds: ids })).map(asTaxRow);
      return {
        ...head,
        range: null,
        transaction: {
          id: tx.id,
          uniqueId: tx.uniqueId,
          merchantReference: tx.merchantReference,
          transactionType: tx.transactionType,
          amount: tx.amount,
          fee: tx.fee,
          vat: tx.vat,
        },
        rows,
        totals: totalsOf(rows),
      };
    }
    const range = resolvePeriod(body.range, ctx.country.timezoneName, now);
    const figures = ctx.account === null ? NO_FIGURES : await periodFigures(this.db, ctx.account.id, range.from, range.to);
    const rows =
      ctx.account === null || figures.firstId === null || figures.lastId === null
        ? []
        : (await chargeRows(this.db, ctx.account.id, { firstId: figures.firstId, lastId: figures.lastId })).map(asTaxRow);
    return { ...head, range, transaction: null, rows, totals: totalsOf(rows) };
  }

  // ---- reconciliation --------------------------------------------------------------------------

  /**
   * reconciliation: the period's statement per category against the ledger's
   * postings of the same entries and the transactions' own columns, and the chain of its daily
   * rows. All read in one repeatable-read snapshot, so a movement booked meanwhile cannot make a
   * sound period look broken.
   */
  async reconciliation(auth: AuthContext, body: ParsedReconciliationRequest): Promise<Reconciliation> {
    this.requireFinance(auth, body.accountType);
    const now = this.clock();
    const ctx = await resolveAccount(this.db, auth, body, now);
    const range = resolvePeriod(body.range, ctx.country.timezoneName, now);
    const head = { currency: ctx.country.currency, timezoneName: ctx.country.timezoneName, range, checkedAt: now.toISOString() };
    const account = ctx.account;
    if (account === null) {
      return { ...head, rows: [], chain: { openingBalance: 0, movements: 0, closingBalance: 0, brokenDays: [] }, balanced: true };
    }
    return this.db.transaction(
      async (tx) => {
        const figures = await periodFigures(tx, account.id, range.from, range.to);
        const [rows, opening] = await Promise.all([
          dailyRows(tx, [account.id], range.from, range.to),
          closingsBefore(tx, [account.id], range.from),
        ]);
        const openingBalance = opening.get(account.id) ?? 0;
        if (figures.firstId === null || figures.lastId === null) {
          return {
            ...head,
            rows: [],
            chain: { openingBalance, movements: 0, closingBalance: openingBalance, brokenDays: [] },
            balanced: true,
          };
        }
        const { firstId, lastId } = figures;
        const statement = await linesPerCategory(tx, account.id, firstId, lastId);
        const postings = await postingsPerKind(tx, account.id, firstId, lastId);
        const own = await transactionFiguresPerCategory(tx, account.id, firstId, lastId);
        const perDay = await linesPerDay(tx, account.id, firstId, lastId);
        const reconciled = reconcile(statement, postings, own);
        const chain = chainOf(rows, openingBalance, perDay);
        return {
          ...head,
          rows: reconciled,
          chain,
          balanced: reconciled.every((r) => r.difference === 0) && chain.brokenDays.length === 0,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

async function* emptyRows(): AsyncGenerator<StatementFileRow> {}

function asTaxRow(r: { item: 'FEE' | 'VAT'; event: string; amount: number; count: number }) {
  return { item: r.item, event: r.event as StatementEvent, amount: r.amount, count: r.count };
}

/**
 * The rows of the reconciliation, in category order: the statement's sum; the postings — the
 * entries' FEES and TAX postings negated for FEE and TAX, and for the amount of each entry kind the
 * account's postings plus those charges (the gross the AMOUNT line carries); the transactions'
 * columns where the category is about transactions. `difference` is statement − postings when
 * they differ, else statement − transactions (0 where there are none).
 */
export function reconcile(
  statement: readonly { category: StatementCategory; count: number; amount: number }[],
  postings: readonly { kind: string; account: number; fee: number; vat: number }[],
  transactions: readonly { category: StatementCategory; amount: number }[],
): ReconciliationRow[] {
  const posted = new Map<StatementCategory, number>();
  const add = (c: StatementCategory, v: number) => posted.set(c, (posted.get(c) ?? 0) + v);
  for (const p of postings) {
    add(CATEGORY_OF_KIND[p.kind] ?? 'ADJUSTMENT', p.account + p.fee + p.vat);
    if (p.fee !== 0) add('FEE', -p.fee);
    if (p.vat !== 0) add('TAX', -p.vat);
  }
  const stated = new Map(statement.map((s) => [s.category, s]));
  const own = new Map(transactions.map((t) => [t.category, t.amount]));
  return STATEMENT_CATEGORIES.filter((c) => stated.has(c) || (posted.get(c) ?? 0) !== 0 || own.has(c)).map((category) => {
    const s = stated.get(category)?.amount ?? 0;
    const p = posted.get(category) ?? 0;
    const tx = TRANSACTION_CATEGORIES.has(category) ? (own.get(category) ?? 0) : null;
    const difference = s !== p ? s - p : tx === null ? 0 : s - tx;
    return { category, count: stated.get(category)?.count ?? 0, statement: s, postings: p, transactions: tx, difference };
  });
}

/**
 * The chain of the period's daily rows: each row opens at the previous row's closing (the first at
 * the closing before the period), its category columns lead from opening to closing, as do its
 * credits and debits, and its lines add up to closing − opening. A day that breaks any of these —
 * or that has lines and no row — is listed.
 */
export function chainOf(
  rows: readonly (Omit<StoredDay, 'payinCount' | 'payoutCount' | 'refundCount' | 'chargebackCount'> & {
    credits: number;
    debits: number;
  })[],
  openingBalance: number,
  perDay: readonly { localDate: string; amount: number }[],
): Reconciliation['chain'] {
  const lines = new Map(perDay.map((d) => [d.localDate, d.amount]));
  const broken = new Set<string>();
  let previous = openingBalance;
  for (const r of rows) {
    const columns =
      r.payin + r.payout + r.refund + r.chargeback + r.fee + r.tax + r.fx + r.topup + r.withdrawal + r.transfer + r.adjustment;
    const moved = r.closing - r.opening;
    if (r.opening !== previous || columns !== moved || r.credits - r.debits !== moved || (lines.get(r.localDate) ?? 0) !== moved) {
      broken.add(r.localDate);
    }
    previous = r.closing;
  }
  const withRow = new Set(rows.map((r) => r.localDate));
  for (const date of lines.keys()) if (!withRow.has(date)) broken.add(date);
  const movements = perDay.reduce((s, d) => s + d.amount, 0);
  return { openingBalance, movements, closingBalance: rows.at(-1)?.closing ?? openingBalance, brokenDays: [...broken].sort() };
}
