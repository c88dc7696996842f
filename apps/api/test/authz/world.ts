import { randomBytes, randomUUID } from 'node:crypto';
import {
  exchangeCreate,
  exchangeProofSubmit,
  subTransferCreate,
  topupCreate,
  withdrawalCreate,
} from '@andes/contract/accounting/endpoints';
import type { AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { login } from '@andes/contract/auth/endpoints';
import { type LoginResponse, USER_TYPES } from '@andes/contract/auth/schemas';
import { balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import { MAX_AMOUNT_CENTS } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { RECORD_ID_MAX } from '@andes/contract/common/fields';
import { parseIpEntry } from '@andes/contract/common/ip';
import { paymentLinkAppendixUpload, paymentLinkGenerate } from '@andes/contract/payment-link/endpoints';
import { closePermissions, PERMISSION_CODES, PERMISSIONS, type PermissionCode } from '@andes/contract/permissions/registry';
import type { PlatformEventInput, TransactionCreatedData } from '@andes/contract/platform/schemas';
import { chargebackDefense, replayStart, ruleAdd } from '@andes/contract/risk/endpoints';
import type { ReplayStarted, RiskRule } from '@andes/contract/risk/schemas';
import { and, eq } from 'drizzle-orm';
import { HOUR_MS, MINUTE_MS } from '../../src/clock.ts';
import { accountingRequests } from '../../src/db/schema/accounting.ts';
import { sessions, sessionTokens } from '../../src/db/schema/auth.ts';
import { downloadTasks } from '../../src/db/schema/download-tasks.ts';
import { ipTrustlistEntries } from '../../src/db/schema/ip-trustlist.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { passwordResetLinks } from '../../src/db/schema/password.ts';
import { merchantProducts } from '../../src/db/schema/transactions.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { upsertApprovalThreshold } from '../../src/modules/accounting/accounting.repository.ts';
import { resolveConfig } from '../../src/modules/accounting/accounting.service.ts';
import { hashSessionToken } from '../../src/modules/auth/tokens.ts';
import { ensureLocalAccount } from '../../src/modules/ledger/ledger.service.ts';
import type { MfaActor } from '../../src/modules/mfa/mfa.service.ts';
import { base32Decode, hotp, timeStepOf } from '../../src/modules/mfa/totp.ts';
import { hashResetLinkToken, ResetLinks } from '../../src/modules/password/reset-links.ts';
import { chargeBack, settledPayin, uploadAppendix } from '../chargeback/support.ts';
import { created, expectApplied, PNG, uploadProof } from '../fixtures/accounting.ts';
import { createPayout, fundPayoutAccount, type PayoutActor, payoutUser, speiPayout } from '../fixtures/payouts.ts';
import { createTestApp, DEMO, envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, sendEvent, transactionRow } from '../ledger/support.ts';
import { postForm } from '../multipart.ts';
import { createTransactionsOfEachKind, type TransactionIds } from '../routes/transaction-fixtures.ts';
import { type AndesSupport, andesSupport, type CondorSupport, condorSupport } from './support-objects.ts';

/**
 * The people and objects the authorization test works with, on one app and database. Fixture users,
 * roles and trust-list entries are written straight to the database (so a broken user or role call
 * cannot hide behind a broken fixture); every caller signs in through the real sign-in call, once.
 */

/** Password of every user this file creates. */
export const FIXTURE_PASSWORD = 'Quetzal-Harbor-4729';
/** A password the happy path of a change or reset sets. */
export const NEW_PASSWORD = 'Condensa-Ribera-8316';

/** The role of target users: something every user-management permission may grant and manage. */
export const TARGET_ROLE_CODES: readonly PermissionCode[] = ['iam:user'];
/** The permissions of fixture roles: something every role-management permission may grant and change. */
export const FIXTURE_ROLE_CODES: readonly PermissionCode[] = ['iam:role'];

/**
 * A permission that does not admit an endpoint guarded by `grants`: `home` when the endpoint is not
 * one of Home's, else the first page (a menu with a route) whose code, with its ancestors and
 * dependencies, holds none of `grants`. Case 4 sends the request as a holder of exactly this code.
 */
export function unrelatedPermission(grants: readonly string[]): PermissionCode {
  const admits = (code: PermissionCode) => [...closePermissions([code])].some((c) => grants.includes(c));
  if (!admits('home')) return 'home';
  const page = PERMISSIONS.find((p) => p.type === 'MENU' && p.route !== null && !admits(p.code));
  if (!page) throw new Error(`no permission leaves ${grants.join(', ')} out`);
  return page.code;
}

/**
 * Every code that, with its ancestors and dependencies, holds none of `grants`: the most a role may
 * hold without being admitted (for a button, the rest of its menu, the menu and its sibling buttons).
 */
export function everyCodeBut(grants: readonly string[]): PermissionCode[] {
  return PERMISSION_CODES.filter((code) => ![...closePermissions([code])].some((c) => grants.includes(c)));
}

/** A signed-in user. */
export interface Actor {
  id: number;
  username: string;
  password: string;
  token: string;
}

export interface FixtureUser {
  id: number;
  username: string;
}

/** What a new fixture user is: a super admin, or the holder of roles (of the user's merchant). */
export interface UserSpec {
  superAdmin?: boolean;
  roleIds?: readonly number[];
  /** A user of this sub-merchant of the merchant (a sub-merchant user), not a merchant user. */
  subMerchantId?: number;
}

/** Objects that refused calls name: never used by a call that is allowed, so a wrongly allowed one shows at once. */
export interface Decoys {
  userId: number;
  roleId: number;
  entryId: number;
}

/** Objects of ANDES-DEMO that CONDOR's admin names (case 5); they exist for the whole run. */
export interface AndesObjects {
  /** Holds `roleId`; an activity entry is about them. */
  userId: number;
  /** Held by `userId`. */
  roleId: number;
  /** An entry of the API trust list. */
  entryId: number;
  /** The sub-merchant ANDES-DEMO-BR. */
  subMerchantId: number;
  /** demo.admin: the actor of activity entries. */
  adminId: number;
  /** BR pay-ins: a plain one, a payment-link payment, a Shopify and a Shoplazza order payment. */
  transactionIds: TransactionIds;
  /** A COMPLETE download task of demo.admin (its public id). */
  downloadTaskId: string;
  /** A PENDING MX payout (and its batch) created by `payoutCreator`. */
  payout: { id: number; batchId: number };
  /** Accounting requests in MX (a country CONDOR has), made by the accounting creator through the API. */
  accounting: AndesAccounting;
  /** Risk rules, a replay, a review and chargebacks (docs/decisions/0028). */
  risk: AndesRisk;
  /** Support cases (docs/decisions/0029). */
  support: AndesSupport;
  /** Accounts with balance alarms (docs/decisions/0033). */
  alarm: AndesAlarm;
  /** A pay-in product of ANDES-DEMO in MX (Setting's product screens, docs/decisions/0034). */
  productId: number;
  /** An ACTIVE BR payment link of ANDES-DEMO with one appendix, and an appendix uploaded for no link (docs/decisions/0035). */
  paymentLink: AndesPaymentLink;
}

/** ANDES-DEMO's payment link: its record id, the token of its URL, its appendix; and an upload named by no link. */
export interface AndesPaymentLink {
  id: number;
  token: string;
  appendixFileId: string;
  uploadedFileId: string;
}

/** Uploads a PNG as a payment-link appendix for the caller; its file id. */
export async function uploadLinkAppendix(t: TestApp, token: string): Promise<string> {
  const res = envelope<{ files: { fileId: string }[] }>(
    await postForm(
      t.app,
      paymentLinkAppendixUpload.path,
      [{ name: 'files', filename: 'authz-quote.png', content: PNG, contentType: 'image/png' }],
      token,
    ),
  );
  const fileId = res.data?.files[0]?.fileId;
  if (res.code !== ResultCode.OK || fileId === undefined) throw new Error(`appendix upload: ${res.code} ${res.msg}`);
  return fileId;
}

/** A new ACTIVE BR payment link of ANDES-DEMO generated by `token`'s user (PIX 100.00). */
export async function newPaymentLink(t: TestApp, token: string, appendixFileIds: string[] = []): Promise<{ id: number; token: string }> {
  const res = envelope<{ id: number; url: string }>(
    await post(
      t.app,
      paymentLinkGenerate.path,
      { requestId: newClientRequestId(), country: 'BR', productType: 'PIX', amount: 10_000, description: 'Authz link', appendixFileIds },
      { token },
    ),
  );
  if (res.code !== ResultCode.OK) throw new Error(`payment link: ${res.code} ${res.msg}`);
  return { id: res.data.id, token: res.data.url.split('/pay/')[1] ?? '' };
}

/**
 * Local accounts for the balance-alarm calls: ANDES-DEMO's MX PAY_OUT account, whose alarm has
 * fired once (its history has an event); its BR PAY_IN account; ANDES-DEMO-BR's BR PAY_IN account.
 */
export interface AndesAlarm {
  accountId: number;
  brAccountId: number;
  subAccountId: number;
}

/** An accounting request: its id and its number (TU…, WD…, EX…, ST…). */
export interface RequestRef {
  id: number;
  requestNo: string;
}

/** ANDES-DEMO's accounting requests in MX, one of each kind and state the calls act on. */
export interface AndesAccounting {
  /** A PROCESSING top-up. */
  topup: RequestRef;
  /** The file id of the top-up's proof of transfer. */
  topupProofFileId: string;
  /** A PROCESSING withdrawal above the approval threshold, waiting for a second person. */
  withdrawal: RequestRef;
  /** A PAY_OUT exchange with a live quote (WAIT_CONFIRM_CONTRACT). */
  exchange: RequestRef;
  /** An OFFLINE exchange waiting for its proof (WAIT_PROOF). */
  offlineExchange: RequestRef;
  /** A PROCESSING transfer to the sub-merchant ANDES-DEMO-BR (set up in BR and MX). */
  subTransfer: RequestRef;
  /** A proof of transfer the accounting creator uploaded, named by no request. */
  proofFileId: string;
}

/** A chargeback: its id and its own unique id (the CHARGE_BACK transaction's). */
export interface ChargebackRef {
  id: number;
  uniqueId: string;
}

/**
 * ANDES-DEMO's risk objects (docs/decisions/0028), made through the real calls and platform events:
 * in MX (a country CONDOR has, for the filters CONDOR's admin sends) unless said otherwise; and
 * ANDES-DEMO-BR's chargebacks in BR, for its sub-merchant users.
 */
export interface AndesRisk {
  /** An enabled MANUAL_REVIEW rule of MX (on a device), at version 1. */
  rule: { id: number; version: number };
  /** A replay of the rule (PENDING: no worker runs here). */
  replayId: number;
  /** An MX pay-in the rule sent to case management (PENDING). */
  review: { transactionId: number; uniqueId: string };
  /** An open MX chargeback (CHARGE_BACK) of the merchant itself (no sub-merchant). */
  chargeback: ChargebackRef;
  /** A BR chargeback of the merchant itself (beside ANDES-DEMO-BR's), defended with one appendix. */
  defended: ChargebackRef & { fileId: string };
  /** An appendix the world's admin uploaded, named by no defence. */
  appendixFileId: string;
  /** ANDES-DEMO-BR's open BR chargeback. */
  subOpen: ChargebackRef;
  /** ANDES-DEMO-BR's BR chargeback, defended (by the merchant) with one appendix. */
  subDefended: ChargebackRef & { fileId: string };
}

/** CONDOR's own objects, so CONDOR's admin can build requests that only the foreign id makes fail. */
export interface CondorObjects {
  roleId: number;
  userId: number;
  /** CONDOR's own open MX chargeback. */
  chargebackId: number;
  /** An appendix CONDOR's admin uploaded, named by no defence. */
  appendixFileId: string;
  /** CONDOR's own OFFLINE exchange in MX, waiting for its proof. */
  offlineExchangeId: number;
  /** A proof of transfer CONDOR's admin uploaded, named by no request. */
  proofFileId: string;
  /** CONDOR's own support case and an uploaded file (docs/decisions/0029). */
  support: CondorSupport;
  /** CONDOR's MX PAY_IN account (balance alarms). */
  alarmAccountId: number;
}

/** The id of a product of a merchant in a country (the first of the kind). */
async function productIdOf(t: TestApp, merchantId: number, country: string, product: 'payin' | 'payout'): Promise<number> {
  const [row] = await t.db
    .select({ id: merchantProducts.id })
    .from(merchantProducts)
    .where(and(eq(merchantProducts.merchantId, merchantId), eq(merchantProducts.country, country), eq(merchantProducts.product, product)))
    .orderBy(merchantProducts.id)
    .limit(1);
  if (!row) throw new Error(`no ${product} product of merchant ${merchantId} in ${country}`);
  return row.id;
}

/** An id no row has (the largest a record id may be), for the answer about a missing object. */
export const MISSING_ID = RECORD_ID_MAX;
/** A download task id no task has. */
export const MISSING_TASK_ID = `dt_${'A'.repeat(22)}`;

/** A download task of a merchant-level user in `state`; answers its public id. */
export async function insertDownloadTask(t: TestApp, merchantId: number, userId: number, state: 'COMPLETE' | 'FAIL'): Promise<string> {
  const id = `dt_${randomBytes(16).toString('base64url')}`;
  const now = t.clock();
  await t.db.insert(downloadTasks).values({
    publicId: id,
    merchantId,
    createdBy: userId,
    idempotencyKey: randomUUID(),
    reportType: 'TRANSACTION',
    format: 'csv',
    fileName: 'transactions.csv',
    params: { list: 'payin', country: 'BR', format: 'csv', language: 'en' },
    state,
    expected: { rowCount: 0, totals: [] },
    attempts: 1,
    createdAt: now,
    ...(state === 'COMPLETE'
      ? { finishedAt: now, expiresAt: new Date(now.getTime() + 86_400_000), blobKey: `reports/${merchantId}/${id}.csv` }
      : {}),
  });
  return id;
}

let authzPayouts = 0;

/** A new PENDING MX payout of `creator` (a beneficiary of its own: never a duplicate); its id and batch. */
export async function newAuthzPayout(t: TestApp, creator: PayoutActor): Promise<{ id: number; batchId: number }> {
  authzPayouts += 1;
  const res = await createPayout(t, creator, speiPayout(100_000 + authzPayouts, { merchantReference: `AUTHZ-${authzPayouts}` }));
  if (res.code !== 200 || !res.data.payout) throw new Error(`authz payout not created: ${res.code} ${res.msg}`);
  return { id: res.data.payout.id, batchId: res.data.payout.batchId };
}

// ---------------------------------------------------------------------------------------------
// Accounting requests (docs/decisions/0027)
// ---------------------------------------------------------------------------------------------

/** The buttons of the user who makes the accounting requests that the happy paths act on. */
export const ACCOUNTING_CREATOR_CODES: readonly PermissionCode[] = [
  'accounting:funding:add',
  'accounting:withdrawal:add',
  'accounting:exchange:add',
  'setting:sub-merchant:add',
];
/** ANDES-DEMO's withdrawal approval threshold in BR and MX (local cents): above it a second person approves. */
export const APPROVAL_THRESHOLD = 1_000_000;
/** A withdrawal needing no approval, and one needing it (local cents of BR or MX, within both countries' limits). */
export const WITHDRAWAL_AMOUNT = 100_000;
export const APPROVAL_AMOUNT = 1_500_000;
/** The rate the provider quotes per country (local per 1 USD). */
export const QUOTED_RATE: Readonly<Partial<Record<Country, string>>> = { BR: '5.4', MX: '17.5' };
/** How long a fixture quote stays valid (the provider may quote for at most an hour). */
const QUOTE_VALID_MS = 50 * MINUTE_MS;

/** The request id a screen makes once per submission (8 to 64 of A-Z a-z 0-9 _ -). */
export const newClientRequestId = () => `authz-${randomUUID()}`;
const hourBefore = (t: TestApp) => new Date(t.clock().getTime() - HOUR_MS).toISOString();

/** A top-up of 1,000.00 (BRL or MXN, within both merchants' limits) announced with `proofFileId`. */
export const topupBody = (t: TestApp, country: Country, proofFileId: string) => ({
  requestId: newClientRequestId(),
  country,
  mode: 'PAY_OUT',
  amount: 100_000,
  remittingBank: 'Banco Authz',
  transferTime: hourBefore(t),
  proofFileIds: [proofFileId],
});
/** A withdrawal from the payout account. */
export const withdrawalBody = (country: Country, amount = WITHDRAWAL_AMOUNT) => ({
  requestId: newClientRequestId(),
  country,
  mode: 'PAY_OUT',
  amount,
  beneficiaryAccount: { holderName: 'Andes Demo Store', bankName: 'Banco Authz', accountNumber: '0099-887766-1' },
});
/** An exchange selling USD 200.00 (PAY_OUT: from the global account; OFFLINE: wired outside Andes). */
export const exchangeBody = (country: Country, mode: 'PAY_OUT' | 'OFFLINE') => ({
  requestId: newClientRequestId(),
  country,
  mode,
  side: 'SELL',
  amount: 20_000,
});
/** A transfer of 100.00 of the payout account to the sub-merchant. */
export const subTransferBody = (country: Country, subMerchantId: number) => ({
  requestId: newClientRequestId(),
  country,
  target: 'SUB',
  subMerchantId,
  accountType: 'PAY_OUT',
  amount: 10_000,
});
/** An offline exchange's proof of the wire. */
export const proofSubmitBody = (t: TestApp, id: number, proofFileId: string) => ({
  id,
  remittingBank: 'Banco Authz',
  transferTime: hourBefore(t),
  proofFileIds: [proofFileId],
});

/** Creates a request through its call as `token`; answers its id and number. */
async function createRequest(
  t: TestApp,
  path: string,
  token: string,
  body: unknown,
): Promise<RequestRef & { request: AccountingRequestDetail }> {
  const request = await created(t, path, token, body);
  return { id: request.id, requestNo: request.requestNo, request };
}

/** The provider quotes `rate` for ANDES-DEMO's exchange, valid for 50 minutes of the test clock. */
async function quoteExchange(t: TestApp, requestNo: string, rate: string): Promise<void> {
  const now = t.clock().getTime();
  const event = {
    eventId: `authz-quote-${randomUUID()}`,
    occurredAt: new Date(now).toISOString(),
    type: 'request.rate_quoted',
    merchantCode: 'ANDES-DEMO',
    data: { requestNo, rate, expiresAt: new Date(now + QUOTE_VALID_MS).toISOString() },
  } as PlatformEventInput;
  expectApplied(await sendEvent(t.app, event));
}

/** The makers of ANDES-DEMO's accounting requests (a user who is never the actor of a happy path). */
class AccountingRequests {
  constructor(
    private readonly t: TestApp,
    readonly creator: PayoutActor,
    private readonly subMerchantId: number,
  ) {}

  upload(token = this.creator.token): Promise<string> {
    return uploadProof(this.t, token, 'authz-proof.png');
  }

  /** The file id of a request's first proof of transfer. */
  async proofOf(id: number): Promise<string> {
    const [row] = await this.t.db
      .select({ proofFiles: accountingRequests.proofFiles })
      .from(accountingRequests)
      .where(eq(accountingRequests.id, id));
    const fileId = row?.proofFiles[0]?.fileId;
    if (fileId === undefined) throw new Error(`request ${id} has no proof`);
    return fileId;
  }

  /** An OFFLINE exchange in `country` whose proof was submitted (waiting for its rate), and its proof's file id. */
  async offlineWithProof(country: Country): Promise<RequestRef & { fileId: string }> {
    const made = await this.exchange(country, 'OFFLINE');
    const fileId = await this.upload();
    const res = envelope(
      await post(
        this.t.app,
        exchangeProofSubmit.path,
        { id: made.id, remittingBank: 'Bank of America', transferTime: this.t.clock().toISOString(), proofFileIds: [fileId] },
        { token: this.creator.token },
      ),
    );
    if (res.code !== ResultCode.OK) throw new Error(`proof submit: ${res.code} ${res.msg}`);
    return { ...made, fileId };
  }

  async topup(country: Country): Promise<RequestRef> {
    return createRequest(this.t, topupCreate.path, this.creator.token, topupBody(this.t, country, await this.upload()));
  }

  async withdrawal(country: Country, needsApproval: boolean): Promise<RequestRef> {
    const amount = needsApproval ? APPROVAL_AMOUNT : WITHDRAWAL_AMOUNT;
    const made = await createRequest(this.t, withdrawalCreate.path, this.creator.token, withdrawalBody(country, amount));
    const expected = needsApproval ? 'PENDING' : 'NONE';
    if (made.request.approvalState !== expected)
      throw new Error(`withdrawal ${made.requestNo}: approval ${made.request.approvalState}, not ${expected}`);
    return made;
  }

  exchange(country: Country, mode: 'PAY_OUT' | 'OFFLINE'): Promise<RequestRef> {
    return createRequest(this.t, exchangeCreate.path, this.creator.token, exchangeBody(country, mode));
  }

  /** A PAY_OUT exchange the provider has quoted (WAIT_CONFIRM_CONTRACT); with the rate to confirm. */
  async quoted(country: Country): Promise<RequestRef & { rate: string }> {
    const rate = QUOTED_RATE[country];
    if (rate === undefined) throw new Error(`no fixture rate for ${country}`);
    const made = await this.exchange(country, 'PAY_OUT');
    await quoteExchange(this.t, made.requestNo, rate);
    return { ...made, rate };
  }

  subTransfer(country: Country): Promise<RequestRef> {
    return createRequest(this.t, subTransferCreate.path, this.creator.token, subTransferBody(country, this.subMerchantId));
  }
}

// ---------------------------------------------------------------------------------------------
// Risk (docs/decisions/0028)
// ---------------------------------------------------------------------------------------------

/** The device an enabled MANUAL_REVIEW rule of ANDES-DEMO watches, per country: a pay-in from it waits in case management. */
export const REVIEW_DEVICE: Readonly<Partial<Record<Country, string>>> = { BR: 'authz-review-br', MX: 'authz-review-mx' };
const LOCAL: Readonly<Partial<Record<Country, Pick<TransactionCreatedData, 'currency' | 'productType'>>>> = {
  BR: { currency: 'BRL', productType: 'PIX' },
  MX: { currency: 'MXN', productType: 'SPEI' },
};

/** A rule's fields for a list rule of `type` on devices (the rule add's body without its request id). */
export const deviceRule = (country: Country, type: 'BLOCK' | 'MANUAL_REVIEW', values: readonly string[], enabled = false) => ({
  country,
  type,
  template: 'DEVICE_LIST',
  enabled,
  values: [...values],
});

/** Makes risk objects through the real calls (as the world's admin) and platform events. */
class RiskObjects {
  constructor(
    private readonly t: TestApp,
    private readonly events: EventFactory,
    private readonly adminToken: string,
  ) {}

  private async call<T>(path: string, body: unknown, token = this.adminToken): Promise<T> {
    const res = envelope<T>(await post(this.t.app, path, body, { token }));
    if (res.code !== ResultCode.OK) throw new Error(`${path}: ${res.code} ${res.msg}`);
    return res.data;
  }

  /** A rule of ANDES-DEMO added through the call (disabled unless the fields say otherwise). */
  async rule(fields: ReturnType<typeof deviceRule>): Promise<{ id: number; version: number }> {
    const rule = await this.call<RiskRule>(ruleAdd.path, { requestId: newClientRequestId(), ...fields });
    return { id: rule.id, version: rule.version };
  }

  /** A replay of a saved rule over the last 30 days. */
  async replay(country: Country, ruleId: number): Promise<number> {
    return (await this.call<ReplayStarted>(replayStart.path, { country, days: 30, ruleId })).id;
  }

  /** A pay-in of ANDES-DEMO from the country's review device: the MANUAL_REVIEW rule sends it to case management. */
  async review(country: Country): Promise<{ transactionId: number; uniqueId: string }> {
    const uniqueId = this.events.uniqueId('review');
    const event = this.events.created({ uniqueId, country, ...LOCAL[country], risk: { deviceId: REVIEW_DEVICE[country] } });
    const ack = await sendEvent(this.t.app, event);
    if (ack.code !== ResultCode.OK) throw new Error(`review pay-in: ${ack.code} ${ack.msg}`);
    if (ack.data.risk?.decision !== 'REVIEW')
      throw new Error(`pay-in ${uniqueId} was not sent to review: ${JSON.stringify(ack.data.risk)}`);
    const row = await transactionRow(this.t.db, uniqueId);
    if (!row) throw new Error(`no transaction ${uniqueId}`);
    return { transactionId: row.id, uniqueId };
  }

  /** An open chargeback of a settled card pay-in (of ANDES-DEMO unless said otherwise). */
  async chargeback(country: Country, options: { merchantCode?: string; subMerchantCode?: string } = {}): Promise<ChargebackRef> {
    const payin = await settledPayin(this.t, this.events, { country, brand: 'VISA', ...options });
    const row = await chargeBack(this.t, this.events, payin, {
      amount: 1_000,
      ...(options.merchantCode ? { merchantCode: options.merchantCode } : {}),
    });
    return { id: row.id, uniqueId: row.uniqueId };
  }

  /** An appendix uploaded by the holder of `token`. */
  upload(token = this.adminToken): Promise<string> {
    return uploadAppendix(this.t, token, 'authz-appendix.png');
  }

  /** A chargeback defended with one appendix (by the holder of `token`): its appendix's file id. */
  async defend(id: number, token = this.adminToken): Promise<string> {
    const fileId = await this.upload(token);
    await this.call(chargebackDefense.path, { id, description: 'Authz defence', fileIds: [fileId] }, token);
    return fileId;
  }
}

/** Inserts a user with the given password hash (and roles). */
async function insertUser(t: TestApp, passwordHash: string, username: string, merchantId: number, spec: UserSpec): Promise<FixtureUser> {
  const now = t.clock();
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId,
      subMerchantId: spec.subMerchantId ?? null,
      username,
      displayName: `Authz ${username}`,
      email: `${username}@authz.test`,
      passwordHash,
      userType: spec.subMerchantId === undefined ? USER_TYPES.MERCHANT : USER_TYPES.SUB_MERCHANT,
      superAdmin: spec.superAdmin ?? false,
      state: 1,
      mustChangePassword: false,
      passwordChangedAt: now,
      countries: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`user ${username} was not created`);
  if (spec.roleIds && spec.roleIds.length > 0) {
    await t.db.insert(userRoles).values(spec.roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  return { id: row.id, username };
}

/** Inserts a role granting `codes`, stored closed over ancestors and dependencies as the role calls store them. */
async function insertRole(t: TestApp, name: string, merchantId: number, codes: readonly PermissionCode[]): Promise<number> {
  const now = t.clock();
  const [row] = await t.db.insert(roles).values({ merchantId, name, createdAt: now, updatedAt: now }).returning({ id: roles.id });
  if (!row) throw new Error(`role ${name} was not created`);
  await t.db.insert(rolePermissions).values([...closePermissions(codes)].map((code) => ({ roleId: row.id, code })));
  return row.id;
}

/** Inserts an entry of the merchant's API trust list. */
async function insertEntry(t: TestApp, merchantId: number, address: string): Promise<number> {
  const parsed = parseIpEntry(address);
  if (!parsed.ok) throw new Error(`${address} does not parse`);
  const now = t.clock();
  const [row] = await t.db
    .insert(ipTrustlistEntries)
    .values({
      merchantId,
      listType: 'API',
      value: parsed.entry.value,
      kind: parsed.entry.kind,
      ipVersion: parsed.entry.version,
      remark: 'authz fixture',
      updatedBy: 'authz',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: ipTrustlistEntries.id });
  if (!row) throw new Error(`trust-list entry ${address} was not created`);
  return row.id;
}

/** Names and addresses no other fixture has. */
class Serial {
  private n = 0;
  name(prefix: string): string {
    this.n += 1;
    return `authz.${prefix}.${this.n}`;
  }
  /** An IPv4 address of 198.18.0.0/15 (the benchmarking block). */
  address(): string {
    this.n += 1;
    return `198.18.${Math.floor(this.n / 250)}.${(this.n % 250) + 1}`;
  }
}

export class World {
  /** Holders of exactly one code list, created on first use. */
  private readonly exactActors = new Map<string, Promise<Actor>>();

  private constructor(
    readonly t: TestApp,
    private readonly serial: Serial,
    private readonly passwordHash: string,
    readonly merchantIds: { andes: number; condor: number },
    private readonly homeRoleId: number,
    readonly targetRoleId: number,
    /** A user holding the target role, read by the happy path of the detail call. */
    readonly targetUserId: number,
    readonly decoys: Decoys,
    readonly andes: AndesObjects,
    readonly condorObjects: CondorObjects,
    readonly admin: Actor,
    readonly condor: Actor,
    readonly homeOnly: Actor,
    /** Creates the payouts that the approval calls' happy paths decide (four eyes: never the approver). */
    readonly payoutCreator: PayoutActor,
    /** Makes the accounting requests the happy paths act on (never the actor: four eyes on withdrawals). */
    private readonly requests: AccountingRequests,
    /** Sessions of a super admin past the idle timeout and past the absolute lifetime. */
    readonly expired: { idle: string; absolute: string },
    /** A super admin of ANDES-DEMO whom the disabled-user case disables after each sign-in. */
    private readonly disabledUser: FixtureUser,
    /** Makes the risk objects the happy paths act on (as the world's admin). */
    private readonly riskObjects: RiskObjects,
  ) {}

  static async create(): Promise<World> {
    const t = await createTestApp();
    const merchantRows = await t.db.select({ id: merchants.id, code: merchants.code }).from(merchants);
    const merchantId = (code: string) => {
      const row = merchantRows.find((m) => m.code === code);
      if (!row) throw new Error(`no merchant ${code}`);
      return row.id;
    };
    const andes = merchantId('ANDES-DEMO');
    const condor = merchantId('CONDOR');
    const serial = new Serial();
    const passwordHash = await t.app.andes.hasher.hash(FIXTURE_PASSWORD);
    const user = (prefix: string, spec: UserSpec, merchant = andes) => insertUser(t, passwordHash, serial.name(prefix), merchant, spec);
    const role = (merchant: number, codes: readonly PermissionCode[]) => insertRole(t, serial.name('role'), merchant, codes);

    const homeRoleId = await role(andes, ['home']);
    const targetRoleId = await role(andes, TARGET_ROLE_CODES);
    const targetUser = await user('target', { roleIds: [targetRoleId] });
    const decoys: Decoys = {
      userId: (await user('decoy', { roleIds: [targetRoleId] })).id,
      roleId: await role(andes, FIXTURE_ROLE_CODES),
      entryId: await insertEntry(t, andes, serial.address()),
    };
    const andesRoleId = await role(andes, TARGET_ROLE_CODES);
    const andesUser = await user('andes', { roleIds: [andesRoleId] });
    const condorRoleId = await role(condor, ['home']);
    const condorUserId = (await user('condor', { roleIds: [condorRoleId] }, condor)).id;
    const homeUser = await user('home', { roleIds: [homeRoleId] });
    const expiredUser = await user('expired', { superAdmin: true });
    const disabledUser = await user('disabled', { superAdmin: true });

    const adminToken = await signInAs(t, DEMO.admin.username, DEMO.admin.password);
    const condorToken = await signInAs(t, DEMO.condor.username, DEMO.condor.password);
    const homeToken = await signInAs(t, homeUser.username, FIXTURE_PASSWORD);
    const idle = await signInAs(t, expiredUser.username, FIXTURE_PASSWORD);
    const absolute = await signInAs(t, expiredUser.username, FIXTURE_PASSWORD);
    const now = t.clock().getTime();
    const { idleMinutes, maxHours } = t.config.session;
    // Idle: last active a minute beyond the idle timeout. Absolute: active just now, but its lifetime has run out.
    await t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(now - (idleMinutes + 1) * MINUTE_MS) })
      .where(eq(sessions.id, await sessionIdOf(t, idle)));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(now - maxHours * HOUR_MS), expiresAt: new Date(now - 1_000) })
      .where(eq(sessions.id, await sessionIdOf(t, absolute)));

    const idOf = async (username: string) => {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!row) throw new Error(`no user ${username}`);
      return row.id;
    };
    const adminId = await idOf(DEMO.admin.username);
    // An entry of ANDES-DEMO's log about its user, for the filter by object.
    await t.app.andes.activity.record(
      { merchantId: andes, actorUserId: adminId, actorUsername: DEMO.admin.username, ip: '127.0.0.1', userAgent: 'vitest' },
      { event: 'USER_MODIFIED', outcome: 'SUCCESS', object: { type: 'USER', id: andesUser.id, label: andesUser.username } },
    );

    // A payout creator and a PENDING MX payout of theirs (ANDES-DEMO's MX payout account funded through the platform).
    await fundPayoutAccount(t, new EventFactory('authz-payout', t.clock()), 'MX', 100_000_000, '17.0');
    const payoutCreator = await payoutUser(t, 'authz.payout.creator', ['payment:payout', 'payment:payout:create']);
    const fixturePayout = await newAuthzPayout(t, payoutCreator);

    // Accounting (docs/decisions/0027): ANDES-DEMO's BR payout account and global account funded for
    // the happy paths (MX's is above); withdrawals above APPROVAL_THRESHOLD need a second person in
    // BR and MX; a creator who makes the requests the happy paths act on, and one of each kind in MX.
    const accountingEvents = new EventFactory('authz-accounting', t.clock());
    await fundPayoutAccount(t, accountingEvents, 'BR', 100_000_000);
    expectApplied(await sendEvent(t.app, accountingEvents.toppedUp(10_000_000)));
    for (const country of ['BR', 'MX'] as const) {
      const config = await resolveConfig(t.db, andes, country, 'WITHDRAWAL');
      await upsertApprovalThreshold(t.db, {
        ...config,
        merchantId: andes,
        country,
        approvalThreshold: APPROVAL_THRESHOLD,
        updatedAt: t.clock(),
      });
    }
    const subMerchantId = merchantId('ANDES-DEMO-BR');
    const requests = new AccountingRequests(t, await payoutUser(t, 'authz.accounting.creator', ACCOUNTING_CREATOR_CODES), subMerchantId);
    const quoted = await requests.quoted('MX');
    const topup = await requests.topup('MX');
    const accounting: AndesAccounting = {
      topup,
      topupProofFileId: await requests.proofOf(topup.id),
      withdrawal: await requests.withdrawal('MX', true),
      exchange: { id: quoted.id, requestNo: quoted.requestNo },
      offlineExchange: await requests.exchange('MX', 'OFFLINE'),
      subTransfer: await requests.subTransfer('MX'),
      proofFileId: await requests.upload(),
    };
    const transactionIds = await createTransactionsOfEachKind(t);

    // Risk (docs/decisions/0028): an enabled MANUAL_REVIEW rule per country on a device (its pay-ins
    // wait in case management), a replay, a review and chargebacks in MX (a country CONDOR has), and
    // ANDES-DEMO-BR's chargebacks in BR for its sub-merchant users. Events start a day ago.
    const riskObjects = new RiskObjects(t, new EventFactory('authz-risk', new Date(t.clock().getTime() - 86_400_000)), adminToken);
    await riskObjects.rule(deviceRule('BR', 'MANUAL_REVIEW', [REVIEW_DEVICE.BR as string], true));
    const rule = await riskObjects.rule(deviceRule('MX', 'MANUAL_REVIEW', [REVIEW_DEVICE.MX as string], true));
    const defended = await riskObjects.chargeback('BR');
    const subDefended = await riskObjects.chargeback('BR', { subMerchantCode: 'ANDES-DEMO-BR' });
    const risk: AndesRisk = {
      rule,
      replayId: await riskObjects.replay('MX', rule.id),
      review: await riskObjects.review('MX'),
      chargeback: await riskObjects.chargeback('MX'),
      defended: { ...defended, fileId: await riskObjects.defend(defended.id) },
      appendixFileId: await riskObjects.upload(),
      subOpen: await riskObjects.chargeback('BR', { subMerchantCode: 'ANDES-DEMO-BR' }),
      subDefended: { ...subDefended, fileId: await riskObjects.defend(subDefended.id) },
    };

    const condorObjects: CondorObjects = {
      roleId: condorRoleId,
      userId: condorUserId,
      offlineExchangeId: (await createRequest(t, exchangeCreate.path, condorToken, exchangeBody('MX', 'OFFLINE'))).id,
      proofFileId: await uploadProof(t, condorToken, 'condor-proof.png'),
      chargebackId: (await riskObjects.chargeback('MX', { merchantCode: 'CONDOR' })).id,
      appendixFileId: await riskObjects.upload(condorToken),
      support: await condorSupport(t, condorToken),
      alarmAccountId: (await ensureLocalAccount(t.db, condor, 'MX', 'PAY_IN')).id,
    };
    // ANDES-DEMO's MX payout account gets an alarm above its balance: it fires at once (a history event).
    const alarm: AndesAlarm = {
      accountId: (await ensureLocalAccount(t.db, andes, 'MX', 'PAY_OUT')).id,
      brAccountId: (await ensureLocalAccount(t.db, andes, 'BR', 'PAY_IN')).id,
      subAccountId: (await ensureLocalAccount(t.db, subMerchantId, 'BR', 'PAY_IN')).id,
    };
    const fired = envelope(
      await post(
        t.app,
        balanceAlarmUpdate.path,
        { accountId: alarm.accountId, threshold: MAX_AMOUNT_CENTS, subscriberIds: [adminId], version: 0 },
        { token: adminToken },
      ),
    );
    if (fired.code !== ResultCode.OK) throw new Error(`the fixture alarm was refused: ${fired.msg}`);

    return new World(
      t,
      serial,
      passwordHash,
      { andes, condor },
      homeRoleId,
      targetRoleId,
      targetUser.id,
      decoys,
      {
        userId: andesUser.id,
        roleId: andesRoleId,
        entryId: await insertEntry(t, andes, serial.address()),
        subMerchantId,
        adminId,
        transactionIds,
        downloadTaskId: await insertDownloadTask(t, andes, adminId, 'COMPLETE'),
        payout: fixturePayout,
        accounting,
        risk,
        support: await andesSupport(t, adminToken),
        alarm,
        productId: await productIdOf(t, andes, 'MX', 'payin'),
        paymentLink: await (async () => {
          const appendixFileId = await uploadLinkAppendix(t, adminToken);
          const link = await newPaymentLink(t, adminToken, [appendixFileId]);
          return { ...link, appendixFileId, uploadedFileId: await uploadLinkAppendix(t, adminToken) };
        })(),
      },
      condorObjects,
      { id: adminId, username: DEMO.admin.username, password: DEMO.admin.password, token: adminToken },
      { id: await idOf(DEMO.condor.username), username: DEMO.condor.username, password: DEMO.condor.password, token: condorToken },
      { ...homeUser, password: FIXTURE_PASSWORD, token: homeToken },
      payoutCreator,
      requests,
      { idle, absolute },
      disabledUser,
      riskObjects,
    );
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** A name no other fixture has. */
  unique(prefix: string): string {
    return this.serial.name(prefix);
  }

  /** An IPv4 address no other fixture has. */
  uniqueAddress(): string {
    return this.serial.address();
  }

  /** From `days` before today to today (by the test clock), as calendar dates in UTC. */
  dateRange(days: number): { from: string; to: string } {
    const now = this.t.clock().getTime();
    return { from: new Date(now - days * 24 * HOUR_MS).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) };
  }

  /** A user of ANDES-DEMO (or of `merchantId`) with FIXTURE_PASSWORD, not signed in. */
  newUser(prefix: string, spec: UserSpec = {}, merchantId = this.merchantIds.andes): Promise<FixtureUser> {
    return insertUser(this.t, this.passwordHash, this.serial.name(prefix), merchantId, spec);
  }

  /** A target of user management: holds the target role. */
  newTargetUser(): Promise<FixtureUser> {
    return this.newUser('target', { roleIds: [this.targetRoleId] });
  }

  /** A role of ANDES-DEMO that no user holds. */
  newRole(codes: readonly PermissionCode[] = FIXTURE_ROLE_CODES): Promise<number> {
    return insertRole(this.t, this.serial.name('role'), this.merchantIds.andes, codes);
  }

  /** An entry of ANDES-DEMO's API trust list. */
  newEntry(): Promise<number> {
    return insertEntry(this.t, this.merchantIds.andes, this.serial.address());
  }

  // -------------------------------------------------------------------------------------------
  // Accounting requests (new ones in BR, made by the accounting creator: never the actor)
  // -------------------------------------------------------------------------------------------

  /** The user who makes the requests below. */
  get accountingCreator(): PayoutActor {
    return this.requests.creator;
  }

  /** A proof of transfer uploaded by the holder of `token` (a later call names it by its file id). */
  uploadProof(token: string): Promise<string> {
    return this.requests.upload(token);
  }

  /** A request's first proof's file id. */
  proofOf(id: number): Promise<string> {
    return this.requests.proofOf(id);
  }

  /** A new OFFLINE exchange in BR with its proof submitted, and the proof's file id. */
  newOfflineWithProof(): Promise<RequestRef & { fileId: string }> {
    return this.requests.offlineWithProof('BR');
  }

  /** A new PROCESSING top-up in BR. */
  newTopup(): Promise<RequestRef> {
    return this.requests.topup('BR');
  }

  /** A new PROCESSING withdrawal in BR: waiting for a second person's approval, or not. */
  newWithdrawal(needsApproval: boolean): Promise<RequestRef> {
    return this.requests.withdrawal('BR', needsApproval);
  }

  /** A new exchange in BR: PAY_OUT waits for the provider's rate, OFFLINE for the proof of the wire. */
  newExchange(mode: 'PAY_OUT' | 'OFFLINE'): Promise<RequestRef> {
    return this.requests.exchange('BR', mode);
  }

  /** A new PAY_OUT exchange in BR with a live quote, and the quoted rate. */
  newQuotedExchange(): Promise<RequestRef & { rate: string }> {
    return this.requests.quoted('BR');
  }

  /** A new PROCESSING transfer in BR to ANDES-DEMO-BR. */
  newSubTransfer(): Promise<RequestRef> {
    return this.requests.subTransfer('BR');
  }

  // -------------------------------------------------------------------------------------------
  // Risk (new objects of ANDES-DEMO in BR, made by the world's admin: never the actor)
  // -------------------------------------------------------------------------------------------

  /** A new rule of ANDES-DEMO (disabled: it decides nothing), at version 1. */
  newRule(country: Country = 'BR'): Promise<{ id: number; version: number }> {
    return this.riskObjects.rule(deviceRule(country, 'BLOCK', [this.unique('device')]));
  }

  /** A new BR pay-in waiting in case management. */
  newReview(): Promise<{ transactionId: number; uniqueId: string }> {
    return this.riskObjects.review('BR');
  }

  /** A new open BR chargeback of ANDES-DEMO itself. */
  newChargeback(): Promise<ChargebackRef> {
    return this.riskObjects.chargeback('BR');
  }

  /** A defence appendix uploaded by the holder of `token`. */
  uploadAppendix(token: string): Promise<string> {
    return this.riskObjects.upload(token);
  }

  /** The signed-in user of ANDES-DEMO-BR (a sub-merchant user) holding a role granting exactly `codes`: one per code list. */
  subMerchantExactly(codes: readonly PermissionCode[]): Promise<Actor> {
    const key = `sub:${[...codes].sort().join(',')}`;
    const known = this.exactActors.get(key);
    if (known) return known;
    const actor = (async () => {
      const roleId = await this.newRole(codes);
      return this.signIn(await this.newUser('sub', { roleIds: [roleId], subMerchantId: this.andes.subMerchantId }));
    })();
    this.exactActors.set(key, actor);
    return actor;
  }

  /** Signs a fixture user in. */
  async signIn(user: FixtureUser): Promise<Actor> {
    return { ...user, password: FIXTURE_PASSWORD, token: await signInAs(this.t, user.username, FIXTURE_PASSWORD) };
  }

  /** A new signed-in super admin of ANDES-DEMO, for calls that act on the caller's own account. */
  async newSuperAdmin(): Promise<Actor> {
    return this.signIn(await this.newUser('admin', { superAdmin: true }));
  }

  /** A new signed-in user whose only role grants `home`. */
  async newHomeOnly(): Promise<Actor> {
    return this.signIn(await this.newUser('home', { roleIds: [this.homeRoleId] }));
  }

  /** A new signed-in holder of a role granting exactly `codes` (closed over ancestors and dependencies). */
  async newExactly(codes: readonly PermissionCode[]): Promise<Actor> {
    const roleId = await this.newRole(codes);
    return this.signIn(await this.newUser('exact', { roleIds: [roleId] }));
  }

  /** The signed-in holder of exactly the permission `unrelatedPermission(grants)` names (home: the shared home-only user). */
  unrelatedTo(grants: readonly string[]): Promise<Actor> {
    const code = unrelatedPermission(grants);
    return code === 'home' ? Promise.resolve(this.homeOnly) : this.exactly([code]);
  }

  /** The signed-in holder of a role granting exactly `codes`: one per code list, signed in once. */
  exactly(codes: readonly PermissionCode[]): Promise<Actor> {
    const key = [...codes].sort().join(',');
    const known = this.exactActors.get(key);
    if (known) return known;
    const actor = this.newExactly(codes);
    this.exactActors.set(key, actor);
    return actor;
  }

  /**
   * A session of the disabled-user fixture (a super admin): enabled, signed in, then disabled in
   * the database, as an admin elsewhere would. Answers the token and its session id.
   */
  async disabledSession(): Promise<{ token: string; sessionId: string }> {
    await this.setUserState(this.disabledUser.id, 1);
    const token = await signInAs(this.t, this.disabledUser.username, FIXTURE_PASSWORD);
    await this.setUserState(this.disabledUser.id, 0);
    return { token, sessionId: await sessionIdOf(this.t, token) };
  }

  async setUserState(userId: number, state: 0 | 1): Promise<void> {
    await this.t.db.update(users).set({ state }).where(eq(users.id, userId));
  }

  /** Whether the session has been revoked. */
  async sessionEnded(sessionId: string): Promise<boolean> {
    const [row] = await this.t.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    if (!row) throw new Error(`no session ${sessionId}`);
    return row.revokedAt !== null;
  }

  // -------------------------------------------------------------------------------------------
  // MFA
  // -------------------------------------------------------------------------------------------

  private async mfaActorOf(user: FixtureUser): Promise<MfaActor> {
    const [row] = await this.t.db.select({ merchantId: users.merchantId }).from(users).where(eq(users.id, user.id));
    if (!row) throw new Error(`no user ${user.username}`);
    return { userId: user.id, merchantId: row.merchantId, username: user.username, ip: '127.0.0.1', userAgent: 'vitest' };
  }

  /** The code an authenticator app holding `secret` shows at the test clock, `offsetSteps` steps away. */
  totp(secret: string, offsetSteps = 0): string {
    return hotp(base32Decode(secret), timeStepOf(this.t.clock().getTime()) + offsetSteps);
  }

  /** Starts an MFA binding for the user, as the open call does; answers the secret. */
  async openMfa(user: FixtureUser): Promise<string> {
    return (await this.t.app.andes.mfa.beginBinding(await this.mfaActorOf(user))).secret;
  }

  /**
   * Binds and activates MFA for the user with the code of the step before the current one, so the
   * current step's code (`totp(secret)`) is still unused. Answers the secret.
   */
  async bindMfa(user: FixtureUser): Promise<string> {
    const actor = await this.mfaActorOf(user);
    const secret = (await this.t.app.andes.mfa.beginBinding(actor)).secret;
    const result = await this.t.app.andes.mfa.activate(actor, this.totp(secret, -1));
    if (!result.activated) throw new Error(`MFA of ${user.username} was not activated`);
    return secret;
  }

  // -------------------------------------------------------------------------------------------
  // Reset links
  // -------------------------------------------------------------------------------------------

  /** An open reset link of a user of ANDES-DEMO (an admin reset, valid an hour); answers its token. */
  async resetLinkToken(user: FixtureUser): Promise<string> {
    const issued = await new ResetLinks(this.t.config.publicUrl, this.t.clock).issue(this.t.db, {
      userId: user.id,
      merchantId: this.merchantIds.andes,
      purpose: 'ADMIN_RESET',
      ttlMs: HOUR_MS,
      issuedBy: 'authz',
    });
    const token = new URL(issued.link).searchParams.get('token');
    if (!token) throw new Error(`no token in ${issued.link}`);
    return token;
  }

  /** Moves a reset link's expiry to just before now. */
  async expireResetLink(token: string): Promise<void> {
    await this.t.db
      .update(passwordResetLinks)
      .set({ expiresAt: new Date(this.t.clock().getTime() - 1_000) })
      .where(eq(passwordResetLinks.tokenHash, hashResetLinkToken(token)));
  }
}

async function signInAs(t: TestApp, username: string, password: string): Promise<string> {
  const body = envelope<LoginResponse>(await post(t.app, login.path, { username, password }));
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

async function sessionIdOf(t: TestApp, token: string): Promise<string> {
  const [row] = await t.db
    .select({ sessionId: sessionTokens.sessionId })
    .from(sessionTokens)
    .where(eq(sessionTokens.tokenHash, hashSessionToken(token)));
  if (!row) throw new Error('no session for the token');
  return row.sessionId;
}
