import { performanceDaily, performanceMonthly, performanceRing, performanceWeekly } from '@andes/contract/risk/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { PerformanceService } from './performance.service.ts';

/** Wiring of the risk performance charts (docs/decisions/0028). */
export function registerRiskPerformanceRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const service = new PerformanceService(db, clock);
  registerEndpoint(app, performanceRing, ({ auth, body }) => service.ring(auth, body));
  registerEndpoint(app, performanceDaily, ({ auth, body }) => service.curve(auth, body, 'daily'));
  registerEndpoint(app, performanceWeekly, ({ auth, body }) => service.curve(auth, body, 'weekly'));
  registerEndpoint(app, performanceMonthly, ({ auth, body }) => service.curve(auth, body, 'monthly'));
}
