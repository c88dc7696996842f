import {
  approvalFileDownload,
  approvalFileUpload,
  contractConfirm,
  exchangeAmount,
  exchangeCancel,
  exchangeConfig,
  exchangeCreate,
  exchangePage,
  exchangeProofSubmit,
  exchangeQuery,
  subTransferCalculate,
  subTransferCancel,
  subTransferCreate,
  subTransferPage,
  subTransferQuery,
  topupCancel,
  topupConfig,
  topupCreate,
  topupFee,
  topupPage,
  topupQuery,
  withdrawalApprove,
  withdrawalCancel,
  withdrawalConfig,
  withdrawalCreate,
  withdrawalFee,
  withdrawalPage,
  withdrawalQuery,
  withdrawalRefuse,
  withdrawalThresholdUpdate,
} from '@andes/contract/accounting/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { quoteExpiryJob } from '../../jobs/quote-expiry.job.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { storeUploads } from '../uploads/uploads.service.ts';
import { AccountingRequests } from './accounting.service.ts';
import { ExchangeService } from './exchange.service.ts';
import { SubTransferService } from './sub-transfer.service.ts';
import { TopupService } from './topup.service.ts';
import { WithdrawalService } from './withdrawal.service.ts';

/**
 * Wiring of the accounting requests (docs/decisions/0027): top-ups, withdrawals (with four eyes),
 * exchanges, sub-merchant transfers, the proof uploader and the quote-expiry job. The provider's
 * side (claim and events) is in the platform module.
 */
const clientOf = (request: FastifyRequest): ActivityClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export function registerAccountingRoutes(app: FastifyInstance): void {
  const { db, clock, jobs, activity } = app.andes;
  const core = new AccountingRequests(db, clock, activity);
  const topups = new TopupService(core);
  const withdrawals = new WithdrawalService(core);
  const exchanges = new ExchangeService(core);
  const transfers = new SubTransferService(core);
  jobs.define(quoteExpiryJob({ db, clock, log: app.log.child({ module: 'accounting' }) }));

  registerEndpoint(app, topupPage, ({ auth, body }) => core.page(auth, 'TOPUP', body));
  registerEndpoint(app, topupCreate, ({ auth, body, request }) => topups.create(auth, body, clientOf(request)));
  registerEndpoint(app, topupQuery, ({ auth, body }) => core.query(auth, 'TOPUP', body.id));
  registerEndpoint(app, topupCancel, ({ auth, body, request }) => core.cancel(auth, 'TOPUP', body.id, clientOf(request)));
  registerEndpoint(app, topupConfig, ({ auth, body }) => topups.config(auth, body));
  registerEndpoint(app, topupFee, ({ auth, body }) => topups.fee(auth, body));

  registerEndpoint(app, withdrawalPage, ({ auth, body }) => core.page(auth, 'WITHDRAWAL', body));
  registerEndpoint(app, withdrawalCreate, ({ auth, body, request }) => withdrawals.create(auth, body, clientOf(request)));
  registerEndpoint(app, withdrawalQuery, ({ auth, body }) => core.query(auth, 'WITHDRAWAL', body.id));
  registerEndpoint(app, withdrawalCancel, ({ auth, body, request }) => core.cancel(auth, 'WITHDRAWAL', body.id, clientOf(request)));
  registerEndpoint(app, withdrawalConfig, ({ auth, body }) => withdrawals.config(auth, body));
  registerEndpoint(app, withdrawalFee, ({ auth, body }) => withdrawals.fee(auth, body));
  registerEndpoint(app, withdrawalThresholdUpdate, ({ auth, body, request }) => withdrawals.setThreshold(auth, body, clientOf(request)));
  registerEndpoint(app, withdrawalApprove, ({ auth, body, request }) => withdrawals.approve(auth, body, clientOf(request)));
  registerEndpoint(app, withdrawalRefuse, ({ auth, body, request }) => withdrawals.refuse(auth, body, clientOf(request)));

  registerEndpoint(app, exchangePage, ({ auth, body }) => core.page(auth, 'EXCHANGE', body));
  registerEndpoint(app, exchangeCreate, ({ auth, body, request }) => exchanges.create(auth, body, clientOf(request)));
  registerEndpoint(app, exchangeQuery, ({ auth, body }) => core.query(auth, 'EXCHANGE', body.id));
  registerEndpoint(app, exchangeCancel, ({ auth, body, request }) => core.cancel(auth, 'EXCHANGE', body.id, clientOf(request)));
  registerEndpoint(app, exchangeConfig, ({ auth, body }) => exchanges.config(auth, body));
  registerEndpoint(app, exchangeAmount, ({ auth, body }) => exchanges.amount(auth, body));
  registerEndpoint(app, exchangeProofSubmit, ({ auth, body, request }) => exchanges.submitProof(auth, body, clientOf(request)));
  registerEndpoint(app, contractConfirm, ({ auth, body, params, request }) => exchanges.confirm(auth, params.id, body, clientOf(request)));

  registerEndpoint(app, subTransferPage, ({ auth, body }) => core.page(auth, 'SUB_TRANSFER', body));
  registerEndpoint(app, subTransferCreate, ({ auth, body, request }) => transfers.create(auth, body, clientOf(request)));
  registerEndpoint(app, subTransferQuery, ({ auth, body }) => core.query(auth, 'SUB_TRANSFER', body.id));
  registerEndpoint(app, subTransferCalculate, ({ auth, body }) => transfers.calculate(auth, body));
  registerEndpoint(app, subTransferCancel, ({ auth, body, request }) => core.cancel(auth, 'SUB_TRANSFER', body.id, clientOf(request)));

  registerEndpoint(app, approvalFileDownload, ({ auth, body }) => core.proofFile(auth, app.andes.blobs, body.id, body.fileId));
  // Proofs are uploaded first, then named by id in a top-up or an offline exchange's proof.
  registerEndpoint(app, approvalFileUpload, async ({ auth, files }) => {
    core.requireMerchantUser(auth);
    return { files: await storeUploads(app.andes, auth, files) };
  });
}
