import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATH_PREFIXES } from '@andes/contract/common/define-endpoint';
import { REQUEST_ID_HEADER, ResultCode } from '@andes/contract/common/envelope';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Db, MIGRATIONS_FOLDER, sqlExecutorOf } from './db/client.ts';
import type { AppDeps } from './http/app-deps.ts';
import { AppError, registerErrorHandling, sendError } from './http/errors.ts';
import { blobSweepJob } from './jobs/blob-sweep.job.ts';
import { fileContentMoveJob } from './jobs/file-content-move.job.ts';
import { mailDeliveryJob } from './jobs/mail-delivery.job.ts';
import { JobQueue } from './jobs/queue.ts';
import { sessionCleanupJob } from './jobs/session-cleanup.job.ts';
import { settlementReleaseJob } from './jobs/settlement-release.job.ts';
import { serverLogging } from './logging.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerAccountingRoutes } from './modules/accounting/accounting.routes.ts';
import { ActivityRecorder } from './modules/activity/activity.recorder.ts';
import { registerActivityRoutes } from './modules/activity/activity.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password-hasher.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { registerBalanceAlarmRoutes } from './modules/balance-alarm/balance-alarm.routes.ts';
import { registerChargebackRoutes } from './modules/chargeback/chargeback.routes.ts';
import { registerDownloadCenterRoutes } from './modules/download-center/download-center.routes.ts';
import type { BlobStore } from './modules/files/blob-store.ts';
import { createBlobStore } from './modules/files/create-blob-store.ts';
import { registerFinanceRoutes } from './modules/finance/finance.routes.ts';
import { registerGlobalRoutes } from './modules/global/global.routes.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { registerIamRoutes } from './modules/iam/iam.routes.ts';
import { IpAccessGuard } from './modules/ip-trustlist/ip-access.ts';
import { registerIpTrustlistRoutes } from './modules/ip-trustlist/ip-trustlist.routes.ts';
import { registerMessageRoutes } from './modules/message/message.routes.ts';
import { registerMfaRoutes } from './modules/mfa/mfa.routes.ts';
import { MfaService } from './modules/mfa/mfa.service.ts';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { registerPasswordRoutes } from './modules/password/password.routes.ts';
import { registerPaymentLinkRoutes } from './modules/payment-link/payment-link.routes.ts';
import { registerPayoutRoutes } from './modules/payout/payout.routes.ts';
import { registerPlatformRoutes } from './modules/platform/platform.routes.ts';
import { ServiceTokenVerifier } from './modules/platform/service-token.ts';
import { registerProductRoutes } from './modules/product/product.routes.ts';
import { registerRevenueAssuranceRoutes } from './modules/revenue-assurance/revenue.routes.ts';
import { registerRiskRoutes } from './modules/risk/risk.routes.ts';
import { registerRiskPerformanceRoutes } from './modules/risk-performance/performance.routes.ts';
import { registerStoreOrderRoutes } from './modules/store-order/store-order.routes.ts';
import { registerSubMerchantRoutes } from './modules/sub-merchant/sub-merchant.routes.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { registerTransactionRoutes } from './modules/transaction/transaction.routes.ts';
import { createMailer } from './plugins/mail.ts';
import { DOCS_PREFIX, OPENAPI_PATH, registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { loadSecretKey, SecretBox } from './security/secret-box.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Defaults to the system clock; tests move a fake one. */
  clock?: Clock;
  /** Where logs go (default stdout); tests capture them. */
  logStream?: DestinationStream;
  /** Defaults to argon2id with config.passwordHashing. */
  hasher?: PasswordHasher;
  /** Defaults to one with the key of loadSecretKey(config). */
  secretBox?: SecretBox;
  /** Replaces the SMTP transport when config.mail.smtpUrl is set (tests pass nodemailer's JSON transport). */
  mailTransport?: Transporter;
  /**
   * Work background jobs in this process when config.jobs is on too (default true). Off, the
   * process still queues jobs for the processes that work them.
   */
  jobs?: boolean;
  /** Job queue timings (tests shorten them). */
  jobQueue?: { pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number };
  /** Where file contents go; defaults to the one of the configuration (S3 or `<dataDir>/files`). Tests pass a temporary one. */
  blobs?: BlobStore;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Every route validates and serializes with zod (fastify-type-provider-zod). Given as the schema
 * controller's compilers, Fastify does not even load its default ones (ajv and fast-json-stringify,
 * about half a second of every start). Fastify types these factories after ajv's, hence the casts.
 */
