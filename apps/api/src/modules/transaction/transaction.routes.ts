import {
  transactionAdvancedPage,
  transactionPage,
  transactionQuery,
  transactionSubMerchantQuery,
} from '@andes/contract/transaction/endpoints';
import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { listSubMerchants } from '../sub-merchant/sub-merchant.repository.ts';
import { TransactionService } from './transaction.service.ts';

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
}
