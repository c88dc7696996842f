import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { DOWNLOAD_RETENTION_DAYS, REPORT_TYPES, type ReportFormat, type ReportType } from '@andes/contract/download-center/enums';
import type { ReportFigures } from '@andes/contract/download-center/schemas';
import { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';
import { AppError } from '../../http/errors.ts';
import { defineJob, type JobDefinition } from '../../jobs/queue.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { renderMail } from '../../plugins/mail-templates.ts';
import { postNotice } from '../message/notices.ts';
import { exportFiguresQuery, type TransactionFilter } from '../transaction/transaction.repository.ts';
import type { TransactionService } from '../transaction/transaction.service.ts';
import { transactionExportCopySelect } from '../transaction/transaction-export.repository.ts';
import { exporterAuth, transactionExportRows } from '../transaction/transaction-export.service.ts';
import type { ExportOptions } from '../transaction-files/export/columns.ts';
import { copyCsvStream, postgresPoolOf } from '../transaction-files/export/copy-csv.ts';
import { csvHead } from '../transaction-files/export/csv-stream.ts';
import { TRANSACTION_EXPORT_COLUMNS } from '../transaction-files/export/transaction-columns.ts';
import {
  claimTask,
  completeTask,
  type DownloadTaskRow,
  dueForExpiry,
  failTask,
  markExpired,
  recordProgress,
  requeueTask,
} from './download-center.repository.ts';
import { expiryOf, figuresOf, type ReportBlobStore, reportKey } from './download-center.service.ts';
import { copiedCsvReport, type ReportStream, reportStream } from './report-writer.ts';

/** Progress is written every this many rows (and the writer learns there whether the task was deleted). */
export const PROGRESS_EVERY_ROWS = 1_000;

/**
 * Rows a report reads per keyset query. Small on purpose: a batch is parsed whole (node-postgres,
 * then drizzle's mapping) and waits in memory while its rows are written, and what outlives two
 * young-generation collections is promoted to the old generation, to stay there as garbage until
 * a full collection. An XLSX row allocates about 40 KB on its way (exceljs' cells and XML), so a
 * young collection comes every few hundred rows: at 2,000 rows (TRANSACTION_EXPORT_BATCH, the
 * direct export's) the batches were promoted nearly whole, about 1.1 KB a row (the sampling heap
 * profiler: 160 MB per 150,000 rows); at 250, about 1 MB per 150,000 rows, for a query per 250 rows
 * (bench/download-task.ts).
 */
export const REPORT_BATCH_ROWS = 250;

/** The task was deleted while its file was being written: stop, write nothing. */
class TaskGone extends Error {}
/** The task cannot be written, whatever the number of attempts (the reason is for the person who asked). */
export class Unwritable extends Error {}

/**
 * Writes the file of one report type from its task: checks again that the creator may still have
 * it (throwing Unwritable with the reason a person reads when not), then answers the file's stream
 * with its proof. `onRows` gets the rows written so far (progress; it throws when the task was
 * deleted meanwhile, which stops the writer).
 */
export type ReportTaskWriter = (task: DownloadTaskRow, onRows: (rows: number) => Promise<void>) => Promise<ReportStream>;

/**
 * The writer of each report type (REPORT_TYPES): the one download-report job dispatches each task
 * to its type's writer. The download center registers TRANSACTION; each module that queues its own
 * reports registers its writer while it registers its routes (finance: STATEMENT).
 */
export class ReportWriters {
  private readonly writers = new Map<string, ReportTaskWriter>();

  register(type: ReportType, writer: ReportTaskWriter): this {
    if (this.writers.has(type)) throw new Error(`report type ${type} has a writer already`);
    this.writers.set(type, writer);
    return this;
  }

  get(type: string): ReportTaskWriter | null {
    return this.writers.get(type) ?? null;
  }

  /** Report types of the contract nobody writes (the app refuses to start with any). */
  missing(): ReportType[] {
    return REPORT_TYPES.filter((t) => !this.writers.has(t));
  }
}

export interface DownloadReportDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  blobs: ReportBlobStore;
  transactions: TransactionService;
  mailer: Mailer;
  publicUrl: string;
  /** The writers of the report types beyond TRANSACTION (which the job writes with `transactions`). */
  writers?: ReportWriters;
}

