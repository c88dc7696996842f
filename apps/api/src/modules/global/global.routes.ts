import { globalAccountInfo, globalStatementPage } from '@andes/contract/global/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { GlobalService } from './global.service.ts';

/** Wiring of the global balance calls. */
export function registerGlobalRoutes(app: FastifyInstance): void {
  const service = new GlobalService(app.andes.db, app.andes.clock);
  registerEndpoint(app, globalAccountInfo, ({ auth }) => service.info(auth));
  registerEndpoint(app, globalStatementPage, ({ auth, body }) => service.statement(auth, body));
}
