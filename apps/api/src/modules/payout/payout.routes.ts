import {
  payoutApprove,
  payoutBatchCheck,
  payoutBatchUpload,
  payoutCreate,
  payoutPage,
  payoutRefuse,
  payoutTemplateDownload,
  payoutVerifyCodeSend,
} from '@andes/contract/payout/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { payoutExpiryJob } from '../../jobs/payout-expiry.job.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { registerBatchTool } from '../batch/batch-tool.ts';
import { PayoutCodes } from './payout.codes.ts';
import { PayoutService } from './payout.service.ts';

const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Wiring of the payouts (docs/decisions/0025): the list, creation (single and file), the code, approval, the expiry job. */
export function registerPayoutRoutes(app: FastifyInstance): void {
  const { db, clock, hasher, mailer, activity, jobs } = app.andes;
  const service = new PayoutService(db, clock, new PayoutCodes(db, clock, hasher, mailer), activity);
  jobs.define(payoutExpiryJob({ db, clock, log: app.log.child({ module: 'payout' }) }));

  registerEndpoint(app, payoutPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, payoutCreate, ({ auth, body, request }) => service.create(auth, body, clientOf(request)));
  registerEndpoint(app, payoutVerifyCodeSend, ({ auth, body }) => service.sendCode(auth, body));
  registerEndpoint(app, payoutApprove, ({ auth, body, request }) => service.approve(auth, body, clientOf(request)));
  registerEndpoint(app, payoutRefuse, ({ auth, body, request }) => service.refuse(auth, body, clientOf(request)));
  registerBatchTool(app, {
    template: payoutTemplateDownload,
    upload: payoutBatchUpload,
    spec: ({ auth, body }) => service.fileSpec(auth, body.country),
    process: (rows, ctx) =>
      service.processFile(ctx.auth, ctx.body, rows, { name: ctx.fileName, content: ctx.content }, clientOf(ctx.request)),
  });
  registerEndpoint(app, payoutBatchCheck, async ({ auth, body, files }) => {
    const file = files[0];
    if (!file) throw new Error(`${payoutBatchCheck.path}: the pipeline let a request without its file through`);
    return service.checkFile(auth, body, file);
  });
}