/** The reason a person reads on the record when an attempt fails. */
function reasonOf(err: unknown): string {
  if (err instanceof Unwritable) return err.message;
  if (err instanceof AppError) return err.message;
  return 'The file could not be written (a server or storage error). Retry the task; if it fails again, contact support.';
}

/** The TRANSACTION writer: the creator may still export transactions, with their current scope. */
function transactionTaskWriter(deps: DownloadReportDeps): ReportTaskWriter {
  return async (task, onRows) => {
    const auth = await exporterAuth(deps.db, task.createdBy, task.merchantId);
    if (auth === null) throw new Unwritable('The user who asked for this file can no longer export transactions');
    const request = TransactionExportRequest.parse(task.params);
    let filter: Awaited<ReturnType<TransactionService['exportFilter']>>;
    try {
      filter = await deps.transactions.exportFilter(auth, request);
    } catch (err) {
      if (err instanceof AppError) throw new Unwritable(err.message);
      throw err;
    }
    const options = { language: request.language, timeZone: COUNTRY_INFO[request.country].timezoneName, at: deps.clock() };
    return transactionReportStream(deps.db, auth.scope, filter, request.format, options, onRows);
  };
}

/**
 * The transaction report of a checked filter, with its proof: on PostgreSQL a CSV is written by
 * PostgreSQL itself (the direct export's path, at COPY's pace) and its figures are counted in the
 * COPY's own snapshot; an XLSX, and a CSV on PGlite, read the rows in keyset batches and count them
 * as they pass. `onRows` gets the rows written so far (bench/download-task.ts runs this too).
 */
export function transactionReportStream(
  db: Db,
  scope: Scope,
  filter: TransactionFilter,
  format: ReportFormat,
  options: ExportOptions,
  onRows: (rows: number) => Promise<void>,
): ReportStream {
  const pool = postgresPoolOf(db);
  if (format === 'csv' && pool !== null) {
    let figures: ReportFigures | null = null;
    const aggregate = exportFiguresQuery(db, scope, filter).toSQL();
    const head = csvHead(TRANSACTION_EXPORT_COLUMNS, options);
    const select = transactionExportCopySelect(db, scope, filter, TRANSACTION_EXPORT_COLUMNS, options);
    const source = copyCsvStream(pool, head, select, {
      snapshot: async (client) => {
        // drizzle maps its select by position: read the rows as arrays (currency, rows, cents).
        const result = await client.query<[string, number, string]>({
          text: aggregate.sql,
          values: aggregate.params as unknown[],
          rowMode: 'array',
        });
        figures = figuresOf(result.rows.map(([currency, rows, cents]) => ({ currency, rows: Number(rows), cents: Number(cents) })));
      },
      onRecords: onRows,
    });
    return copiedCsvReport(source, Buffer.byteLength(head, 'utf8'), () => figures, options.language);
  }
  return reportStream(transactionExportRows(db, scope, filter, REPORT_BATCH_ROWS), TRANSACTION_EXPORT_COLUMNS, format, options, onRows);
}

async function mailCreator(deps: DownloadReportDeps, task: DownloadTaskRow, rows: number): Promise<void> {
  const [user] = await deps.db
    .select({ username: users.username, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, task.createdBy));
  if (!user?.email) return;
  const link = `${deps.publicUrl.replace(/\/$/, '')}/download-center`;
  const mail = renderMail(
    { kind: 'downloadReady', username: user.username, fileName: task.fileName, rows, link, expiresDays: DOWNLOAD_RETENTION_DAYS },
    user.language,
  );
  deps.mailer.dispatch(await deps.mailer.queue({ to: user.email, ...mail }));
}

