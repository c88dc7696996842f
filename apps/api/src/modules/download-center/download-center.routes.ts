import {
  downloadRecordDownload,
  downloadRecordPage,
  downloadTaskDelete,
  downloadTaskRetry,
  transactionExportPreflight,
  transactionExportTaskCreate,
} from '@andes/contract/download-center/endpoints';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { TransactionService } from '../transaction/transaction.service.ts';
import { DOWNLOAD_LINK_PATH_PREFIX, DownloadCenterService } from './download-center.service.ts';
import { downloadExpiryJob, downloadReportJob, ReportWriters } from './download-report.job.ts';

/** What a used, expired or unknown download link answers (plain text: the browser shows it). */
export const DOWNLOAD_LINK_GONE_MESSAGE =
  'This download link has been used or has expired. Open the download center and download the file again.';

/** What other modules use of the download center: queueing their tasks, and writing them (their report type's writer). */
export interface DownloadCenter {
  service: DownloadCenterService;
  writers: ReportWriters;
}

/** Wiring of the download center: its calls, its jobs and its one-time download links. */
export function registerDownloadCenterRoutes(app: FastifyInstance): DownloadCenter {
  const { db, clock, jobs, mailer, config, blobs } = app.andes;
  const transactions = new TransactionService(db, clock);
  const log = app.log.child({ module: 'download-center' });
  const writers = new ReportWriters();
  const report = downloadReportJob({ db, clock, log, blobs, transactions, mailer, publicUrl: config.publicUrl, writers });
  // Every report type of the contract has its writer once all modules are registered.
  app.addHook('onReady', async () => {
    const missing = writers.missing();
    if (missing.length > 0) throw new Error(`download center: no writer for report type ${missing.join(', ')}`);
  });
  jobs.define(report);
  jobs.define(downloadExpiryJob({ db, clock, log, blobs }));
  const service = new DownloadCenterService(
    db,
    clock,
    blobs,
    transactions,
    (taskId) => jobs.send(report, { taskId }),
    config.downloads.directExportMaxRows,
  );

  registerEndpoint(app, downloadRecordPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, downloadRecordDownload, ({ auth, body }) => service.link(auth, body.id));
  registerEndpoint(app, downloadTaskRetry, ({ auth, params }) => service.retry(auth, params.id));
  registerEndpoint(app, downloadTaskDelete, ({ auth, params }) => service.remove(auth, params.id));
  registerEndpoint(app, transactionExportPreflight, ({ auth, body }) => service.transactionPreflight(auth, body));
  registerEndpoint(app, transactionExportTaskCreate, ({ auth, body }) => service.createTransactionTask(auth, body));

  // The one-time link: a plain GET (the browser's download manager), no session; the token is the credential.
  app.get<{ Params: { token: string } }>(`${DOWNLOAD_LINK_PATH_PREFIX}:token`, async (request, reply) => {
    const file = await service.fileOfLink(request.params.token);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (file === null) return reply.code(410).type('text/plain; charset=utf-8').send(DOWNLOAD_LINK_GONE_MESSAGE);
    return reply.code(200).type(file.contentType).header('content-disposition', contentDisposition(file.filename)).send(file.body);
  });
  return { service, writers };
}
