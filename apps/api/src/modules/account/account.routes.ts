import { accountList } from '@andes/contract/account/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { AccountService } from './account.service.ts';

/** Wiring of the account calls. */
export function registerAccountRoutes(app: FastifyInstance): void {
  const service = new AccountService(app.andes.db, app.andes.clock);
  registerEndpoint(app, accountList, ({ auth, body }) => service.list(auth, body));
}
