import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { listSubMerchants } from './sub-merchant.repository.ts';

export function registerSubMerchantRoutes(app: FastifyInstance): void {
  registerEndpoint(app, subMerchantList, async ({ auth, body }) => {
    // Another merchant's id answers like one that does not exist.
    if (body.merchantId !== auth.scope.merchantId) throw CommonErrors.notFound('The merchant');
    return listSubMerchants(app.andes.db, auth.scope);
  });
}
