import {
  installmentsPlanCheck,
  installmentsPlanList,
  payerAppendixDownload,
  payerLinkPay,
  payerLinkQuery,
  paymentLinkAppendixUpload,
  paymentLinkBatchCheck,
  paymentLinkBatchGenerate,
  paymentLinkCancel,
  paymentLinkGenerate,
  paymentLinkList,
  paymentLinkProductList,
  paymentLinkTemplateDownload,
} from '@andes/contract/payment-link/endpoints';
import { PAYMENT_LINK_TOKEN_PATTERN } from '@andes/contract/payment-link/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type EndpointOptions, registerEndpoint, registerPublicEndpoint } from '../../http/register-endpoint.ts';
import { isSimulated } from '../../simulator/running.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { registerBatchTool } from '../batch/batch-tool.ts';
import { PaymentLinkErrors } from './payment-link.errors.ts';
import { PaymentLinkService } from './payment-link.service.ts';

const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** The payer's calls: requests per address per minute (each call its own count). */
export const PAYER_RATE_LIMIT: NonNullable<EndpointOptions['rateLimit']> = { max: 60, timeWindowMs: 60_000 };

/** Wiring of the payment links (docs/decisions/0035): generation, list, cancel, the batch tool and the payer's public calls. */
export function registerPaymentLinkRoutes(app: FastifyInstance): PaymentLinkService {
  const { db, clock, activity, mailer, secretBox, blobs, config } = app.andes;
  const service = new PaymentLinkService({
    db,
    clock,
    activity,
    mailer,
    secretBox,
    blobs,
    publicUrl: config.publicUrl,
    simulated: () => config.platform.simulator && isSimulated(app),
  });

  registerEndpoint(app, paymentLinkProductList, ({ auth, body }) => service.productList(auth, body));
  registerEndpoint(app, installmentsPlanList, ({ auth, body }) => service.installmentsList(auth, body));
  registerEndpoint(app, installmentsPlanCheck, ({ auth, body }) => service.installmentsCheck(auth, body));
  registerEndpoint(app, paymentLinkAppendixUpload, ({ auth, files }) => service.uploadAppendix(auth, files));
  registerEndpoint(app, paymentLinkGenerate, ({ auth, body, request }) => service.generate(auth, body, clientOf(request)));
  registerEndpoint(app, paymentLinkList, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, paymentLinkCancel, ({ auth, body, request }) => service.cancel(auth, body, clientOf(request)));
  registerBatchTool(app, {
    template: paymentLinkTemplateDownload,
    upload: paymentLinkBatchGenerate,
    spec: ({ auth, body }) => service.fileSpec(auth, body.country),
    process: (rows, ctx) =>
      service.processFile(ctx.auth, ctx.body, rows, { name: ctx.fileName, content: ctx.content }, clientOf(ctx.request)),
  });
  registerEndpoint(app, paymentLinkBatchCheck, async ({ auth, body, files }) => {
    const file = files[0];
    if (!file) throw new Error(`${paymentLinkBatchCheck.path}: the pipeline let a request without its file through`);
    return service.checkFile(auth, body, file);
  });

  // The payer's page: no sign-in, rate-limited per address. A token that is not even well formed is
  // answered before validation exactly as an unknown one, so the two cannot be told apart.
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      const token = (request.body as { token?: unknown } | null | undefined)?.token;
      if (typeof token !== 'string' || !PAYMENT_LINK_TOKEN_PATTERN.test(token)) throw PaymentLinkErrors.linkNotFound();
    });
    registerPublicEndpoint(scope, payerLinkQuery, ({ body }) => service.payerQuery(body.token), { rateLimit: PAYER_RATE_LIMIT });
    registerPublicEndpoint(scope, payerLinkPay, ({ body }) => service.payerPay(body.token), { rateLimit: PAYER_RATE_LIMIT });
    registerPublicEndpoint(scope, payerAppendixDownload, ({ body }) => service.payerAppendix(body.token, body.fileId), {
      rateLimit: PAYER_RATE_LIMIT,
    });
  });
  return service;
}
