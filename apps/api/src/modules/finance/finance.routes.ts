import {
  dailyReportDownload,
  dailyReportLink,
  dailyReportPage,
  reconciliation,
  statementDownload,
  statementExportPreflight,
  statementExportTaskCreate,
  statementPage,
  taxDetail,
} from '@andes/contract/finance/endpoints';
import { FINANCE_MESSAGES } from '@andes/contract/finance/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import type { DownloadCenter } from '../download-center/download-center.routes.ts';
import { DailyReportService, REPORT_LINK_PATH_PREFIX } from './daily-report.service.ts';
import { FinanceService } from './finance.service.ts';

const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * Wiring of the finance screens and the reports (issue #10, docs/decisions/0026): statements, their
 * files and download-center tasks (report type STATEMENT, written by the download center's job
 * through the writer registered here), fees and taxes, reconciliation, daily reports and their
 * one-time links.
 */
export function registerFinanceRoutes(app: FastifyInstance, downloads: DownloadCenter): void {
  const { db, clock, activity, config } = app.andes;
  const finance = new FinanceService(db, clock, activity, config.finance.statementDirectMaxRows, downloads.service);
  downloads.writers.register('STATEMENT', finance.taskWriter());
  const reports = new DailyReportService(db, clock, activity);

  registerEndpoint(app, statementPage, ({ auth, body }) => finance.statementPage(auth, body));
  registerEndpoint(app, statementDownload, ({ auth, body, request }) => finance.statementFile(auth, body, clientOf(request)));
  registerEndpoint(app, statementExportPreflight, ({ auth, body }) => finance.statementPreflight(auth, body));
  registerEndpoint(app, statementExportTaskCreate, ({ auth, body, request }) => finance.statementTask(auth, body, clientOf(request)));
  registerEndpoint(app, taxDetail, ({ auth, body }) => finance.taxDetail(auth, body));
  registerEndpoint(app, reconciliation, ({ auth, body }) => finance.reconciliation(auth, body));

  registerEndpoint(app, dailyReportPage, ({ auth, body }) => reports.page(auth, body));
  registerEndpoint(app, dailyReportDownload, ({ auth, body, request }) => reports.file(auth, body, clientOf(request)));
  registerEndpoint(app, dailyReportLink, ({ auth, body, request }) => reports.link(auth, body, clientOf(request)));

  // The shareable link: a plain GET (a browser, a mail client), no session; the token is the
  // credential. Used, expired and unknown links answer alike, 404 with the contract's sentence.
  app.get<{ Params: { token: string } }>(`${REPORT_LINK_PATH_PREFIX}:token`, async (request, reply) => {
    const file = await reports.fileOfLink(request.params.token, clientOf(request));
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (file === null) return reply.code(404).type('text/plain; charset=utf-8').send(FINANCE_MESSAGES.reportLinkInvalid);
    return reply.code(200).type(file.contentType).header('content-disposition', contentDisposition(file.filename)).send(file.body);
  });
}
