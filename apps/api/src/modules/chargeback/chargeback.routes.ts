import {
  chargebackAccept,
  chargebackAppendixDownload,
  chargebackAppendixUpload,
  chargebackDefense,
  chargebackPage,
  chargebackQuery,
  chargebackSummary,
} from '@andes/contract/risk/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { chargebackReminderJob } from '../../jobs/chargeback-reminder.job.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { ChargebackService } from './chargeback.service.ts';

/**
 * Wiring of chargeback defence (docs/decisions/0028): the merchant's calls and the hourly reminder
 * job. The provider's side (claim, won and lost) is in the platform module.
 */
const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export function registerChargebackRoutes(app: FastifyInstance): void {
  const { db, clock, jobs, activity, blobs, mailer } = app.andes;
  const service = new ChargebackService(db, clock, activity, blobs);
  jobs.define(chargebackReminderJob({ db, clock, mailer, log: app.log.child({ module: 'chargeback' }) }));

  registerEndpoint(app, chargebackSummary, ({ auth, body }) => service.summary(auth, body));
  registerEndpoint(app, chargebackPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, chargebackQuery, ({ auth, body }) => service.query(auth, body.id));
  registerEndpoint(app, chargebackDefense, ({ auth, body, request }) => service.defend(auth, body, clientOf(request)));
  registerEndpoint(app, chargebackAccept, ({ auth, body, request }) => service.accept(auth, body, clientOf(request)));
  registerEndpoint(app, chargebackAppendixUpload, ({ auth, files }) => service.upload(auth, files));
  registerEndpoint(app, chargebackAppendixDownload, ({ auth, body }) => service.appendix(auth, body.id, body.fileId));
}
