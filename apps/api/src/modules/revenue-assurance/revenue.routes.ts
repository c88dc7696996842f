import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { RevenueAssuranceService } from './revenue.service.ts';

/** Wiring of revenue assurance's charts (docs/decisions/0031). */
export function registerRevenueAssuranceRoutes(app: FastifyInstance): void {
  const { db, clock } = app.andes;
  const service = new RevenueAssuranceService(db, clock);
  registerEndpoint(app, volumeSuccessCurve, ({ auth, body }) => service.volumeSuccess(auth, body));
  registerEndpoint(app, approvalTrendDaily, ({ auth, body }) => service.approvalTrend(auth, body, 'daily'));
  registerEndpoint(app, approvalTrendWeekly, ({ auth, body }) => service.approvalTrend(auth, body, 'weekly'));
  registerEndpoint(app, approvalTrendMonthly, ({ auth, body }) => service.approvalTrend(auth, body, 'monthly'));
  registerEndpoint(app, approvalFunnel, ({ auth, body }) => service.funnel(auth, body));
  registerEndpoint(app, failReasonRanking, ({ auth, body }) => service.failReasons(auth, body));
  registerEndpoint(app, tokenizationStatistics, ({ auth, body }) => service.tokenization(auth, body));
}