/** The "report ready" notice to the task's creator (one per task: keyed by the task id). */
async function postReportReady(tx: Db, task: DownloadTaskRow, rows: number, at: Date): Promise<void> {
  await postNotice(tx, {
    merchantId: task.merchantId,
    userIds: [task.createdBy],
    category: 'REPORT_READY',
    key: `report-ready:${task.id}`,
    title: `Your report ${task.fileName} is ready`,
    content: `The file ${task.fileName} (${rows} rows) can be downloaded from the Download Center for ${DOWNLOAD_RETENTION_DAYS} days.`,
    link: '/download-center',
    params: { fileName: task.fileName, rows, days: DOWNLOAD_RETENTION_DAYS },
    at,
  });
}

/**
 * Writes a download task's file: claims the task, streams its rows into the blob store (the file
 * appears only complete: the store's put is atomic), then records the figures and the SHA-256 of
 * what was written and e-mails the creator a link to the download center. A failed attempt goes
 * back to PENDING while the queue retries it, and to FAIL with its reason after the last attempt
 * (or at once when retrying cannot help: the creator lost the right to export). A task deleted
 * while it runs stops at its next progress write and leaves no file.
 */
export function downloadReportJob(deps: DownloadReportDeps): JobDefinition<{ taskId: number }> {
  const writers = deps.writers ?? new ReportWriters();
  writers.register('TRANSACTION', transactionTaskWriter(deps));
  const definition = defineJob<{ taskId: number }>({
    name: 'download-report',
    retryLimit: 2,
    retryDelaySeconds: 15,
    expireInSeconds: 30 * 60,
    async run({ taskId }, job) {
      const task = await claimTask(deps.db, taskId, deps.clock());
      if (task === null) return;
      const key = reportKey(task);
      try {
        const writer = writers.get(task.reportType);
        if (writer === null) throw new Unwritable(`This server cannot write ${task.reportType} files: contact support`);
        let reported = 0;
        const report = await writer(task, async (n) => {
          if (n - reported < PROGRESS_EVERY_ROWS) return;
          reported = n;
          if (!(await recordProgress(deps.db, task.id, n))) throw new TaskGone();
        });
        const { size } = await deps.blobs.put(key, report.body, { contentType: report.contentType });
        const figures = report.proof.figures();
        const finishedAt = deps.clock();
        // The creator's "report ready" notice (docs/decisions/0030) is posted with the completion, in its transaction.
        const completed = await deps.db.transaction(async (tx) => {
          const done = await completeTask(tx, task.id, {
            rowsWritten: figures.rowCount,
            written: figures,
            sha256: report.proof.sha256(),
            size,
            blobKey: key,
            finishedAt,
            expiresAt: expiryOf(finishedAt),
          });
          if (done) await postReportReady(tx, task, figures.rowCount, finishedAt);
          return done;
        });
        if (!completed) {
          await deps.blobs.delete(key);
          return;
        }
        await mailCreator(deps, task, figures.rowCount).catch((err: unknown) =>
          deps.log.warn({ err, taskId }, 'download ready mail not queued'),
        );
      } catch (err) {
        if (err instanceof TaskGone) {
          await deps.blobs.delete(key);
          return;
        }
        const reason = reasonOf(err);
        if (err instanceof Unwritable || job.retryCount >= definition.retryLimit) {
          deps.log.warn({ err, taskId }, 'download task failed');
          await failTask(deps.db, task.id, reason, deps.clock());
          return;
        }
        await requeueTask(deps.db, task.id, reason);
        throw err;
      }
    },
  });
  return definition;
}

/** Files are deleted when their retention is over; the record stays, marked expired. */
export function downloadExpiryJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger; blobs: ReportBlobStore }): JobDefinition {
  return defineJob({
    name: 'download-expiry',
    cron: '*/15 * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async run() {
      let expired = 0;
      for (;;) {
        const now = deps.clock();
        const due = await dueForExpiry(deps.db, now, 100);
        for (const task of due) {
          if (task.blobKey !== null) await deps.blobs.delete(task.blobKey);
          await markExpired(deps.db, task.id, now);
          expired += 1;
        }
        if (due.length < 100) break;
      }
      if (expired > 0) deps.log.info({ expired }, 'download files expired');
    },
  });
}
