import { depositConfigList, productCalculationRules, productConfigDetails, settingProductList } from '@andes/contract/product/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { HomeService } from '../home/home.service.ts';
import { ProductService } from './product.service.ts';

/** Wiring of Setting's product calls (docs/decisions/0034). */
export function registerProductRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const service = new ProductService(db, clock, new HomeService(db, clock));
  registerEndpoint(app, settingProductList, ({ auth, body }) => service.list(auth, body));
  registerEndpoint(app, productConfigDetails, ({ auth, body }) => service.configDetails(auth, body));
  registerEndpoint(app, productCalculationRules, ({ auth, body }) => service.calculationRules(auth, body));
  registerEndpoint(app, depositConfigList, ({ auth, body }) => service.depositConfig(auth, body));
}
