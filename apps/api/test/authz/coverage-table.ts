import { randomUUID } from 'node:crypto';
import { accountList } from '@andes/contract/account/endpoints';
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
import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import { balanceAlarmHistory, balanceAlarmList, balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, todayIn } from '@andes/contract/common/dates';
import type { Access } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  downloadRecordDownload,
  downloadRecordPage,
  downloadTaskDelete,
  downloadTaskRetry,
  transactionExportPreflight,
  transactionExportTaskCreate,
} from '@andes/contract/download-center/endpoints';
import {
  dailyReportDownload,
  dailyReportLink,
  dailyReportPage,
  reconciliation,
  statementDownload,
  statementExportPreflight,
  statementExportTaskCreate,
  statementPage,
  taxDetail,
} from '@andes/contract/finance/endpoints';
import { FINANCE_PERMISSIONS, REPORT_PAGE_INFO, REPORT_PAGES } from '@andes/contract/finance/enums';
import { globalAccountInfo, globalStatementPage } from '@andes/contract/global/endpoints';
import {
  accountingCalendar,
  amountSummary,
  balanceDetail,
  balanceQuery,
  dayOfHistory,
  pendingBalanceInfo,
  productLineChart,
  productList,
  productPieChart,
  realTimeLineChart,
  transactionLineChart,
  unreadMessageCount,
} from '@andes/contract/home/endpoints';
import {
  passwordReset,
  resetLinkGenerate,
  roleAdd,
  roleAssignmentList,
  roleDetail,
  roleModify,
  rolePage,
  roleRemove,
  roleStateModify,
  userAdd,
  userDetail,
  userMfaReset,
  userModify,
  userPage,
  userRemove,
  userStateModify,
} from '@andes/contract/iam/endpoints';
import {
  ipRestrictionQuery,
  ipRestrictionUpdate,
  ipTrustlistEdit,
  ipTrustlistPage,
  ipTrustlistRemove,
} from '@andes/contract/ip-trustlist/endpoints';
import { announcementList, markAllRead, markAnnouncementsRead, messageDetail, messageList } from '@andes/contract/message/endpoints';
import { mfaActivate, mfaClose, mfaOpen, mfaRecoveryCodesRegenerate, mfaStatus, mfaValidate } from '@andes/contract/mfa/endpoints';
import { accountApply } from '@andes/contract/onboarding/endpoints';
import { forgotPassword, resetLinkVerify } from '@andes/contract/password/endpoints';
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
  paymentLinkPage,
  paymentLinkProductList,
  paymentLinkQuery,
  paymentLinkTemplateDownload,
} from '@andes/contract/payment-link/endpoints';
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
import { depositConfigList, productCalculationRules, productConfigDetails, settingProductList } from '@andes/contract/product/endpoints';
import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import {
  chargebackAccept,
  chargebackAppendixDownload,
  chargebackAppendixUpload,
  chargebackDefense,
  chargebackPage,
  chargebackQuery,
  chargebackSummary,
  performanceDaily,
  performanceMonthly,
  performanceRing,
  performanceWeekly,
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
import { shopifyPage, shopifyQuery } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage, shoplazzaQuery } from '@andes/contract/shoplazza/endpoints';
import { subAccountPage, subAccountSummary, subAccountSummaryDownload, subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import {
  caseClose,
  caseDetail,
  caseEdit,
  caseFileDownload,
  caseFileDownloadUrl,
  caseFileUpload,
  casePage,
  caseReopen,
  caseReplyPage,
  caseReplySave,
  caseSave,
  caseStatistics,
} from '@andes/contract/support/endpoints';
import {
  transactionAdvancedPage,
  transactionAttachmentDownload,
  transactionFileDownload,
  transactionFileDownloadUrl,
  transactionPage,
  transactionProofList,
  transactionQuery,
  transactionSubMerchantQuery,
} from '@andes/contract/transaction/endpoints';
import {
  DEEP_QUERY_PERMISSION,
  LIST_PERMISSIONS,
  PROOF_VARIANT_OF_PROVIDER,
  PROOF_VARIANTS,
  type ProofVariant,
  TRANSACTION_LISTS,
  TRANSFER_PROVIDERS,
} from '@andes/contract/transaction/enums';
import { PROOF_DOWNLOAD_ENDPOINTS } from '@andes/contract/transaction/proof-endpoints';
import { eq } from 'drizzle-orm';
import { balanceAlarms } from '../../src/db/schema/balance-alarms.ts';
import { DEMO_MESSAGES } from '../../src/db/seed/demo-money.ts';
import { PNG } from '../fixtures/accounting.ts';
import { payoutFileBytes, pixPayout } from '../fixtures/payouts.ts';
import { DEMO } from '../helper.ts';
import { EventFactory, sendEvent, transactionRow } from '../ledger/support.ts';
import type { FormPart } from '../multipart.ts';
import { linkFileBytes } from '../payment-link/support.ts';
import { type CaseRef, caseFields, MISSING_E2E_ID, newCase, newClosedCase, uploadCaseFile } from './support-objects.ts';
import {
  type Actor,
  deviceRule,
  exchangeBody,
  FIXTURE_ROLE_CODES,
  insertDownloadTask,
  MISSING_ID,
  MISSING_TASK_ID,
  NEW_PASSWORD,
  newAuthzPayout,
  newClientRequestId,
  newPaymentLink,
  proofSubmitBody,
  QUOTED_RATE,
  type RequestRef,
  subTransferBody,
  topupBody,
  type World,
  withdrawalBody,
} from './world.ts';

/**
 * The coverage table of the authorization test: one entry per endpoint of the contract, keyed by
 * path. The test generates its cases from ALL_ENDPOINTS and this table, and fails when an endpoint
 * has no entry or an entry names an endpoint the server does not register.
 */

/** One request: the body, the path parameters, and (for the reset-link calls) the token header to send. */
export interface Call {
  body: Record<string, unknown>;
  /** A multipart call's form (its text fields and files), sent instead of `body`. */
  form?: FormPart[];
  params?: Record<string, string | number>;
  /** Sent in the token header instead of the caller's session token (a reset link's token). */
  token?: string;
}

/**
 * An object the request names by id (a path parameter or a body field). CONDOR's admin sends the
 * request with the id of an ANDES-DEMO object that exists, then with an id no object has: both must
 * be answered alike, so the answer never tells whether the other merchant's object exists.
 */
export interface ObjectRef {
  /** The path parameter or body field holding the id. */
  field: string;
  /** The ANDES-DEMO object's id. */
  existing(w: World): number | string;
  /** CONDOR's request naming `id` (built from CONDOR's own objects, so only the foreign id can make it fail). */
  call(w: World, id: number | string): Call;
  /** The id no object has, when the field is not a record id (a download task's public id). Default MISSING_ID. */
  missing?: string;
  /**
   * `refused`: answered with this code (NOT_FOUND, or a validation issue on the field for ids the
   * form chooses). `filter`: a list filter, answered with the list of a missing id, while ANDES-DEMO's
   * admin finds something with it.
   */
  answer: { refused: number } | 'filter';
  /** `filter` of a call that answers a one-time download URL (`data.url`): the file it gives is compared. */
  followUrl?: boolean;
  /** `filter` of a call that creates something new each time: its answers are compared by this part of their data. */
  judgedBy?: (data: unknown) => unknown;
  /**
   * `refused` with a message that names the id the caller sent ("The uploaded file f_… was not
   * found"): the two answers are compared with the id sent masked, so they may differ only by it.
   */
  namesTheId?: boolean;
  /**
   * `filter` on a list where the field picks nothing out (why): ANDES-DEMO's admin, too, gets with
   * the existing id what a missing one gets (instead of finding something with it).
   */
  inert?: string;
}

export interface Entry {
  /** What the happy path needs beyond the body (documentation for the reader). */
  precondition?: string;
  /**
   * The happy path acts on the caller's own account (sign-out, password, MFA): it runs as a new
   * user each time, so it cannot disturb the shared sessions.
   */
  freshActor?: boolean;
  /** A valid request of the refused cases (it names decoy objects: a refused call must never reach them). */
  sample(w: World): Call;
  /**
   * A valid request that succeeds for `actor`, holding `grant`; creates what it uses up. Defaults
   * to `sample`.
   */
  happy?(w: World, actor: Actor, grant: Access): Promise<Call>;
  /**
   * The endpoint names several permissions and any one of them admits every request (the same list
   * serves two screens): no request needs one code rather than another.
   */
  anyGrantAdmitsEveryRequest?: boolean;
  /** What the happy answer's data must show beyond code 200 (calls that answer 200 with a negative result). */
  succeeded?(data: unknown): boolean;
  /** The objects the request names by id. */
  objects?: readonly ObjectRef[];
  /** What a user of ANDES-DEMO's sub-merchant ANDES-DEMO-BR holding the permission gets (case 7); absent: not checked. */
  subMerchantUser?: SubMerchantRule;
}

/**
 * A sub-merchant user (of ANDES-DEMO-BR) holding the endpoint's permission:
 *   `refused`: the call is the merchant's own; the request (one the merchant's users may make, naming
 *     real objects) answers FORBIDDEN;
 *   `allowed`: the call works within the sub-merchant: the request (naming the sub-merchant's
 *     objects) succeeds; `merchantOnly` names an object of the merchant itself (not the
 *     sub-merchant's), which the sub-merchant user gets answered exactly as a missing id.
 */
export type SubMerchantRule = { refused: (w: World) => Promise<Call> } | { allowed: (w: World) => Promise<Call>; merchantOnly?: ObjectRef };

const NOT_FOUND = { refused: ResultCode.NOT_FOUND };
/** Ids the user form chooses (roles, sub-merchant) are refused as a validation issue on the field: unknown and foreign alike. */
const CHOICE_REFUSED = { refused: ResultCode.VALIDATION_FAILED };

const has = (data: unknown, key: string, value: unknown) => typeof data === 'object' && data !== null && Reflect.get(data, key) === value;

/** The fields of the user form, for a user of ANDES-DEMO holding the target role. */
const userForm = (w: World, displayName: string) => ({
  displayName,
  email: `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@authz.test`,
  roleIds: [w.targetRoleId],
  countries: ['BR'],
});
/** The fields of the user form as CONDOR's admin fills them (CONDOR's role and country). */
const condorUserForm = (w: World) => ({
  displayName: 'Condor Staff',
  email: 'staff@condor.test',
  roleIds: [w.condorObjects.roleId],
  countries: ['MX'],
});

/** An alarm switched off (a request valid for any account). */
const alarmOff = (accountId: number, version: number): Call => ({ body: { accountId, threshold: null, subscriberIds: [], version } });
/** The version an account's alarm is at (0 when it never had one). */
async function alarmVersion(w: World, accountId: number): Promise<number> {
  const [row] = await w.t.db.select({ version: balanceAlarms.version }).from(balanceAlarms).where(eq(balanceAlarms.accountId, accountId));
  return row?.version ?? 0;
}

/** Today in Brazil by the test clock: Home's calls refuse dates after it. */
const brToday = (w: World) => todayIn(COUNTRY_INFO.BR.timezoneName, w.t.clock());
/** The last week in Brazil, for Home's charts. */
const brWeek = (w: World) => ({ country: 'BR', from: addDays(brToday(w), -6), to: brToday(w) });

/** The transaction list a grant opens (the deep query searches the pay-ins by an exact id). */
const transactionListCall = (grant: Access): Call => {
  if (grant === DEEP_QUERY_PERMISSION) return { body: { list: 'payin', country: 'BR', deep: true, uniqueId: 'authz-none' } };
  const list = TRANSACTION_LISTS.find((l) => LIST_PERMISSIONS[l] === grant) ?? 'payin';
  return { body: { list, country: 'BR' } };
};
/** CONDOR's admin filtering its own country's list by a sub-merchant id: refused, known or not. */
const subMerchantFilter = (body: Record<string, unknown>): ObjectRef => ({
  field: 'subMerchantIds',
  existing: (w) => w.andes.subMerchantId,
  call: (_w, id) => ({ body: { ...body, country: 'MX', subMerchantIds: [id] } }),
  answer: { refused: ResultCode.FORBIDDEN },
});
/**
 * A list filtered by an identifier of an ANDES-DEMO transaction (in MX, a country CONDOR has):
 * CONDOR's admin gets what an identifier nobody has gets. The id stands for the transaction; the
 * request carries its identifier (or, for any other id, one that matches nothing).
 */
const identifierFilter = (
  field: string,
  existing: (w: World) => number,
  value: (w: World) => string,
  body: Record<string, unknown> = {},
): ObjectRef => ({
  field,
  existing,
  call: (w, id) => ({ body: { ...body, country: 'MX', [field]: id === existing(w) ? value(w) : `missing-${id}` } }),
  answer: 'filter',
});
const refsOf = (w: World) => w.andes.transactionIds.refs;
/** The uniqueId and e2e id filters of a list, by the fixture transaction of its kind. */
const idFilters = (kind: 'payin' | 'paymentLink' | 'shopify' | 'shoplazza', body: Record<string, unknown> = {}): ObjectRef[] => [
  identifierFilter(
    'uniqueId',
    (w) => refsOf(w)[kind].id,
    (w) => refsOf(w)[kind].uniqueId,
    body,
  ),
  identifierFilter(
    'e2eId',
    (w) => refsOf(w)[kind].id,
    (w) => refsOf(w)[kind].e2eId,
    body,
  ),
];

/** A detail call: CONDOR's admin naming an ANDES-DEMO transaction gets what an unknown id gets. */
const transactionDetail = (existing: (w: World) => number): Entry => ({
  sample: (w) => ({ body: { id: existing(w) } }),
  objects: [{ field: 'id', existing, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
});

/** The kind of settled ANDES-DEMO pay-in each proof variant needs. */
const PROOF_SUBJECTS: Readonly<Record<string, Record<string, unknown>>> = {
  SPEI: { country: 'MX', currency: 'MXN', productType: 'SPEI' },
  PIX: { country: 'BR', currency: 'BRL', productType: 'PIX' },
  CO: { country: 'CO', currency: 'COP', productType: 'CO_BANK_TRANSFER' },
  LINK: {
    country: 'BR',
    currency: 'BRL',
    productType: 'CARD',
    paymentLinkId: 'authz-link',
    card: { brand: 'VISA', bin: '411111', last4: '1234' },
  },
};
const proofFactory = new EventFactory('authz-proof');
/** A settled ANDES-DEMO pay-in that has the variant's proof (created through the ingestion API). */
async function settledFor(w: World, variant: ProofVariant): Promise<number> {
  const kind = variant.startsWith('mx-spei')
    ? 'SPEI'
    : variant.startsWith('br-pix')
      ? 'PIX'
      : variant === 'co-bank-transfer'
        ? 'CO'
        : 'LINK';
  const uniqueId = proofFactory.uniqueId(variant);
  // A SPEI or PIX receipt is the one of the provider that carried the transfer (decision 0017).
  const provider = TRANSFER_PROVIDERS.find((p) => PROOF_VARIANT_OF_PROVIDER[p] === variant);
  const created = proofFactory.created({ uniqueId, ...PROOF_SUBJECTS[kind], ...(provider ? { provider } : {}) });
  for (const event of [created, proofFactory.settled(uniqueId)]) {
    const ack = await sendEvent(w.t.app, event);
    if (ack.code !== 200) throw new Error(`${event.type}: ${ack.code} ${ack.msg}`);
  }
  const row = await transactionRow(w.t.db, uniqueId);
  if (!row) throw new Error(`no transaction ${uniqueId}`);
  return row.id;
}
/** A proof download: its happy path settles a transfer of the variant's kind; another merchant's id answers NOT_FOUND. */
const proofEntry = (variant: ProofVariant): Entry => ({
  precondition: 'a settled transfer of the variant’s kind',
  sample: (w) => ({ body: { id: w.andes.transactionIds.payin } }),
  happy: async (w) => ({ body: { id: await settledFor(w, variant) } }),
  objects: [{ field: 'id', existing: (w) => w.andes.transactionIds.payin, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
});
const attachmentFactory = new EventFactory('authz-attachment');
/** A file id no file has (well-formed). */
const NO_FILE = 'f_AAAAAAAAAAAAAAAAAAAAAA';
/** A new ANDES-DEMO pay-in with a PNG attachment (through the ingestion API): the request downloading it. */
async function attachedFile(w: World): Promise<Call> {
  const uniqueId = attachmentFactory.uniqueId('attached');
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
  const event = attachmentFactory.created({ uniqueId, attachments: [{ name: 'receipt.png', contentBase64: png }] });
  const ack = await sendEvent(w.t.app, event);
  if (ack.code !== 200) throw new Error(`${event.type}: ${ack.code} ${ack.msg}`);
  const row = await transactionRow(w.t.db, uniqueId);
  const fileId = row?.attachments[0]?.fileId;
  if (!row || !fileId) throw new Error(`no attachment on ${uniqueId}`);
  return { body: { id: row.id, fileId } };
}
const attachmentOf = (w: World) => w.andes.transactionIds.attachment;
/**
 * An attachment download: its happy path attaches a file to a new pay-in. CONDOR's admin naming
 * ANDES-DEMO's pay-in (with its file) gets what an unknown transaction gets; naming ANDES-DEMO's
 * file on CONDOR's own pay-in gets what an unknown file gets (the pay-in's id stands for its file).
 */
const attachmentEntry: Entry = {
  precondition: 'a transaction of the caller’s scope with an attachment',
  sample: (w) => ({ body: { id: w.andes.transactionIds.payin, fileId: attachmentOf(w).payinFileId } }),
  happy: async (w) => attachedFile(w),
  objects: [
    {
      field: 'id',
      existing: (w) => w.andes.transactionIds.payin,
      call: (w, id) => ({ body: { id, fileId: attachmentOf(w).payinFileId } }),
      answer: NOT_FOUND,
    },
    {
      field: 'fileId',
      existing: (w) => w.andes.transactionIds.payin,
      call: (w, id) => ({
        body: {
          id: attachmentOf(w).condorTransactionId,
          fileId: id === w.andes.transactionIds.payin ? attachmentOf(w).payinFileId : NO_FILE,
        },
      }),
      answer: NOT_FOUND,
    },
  ],
};

/** An export of the pay-in list in MX (a country both merchants have). */
const payinExport = { list: 'payin', format: 'csv', language: 'en' };

/** The body of a task creation: a fresh idempotency key each time it is spread into a request. */
function newTaskBody(): Record<string, unknown> {
  const body: Record<string, unknown> = { ...payinExport };
  Object.defineProperty(body, 'idempotencyKey', { get: () => randomUUID(), enumerable: true });
  return body;
}
/** What a queued task says it will write (its pre-flight figures). */
const expectedOf = (data: unknown) => (typeof data === 'object' && data !== null ? Reflect.get(data, 'expected') : data);

/** A download task named by its public id: CONDOR naming ANDES-DEMO's task is answered as a missing one. */
const taskRef = (call: (w: World, id: number | string) => Call): ObjectRef => ({
  field: 'id',
  existing: (w) => w.andes.downloadTaskId,
  missing: MISSING_TASK_ID,
  call,
  answer: NOT_FOUND,
});

/** An MFA call with a code from the caller's bound authenticator. */
const withBoundMfa = async (w: World, actor: Actor): Promise<Call> => ({ body: { authCode: w.totp(await w.bindMfa(actor)) } });

/** The form of a payout file upload: the fields, and a BR file of one valid PIX row. */
async function payoutForm(fields: Record<string, string>): Promise<FormPart[]> {
  const content = await payoutFileBytes('BR', [
    {
      productType: 'PIX',
      amount: '150.00',
      name: 'Maria Silva',
      document: '12345678909',
      pixKeyType: 'EMAIL',
      pixKey: 'authz@example.com',
    },
  ]);
  return [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename: 'authz.xlsx', content }];
}

// ---------------------------------------------------------------------------------------------
// payment links (docs/decisions/0035)
// ---------------------------------------------------------------------------------------------

/** A link of 100.00 in the country's first open product the table names (BR PIX; CONDOR's MX SPEI). */
const linkBody = (country: Country, appendixFileIds: string[]) => ({
  requestId: newClientRequestId(),
  country,
  productType: 'PIX',
  amount: 10_000,
  description: 'Authz link',
  appendixFileIds,
});
/** The appendix uploader's form: one PNG. */
const linkAppendixForm = (): FormPart[] => [{ name: 'files', filename: 'authz-quote.png', content: PNG, contentType: 'image/png' }];
/** The form of a payment-link file upload: the fields, and a BR file of one valid PIX row. */
async function linkBatchForm(fields: Record<string, string>): Promise<FormPart[]> {
  const content = await linkFileBytes('BR', [{ productType: 'PIX', amount: '150.00', description: 'Authz batch link' }]);
  return [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename: 'authz-links.xlsx', content }];
}

/**
 * Approve or refuse: the happy path decides a new PENDING payout of the world's payout creator.
 * CONDOR naming ANDES-DEMO's payout or batch is answered NOT_FOUND, exactly as an id nobody has.
 */
const decisionEntry = (): Entry => ({
  precondition: 'a PENDING payout created by someone else (four eyes)',
  sample: () => ({ body: { country: 'BR', ids: [2_147_483_647] } }),
  happy: async (w) => ({ body: { country: 'MX', ids: [(await newAuthzPayout(w.t, w.payoutCreator)).id] } }),
  succeeded: (data) => has(data, 'decided', 1),
  objects: [
    { field: 'ids', existing: (w) => w.andes.payout.id, call: (_w, id) => ({ body: { country: 'MX', ids: [id] } }), answer: NOT_FOUND },
    {
      field: 'batchId',
      existing: (w) => w.andes.payout.batchId,
      call: (_w, id) => ({ body: { country: 'MX', batchId: id } }),
      answer: NOT_FOUND,
    },
  ],
});

/**
 * A finance call: the request names the account type whose finance code the grant is (the super
 * admin: PAY_IN). CONDOR's admin naming ANDES-DEMO's sub-merchant (in MX, a country both have) is
 * answered as an id nobody has.
 */
const financeEntry = (extra: (w: World) => Record<string, unknown> = () => ({})): Entry => ({
  precondition: 'the request names the account type whose finance code the caller holds',
  sample: (w) => ({ body: { country: 'BR', accountType: 'PAY_IN', ...extra(w) } }),
  happy: async (w, _actor, grant) => {
    const accountType = (Object.keys(FINANCE_PERMISSIONS) as (keyof typeof FINANCE_PERMISSIONS)[]).find(
      (t) => FINANCE_PERMISSIONS[t] === grant,
    );
    return { body: { country: 'BR', accountType: accountType ?? 'PAY_IN', ...extra(w) } };
  },
  objects: [
    {
      field: 'subMerchantId',
      existing: (w) => w.andes.subMerchantId,
      call: (w, id) => ({ body: { country: 'MX', accountType: 'PAY_IN', ...extra(w), subMerchantId: id } }),
      answer: NOT_FOUND,
    },
  ],
});
/** A report call: the request names an account type and bill type of the page whose code the grant is. */
const reportEntry = (extra: Record<string, unknown> = {}): Entry => {
  const pageOf = (grant: Access) => REPORT_PAGES.find((p) => REPORT_PAGE_INFO[p].permission === grant) ?? 'payin';
  const bodyOf = (grant: Access) => {
    const page = REPORT_PAGE_INFO[pageOf(grant)];
    return { country: 'BR', accountType: page.accountType, billType: page.billTypes[0], ...extra };
  };
  return {
    precondition: 'the request names an account type and bill type of the page whose code the caller holds',
    sample: () => ({ body: { country: 'BR', accountType: 'PAY_IN', billType: 'ACCOUNT', ...extra } }),
    happy: async (_w, _actor, grant) => ({ body: bodyOf(grant) }),
    objects: [
      {
        field: 'subMerchantId',
        existing: (w) => w.andes.subMerchantId,
        call: (_w, id) => ({ body: { country: 'MX', accountType: 'PAY_IN', billType: 'ACCOUNT', ...extra, subMerchantId: id } }),
        answer: NOT_FOUND,
      },
    ],
  };
};
/** A sub-merchant's summary: ANDES-DEMO-BR's in BR; CONDOR naming it is answered as an id nobody has. */
const summaryEntry = (extra: Record<string, unknown> = {}): Entry => ({
  sample: (w) => ({ body: { subMerchantId: w.andes.subMerchantId, country: 'BR', ...extra } }),
  objects: [
    {
      field: 'subMerchantId',
      existing: (w) => w.andes.subMerchantId,
      call: (_w, id) => ({ body: { subMerchantId: id, country: 'MX', ...extra } }),
      answer: NOT_FOUND,
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// accounting requests (docs/decisions/0027). ANDES-DEMO's fixture requests are in MX, a country
// CONDOR has; CONDOR's admin naming one is answered as an id nobody has. Happy paths act in BR on
// new requests of the world's accounting creator (never the actor), or create their own.
// ---------------------------------------------------------------------------------------------

const accounting = (w: World) => w.andes.accounting;
/** A transfer's figures before it is made: the creation's body without its request id. */
const subTransferFigures = (country: Country, subMerchantId: number) => {
  const { requestId: _, ...figures } = subTransferBody(country, subMerchantId);
  return figures;
};
const hasStatus = (status: string) => (data: unknown) => has(data, 'status', status);
/** Sub-merchant transfers are the only requests with a sub-merchant. */
const NO_SUB_MERCHANT = 'top-ups, withdrawals and exchanges have no sub-merchant';

/**
 * A kind's list: filtered by the sub-merchant (inert but for transfers) and by ANDES-DEMO's MX
 * request's number as the keyword (any other id: a number nobody has).
 */
const requestPageEntry = (of: (w: World) => RequestRef, subMerchantFilter: 'transfers' | 'none'): Entry => ({
  sample: () => ({ body: { country: 'BR' } }),
  objects: [
    {
      field: 'subMerchantId',
      existing: (w) => w.andes.subMerchantId,
      call: (_w, id) => ({ body: { country: 'MX', subMerchantId: id } }),
      answer: 'filter',
      ...(subMerchantFilter === 'none' ? { inert: NO_SUB_MERCHANT } : {}),
    },
    {
      field: 'keyword',
      existing: (w) => of(w).id,
      call: (w, id) => ({ body: { country: 'MX', keyword: id === of(w).id ? of(w).requestNo : `missing-${id}` } }),
      answer: 'filter',
    },
  ],
});
/** One request with its history: ANDES-DEMO's MX request of the kind. */
const requestQueryEntry = (of: (w: World) => RequestRef): Entry => ({
  sample: (w) => ({ body: { id: of(w).id } }),
  objects: [{ field: 'id', existing: (w) => of(w).id, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
});
/** A cancel (revoke): the happy path cancels a new request of another user of the merchant. */
const requestCancelEntry = (what: string, fresh: (w: World) => Promise<RequestRef>, of: (w: World) => RequestRef, to: string): Entry => ({
  precondition: `${what} the machine still lets go (made by another user of the merchant), which ends ${to}`,
  sample: () => ({ body: { id: MISSING_ID } }),
  happy: async (w) => ({ body: { id: (await fresh(w)).id } }),
  succeeded: hasStatus(to),
  objects: [{ field: 'id', existing: (w) => of(w).id, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
});
/** Approve or refuse: the happy path decides a new withdrawal waiting for approval, requested by someone else (four eyes). */
const withdrawalDecisionEntry = (succeeded: (data: unknown) => boolean): Entry => ({
  precondition: 'a withdrawal waiting for a second person, requested by someone other than the caller (four eyes)',
  sample: () => ({ body: { id: MISSING_ID } }),
  happy: async (w) => ({ body: { id: (await w.newWithdrawal(true)).id } }),
  succeeded,
  objects: [{ field: 'id', existing: (w) => accounting(w).withdrawal.id, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
});
/** ANDES-DEMO's uploaded proof named by CONDOR's admin: answered as an unknown file (the message names the id sent). */
const proofFileRef = (call: (w: World, fileId: string) => Call): ObjectRef => ({
  field: 'proofFileIds',
  existing: (w) => accounting(w).proofFileId,
  missing: NO_FILE,
  call: (w, id) => call(w, String(id)),
  answer: NOT_FOUND,
  namesTheId: true,
});
/** The defence uploader's form: one PNG appendix. */
const appendixForm = (): FormPart[] => [{ name: 'files', filename: 'authz-appendix.png', content: PNG, contentType: 'image/png' }];
/** The uploader's form: one PNG proof. */
const proofForm = (): FormPart[] => [{ name: 'files', filename: 'authz-proof.png', content: PNG, contentType: 'image/png' }];

// ---------------------------------------------------------------------------------------------
// risk (docs/decisions/0028). CONDOR's admin naming ANDES-DEMO's rule, replay, review or
// chargeback is answered as an id nobody has. Happy paths act in BR on new objects the world's
// admin makes (never the actor). Rules, replays and case management are the merchant's: a
// sub-merchant user is refused (FORBIDDEN); chargebacks and the charts are seen within the
// sub-merchant, and only seen.
// ---------------------------------------------------------------------------------------------

const risk = (w: World) => w.andes.risk;
/**
 * A message of ANDES-DEMO only (the seed's first): the demo seed inserts DEMO_MESSAGES first, in
 * order, into the fresh database, so its identity id is its position.
 */
const andesMessageId = () => DEMO_MESSAGES.findIndex((m) => m.merchant === 'ANDES-DEMO') + 1;
/** The merchant's own call: a sub-merchant user sending this request (one the merchant's users may make) is refused. */
const refusedToSub = (call: (w: World) => Call | Promise<Call>): SubMerchantRule => ({ refused: async (w) => call(w) });
/** A call within the sub-merchant: a sub-merchant user sending this request (naming its sub-merchant's objects) is answered. */
const seenBySub = (call: (w: World) => Call, merchantOnly?: ObjectRef): SubMerchantRule => ({
  allowed: async (w) => call(w),
  ...(merchantOnly ? { merchantOnly } : {}),
});
/** A rule of devices (BLOCK: a new, disabled one), the body of an add without its request id. */
const blockRule = (country: Country, value: string) => deviceRule(country, 'BLOCK', [value]);
/** A rule's change: the editable fields at the version the editor loaded. */
const ruleChange = (id: number | string, version: number, country: Country, value: string) => ({
  id,
  version,
  ...blockRule(country, value),
});
/** A draft replayed over the last 30 days. */
const draftReplay = (country: Country) => ({ country, days: 30, draft: blockRule(country, 'authz-draft-device') });
/** The period of the risk charts: the last week in Brazil. */
const chartPeriod = (w: World): Call => ({ body: { country: 'BR', range: { from: addDays(brToday(w), -6), to: brToday(w) } } });
const statusIs = (status: string) => (data: unknown) => has(data, 'status', status);
/** A detail call on a chargeback: ANDES-DEMO's own (CONDOR: an id nobody has; ANDES-DEMO-BR's users: not theirs). */
const chargebackRef = (existing: (w: World) => number, call: (w: World, id: number | string) => Call): ObjectRef => ({
  field: 'id',
  existing,
  call,
  answer: NOT_FOUND,
});
const DEFENCE = 'The cardholder authenticated with 3-D Secure';

// ---------------------------------------------------------------------------------------------
// support cases (docs/decisions/0029). Scoped like transactions: a sub-merchant user works within
// their sub-merchant's cases (the merchant's own answered as missing ones); CONDOR's admin naming
// ANDES-DEMO's case (or its file on CONDOR's own case) gets what an id nobody has gets. Happy paths
// act on new cases the world's admin opens (a sub-merchant's: opened by one of its users).
// ---------------------------------------------------------------------------------------------

const sup = (w: World) => w.andes.support;
const caseRef = (call: (w: World, id: number | string) => Call): ObjectRef => ({
  field: 'id',
  existing: (w) => sup(w).mxCase.id,
  call,
  answer: NOT_FOUND,
});
/** ANDES-DEMO-BR's own case with a file, opened by one of its users (once per world). */
const subCases = new WeakMap<World, Promise<CaseRef & { fileId: string }>>();
function subCase(w: World): Promise<CaseRef & { fileId: string }> {
  let known = subCases.get(w);
  if (!known) {
    known = (async () => {
      const opener = await w.subMerchantExactly(['support:case:create']);
      const fileId = await uploadCaseFile(w.t, opener.token);
      return { ...(await newCase(w.t, opener.token, 'BR', [fileId])), fileId };
    })();
    subCases.set(w, known);
  }
  return known;
}
/** A new open case of the sub-merchant (opened by one of its users). */
const newSubCase = async (w: World) => newCase(w.t, (await w.subMerchantExactly(['support:case:create'])).token);
const caseEditBody = (id: number | string, version: number) => {
  const { idempotencyKey: _key, country: _country, ...fields } = caseFields('MX');
  return { ...fields, id, version };
};
/** A sub-merchant user naming a case of the merchant itself (which the merchant's admin changes once first). */
const merchantCase = (which: (w: World) => CaseRef, call: (id: number | string, version: number) => Call): ObjectRef => ({
  field: 'id',
  existing: (w) => which(w).id,
  call: (w, id) => call(id, which(w).version),
  answer: NOT_FOUND,
});
const actionBody = (id: number | string, version: number) => ({ id, version, requestId: newClientRequestId(), instructions: 'Authz' });
const replyBody = (id: number | string) => ({ id, requestId: newClientRequestId(), content: 'Authz reply' });
/** The case uploader's form: one PNG. */
const caseFileForm = (): FormPart[] => [{ name: 'files', filename: 'authz-case.png', content: PNG, contentType: 'image/png' }];
/** A case creation body whose idempotency key is fresh each time it is spread into a request. */
function newCaseBody(country: 'BR' | 'MX', fileIds: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = caseFields(country, fileIds);
  delete body.idempotencyKey;
  Object.defineProperty(body, 'idempotencyKey', { get: () => `authz-${randomUUID()}`, enumerable: true });
  return body;
}

export const COVERAGE_TABLE: Readonly<Record<string, Entry>> = {
  // -------------------------------------------------------------------------------------------
  // auth
  // -------------------------------------------------------------------------------------------
  [login.path]: {
    sample: () => ({ body: { username: DEMO.admin.username, password: DEMO.admin.password } }),
  },
  [logout.path]: {
    freshActor: true,
    sample: () => ({ body: {} }),
  },
  [currentUserInfo.path]: {
    sample: () => ({ body: {} }),
  },
  [subMerchantList.path]: {
    sample: (w) => ({ body: { merchantId: w.merchantIds.andes } }),
    objects: [
      { field: 'merchantId', existing: (w) => w.merchantIds.andes, call: (_w, id) => ({ body: { merchantId: id } }), answer: NOT_FOUND },
    ],
  },
  [permissionLoad.path]: {
    sample: () => ({ body: {} }),
  },
  [changePassword.path]: {
    freshActor: true,
    precondition: 'the caller’s current password',
    sample: () => ({ body: { oldPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
    happy: async (_w, actor) => ({ body: { oldPassword: actor.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
  },

  // -------------------------------------------------------------------------------------------
  // password (forgot password and the reset-link calls)
  // -------------------------------------------------------------------------------------------
  [forgotPassword.path]: {
    sample: () => ({ body: { merchantCode: 'ANDES-DEMO', account: DEMO.admin.username } }),
  },
  [resetLinkVerify.path]: {
    precondition: 'an open reset link (its token in the token header)',
    sample: () => ({ body: {} }),
    happy: async (w) => ({ body: {}, token: await w.resetLinkToken(await w.newTargetUser()) }),
  },
  [passwordReset.path]: {
    precondition: 'an open reset link (its token in the token header); the link is used up',
    sample: () => ({ body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
    happy: async (w) => ({
      body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      token: await w.resetLinkToken(await w.newTargetUser()),
    }),
  },

  // -------------------------------------------------------------------------------------------
  // onboarding
  // -------------------------------------------------------------------------------------------
  [accountApply.path]: {
    sample: () => ({
      body: {
        requestId: randomUUID(),
        companyName: 'Authz Trading Ltda',
        contactName: 'Ana Authz',
        email: 'ana@authz-trading.test',
        countries: ['BR'],
        products: ['payin'],
        monthlyVolume: 'UNDER_10K',
      },
    }),
  },

  // -------------------------------------------------------------------------------------------
  // iam: users
  // -------------------------------------------------------------------------------------------
  [userPage.path]: {
    sample: () => ({ body: {} }),
    objects: [{ field: 'roleId', existing: (w) => w.andes.roleId, call: (_w, id) => ({ body: { roleId: id } }), answer: 'filter' }],
  },
  [userDetail.path]: {
    sample: (w) => ({ body: {}, params: { id: w.decoys.userId } }),
    happy: async (w) => ({ body: {}, params: { id: w.targetUserId } }),
    objects: [{ field: 'id', existing: (w) => w.andes.userId, call: (_w, id) => ({ body: {}, params: { id } }), answer: NOT_FOUND }],
  },
  [userAdd.path]: {
    sample: (w) => ({ body: { username: 'authz.sample', ...userForm(w, 'Authz Sample') } }),
    happy: async (w) => {
      const username = w.unique('added');
      return { body: { username, ...userForm(w, username) } };
    },
    objects: [
      {
        field: 'roleIds',
        existing: (w) => w.andes.roleId,
        call: (w, id) => ({ body: { username: 'condor.staff', ...condorUserForm(w), roleIds: [id] } }),
        answer: CHOICE_REFUSED,
      },
      {
        field: 'subMerchantId',
        existing: (w) => w.andes.subMerchantId,
        call: (w, id) => ({ body: { username: 'condor.staff', ...condorUserForm(w), subMerchantId: id } }),
        answer: CHOICE_REFUSED,
      },
    ],
  },
  [userModify.path]: {
    sample: (w) => ({ body: { id: w.decoys.userId, ...userForm(w, 'Authz Decoy') } }),
    happy: async (w) => ({ body: { id: (await w.newTargetUser()).id, ...userForm(w, w.unique('renamed')) } }),
    objects: [
      { field: 'id', existing: (w) => w.andes.userId, call: (w, id) => ({ body: { id, ...condorUserForm(w) } }), answer: NOT_FOUND },
      {
        field: 'roleIds',
        existing: (w) => w.andes.roleId,
        call: (w, id) => ({ body: { id: w.condorObjects.userId, ...condorUserForm(w), roleIds: [id] } }),
        answer: CHOICE_REFUSED,
      },
      {
        field: 'subMerchantId',
        existing: (w) => w.andes.subMerchantId,
        call: (w, id) => ({ body: { id: w.condorObjects.userId, ...condorUserForm(w), subMerchantId: id } }),
        answer: CHOICE_REFUSED,
      },
    ],
  },
  [userStateModify.path]: {
    precondition: 'an enabled user, who is disabled',
    sample: (w) => ({ body: { id: w.decoys.userId, state: 0 } }),
    happy: async (w) => ({ body: { id: (await w.newTargetUser()).id, state: 0 } }),
    objects: [{ field: 'id', existing: (w) => w.andes.userId, call: (_w, id) => ({ body: { id, state: 0 } }), answer: NOT_FOUND }],
  },
  [userRemove.path]: {
    precondition: 'a user, who is removed',
    sample: (w) => ({ body: {}, params: { id: w.decoys.userId } }),
    happy: async (w) => ({ body: {}, params: { id: (await w.newTargetUser()).id } }),
    objects: [{ field: 'id', existing: (w) => w.andes.userId, call: (_w, id) => ({ body: {}, params: { id } }), answer: NOT_FOUND }],
  },
  [resetLinkGenerate.path]: {
    precondition: 'an enabled user with an e-mail address (their open links are closed)',
    sample: (w) => ({ body: { userId: w.decoys.userId } }),
    happy: async (w) => ({ body: { userId: (await w.newTargetUser()).id } }),
    objects: [{ field: 'userId', existing: (w) => w.andes.userId, call: (_w, id) => ({ body: { userId: id } }), answer: NOT_FOUND }],
  },
  [userMfaReset.path]: {
    precondition: 'a user with MFA bound, whose binding is cleared',
    sample: (w) => ({ body: { userId: w.decoys.userId } }),
    happy: async (w) => {
      const target = await w.newTargetUser();
      await w.bindMfa(target);
      return { body: { userId: target.id } };
    },
    objects: [{ field: 'userId', existing: (w) => w.andes.userId, call: (_w, id) => ({ body: { userId: id } }), answer: NOT_FOUND }],
  },

  // -------------------------------------------------------------------------------------------
  // iam: roles
  // -------------------------------------------------------------------------------------------
  [rolePage.path]: {
    sample: () => ({ body: {} }),
  },
  [roleAssignmentList.path]: {
    sample: () => ({ body: {} }),
  },
  [roleDetail.path]: {
    sample: (w) => ({ body: {}, params: { id: w.decoys.roleId } }),
    happy: async (w) => ({ body: {}, params: { id: w.targetRoleId } }),
    objects: [{ field: 'id', existing: (w) => w.andes.roleId, call: (_w, id) => ({ body: {}, params: { id } }), answer: NOT_FOUND }],
  },
  [roleAdd.path]: {
    sample: () => ({ body: { name: 'Authz sample role', permissions: FIXTURE_ROLE_CODES } }),
    happy: async (w) => ({ body: { name: w.unique('new-role'), permissions: FIXTURE_ROLE_CODES } }),
  },
  [roleModify.path]: {
    precondition: 'a role, which is renamed',
    sample: (w) => ({ body: { id: w.decoys.roleId, name: 'Authz decoy role', permissions: FIXTURE_ROLE_CODES } }),
    happy: async (w) => ({ body: { id: await w.newRole(), name: w.unique('renamed-role'), permissions: FIXTURE_ROLE_CODES } }),
    objects: [
      {
        field: 'id',
        existing: (w) => w.andes.roleId,
        call: (_w, id) => ({ body: { id, name: 'Condor role', permissions: ['home'] } }),
        answer: NOT_FOUND,
      },
    ],
  },
  [roleStateModify.path]: {
    precondition: 'an enabled role, which is disabled',
    sample: (w) => ({ body: { id: w.decoys.roleId, state: 0 } }),
    happy: async (w) => ({ body: { id: await w.newRole(), state: 0 } }),
    objects: [{ field: 'id', existing: (w) => w.andes.roleId, call: (_w, id) => ({ body: { id, state: 0 } }), answer: NOT_FOUND }],
  },
  [roleRemove.path]: {
    precondition: 'a role no user holds, which is removed',
    sample: (w) => ({ body: {}, params: { id: w.decoys.roleId } }),
    happy: async (w) => ({ body: {}, params: { id: await w.newRole() } }),
    objects: [{ field: 'id', existing: (w) => w.andes.roleId, call: (_w, id) => ({ body: {}, params: { id } }), answer: NOT_FOUND }],
  },

  // -------------------------------------------------------------------------------------------
  // ip-trustlist
  // -------------------------------------------------------------------------------------------
  [ipTrustlistPage.path]: {
    sample: () => ({ body: { listType: 'DASHBOARD' } }),
  },
  [ipTrustlistEdit.path]: {
    precondition: 'adding needs setting:ip-trustlist:create; changing an entry (with id) needs setting:ip-trustlist:modify',
    sample: (w) => ({ body: { listType: 'API', id: w.decoys.entryId, addresses: '198.51.100.250' } }),
    happy: async (w, _actor, grant) =>
      grant === 'setting:ip-trustlist:modify'
        ? { body: { listType: 'API', id: await w.newEntry(), addresses: w.uniqueAddress(), remark: 'changed' } }
        : { body: { listType: 'API', addresses: w.uniqueAddress(), remark: 'added' } },
    objects: [
      {
        field: 'id',
        existing: (w) => w.andes.entryId,
        call: (_w, id) => ({ body: { listType: 'API', id, addresses: '198.51.100.251' } }),
        answer: NOT_FOUND,
      },
    ],
  },
  [ipTrustlistRemove.path]: {
    precondition: 'an entry of the API list, which is removed',
    sample: (w) => ({ body: {}, params: { id: w.decoys.entryId } }),
    happy: async (w) => ({ body: {}, params: { id: await w.newEntry() } }),
    objects: [{ field: 'id', existing: (w) => w.andes.entryId, call: (_w, id) => ({ body: {}, params: { id } }), answer: NOT_FOUND }],
  },
  [ipRestrictionQuery.path]: {
    sample: () => ({ body: {} }),
  },
  [ipRestrictionUpdate.path]: {
    precondition: 'a non-empty DASHBOARD list (seeded); the restriction then holds only a new fixture user',
    sample: () => ({ body: { mode: 'OFF' } }),
    happy: async (w) => ({ body: { mode: 'SELECTED_USERS', userIds: [(await w.newTargetUser()).id] } }),
    objects: [
      {
        field: 'userIds',
        existing: (w) => w.andes.userId,
        call: (_w, id) => ({ body: { mode: 'SELECTED_USERS', userIds: [id] } }),
        answer: NOT_FOUND,
      },
    ],
  },

  // -------------------------------------------------------------------------------------------
  // activity
  // -------------------------------------------------------------------------------------------
  [activityPage.path]: {
    sample: () => ({ body: { timeZone: 'UTC' } }),
    objects: [
      {
        field: 'actorUserId',
        existing: (w) => w.andes.adminId,
        call: (_w, id) => ({ body: { timeZone: 'UTC', actorUserId: id } }),
        answer: 'filter',
      },
      {
        field: 'objectId',
        existing: (w) => w.andes.userId,
        call: (_w, id) => ({ body: { timeZone: 'UTC', objectType: 'USER', objectId: String(id) } }),
        answer: 'filter',
      },
    ],
  },
  [activityExport.path]: {
    sample: (w) => ({ body: { timeZone: 'UTC', range: w.dateRange(7) } }),
    objects: [
      {
        field: 'actorUserId',
        existing: (w) => w.andes.adminId,
        call: (w, id) => ({ body: { timeZone: 'UTC', range: w.dateRange(7), actorUserId: id } }),
        answer: 'filter',
      },
      {
        field: 'objectId',
        existing: (w) => w.andes.userId,
        call: (w, id) => ({ body: { timeZone: 'UTC', range: w.dateRange(7), objectType: 'USER', objectId: String(id) } }),
        answer: 'filter',
      },
    ],
  },

  // -------------------------------------------------------------------------------------------
  // account, home and global balance (one authorised country; ANDES-DEMO has all seven)
  // -------------------------------------------------------------------------------------------
  // ---- Setting's product screens (docs/decisions/0034) ---------------------------------------------
  [settingProductList.path]: {
    precondition: 'Services and Product list both list the products: either permission admits any request',
    anyGrantAdmitsEveryRequest: true,
    sample: () => ({ body: { country: 'MX' } }),
  },
  [productConfigDetails.path]: {
    precondition: "ANDES-DEMO's first MX pay-in product; Services and Product list both show its terms",
    anyGrantAdmitsEveryRequest: true,
    sample: (w) => ({ body: { id: w.andes.productId } }),
    objects: [{ field: 'id', existing: (w) => w.andes.productId, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
  },
  [productCalculationRules.path]: {
    sample: (w) => ({ body: { id: w.andes.productId, amount: 50_000 } }),
    objects: [{ field: 'id', existing: (w) => w.andes.productId, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
  },
  [depositConfigList.path]: {
    sample: () => ({ body: { country: 'MX' } }),
    subMerchantUser: { allowed: async () => ({ body: { country: 'BR' } }) },
  },
  // ---- balance alarms (docs/decisions/0033) --------------------------------------------------------
  [balanceAlarmList.path]: {
    sample: () => ({ body: { country: 'MX' } }),
    subMerchantUser: { allowed: async () => ({ body: { country: 'BR' } }) },
  },
  [balanceAlarmUpdate.path]: {
    precondition: "ANDES-DEMO's MX payout account: its alarm set again, at the version it is at",
    sample: (w) => alarmOff(w.andes.alarm.accountId, 0),
    happy: async (w) => ({
      body: {
        accountId: w.andes.alarm.accountId,
        threshold: 100_000_000,
        subscriberIds: [],
        version: await alarmVersion(w, w.andes.alarm.accountId),
      },
    }),
    // Every successful update moves the alarm to a new version.
    succeeded: (data) => (Reflect.get(data as object, 'version') as number) > 0,
    objects: [
      { field: 'accountId', existing: (w) => w.andes.alarm.accountId, call: (_w, id) => alarmOff(Number(id), 0), answer: NOT_FOUND },
      {
        field: 'subscriberIds',
        existing: (w) => w.andes.adminId,
        call: (w, id) => ({ body: { accountId: w.condorObjects.alarmAccountId, threshold: null, subscriberIds: [id], version: 0 } }),
        answer: CHOICE_REFUSED,
      },
    ],
    subMerchantUser: {
      allowed: async (w) => alarmOff(w.andes.alarm.subAccountId, await alarmVersion(w, w.andes.alarm.subAccountId)),
      merchantOnly: {
        field: 'accountId',
        existing: (w) => w.andes.alarm.brAccountId,
        call: (_w, id) => alarmOff(Number(id), 0),
        answer: NOT_FOUND,
      },
    },
  },
  // payment links (docs/decisions/0035): ANDES-DEMO's link is in BR; CONDOR naming it (or an
  // appendix ANDES-DEMO's admin uploaded) is answered as an id nobody has. The payer's calls are public.
  [paymentLinkProductList.path]: {
    sample: () => ({ body: {} }),
    subMerchantUser: { allowed: async () => ({ body: { country: 'BR' } }) },
  },
  [installmentsPlanList.path]: {
    sample: () => ({ body: { country: 'BR', productType: 'CARD', amount: 10_000 } }),
  },
  [installmentsPlanCheck.path]: {
    sample: () => ({ body: { country: 'BR', productType: 'CARD', amount: 10_000, count: 2 } }),
  },
  [paymentLinkAppendixUpload.path]: {
    precondition: 'a form with an appendix',
    sample: () => ({ body: {}, form: linkAppendixForm() }),
    succeeded: (data) => typeof data === 'object' && data !== null && (Reflect.get(data, 'files') as unknown[] | undefined)?.length === 1,
  },
  [paymentLinkGenerate.path]: {
    precondition: 'an open BR PIX product of ANDES-DEMO; a new request id (an appendix is optional)',
    sample: () => ({ body: linkBody('BR', []) }),
    objects: [
      // CONDOR's own MX link with ANDES-DEMO's upload: not one it uploaded, as a file nobody has.
      {
        field: 'appendixFileIds',
        existing: (w) => w.andes.paymentLink.uploadedFileId,
        missing: NO_FILE,
        call: (_w, fileId) => ({ body: { ...linkBody('MX', [String(fileId)]), productType: 'SPEI' } }),
        answer: NOT_FOUND,
        namesTheId: true,
      },
    ],
    subMerchantUser: { allowed: async () => ({ body: linkBody('BR', []) }) },
  },
  [paymentLinkTemplateDownload.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [paymentLinkBatchGenerate.path]: {
    precondition: 'a form with a payment-link file (a dry run answers the result file)',
    sample: () => ({ body: {} }),
    happy: async () => ({ body: {}, form: await linkBatchForm({ country: 'BR', dryRun: 'true' }) }),
  },
  [paymentLinkBatchCheck.path]: {
    precondition: 'a form with a payment-link file',
    sample: () => ({ body: {} }),
    happy: async () => ({ body: {}, form: await linkBatchForm({ country: 'BR' }) }),
  },
  [paymentLinkList.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    subMerchantUser: { allowed: async () => ({ body: { country: 'BR' } }) },
  },
  [paymentLinkCancel.path]: {
    precondition: "an ACTIVE link of ANDES-DEMO (generated by the world's admin), which ends CANCELLED",
    sample: () => ({ body: { id: MISSING_ID } }),
    happy: async (w) => ({ body: { id: (await newPaymentLink(w.t, w.admin.token)).id } }),
    succeeded: (data) => has(data, 'status', 'CANCELLED'),
    objects: [{ field: 'id', existing: (w) => w.andes.paymentLink.id, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
  },
  [payerLinkQuery.path]: {
    sample: (w) => ({ body: { token: w.andes.paymentLink.token } }),
  },
  [payerLinkPay.path]: {
    precondition: 'an ACTIVE link: its payment becomes PENDING (a repeat changes nothing)',
    sample: (w) => ({ body: { token: w.andes.paymentLink.token } }),
  },
  [payerAppendixDownload.path]: {
    sample: (w) => ({ body: { token: w.andes.paymentLink.token, fileId: w.andes.paymentLink.appendixFileId } }),
  },
  [balanceAlarmHistory.path]: {
    sample: () => ({ body: { country: 'MX' } }),
    objects: [
      {
        field: 'accountId',
        existing: (w) => w.andes.alarm.accountId,
        call: (_w, id) => ({ body: { country: 'MX', accountId: Number(id) } }),
        answer: 'filter',
      },
    ],
    subMerchantUser: { allowed: async () => ({ body: { country: 'BR' } }) },
  },
  [accountList.path]: {
    precondition: 'Home and Global balance both list the local accounts: either permission admits any request',
    anyGrantAdmitsEveryRequest: true,
    sample: () => ({ body: { country: 'BR' } }),
  },
  [balanceQuery.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [balanceDetail.path]: {
    sample: () => ({ body: { country: 'BR', accountType: 'PAY_IN' } }),
  },
  [pendingBalanceInfo.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [productList.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [transactionLineChart.path]: {
    sample: (w) => ({ body: brWeek(w) }),
  },
  [dayOfHistory.path]: {
    sample: (w) => ({ body: { country: 'BR', date: brToday(w) } }),
  },
  [amountSummary.path]: {
    sample: (w) => ({ body: brWeek(w) }),
  },
  [productPieChart.path]: {
    sample: (w) => ({ body: brWeek(w) }),
  },
  [productLineChart.path]: {
    sample: (w) => ({ body: { ...brWeek(w), product: 'payin' } }),
  },
  [realTimeLineChart.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [accountingCalendar.path]: {
    sample: (w) => ({ body: { country: 'BR', month: brToday(w).slice(0, 7) } }),
  },
  [unreadMessageCount.path]: {
    sample: () => ({ body: {} }),
  },
  [globalAccountInfo.path]: {
    precondition: 'a merchant user (the global account is opened on first read)',
    sample: () => ({ body: {} }),
  },
  [globalStatementPage.path]: {
    sample: () => ({ body: { businessType: 'TOPUP' } }),
  },

  // -------------------------------------------------------------------------------------------
  // mfa (the caller's own second factor)
  // -------------------------------------------------------------------------------------------
  [mfaValidate.path]: {
    freshActor: true,
    precondition: 'MFA bound; a code of the current step',
    sample: () => ({ body: { authCode: '000000' } }),
    happy: withBoundMfa,
    succeeded: (data) => has(data, 'authResult', true),
  },
  [mfaOpen.path]: {
    freshActor: true,
    precondition: 'MFA not bound',
    sample: () => ({ body: {} }),
  },
  [mfaActivate.path]: {
    freshActor: true,
    precondition: 'a binding started (open); a code from it',
    sample: () => ({ body: { authCode: '000000' } }),
    happy: async (w, actor) => ({ body: { authCode: w.totp(await w.openMfa(actor)) } }),
    succeeded: (data) => has(data, 'activated', true),
  },
  [mfaClose.path]: {
    freshActor: true,
    precondition: 'MFA bound; a code of the current step',
    sample: () => ({ body: { authCode: '000000' } }),
    happy: withBoundMfa,
    succeeded: (data) => has(data, 'authResult', true),
  },
  [mfaRecoveryCodesRegenerate.path]: {
    freshActor: true,
    precondition: 'MFA bound; a code of the current step',
    sample: () => ({ body: { authCode: '000000' } }),
    happy: withBoundMfa,
    succeeded: (data) => has(data, 'authResult', true),
  },
  [mfaStatus.path]: {
    sample: () => ({ body: {} }),
  },

  // -------------------------------------------------------------------------------------------
  // transactions, payment links, store orders (BR: ANDES-DEMO has it; CONDOR does not)
  // -------------------------------------------------------------------------------------------
  [transactionPage.path]: {
    precondition: 'the request names the list its permission opens',
    sample: () => ({ body: { list: 'payin', country: 'BR' } }),
    happy: async (_w, _actor, grant) => transactionListCall(grant),
    objects: idFilters('payin', { list: 'payin' }),
  },
  [transactionAdvancedPage.path]: {
    precondition: 'the request names the list its permission opens; the deep query needs its own permission',
    sample: () => ({ body: { list: 'payin', country: 'BR' } }),
    happy: async (_w, _actor, grant) => transactionListCall(grant),
    objects: [subMerchantFilter({ list: 'payin' }), ...idFilters('payin', { list: 'payin' })],
  },
  [transactionQuery.path]: transactionDetail((w) => w.andes.transactionIds.payin),
  [transactionFileDownload.path]: {
    precondition: 'transactions:export admits the export of any list',
    sample: () => ({ body: { ...payinExport, country: 'BR' } }),
    objects: [subMerchantFilter(payinExport), ...idFilters('payin', payinExport)],
  },
  [transactionFileDownloadUrl.path]: {
    precondition: 'transactions:export admits the export of any list',
    sample: () => ({ body: { ...payinExport, country: 'BR' } }),
    objects: [subMerchantFilter(payinExport), ...idFilters('payin', payinExport).map((ref) => ({ ...ref, followUrl: true }))],
  },
  [transactionProofList.path]: transactionDetail((w) => w.andes.transactionIds.payin),
  [transactionAttachmentDownload.path]: attachmentEntry,
  ...Object.fromEntries(PROOF_VARIANTS.map((v) => [PROOF_DOWNLOAD_ENDPOINTS[v].path, proofEntry(v)])),
  [transactionSubMerchantQuery.path]: {
    precondition: 'every transaction list offers the sub-merchant filter: any of its permissions admits any request',
    anyGrantAdmitsEveryRequest: true,
    sample: (w) => ({ body: { merchantId: w.merchantIds.andes } }),
    objects: [
      { field: 'merchantId', existing: (w) => w.merchantIds.andes, call: (_w, id) => ({ body: { merchantId: id } }), answer: NOT_FOUND },
    ],
  },
  [paymentLinkPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      subMerchantFilter({}),
      ...idFilters('paymentLink'),
      identifierFilter(
        'paymentLinkId',
        (w) => refsOf(w).paymentLink.id,
        (w) => w.andes.transactionIds.paymentLinkId,
      ),
    ],
  },
  [paymentLinkQuery.path]: transactionDetail((w) => w.andes.transactionIds.paymentLink),
  [shopifyPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      subMerchantFilter({}),
      ...idFilters('shopify'),
      identifierFilter(
        'storeOrderId',
        (w) => refsOf(w).shopify.id,
        (w) => w.andes.transactionIds.shopifyOrderId,
      ),
    ],
  },
  [shopifyQuery.path]: transactionDetail((w) => w.andes.transactionIds.shopify),
  [shoplazzaPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      subMerchantFilter({}),
      ...idFilters('shoplazza'),
      identifierFilter(
        'storeOrderId',
        (w) => refsOf(w).shoplazza.id,
        (w) => w.andes.transactionIds.shoplazzaOrderId,
      ),
    ],
  },
  [shoplazzaQuery.path]: transactionDetail((w) => w.andes.transactionIds.shoplazza),

  // -------------------------------------------------------------------------------------------
  // download center (records are named by their public id; another merchant's is NOT_FOUND, in
  // download-center.test.ts)
  // -------------------------------------------------------------------------------------------
  [downloadRecordPage.path]: {
    sample: () => ({ body: {} }),
  },
  [downloadRecordDownload.path]: {
    precondition: 'a COMPLETE task of the caller',
    sample: () => ({ body: { id: MISSING_TASK_ID } }),
    happy: async (w, actor) => ({ body: { id: await insertDownloadTask(w.t, w.merchantIds.andes, actor.id, 'COMPLETE') } }),
    objects: [taskRef((_w, id) => ({ body: { id } }))],
  },
  [downloadTaskRetry.path]: {
    precondition: 'a FAIL task of the caller',
    sample: () => ({ body: {}, params: { id: MISSING_TASK_ID } }),
    happy: async (w, actor) => ({ body: {}, params: { id: await insertDownloadTask(w.t, w.merchantIds.andes, actor.id, 'FAIL') } }),
    objects: [taskRef((_w, id) => ({ body: {}, params: { id } }))],
  },
  [downloadTaskDelete.path]: {
    precondition: 'a task of the caller, which is deleted',
    sample: () => ({ body: {}, params: { id: MISSING_TASK_ID } }),
    happy: async (w, actor) => ({ body: {}, params: { id: await insertDownloadTask(w.t, w.merchantIds.andes, actor.id, 'COMPLETE') } }),
    objects: [taskRef((_w, id) => ({ body: {}, params: { id } }))],
  },
  [transactionExportPreflight.path]: {
    precondition: 'transactions:export admits the pre-flight of any list',
    sample: () => ({ body: { ...payinExport, country: 'BR' } }),
    objects: [subMerchantFilter(payinExport), ...idFilters('payin', payinExport)],
  },
  [transactionExportTaskCreate.path]: {
    precondition: 'transactions:export; a new idempotency key per request',
    sample: () => ({ body: { ...payinExport, country: 'BR', idempotencyKey: randomUUID() } }),
    // Each request queues a new task: the foreign id must count what a missing id counts.
    objects: [subMerchantFilter(newTaskBody()), ...idFilters('payin', newTaskBody()).map((ref) => ({ ...ref, judgedBy: expectedOf }))],
  },

  // -------------------------------------------------------------------------------------------
  // payouts (ANDES-DEMO's fixture payout is in MX, a country CONDOR has; the decisions' happy
  // paths decide a new payout of the world's payout creator: four eyes, never the approver's own)
  // -------------------------------------------------------------------------------------------
  [payoutPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      { field: 'id', existing: (w) => w.andes.payout.id, call: (_w, id) => ({ body: { country: 'MX', id } }), answer: 'filter' },
      {
        field: 'batchId',
        existing: (w) => w.andes.payout.batchId,
        call: (_w, id) => ({ body: { country: 'MX', batchId: id } }),
        answer: 'filter',
      },
    ],
  },
  [payoutTemplateDownload.path]: {
    sample: () => ({ body: { country: 'BR' } }),
  },
  [payoutBatchUpload.path]: {
    precondition: 'a form with a payout file (a dry run answers the result file)',
    sample: () => ({ body: { country: 'BR', dryRun: 'true' } }),
    happy: async () => ({ body: {}, form: await payoutForm({ country: 'BR', dryRun: 'true' }) }),
  },
  [payoutBatchCheck.path]: {
    precondition: 'a form with a payout file',
    sample: () => ({ body: { country: 'BR' } }),
    happy: async () => ({ body: {}, form: await payoutForm({ country: 'BR' }) }),
  },
  [payoutCreate.path]: {
    precondition: 'a dry run: the quote (a creation also needs a code e-mailed to the caller, covered in payout.test.ts)',
    sample: () => ({ body: pixPayout(10_000, { dryRun: true }) }),
  },
  [payoutVerifyCodeSend.path]: {
    precondition: 'the resend pause (60 s) has passed for the caller',
    sample: () => ({ body: { country: 'BR', count: 1, amount: 10_000 } }),
    happy: async (w) => {
      w.t.clock.advance(61_000);
      return { body: { country: 'BR', count: 1, amount: 10_000 } };
    },
  },
  [payoutApprove.path]: decisionEntry(),
  [payoutRefuse.path]: decisionEntry(),

  // -------------------------------------------------------------------------------------------
  // finance and reports (issue #10): any finance (report) code admits the call, the request needs
  // the one of its account type (report page)
  // -------------------------------------------------------------------------------------------
  [statementPage.path]: financeEntry(),
  [statementDownload.path]: financeEntry(() => ({ format: 'csv' })),
  [statementExportPreflight.path]: financeEntry(() => ({ format: 'csv' })),
  [statementExportTaskCreate.path]: financeEntry(() => ({ format: 'csv', idempotencyKey: randomUUID() })),
  // A period (the request names a transaction or a period): the week before today in Brazil, past in Mexico too.
  [taxDetail.path]: financeEntry((w) => ({ range: { from: addDays(brToday(w), -8), to: addDays(brToday(w), -1) } })),
  [reconciliation.path]: financeEntry(),
  [dailyReportPage.path]: reportEntry(),
  [dailyReportDownload.path]: reportEntry({ format: 'csv' }),
  [dailyReportLink.path]: reportEntry({ format: 'csv' }),

  // -------------------------------------------------------------------------------------------
  // sub-merchants' accounts (issue #10)
  // -------------------------------------------------------------------------------------------
  [subAccountPage.path]: {
    sample: () => ({ body: {} }),
  },
  [subAccountSummary.path]: summaryEntry(),
  [subAccountSummaryDownload.path]: summaryEntry({ format: 'csv' }),

  // -------------------------------------------------------------------------------------------
  // accounting: top-ups (payout funding)
  // -------------------------------------------------------------------------------------------
  [topupPage.path]: requestPageEntry((w) => accounting(w).topup, 'none'),
  [topupCreate.path]: {
    precondition: 'a proof of transfer the caller uploaded; a new request id',
    sample: (w) => ({ body: topupBody(w.t, 'BR', NO_FILE) }),
    happy: async (w, actor) => ({ body: topupBody(w.t, 'BR', await w.uploadProof(actor.token)) }),
    succeeded: (data) => has(data, 'duplicate', false),
    objects: [proofFileRef((w, fileId) => ({ body: topupBody(w.t, 'MX', fileId) }))],
  },
  [topupQuery.path]: requestQueryEntry((w) => accounting(w).topup),
  [approvalFileDownload.path]: {
    precondition: 'a top-up with its proof (funding detail) or an offline exchange with its proof submitted (exchange detail)',
    sample: (w) => ({ body: { id: accounting(w).topup.id, fileId: accounting(w).topupProofFileId } }),
    happy: async (w, _actor, grant) => {
      if (grant === 'accounting:exchange-detail') {
        const exchange = await w.newOfflineWithProof();
        return { body: { id: exchange.id, fileId: exchange.fileId } };
      }
      const topup = await w.newTopup();
      return { body: { id: topup.id, fileId: await w.proofOf(topup.id) } };
    },
    objects: [
      {
        field: 'id',
        existing: (w) => accounting(w).topup.id,
        call: (w, id) => ({ body: { id, fileId: accounting(w).topupProofFileId } }),
        answer: NOT_FOUND,
      },
      // CONDOR's own exchange naming ANDES-DEMO's proof: not one of its proofs, as a file nobody has.
      {
        field: 'fileId',
        existing: (w) => accounting(w).topupProofFileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { id: w.condorObjects.offlineExchangeId, fileId } }),
        answer: NOT_FOUND,
      },
    ],
  },
  [topupCancel.path]: requestCancelEntry(
    'a PROCESSING top-up',
    (w) => w.newTopup(),
    (w) => accounting(w).topup,
    'CANCELED',
  ),
  [topupConfig.path]: {
    sample: () => ({ body: { country: 'BR', mode: 'PAY_OUT' } }),
  },
  [topupFee.path]: {
    sample: () => ({ body: { country: 'BR', mode: 'PAY_OUT', amount: 100_000 } }),
  },

  // -------------------------------------------------------------------------------------------
  // accounting: withdrawals (transfer out; four eyes above the threshold)
  // -------------------------------------------------------------------------------------------
  [withdrawalPage.path]: requestPageEntry((w) => accounting(w).withdrawal, 'none'),
  [withdrawalCreate.path]: {
    precondition: 'a funded payout account; an amount below the approval threshold; a new request id',
    sample: () => ({ body: withdrawalBody('BR') }),
    succeeded: (data) => has(data, 'duplicate', false),
  },
  [withdrawalQuery.path]: requestQueryEntry((w) => accounting(w).withdrawal),
  [withdrawalCancel.path]: requestCancelEntry(
    'a PROCESSING withdrawal',
    (w) => w.newWithdrawal(false),
    (w) => accounting(w).withdrawal,
    'CANCELED',
  ),
  [withdrawalConfig.path]: {
    sample: () => ({ body: { country: 'BR', mode: 'PAY_OUT' } }),
  },
  [withdrawalFee.path]: {
    sample: () => ({ body: { country: 'BR', mode: 'PAY_OUT', amount: 100_000 } }),
  },
  [withdrawalThresholdUpdate.path]: {
    precondition: 'CL (no other entry uses its threshold): set to CLP 1,000,000.00',
    sample: () => ({ body: { country: 'CL', approvalThreshold: 100_000_000 } }),
    succeeded: (data) => has(data, 'approvalThreshold', 100_000_000),
  },
  [withdrawalApprove.path]: withdrawalDecisionEntry((data) => has(data, 'approvalState', 'APPROVED') && has(data, 'status', 'PROCESSING')),
  [withdrawalRefuse.path]: withdrawalDecisionEntry((data) => has(data, 'approvalState', 'REFUSED') && has(data, 'status', 'REJECTED')),

  // -------------------------------------------------------------------------------------------
  // accounting: exchanges
  // -------------------------------------------------------------------------------------------
  [exchangePage.path]: requestPageEntry((w) => accounting(w).exchange, 'none'),
  [exchangeCreate.path]: {
    precondition: 'USD in the global account (a PAY_OUT exchange sells them); a new request id',
    sample: () => ({ body: exchangeBody('BR', 'PAY_OUT') }),
    succeeded: (data) => has(data, 'duplicate', false),
  },
  [exchangeQuery.path]: requestQueryEntry((w) => accounting(w).exchange),
  [exchangeCancel.path]: requestCancelEntry(
    'an exchange waiting for its rate',
    (w) => w.newExchange('PAY_OUT'),
    (w) => accounting(w).exchange,
    'CANCELED',
  ),
  [exchangeConfig.path]: {
    sample: () => ({ body: { country: 'BR', mode: 'PAY_IN' } }),
  },
  [exchangeAmount.path]: {
    precondition: 'at the indicative rate (with `id`: at the request’s live quote)',
    sample: () => ({ body: { country: 'BR', mode: 'PAY_OUT', side: 'SELL', amount: 20_000 } }),
    objects: [
      {
        field: 'id',
        existing: (w) => accounting(w).exchange.id,
        call: (_w, id) => ({ body: { country: 'MX', mode: 'PAY_OUT', side: 'SELL', amount: 20_000, id } }),
        answer: NOT_FOUND,
      },
    ],
  },
  [exchangeProofSubmit.path]: {
    precondition: 'an OFFLINE exchange waiting for its proof (made by another user); a proof the caller uploaded',
    sample: (w) => ({ body: proofSubmitBody(w.t, MISSING_ID, NO_FILE) }),
    happy: async (w, actor) => ({
      body: proofSubmitBody(w.t, (await w.newExchange('OFFLINE')).id, await w.uploadProof(actor.token)),
    }),
    succeeded: hasStatus('WAIT_EXCHANGE_RATE'),
    objects: [
      {
        field: 'id',
        existing: (w) => accounting(w).offlineExchange.id,
        call: (w, id) => ({ body: proofSubmitBody(w.t, Number(id), w.condorObjects.proofFileId) }),
        answer: NOT_FOUND,
      },
      // CONDOR's own exchange waiting for its proof, with ANDES-DEMO's file.
      proofFileRef((w, fileId) => ({ body: proofSubmitBody(w.t, w.condorObjects.offlineExchangeId, fileId) })),
    ],
  },
  [contractConfirm.path]: {
    precondition: 'an exchange with a live quote (made by another user); the quoted rate; USD in the global account',
    sample: () => ({ body: { rate: QUOTED_RATE.BR }, params: { id: MISSING_ID } }),
    happy: async (w) => {
      const quoted = await w.newQuotedExchange();
      return { body: { rate: quoted.rate }, params: { id: quoted.id } };
    },
    succeeded: hasStatus('PROCESSING'),
    objects: [
      {
        field: 'id',
        existing: (w) => accounting(w).exchange.id,
        call: (_w, id) => ({ body: { rate: QUOTED_RATE.MX }, params: { id } }),
        answer: NOT_FOUND,
      },
    ],
  },

  // -------------------------------------------------------------------------------------------
  // accounting: sub-merchant transfers (Setting → Sub-merchant)
  // -------------------------------------------------------------------------------------------
  [subTransferPage.path]: requestPageEntry((w) => accounting(w).subTransfer, 'transfers'),
  [subTransferCreate.path]: {
    precondition: 'a funded payout account; a sub-merchant set up in the country; a new request id',
    sample: (w) => ({ body: subTransferBody('BR', w.andes.subMerchantId) }),
    succeeded: (data) => has(data, 'duplicate', false),
    objects: [
      {
        field: 'subMerchantId',
        existing: (w) => w.andes.subMerchantId,
        call: (_w, id) => ({ body: subTransferBody('MX', Number(id)) }),
        answer: CHOICE_REFUSED,
      },
    ],
  },
  [subTransferCalculate.path]: {
    precondition: 'a sub-merchant set up in the country',
    sample: (w) => ({ body: subTransferFigures('BR', w.andes.subMerchantId) }),
    objects: [
      {
        field: 'subMerchantId',
        existing: (w) => w.andes.subMerchantId,
        call: (_w, id) => ({ body: subTransferFigures('MX', Number(id)) }),
        answer: CHOICE_REFUSED,
      },
    ],
  },
  [subTransferQuery.path]: requestQueryEntry((w) => accounting(w).subTransfer),
  [subTransferCancel.path]: requestCancelEntry(
    'a PROCESSING transfer',
    (w) => w.newSubTransfer(),
    (w) => accounting(w).subTransfer,
    'REJECTED',
  ),

  // -------------------------------------------------------------------------------------------
  // accounting: the proof uploader (a top-up's proof or an offline exchange's)
  // -------------------------------------------------------------------------------------------
  [approvalFileUpload.path]: {
    precondition: 'a form with a proof; either button admits the uploader (it serves both forms)',
    anyGrantAdmitsEveryRequest: true,
    sample: () => ({ body: {}, form: proofForm() }),
    succeeded: (data) => typeof data === 'object' && data !== null && (Reflect.get(data, 'files') as unknown[] | undefined)?.length === 1,
  },

  // -------------------------------------------------------------------------------------------
  // risk: rules, templates and recommendations (the merchant's)
  // -------------------------------------------------------------------------------------------
  [ruleCounts.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    subMerchantUser: refusedToSub(() => ({ body: { country: 'BR' } })),
  },
  [ruleTemplates.path]: {
    sample: () => ({ body: { type: 'BLOCK' } }),
    subMerchantUser: refusedToSub(() => ({ body: { type: 'BLOCK' } })),
  },
  [ruleQuery.path]: {
    sample: () => ({ body: { country: 'BR', type: 'BLOCK' } }),
    subMerchantUser: refusedToSub(() => ({ body: { country: 'MX', type: 'MANUAL_REVIEW' } })),
  },
  [ruleAdd.path]: {
    precondition: 'a new request id; the rule is added disabled (it decides nothing)',
    sample: () => ({ body: { requestId: newClientRequestId(), ...blockRule('BR', 'authz-added-device') } }),
    succeeded: (data) => has(data, 'version', 1),
    subMerchantUser: refusedToSub(() => ({ body: { requestId: newClientRequestId(), ...blockRule('BR', 'authz-sub-device') } })),
  },
  [ruleUpdate.path]: {
    precondition: 'a rule (added by the world’s admin) at the version the editor loaded, which becomes version 2',
    sample: () => ({ body: ruleChange(MISSING_ID, 1, 'BR', 'authz-decoy-device') }),
    happy: async (w) => {
      const rule = await w.newRule();
      return { body: ruleChange(rule.id, rule.version, 'BR', w.unique('changed-device')) };
    },
    succeeded: (data) => has(data, 'version', 2),
    objects: [
      {
        field: 'id',
        existing: (w) => risk(w).rule.id,
        call: (_w, id) => ({ body: { ...ruleChange(id, 1, 'MX', 'condor-device'), type: 'MANUAL_REVIEW' } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: refusedToSub(async (w) => {
      const rule = await w.newRule();
      return { body: ruleChange(rule.id, rule.version, 'BR', 'authz-sub-device') };
    }),
  },
  [ruleDelete.path]: {
    precondition: 'a rule (added by the world’s admin) at the version the caller saw, which is deleted',
    sample: () => ({ body: { id: MISSING_ID, version: 1 } }),
    happy: async (w) => {
      const rule = await w.newRule();
      return { body: { id: rule.id, version: rule.version } };
    },
    objects: [{ field: 'id', existing: (w) => risk(w).rule.id, call: (_w, id) => ({ body: { id, version: 1 } }), answer: NOT_FOUND }],
    subMerchantUser: refusedToSub(async (w) => {
      const rule = await w.newRule();
      return { body: { id: rule.id, version: rule.version } };
    }),
  },
  [ruleHistory.path]: {
    sample: (w) => ({ body: { id: risk(w).rule.id } }),
    objects: [{ field: 'id', existing: (w) => risk(w).rule.id, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
    subMerchantUser: refusedToSub((w) => ({ body: { id: risk(w).rule.id } })),
  },
  [ruleRecommendations.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    subMerchantUser: refusedToSub(() => ({ body: { country: 'BR' } })),
  },

  // -------------------------------------------------------------------------------------------
  // risk: retro performance (replays; the merchant's)
  // -------------------------------------------------------------------------------------------
  [replayStart.path]: {
    precondition: 'a draft rule (a job is queued; no worker runs it here)',
    sample: () => ({ body: draftReplay('BR') }),
    objects: [
      {
        field: 'ruleId',
        existing: (w) => risk(w).rule.id,
        call: (_w, id) => ({ body: { country: 'MX', days: 30, ruleId: id } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: refusedToSub((w) => ({ body: { country: 'MX', days: 30, ruleId: risk(w).rule.id } })),
  },
  [replayQuery.path]: {
    sample: (w) => ({ body: { id: risk(w).replayId } }),
    objects: [{ field: 'id', existing: (w) => risk(w).replayId, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
    subMerchantUser: refusedToSub((w) => ({ body: { id: risk(w).replayId } })),
  },
  [replayPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      { field: 'ruleId', existing: (w) => risk(w).rule.id, call: (_w, id) => ({ body: { country: 'MX', ruleId: id } }), answer: 'filter' },
    ],
    subMerchantUser: refusedToSub((w) => ({ body: { country: 'MX', ruleId: risk(w).rule.id } })),
  },

  // -------------------------------------------------------------------------------------------
  // risk: case management (the merchant's)
  // -------------------------------------------------------------------------------------------
  [reviewPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      {
        field: 'keyword',
        existing: (w) => risk(w).review.transactionId,
        call: (w, id) => ({
          body: { country: 'MX', keyword: id === risk(w).review.transactionId ? risk(w).review.uniqueId : `missing-${id}` },
        }),
        answer: 'filter',
      },
    ],
    subMerchantUser: refusedToSub(() => ({ body: { country: 'MX' } })),
  },
  [reviewDecide.path]: {
    precondition: 'a pay-in waiting in case management (a BR pay-in from the review device), which is approved',
    sample: () => ({ body: { transactionId: MISSING_ID, decision: 'APPROVE' } }),
    happy: async (w) => ({ body: { transactionId: (await w.newReview()).transactionId, decision: 'APPROVE', note: 'Known customer' } }),
    succeeded: (data) => has(Reflect.get(data as object, 'review'), 'status', 'APPROVED'),
    objects: [
      {
        field: 'transactionId',
        existing: (w) => risk(w).review.transactionId,
        call: (_w, id) => ({ body: { transactionId: id, decision: 'REJECT' } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: refusedToSub(async (w) => ({ body: { transactionId: (await w.newReview()).transactionId, decision: 'APPROVE' } })),
  },

  // -------------------------------------------------------------------------------------------
  // risk: performance (the caller's scope: a sub-merchant user sees their sub-merchant's pay-ins)
  // -------------------------------------------------------------------------------------------
  [performanceRing.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [performanceDaily.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [performanceWeekly.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [performanceMonthly.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },

  // -------------------------------------------------------------------------------------------
  // revenue assurance (docs/decisions/0031; the caller's scope: a sub-merchant user sees their holder's)
  // -------------------------------------------------------------------------------------------
  [volumeSuccessCurve.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [approvalTrendDaily.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [approvalTrendWeekly.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [approvalTrendMonthly.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [approvalFunnel.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [failReasonRanking.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },
  [tokenizationStatistics.path]: { sample: chartPeriod, subMerchantUser: seenBySub(chartPeriod) },

  // -------------------------------------------------------------------------------------------
  // risk: chargeback defence (a sub-merchant user sees their sub-merchant's, and only sees them)
  // -------------------------------------------------------------------------------------------
  [chargebackSummary.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    subMerchantUser: seenBySub(() => ({ body: { country: 'BR' } })),
  },
  [chargebackPage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      {
        field: 'keyword',
        existing: (w) => risk(w).chargeback.id,
        call: (w, id) => ({
          body: { country: 'MX', keyword: id === risk(w).chargeback.id ? risk(w).chargeback.uniqueId : `missing-${id}` },
        }),
        answer: 'filter',
      },
    ],
    subMerchantUser: seenBySub(() => ({ body: { country: 'BR' } })),
  },
  [chargebackQuery.path]: {
    sample: (w) => ({ body: { id: risk(w).chargeback.id } }),
    objects: [
      chargebackRef(
        (w) => risk(w).chargeback.id,
        (_w, id) => ({ body: { id } }),
      ),
    ],
    subMerchantUser: seenBySub(
      (w) => ({ body: { id: risk(w).subOpen.id } }),
      chargebackRef(
        (w) => risk(w).defended.id,
        (_w, id) => ({ body: { id } }),
      ),
    ),
  },
  [chargebackDefense.path]: {
    precondition: 'an open chargeback (reported by the platform) and an appendix the caller uploaded; it is then UNDER_DEFENSE',
    sample: () => ({ body: { id: MISSING_ID, description: DEFENCE, fileIds: [NO_FILE] } }),
    happy: async (w, actor) => ({
      body: { id: (await w.newChargeback()).id, description: DEFENCE, fileIds: [await w.uploadAppendix(actor.token)] },
    }),
    succeeded: statusIs('UNDER_DEFENSE'),
    objects: [
      chargebackRef(
        (w) => risk(w).chargeback.id,
        (w, id) => ({ body: { id, description: DEFENCE, fileIds: [w.condorObjects.appendixFileId] } }),
      ),
      // CONDOR's own open chargeback with ANDES-DEMO's appendix: not one it uploaded, as a file nobody has.
      {
        field: 'fileIds',
        existing: (w) => risk(w).appendixFileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { id: w.condorObjects.chargebackId, description: DEFENCE, fileIds: [fileId] } }),
        answer: CHOICE_REFUSED,
      },
    ],
    subMerchantUser: refusedToSub((w) => ({ body: { id: risk(w).subOpen.id, description: DEFENCE, fileIds: [risk(w).appendixFileId] } })),
  },
  [chargebackAccept.path]: {
    precondition: 'an open chargeback (reported by the platform), which ends DEFENSE_LOST',
    sample: () => ({ body: { id: MISSING_ID } }),
    happy: async (w) => ({ body: { id: (await w.newChargeback()).id } }),
    succeeded: statusIs('DEFENSE_LOST'),
    objects: [
      chargebackRef(
        (w) => risk(w).chargeback.id,
        (_w, id) => ({ body: { id } }),
      ),
    ],
    subMerchantUser: refusedToSub((w) => ({ body: { id: risk(w).subOpen.id } })),
  },
  [chargebackAppendixUpload.path]: {
    precondition: 'a form with an appendix',
    sample: () => ({ body: {}, form: appendixForm() }),
    succeeded: (data) => typeof data === 'object' && data !== null && (Reflect.get(data, 'files') as unknown[] | undefined)?.length === 1,
    subMerchantUser: refusedToSub(() => ({ body: {}, form: appendixForm() })),
  },
  [chargebackAppendixDownload.path]: {
    precondition: 'a defended chargeback with its appendix',
    sample: (w) => ({ body: { id: risk(w).defended.id, fileId: risk(w).defended.fileId } }),
    objects: [
      chargebackRef(
        (w) => risk(w).defended.id,
        (w, id) => ({ body: { id, fileId: risk(w).defended.fileId } }),
      ),
      // CONDOR's own chargeback with ANDES-DEMO's appendix: not one of its appendices, as a file nobody has.
      {
        field: 'fileId',
        existing: (w) => risk(w).defended.fileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { id: w.condorObjects.chargebackId, fileId } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: seenBySub(
      (w) => ({ body: { id: risk(w).subDefended.id, fileId: risk(w).subDefended.fileId } }),
      chargebackRef(
        (w) => risk(w).defended.id,
        (w, id) => ({ body: { id, fileId: risk(w).defended.fileId } }),
      ),
    ),
  },
  // -------------------------------------------------------------------------------------------
  // message center (docs/decisions/0030): a sub-merchant user sees their merchant's messages too
  // -------------------------------------------------------------------------------------------
  [announcementList.path]: { sample: () => ({ body: {} }), subMerchantUser: seenBySub(() => ({ body: {} })) },
  [messageList.path]: { sample: () => ({ body: { read: 'UNREAD' } }), subMerchantUser: seenBySub(() => ({ body: {} })) },
  [messageDetail.path]: {
    sample: () => ({ body: { id: andesMessageId() } }),
    objects: [{ field: 'id', existing: andesMessageId, call: (_w, id) => ({ body: { id } }), answer: NOT_FOUND }],
    subMerchantUser: seenBySub(() => ({ body: { id: andesMessageId() } })),
  },
  [markAnnouncementsRead.path]: { sample: () => ({ body: { ids: [1] } }), subMerchantUser: seenBySub(() => ({ body: { ids: [1] } })) },
  [markAllRead.path]: { sample: () => ({ body: {} }), subMerchantUser: seenBySub(() => ({ body: {} })) },
  // -------------------------------------------------------------------------------------------
  // support cases (docs/decisions/0029)
  // -------------------------------------------------------------------------------------------
  [casePage.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    objects: [
      {
        field: 'keyword',
        existing: (w) => sup(w).mxCase.id,
        call: (w, id) => ({ body: { country: 'MX', keyword: id === sup(w).mxCase.id ? sup(w).mxCase.caseNo : `missing-${id}` } }),
        answer: 'filter',
      },
    ],
    subMerchantUser: seenBySub(() => ({ body: { country: 'BR' } })),
  },
  [caseStatistics.path]: {
    sample: () => ({ body: { country: 'BR' } }),
    subMerchantUser: seenBySub(() => ({ body: { country: 'BR' } })),
  },
  [caseFileUpload.path]: {
    precondition: 'a form with a file',
    sample: () => ({ body: {}, form: caseFileForm() }),
    anyGrantAdmitsEveryRequest: true,
    succeeded: (data) => typeof data === 'object' && data !== null && (Reflect.get(data, 'files') as unknown[] | undefined)?.length === 1,
    subMerchantUser: seenBySub(() => ({ body: {}, form: caseFileForm() })),
  },
  [caseFileDownload.path]: {
    precondition: 'a case with an appendix',
    sample: (w) => ({ body: { id: sup(w).mxCase.id, fileId: sup(w).mxCase.fileId } }),
    anyGrantAdmitsEveryRequest: true,
    objects: [
      caseRef((w, id) => ({ body: { id, fileId: sup(w).mxCase.fileId } })),
      // CONDOR's own case with ANDES-DEMO's file: not one of its files, as a file nobody has.
      {
        field: 'fileId',
        existing: (w) => sup(w).mxCase.fileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { id: w.condorObjects.support.caseId, fileId } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: {
      allowed: async (w) => {
        const c = await subCase(w);
        return { body: { id: c.id, fileId: c.fileId } };
      },
      merchantOnly: caseRef((w, id) => ({ body: { id, fileId: sup(w).mxCase.fileId } })),
    },
  },
  [caseFileDownloadUrl.path]: {
    precondition: 'a case with an appendix',
    sample: (w) => ({ body: { id: sup(w).mxCase.id, fileId: sup(w).mxCase.fileId } }),
    anyGrantAdmitsEveryRequest: true,
    objects: [
      caseRef((w, id) => ({ body: { id, fileId: sup(w).mxCase.fileId } })),
      {
        field: 'fileId',
        existing: (w) => sup(w).mxCase.fileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { id: w.condorObjects.support.caseId, fileId } }),
        answer: NOT_FOUND,
      },
    ],
    subMerchantUser: {
      allowed: async (w) => {
        const c = await subCase(w);
        return { body: { id: c.id, fileId: c.fileId } };
      },
      merchantOnly: caseRef((w, id) => ({ body: { id, fileId: sup(w).mxCase.fileId } })),
    },
  },
  [caseSave.path]: {
    precondition: 'a fresh idempotency key each time',
    sample: () => ({ body: newCaseBody('BR') }),
    succeeded: (data) => has(data, 'outcome', 'CREATED'),
    objects: [
      // CONDOR opening its own MX case with ANDES-DEMO's uploaded file: not one it uploaded, as a file nobody has.
      {
        field: 'fileIds',
        existing: (w) => sup(w).freeFileId,
        missing: NO_FILE,
        call: (_w, fileId) => ({ body: newCaseBody('MX', [String(fileId)]) }),
        answer: CHOICE_REFUSED,
      },
      // CONDOR opening an MX case about ANDES-DEMO's pay-in by its E2E id: a case about nothing of its own, as for an E2E id nobody has.
      {
        field: 'e2eId',
        existing: (w) => sup(w).e2eTransaction.id,
        call: (w, id) => ({
          body: { ...newCaseBody('MX'), e2eId: id === sup(w).e2eTransaction.id ? sup(w).e2eTransaction.e2eId : MISSING_E2E_ID },
        }),
        answer: 'filter',
        judgedBy: (data) => Reflect.get(Reflect.get(data as object, 'case') as object, 'transactionUniqueId'),
      },
    ],
    subMerchantUser: seenBySub(() => ({ body: newCaseBody('BR') })),
  },
  [caseEdit.path]: {
    precondition: 'an open case (opened by the world’s admin), edited at version 1',
    sample: () => ({ body: caseEditBody(MISSING_ID, 1) }),
    happy: async (w) => ({ body: caseEditBody((await newCase(w.t, w.admin.token, 'MX')).id, 1) }),
    succeeded: (data) => has(data, 'version', 2),
    objects: [
      caseRef((w, id) => ({ body: caseEditBody(id, sup(w).mxCase.version) })),
      // CONDOR's own case with ANDES-DEMO's uploaded file: not one it uploaded, as a file nobody has (nothing changes).
      {
        field: 'fileIds',
        existing: (w) => sup(w).freeFileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { ...caseEditBody(w.condorObjects.support.caseId, 1), fileIds: [fileId] } }),
        answer: CHOICE_REFUSED,
      },
    ],
    subMerchantUser: {
      allowed: async (w) => ({ body: caseEditBody((await newSubCase(w)).id, 1) }),
      merchantOnly: merchantCase(
        (w) => sup(w).editCase,
        (id, version) => ({ body: caseEditBody(id, version) }),
      ),
    },
  },
  [caseDetail.path]: {
    sample: (w) => ({ body: { id: sup(w).mxCase.id } }),
    anyGrantAdmitsEveryRequest: true,
    objects: [caseRef((_w, id) => ({ body: { id } }))],
    subMerchantUser: {
      allowed: async (w) => ({ body: { id: (await subCase(w)).id } }),
      merchantOnly: caseRef((_w, id) => ({ body: { id } })),
    },
  },
  [caseReplyPage.path]: {
    sample: (w) => ({ body: { id: sup(w).mxCase.id } }),
    anyGrantAdmitsEveryRequest: true,
    objects: [caseRef((_w, id) => ({ body: { id } }))],
    subMerchantUser: {
      allowed: async (w) => ({ body: { id: (await subCase(w)).id } }),
      merchantOnly: caseRef((_w, id) => ({ body: { id } })),
    },
  },
  [caseReplySave.path]: {
    precondition: 'an open case',
    sample: () => ({ body: replyBody(MISSING_ID) }),
    happy: async (w) => ({ body: replyBody((await newCase(w.t, w.admin.token)).id) }),
    anyGrantAdmitsEveryRequest: true,
    objects: [
      caseRef((_w, id) => ({ body: replyBody(id) })),
      {
        field: 'fileIds',
        existing: (w) => sup(w).freeFileId,
        missing: NO_FILE,
        call: (w, fileId) => ({ body: { ...replyBody(w.condorObjects.support.caseId), fileIds: [fileId] } }),
        answer: CHOICE_REFUSED,
      },
    ],
    subMerchantUser: {
      allowed: async (w) => ({ body: replyBody((await newSubCase(w)).id) }),
      merchantOnly: merchantCase(
        (w) => sup(w).replyCase,
        (id) => ({ body: replyBody(id) }),
      ),
    },
  },
  [caseClose.path]: {
    precondition: 'an open case (opened by the world’s admin), which ends CLOSED',
    sample: () => ({ body: actionBody(MISSING_ID, 1) }),
    happy: async (w) => ({ body: actionBody((await newCase(w.t, w.admin.token)).id, 1) }),
    succeeded: statusIs('CLOSED'),
    objects: [caseRef((w, id) => ({ body: actionBody(id, sup(w).mxCase.version) }))],
    subMerchantUser: {
      allowed: async (w) => ({ body: actionBody((await newSubCase(w)).id, 1) }),
      merchantOnly: merchantCase(
        (w) => sup(w).closeCase,
        (id, version) => ({ body: actionBody(id, version) }),
      ),
    },
  },
  [caseReopen.path]: {
    precondition: 'a case closed within the reopen window, which goes back to PROCESSING',
    sample: () => ({ body: actionBody(MISSING_ID, 2) }),
    happy: async (w) => {
      const c = await newClosedCase(w.t, w.admin.token);
      return { body: actionBody(c.id, c.version) };
    },
    succeeded: statusIs('PROCESSING'),
    objects: [caseRef((w, id) => ({ body: actionBody(id, sup(w).mxCase.version) }))],
    subMerchantUser: {
      allowed: async (w) => {
        const c = await newClosedCase(w.t, (await w.subMerchantExactly(['support:case:create', 'support:case:close'])).token);
        return { body: actionBody(c.id, c.version) };
      },
      merchantOnly: merchantCase(
        (w) => sup(w).reopenCase,
        (id, version) => ({ body: actionBody(id, version) }),
      ),
    },
  },
};
