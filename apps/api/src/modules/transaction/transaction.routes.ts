import {
  transactionAdvancedPage,
  transactionAttachmentDownload,
  transactionFileDownload,
  transactionFileDownloadUrl,
  transactionPage,
  transactionProofList,
  transactionQuery,
  transactionSubMerchantQuery,
} from '@andes/contract/transaction/endpoints';
import { EXPORT_LINK_PATH_PREFIX, PROOF_VARIANTS } from '@andes/contract/transaction/enums';
import { PROOF_DOWNLOAD_ENDPOINTS } from '@andes/contract/transaction/proof-endpoints';
import { EXPORT_LINK_MESSAGES } from '@andes/contract/transaction/schemas';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import { CommonErrors } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { listSubMerchants } from '../sub-merchant/sub-merchant.repository.ts';
import { TransactionService } from './transaction.service.ts';
import { TransactionAttachmentService } from './transaction-attachment.service.ts';
import { TransactionExportService } from './transaction-export.service.ts';
import { proofLanguageOf, TransactionProofService } from './transaction-proof.service.ts';

/** Wiring of the transaction lists, the detail and the sub-merchant filter options. */
export function registerTransactionRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const service = new TransactionService(db, clock);
  registerEndpoint(app, transactionPage, ({ auth, body }) => service.transactionPage(auth, body));
  registerEndpoint(app, transactionAdvancedPage, ({ auth, body }) => service.transactionPage(auth, body));
  registerEndpoint(app, transactionQuery, ({ auth, body }) => service.detail(auth, body.id));
  registerEndpoint(app, transactionSubMerchantQuery, async ({ auth, body }) => {
    // Another merchant's id answers like one that does not exist.
    if (body.merchantId !== auth.scope.merchantId) throw CommonErrors.notFound('The merchant');
    return listSubMerchants(db, auth.scope);
  });

  const attachments = new TransactionAttachmentService(db, app.andes.blobs);
  registerEndpoint(app, transactionAttachmentDownload, ({ auth, body }) => attachments.download(auth, body.id, body.fileId));

  const exports = new TransactionExportService(db, clock, service);
  registerEndpoint(app, transactionFileDownload, ({ auth, body }) => exports.file(auth, body));
  registerEndpoint(app, transactionFileDownloadUrl, ({ auth, body }) => exports.link(auth, body));
  // The one-time link: a plain GET (the browser's download manager), no session; the token is the credential.
  app.get<{ Params: { token: string } }>(`${EXPORT_LINK_PATH_PREFIX}:token`, async (request, reply) => {
    const file = await exports.fileOfLink(request.params.token);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (file === 'gone') return reply.code(410).type('text/plain; charset=utf-8').send(EXPORT_LINK_MESSAGES.invalid);
    if (file === 'forbidden') return reply.code(403).type('text/plain; charset=utf-8').send(EXPORT_LINK_MESSAGES.forbidden);
    return reply.code(200).type(file.contentType).header('content-disposition', contentDisposition(file.filename)).send(file.body);
  });

  const proofs = new TransactionProofService(db, clock);
  registerEndpoint(app, transactionProofList, ({ auth, body }) => proofs.variants(auth, body.id));
  for (const variant of PROOF_VARIANTS) {
    registerEndpoint(app, PROOF_DOWNLOAD_ENDPOINTS[variant], ({ auth, body, request }) =>
      proofs.download(auth, body.id, variant, proofLanguageOf(request.headers['accept-language'])),
    );
  }
}
