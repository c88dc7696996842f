import { subAccountPage, subAccountSummary, subAccountSummaryDownload, subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { listSubMerchants } from './sub-merchant.repository.ts';
import { SubMerchantService } from './sub-merchant.service.ts';

export function registerSubMerchantRoutes(app: FastifyInstance): void {
  const { db, clock, activity } = app.andes;
  registerEndpoint(app, subMerchantList, async ({ auth, body }) => {
    // Another merchant's id answers like one that does not exist.
    if (body.merchantId !== auth.scope.merchantId) throw CommonErrors.notFound('The merchant');
    return listSubMerchants(db, auth.scope);
  });

  // Sub-accounts and their daily summaries (issue #10).
  const service = new SubMerchantService(db, clock, activity);
  registerEndpoint(app, subAccountPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, subAccountSummary, ({ auth, body }) => service.summary(auth, body));
  registerEndpoint(app, subAccountSummaryDownload, ({ auth, body, request }) =>
    service.summaryFile(auth, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );
}
