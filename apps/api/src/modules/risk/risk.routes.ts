import {
  replayPage,
  replayQuery,
  replayStart,
  reviewDecide,
  reviewPage,
  ruleAdd,
  ruleCounts,
  ruleDelete,
  ruleHistory,
  ruleQuery,
  ruleRecommendations,
  ruleTemplates,
  ruleUpdate,
} from '@andes/contract/risk/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { riskReplayJob } from '../../jobs/risk-replay.job.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { RiskReplayService } from './replay.service.ts';
import { RiskReviewService } from './review.service.ts';
import { RiskRulesService } from './rules.service.ts';

/**
 * Wiring of risk rules, case management and retro performance (docs/decisions/0028). The live
 * decisions are made by the ingestion (platform module, risk.decisions.ts); the performance charts
 * and chargebacks are the chargeback module's.
 */
const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export function registerRiskRoutes(app: FastifyInstance): void {
  const { db, clock, jobs, activity } = app.andes;
  const job = riskReplayJob({ db, clock, log: app.log.child({ module: 'risk' }) });
  jobs.define(job);
  const rules = new RiskRulesService(db, clock, activity);
  const reviews = new RiskReviewService(db, clock, activity);
  const replays = new RiskReplayService(db, clock, activity, (replayId) => jobs.send(job, { replayId }));

  registerEndpoint(app, ruleCounts, ({ auth, body }) => rules.counts(auth, body));
  registerEndpoint(app, ruleTemplates, async ({ auth, body }) => rules.templates(auth, body));
  registerEndpoint(app, ruleQuery, ({ auth, body }) => rules.page(auth, body));
  registerEndpoint(app, ruleAdd, ({ auth, body, request }) => rules.add(auth, body, clientOf(request)));
  registerEndpoint(app, ruleUpdate, ({ auth, body, request }) => rules.update(auth, body, clientOf(request)));
  registerEndpoint(app, ruleDelete, ({ auth, body, request }) => rules.remove(auth, body, clientOf(request)));
  registerEndpoint(app, ruleHistory, ({ auth, body }) => rules.history(auth, body));
  registerEndpoint(app, ruleRecommendations, ({ auth, body }) => replays.recommend(auth, body));

  registerEndpoint(app, replayStart, ({ auth, body, request }) => replays.start(auth, body, clientOf(request)));
  registerEndpoint(app, replayQuery, ({ auth, body }) => replays.query(auth, body));
  registerEndpoint(app, replayPage, ({ auth, body }) => replays.page(auth, body));

  registerEndpoint(app, reviewPage, ({ auth, body }) => reviews.page(auth, body));
  registerEndpoint(app, reviewDecide, ({ auth, body, request }) => reviews.decide(auth, body, clientOf(request)));
}
