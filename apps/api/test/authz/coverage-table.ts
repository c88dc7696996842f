import { randomUUID } from 'node:crypto';
import { accountList } from '@andes/contract/account/endpoints';
import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
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
import { mfaActivate, mfaClose, mfaOpen, mfaRecoveryCodesRegenerate, mfaStatus, mfaValidate } from '@andes/contract/mfa/endpoints';
import { accountApply } from '@andes/contract/onboarding/endpoints';
import { forgotPassword, resetLinkVerify } from '@andes/contract/password/endpoints';
import { paymentLinkPage, paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
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
import { shopifyPage, shopifyQuery } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage, shoplazzaQuery } from '@andes/contract/shoplazza/endpoints';
import { subAccountPage, subAccountSummary, subAccountSummaryDownload, subMerchantList } from '@andes/contract/sub-merchant/endpoints';
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
import { payoutFileBytes, pixPayout } from '../fixtures/payouts.ts';
import { DEMO } from '../helper.ts';
import { EventFactory, sendEvent, transactionRow } from '../ledger/support.ts';
import type { FormPart } from '../multipart.ts';
import { type Actor, FIXTURE_ROLE_CODES, insertDownloadTask, MISSING_TASK_ID, NEW_PASSWORD, newAuthzPayout, type World } from './world.ts';

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
}

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
};
