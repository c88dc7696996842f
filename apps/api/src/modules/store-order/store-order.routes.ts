import { paymentLinkPage, paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
import { shopifyPage, shopifyQuery } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage, shoplazzaQuery } from '@andes/contract/shoplazza/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { TransactionService } from '../transaction/transaction.service.ts';

/**
 * The payment-link, Shopify and Shoplazza lists: pay-ins with a payment link or a store order,
 * through the transaction lists' one filter builder. A detail call answers only its own kind.
 */
export function registerStoreOrderRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const service = new TransactionService(db, clock);
  registerEndpoint(app, paymentLinkPage, ({ auth, body }) => service.paymentLinkPage(auth, body));
  registerEndpoint(app, paymentLinkQuery, ({ auth, body }) => service.detail(auth, body.id, { kind: 'payment-link' }));
  registerEndpoint(app, shopifyPage, ({ auth, body }) => service.storeOrderPage(auth, 'SHOPIFY', body));
  registerEndpoint(app, shopifyQuery, ({ auth, body }) => service.detail(auth, body.id, { kind: 'store', platform: 'SHOPIFY' }));
  registerEndpoint(app, shoplazzaPage, ({ auth, body }) => service.storeOrderPage(auth, 'SHOPLAZZA', body));
  registerEndpoint(app, shoplazzaQuery, ({ auth, body }) => service.detail(auth, body.id, { kind: 'store', platform: 'SHOPLAZZA' }));
}