const ZOD_COMPILERS: CompilersFactory = {
  buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
  buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
};

/** Prefixes answered by the API (JSON envelopes, never the SPA, never cached): the contract's. */
const API_PREFIXES = API_PATH_PREFIXES;
const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));
/** Paths that never answer the SPA's index.html (a missing hashed asset is a 404, not HTML). */
const NOT_SPA_EXACT = new Set([DOCS_PREFIX, OPENAPI_PATH, '/healthz']);
/** `/files/`: one-time file downloads (transaction export links), answered by the API. */
const NOT_SPA_PREFIXES = [...API_PREFIXES, `${DOCS_PREFIX}/`, '/assets/', '/files/'];
const isSpaPath = (path: string) => !NOT_SPA_EXACT.has(path) && !NOT_SPA_PREFIXES.some((p) => path.startsWith(p));

/** Number of migrations checked in: /healthz answers ok only when the database has them all. */
function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * The Fastify app, with every route registered but not listening (tests use `inject`). The
 * database must be migrated already (server.ts does it before building the app).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    ...serverLogging(config, options.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const hasher = options.hasher ?? createPasswordHasher(config.passwordHashing);
  const secretBox = options.secretBox ?? new SecretBox([loadSecretKey(config)]);
  const sessions = new SessionService(db, config.session, clock);
  const activity = new ActivityRecorder(db, clock);
  const mailer = createMailer(config.mail, { db, clock, log: app.log }, options.mailTransport);
  const mfa = new MfaService(db, secretBox, hasher, sessions, activity, mailer, clock);
  const ipAccess = new IpAccessGuard(db);
  const serviceTokens = new ServiceTokenVerifier(db, clock);
  const jobs = new JobQueue(sqlExecutorOf(db), {
    work: (options.jobs ?? true) && config.jobs,
    log: app.log.child({ module: 'jobs' }),
    ...options.jobQueue,
  });
  jobs.define(sessionCleanupJob({ db, clock, log: app.log, session: config.session }));
  jobs.define(settlementReleaseJob({ db, clock, log: app.log }));
  const blobs = options.blobs ?? createBlobStore(config, app.log.child({ module: 'files' }));
  jobs.define(fileContentMoveJob({ db, blobs, log: app.log }));
  jobs.define(blobSweepJob({ db, blobs, clock, log: app.log }));
  const mailRetry = mailDeliveryJob(mailer);
  jobs.define(mailRetry);
  mailer.onFailure = (mailId) => jobs.send(mailRetry, { mailId }, { startAfterSeconds: mailRetry.retryDelaySeconds });
  const deps: AppDeps = { config, db, clock, sessions, secretBox, activity, mailer, mfa, ipAccess, hasher, serviceTokens, jobs, blobs };
  app.decorate('andes', deps);
  // Modules define their jobs while they register; the queue starts once all are defined.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.close();
  });

  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });

  await registerSecurity(app);
  await registerOpenApi(app);

  const migrationsExpected = expectedMigrations();
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      const applied = rows[0]?.n ?? 0;
      if (applied >= migrationsExpected) return reply.header('cache-control', 'no-store').send({ status: 'ok' });
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'migrating' });
    } catch (err) {
      reply.log.error({ err }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });

  authRoutes(app, new AuthService(db, sessions, hasher, clock, activity, mailer, ipAccess));
  registerIpTrustlistRoutes(app);
  registerActivityRoutes(app);
  registerIamRoutes(app);
  registerPasswordRoutes(app);
  registerMfaRoutes(app);
  registerOnboardingRoutes(app);
  registerSubMerchantRoutes(app);
  registerPlatformRoutes(app);
  registerAccountRoutes(app);
  registerHomeRoutes(app);
  registerGlobalRoutes(app);
  registerTransactionRoutes(app);
  const downloads = registerDownloadCenterRoutes(app);
  registerFinanceRoutes(app, downloads);
  registerPayoutRoutes(app);
  registerPaymentLinkRoutes(app);
  registerAccountingRoutes(app);
  registerRiskRoutes(app);
  registerChargebackRoutes(app);
  registerBalanceAlarmRoutes(app);
  registerProductRoutes(app);
  registerSupportRoutes(app);
  registerMessageRoutes(app);
  registerRiskPerformanceRoutes(app);
  registerRevenueAssuranceRoutes(app);
  registerStoreOrderRoutes(app);

  const webServed = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isSpaPath(path);
    if (webServed && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendError(reply, new AppError(ResultCode.NOT_FOUND, `Not found: ${request.method} ${path}`));
  });
  return app;
}
