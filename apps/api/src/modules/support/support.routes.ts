import {
  caseClose,
  caseDetail,
  caseEdit,
  caseFileDownload,
  caseFileDownloadUrl,
  caseFileUpload,
  casePage,
  caseReopen,
  caseReplyPage,
  caseReplySave,
  caseSave,
  caseStatistics,
} from '@andes/contract/support/endpoints';
import { CASE_FILE_LINK_PATH_PREFIX } from '@andes/contract/support/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { TransactionService } from '../transaction/transaction.service.ts';
import { SupportService } from './support.service.ts';

/** What a used, expired or unknown case file link answers (plain text: the browser shows it). */
export const CASE_FILE_LINK_MESSAGES = {
  gone: 'This download link has been used or has expired. Open the case and download the file again.',
  forbidden: 'You can no longer open this case’s files.',
} as const;

const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * Wiring of support cases (docs/decisions/0029): the merchant's calls and the one-time file links.
 * The provider's side (claim, replies and status changes) is in the platform module.
 */
export function registerSupportRoutes(app: FastifyInstance): void {
  const { db, clock, activity, blobs } = app.andes;
  const service = new SupportService(db, clock, activity, blobs, new TransactionService(db, clock));

  registerEndpoint(app, casePage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, caseStatistics, ({ auth, body }) => service.statistics(auth, body));
  registerEndpoint(app, caseFileUpload, ({ auth, files }) => service.upload(auth, files));
  registerEndpoint(app, caseFileDownload, ({ auth, body }) => service.file(auth, body.id, body.fileId));
  registerEndpoint(app, caseFileDownloadUrl, ({ auth, body }) => service.fileLink(auth, body.id, body.fileId));
  registerEndpoint(app, caseSave, ({ auth, body, request }) => service.save(auth, body, clientOf(request)));
  registerEndpoint(app, caseEdit, ({ auth, body, request }) => service.edit(auth, body, clientOf(request)));
  registerEndpoint(app, caseDetail, ({ auth, body }) => service.detail(auth, body.id));
  registerEndpoint(app, caseReplyPage, ({ auth, body }) => service.replies(auth, body));
  registerEndpoint(app, caseReplySave, ({ auth, body }) => service.reply(auth, body));
  registerEndpoint(app, caseClose, ({ auth, body, request }) => service.close(auth, body, clientOf(request)));
  registerEndpoint(app, caseReopen, ({ auth, body, request }) => service.reopen(auth, body, clientOf(request)));

  // The one-time link: a plain GET (the browser's download manager), no session; the token is the credential.
  app.get<{ Params: { token: string } }>(`${CASE_FILE_LINK_PATH_PREFIX}:token`, async (request, reply) => {
    const file = await service.fileOfLink(request.params.token);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (file === 'gone') return reply.code(410).type('text/plain; charset=utf-8').send(CASE_FILE_LINK_MESSAGES.gone);
    if (file === 'forbidden') return reply.code(403).type('text/plain; charset=utf-8').send(CASE_FILE_LINK_MESSAGES.forbidden);
    for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
    return reply
      .code(200)
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.filename, file.disposition))
      .send(file.body);
  });
}
