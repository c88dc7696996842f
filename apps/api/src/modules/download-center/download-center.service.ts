import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO, CURRENCIES, type Currency } from '@andes/contract/common/countries';
import { todayIn } from '@andes/contract/common/dates';
import {
  DIRECT_EXPORT_MAX_ROWS,
  DOWNLOAD_LINK_TTL_MINUTES,
  DOWNLOAD_RETENTION_DAYS,
  DOWNLOAD_TASK_MAX_ATTEMPTS,
  type ReportFormat,
  type ReportType,
} from '@andes/contract/download-center/enums';
import type {
  DownloadLink,
  DownloadRecord,
  DownloadRecordPage,
  DownloadRecordPageRequest,
  ExportPreflight,
  ReportFigures,
} from '@andes/contract/download-center/schemas';
import { type ParsedTransactionExportRequest, TransactionExportRequest } from '@andes/contract/transaction/schemas';
import type { z } from 'zod';
import { type Clock, DAY_MS, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { exportFigures } from '../transaction/transaction.repository.ts';
import type { TransactionService } from '../transaction/transaction.service.ts';
import { CSV_CONTENT_TYPE } from '../transaction-files/export/csv-stream.ts';
import { XLSX_CONTENT_TYPE } from '../transaction-files/export/xlsx-stream.ts';
import { DownloadCenterErrors } from './download-center.errors.ts';
import {
  consumeTaskLink,
  countTasks,
  deleteTask,
  findTask,
  insertTask,
  listTasks,
  retryTask,
  setTaskLink,
  type TaskKey,
  type TaskWithCreator,
} from './download-center.repository.ts';

/** Where a download link points: `${DOWNLOAD_LINK_PATH_PREFIX}<token>` (a plain GET, outside /dashboard). */
export const DOWNLOAD_LINK_PATH_PREFIX = '/files/downloads/';

/** The blob store as the download center uses it (modules/files). */
export interface ReportBlobStore {
  put(key: string, body: Readable | Uint8Array, options?: { contentType?: string }): Promise<{ size: number; sha256: string }>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newTaskId(): string {
  return `dt_${randomBytes(16).toString('base64url')}`;
}

/** Where a task's file lives in the blob store (generated, never from a user's text). */
export function reportKey(task: { merchantId: number; publicId: string; format: string }): string {
  return `reports/${task.merchantId}/${task.publicId}.${task.format}`;
}

/** Figures of `exportFigures` rows, in currency order. */
export function figuresOf(rows: readonly { currency: string; rows: number; cents: number }[]): ReportFigures {
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  return {
    rowCount: rows.reduce((n, r) => n + r.rows, 0),
    totals: CURRENCIES.filter((c) => byCurrency.has(c)).map((currency: Currency) => ({
      currency,
      cents: byCurrency.get(currency)?.cents ?? 0,
    })),
  };
}

const emptyFigures: ReportFigures = { rowCount: 0, totals: [] };

export function recordOf(task: TaskWithCreator, now: Date): DownloadRecord {
  const expected = (task.expected as ReportFigures | null) ?? emptyFigures;
  return {
    id: task.publicId,
    fileName: task.fileName,
    reportType: task.reportType as ReportType,
    format: task.format as ReportFormat,
    state: task.state as DownloadRecord['state'],
    creatorUserId: task.createdBy,
    creatorUsername: task.creatorUsername,
    createdAt: task.createdAt.toISOString(),
    startedAt: task.startedAt?.toISOString() ?? null,
    finishedAt: task.finishedAt?.toISOString() ?? null,
    expiresAt: task.expiresAt?.toISOString() ?? null,
    expired: task.expiredAt !== null || (task.expiresAt !== null && task.expiresAt.getTime() <= now.getTime()),
    size: task.size,
    rowsWritten: task.rowsWritten,
    rowsExpected: expected.rowCount,
    expected,
    written: (task.written as ReportFigures | null) ?? null,
    sha256: task.sha256,
    attempts: task.attempts,
    failureReason: task.state === 'FAIL' || task.state === 'PENDING' ? task.failureReason : null,
    retryable: task.state === 'FAIL' && task.attempts < DOWNLOAD_TASK_MAX_ATTEMPTS,
  };
}

function encodeCursor(key: TaskKey): string {
  return Buffer.from(`${key.at.toISOString()}|${key.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): TaskKey {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  const n = Number(id);
  if (Number.isNaN(date.getTime()) || !Number.isSafeInteger(n) || n < 1) throw DownloadCenterErrors.invalidCursor();
  return { at: date, id: n };
}

/** Queues the work of a task (the download-report job); set by the routes once the job is defined. */
export type QueueTask = (taskId: number) => Promise<unknown>;

/** A task to queue: what its report type's writer will read (`params`, as checked now) and the figures expected. */
export interface NewTaskSpec {
  reportType: ReportType;
  format: ReportFormat;
  fileName: string;
  params: unknown;
  expected: ReportFigures;
  idempotencyKey: string;
}

export class DownloadCenterService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly blobs: ReportBlobStore,
    private readonly transactions: TransactionService,
    private readonly queue: QueueTask,
    /** More rows than this go through the download center (config.downloads.directExportMaxRows). */
    private readonly directMaxRows: number = DIRECT_EXPORT_MAX_ROWS,
  ) {}

  async page(auth: AuthContext, body: z.output<typeof DownloadRecordPageRequest>): Promise<DownloadRecordPage> {
    const after = body.cursor === undefined ? null : decodeCursor(body.cursor);
    const filter = { state: body.state, reportType: body.reportType };
    const [rows, counted] = await Promise.all([
      listTasks(this.db, auth.scope, filter, after, body.pageSize + 1),
      countTasks(this.db, auth.scope, filter, MAX_EXACT_TOTAL + 1),
    ]);
    const now = this.clock();
    return keysetPage(
      rows,
      body.pageSize,
      counted,
      (t) => recordOf(t, now),
      (last) => encodeCursor({ at: last.createdAt, id: last.id }),
    );
  }

  private async taskOf(auth: AuthContext, publicId: string): Promise<TaskWithCreator> {
    const task = await findTask(this.db, auth.scope, publicId);
    if (!task) throw CommonErrors.notFound('The download task');
    return task;
  }

  /** A one-time link to a finished file. */
  async link(auth: AuthContext, publicId: string): Promise<DownloadLink> {
    const task = await this.taskOf(auth, publicId);
    const now = this.clock();
    if (task.state !== 'COMPLETE') throw DownloadCenterErrors.notReady(task.state);
    if (recordOf(task, now).expired) throw DownloadCenterErrors.expired();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + DOWNLOAD_LINK_TTL_MINUTES * MINUTE_MS);
    if (!(await setTaskLink(this.db, task.id, hashLinkToken(token), expiresAt))) throw DownloadCenterErrors.expired();
    return { url: `${DOWNLOAD_LINK_PATH_PREFIX}${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The file behind a link (used up now), or null when the link is unknown, used or expired. */
  async fileOfLink(token: string): Promise<{ filename: string; contentType: string; body: Readable } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const task = await consumeTaskLink(this.db, hashLinkToken(token), this.clock());
    if (task === null || task.blobKey === null) return null;
    const body = await this.blobs.get(task.blobKey);
    if (body === null) return null;
    return { filename: task.fileName, contentType: task.format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE, body };
  }

  async retry(auth: AuthContext, publicId: string): Promise<DownloadRecord> {
    const task = await this.taskOf(auth, publicId);
    if (task.state !== 'FAIL') throw DownloadCenterErrors.notRetryable(task.state);
    if (task.attempts >= DOWNLOAD_TASK_MAX_ATTEMPTS) throw DownloadCenterErrors.noAttemptsLeft();
    const row = await retryTask(this.db, auth.scope, publicId, DOWNLOAD_TASK_MAX_ATTEMPTS);
    if (row === null) throw DownloadCenterErrors.notRetryable('changed');
    await this.queue(row.id);
    return recordOf({ ...row, creatorUsername: task.creatorUsername }, this.clock());
  }

  /** Deletes the record and its file; a running task notices at its next progress write and stops. */
  async remove(auth: AuthContext, publicId: string): Promise<null> {
    const deleted = await deleteTask(this.db, auth.scope, publicId);
    if (deleted === null) throw CommonErrors.notFound('The download task');
    if (deleted.blobKey !== null) await this.blobs.delete(deleted.blobKey);
    return null;
  }

  // Transaction exports ------------------------------------------------------------------------

  async transactionPreflight(auth: AuthContext, body: ParsedTransactionExportRequest): Promise<ExportPreflight> {
    const filter = await this.transactions.exportFilter(auth, body);
    const figures = figuresOf(await exportFigures(this.db, auth.scope, filter));
    const directMaxRows = this.directMaxRows;
    return { ...figures, route: figures.rowCount > directMaxRows ? 'TASK' : 'DIRECT', directMaxRows };
  }

  async createTransactionTask(
    auth: AuthContext,
    body: ParsedTransactionExportRequest & { idempotencyKey: string },
  ): Promise<DownloadRecord> {
    const { idempotencyKey, ...request } = body;
    const filter = await this.transactions.exportFilter(auth, request);
    const expected = figuresOf(await exportFigures(this.db, auth.scope, filter));
    const timeZone = COUNTRY_INFO[request.country].timezoneName;
    return this.createTask(auth, {
      reportType: 'TRANSACTION',
      format: request.format,
      fileName: `transactions-${request.list}-${request.country}-${todayIn(timeZone, this.clock())}.${request.format}`,
      params: TransactionExportRequest.parse(request),
      expected,
      idempotencyKey,
    });
  }

  /**
   * Queues a task of the caller (any report type; its module has checked the request and counted
   * the figures): the same idempotency key of the same creator answers the task already queued.
   */
  async createTask(auth: AuthContext, spec: NewTaskSpec): Promise<DownloadRecord> {
    const now = this.clock();
    const { task, created } = await insertTask(this.db, {
      publicId: newTaskId(),
      merchantId: auth.merchantId,
      subMerchantId: auth.subMerchantId,
      createdBy: auth.userId,
      idempotencyKey: spec.idempotencyKey,
      reportType: spec.reportType,
      format: spec.format,
      fileName: spec.fileName,
      params: spec.params,
      expected: spec.expected,
      createdAt: now,
    });
    if (created) await this.queue(task.id);
    return recordOf(task, now);
  }
}

/** A task's retention: its file is deleted this long after it is written. */
export function expiryOf(finishedAt: Date): Date {
  return new Date(finishedAt.getTime() + DOWNLOAD_RETENTION_DAYS * DAY_MS);
}
