import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_TYPE_OF_PRODUCT } from '@andes/contract/account/enums';
import {
  MAX_EXACT_TOTAL,
  PAYOUT_APPROVAL_EXPIRY_DAYS,
  PAYOUT_BATCH_MAX_ROWS,
  PAYOUT_DUPLICATE_WINDOW_DAYS,
} from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import type { TransactionStatus } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import { parseAmountToCents } from '@andes/contract/common/validators';
import { PAYOUT_STATUSES, type PayoutApprovalStatus, type PayoutHistoryEvent, type PayoutStatus } from '@andes/contract/payout/enums';
import {
  BENEFICIARY_FIELDS,
  type Beneficiary,
  beneficiaryKey,
  checkBeneficiary,
  type PayoutRail,
  railOf,
} from '@andes/contract/payout/rails';
import {
  PAYOUT_MESSAGES,
  type Payout,
  type PayoutBatchCheck,
  type PayoutBatchUploadFields,
  type PayoutCheckRow,
  type PayoutCreateAnswer,
  type PayoutCreateRequest,
  type PayoutDecisionAnswer,
  type PayoutDecisionRequest,
  type PayoutDetail,
  type PayoutDuplicate,
  type PayoutHistoryEntry,
  type PayoutPage,
  type PayoutPageRequest,
  type PayoutQuote,
  type PayoutRefuseRequest,
} from '@andes/contract/payout/schemas';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import { payoutCharge } from '@andes/contract/product/pricing';
import type { z } from 'zod';
import { type Clock, DAY_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext, Scope } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { UploadedPart } from '../../http/multipart.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { readBatchFile } from '../batch/batch-reader.ts';
import type { BatchOutcome, BatchRow } from '../batch/batch-spec.ts';
import { isUniqueViolation } from '../iam/unique-violation.ts';
import { countTransactions, statsFactOf } from '../ledger/daily-stats.ts';
import { reservationsOf } from '../ledger/ledger.repository.ts';
import { type EntryToWrite, ensureLocalAccount, type LockedAccounts, lock, writeMany } from '../ledger/ledger.service.ts';
import { type AccountState, applyLines, type BucketBalances, payoutReserved, payoutReturned } from '../ledger/posting-rules.ts';
import { postNotice } from '../message/notices.ts';
import { usersHolding } from '../message/recipients.ts';
import { offerPayouts } from '../platform/payouts.outbox.ts';
import { type PayoutFileRow, payoutBatchSpec } from './payout.batch.ts';
import type { PayoutCodes, VerifiedCode } from './payout.codes.ts';
import { PayoutErrors } from './payout.errors.ts';
import {
  countPayouts,
  type DecisionRow,
  decide,
  decisionRowsByIds,
  decisionRowsOfBatch,
  duplicateCandidates,
  endTransactions,
  expiredPayouts,
  findBatchByRequest,
  findUserContact,
  insertBatch,
  insertPayouts,
  insertTransactions,
  listPayouts,
  type BatchRow as PayoutBatchRow,
  type PayoutKey,
  type PayoutListFilter,
  type PayoutListRow,
  type Pricing,
  payoutAccountBalance,
  payoutEvents,
  payoutPricing,
  pendingOfBatch,
  referencesUsed,
  transactionsById,
} from './payout.repository.ts';

/**
 * Payouts created in the dashboard (issue #11; docs/decisions/0025). A creation — one payout, or
 * the valid rows of a file — is verified by a code e-mailed to its creator, idempotent by its
 * request id, and all-or-nothing: in one database transaction it inserts the PAY_OUT transactions
 * (status CREATED), their approval rows (PENDING) and one PAYOUT_RESERVED entry per payout taking
 * amount + fee + VAT from AVAILABLE into RESERVED. A second person approves (the payout is offered
 * to the platform) or refuses (REJECTED, its reservation returned); undecided ones expire after
 * PAYOUT_APPROVAL_EXPIRY_DAYS (CANCELLED, returned). Every decision is conditional on the
 * approval still being PENDING, so a double click or two approvers at once apply once.
 */

/** What one payout asks for (a form, or a valid row of a file). */
export interface PayoutInput {
  /** The file's row, or null for a single payout. */
  rowNumber: number | null;
  productType: string;
  amount: number;
  /** As typed; empty when Andes makes one. */
  merchantReference: string;
  beneficiary: Beneficiary;
}

/** A payout ready to create: its rail, its quote and its beneficiary key. */
export interface PayoutDraft extends PayoutInput {
  rail: PayoutRail;
  fee: number;
  vat: number;
  beneficiaryKey: string;
}

/** What the checks made of one input: a draft, or why it cannot be created; and the payout it may repeat. */
interface Analysed {
  input: PayoutInput;
  draft: PayoutDraft | null;
  error: string | null;
  duplicate: PayoutDuplicate | null;
  /** Every payout it may repeat (a single payout's answer lists them all). */
  duplicates: PayoutDuplicate[];
}

/** The parsed bodies of the calls. */
type CreateBody = z.output<typeof PayoutCreateRequest>;
type PageBody = z.output<typeof PayoutPageRequest>;
type DecisionBody = z.output<typeof PayoutDecisionRequest>;
type RefuseBody = z.output<typeof PayoutRefuseRequest>;
type UploadBody = z.output<typeof PayoutBatchUploadFields>;

const SINGLE_MAX = 1;

// ---- pure helpers --------------------------------------------------------------------------------

/** The fee of a payout (basis points of the amount, half up, plus fixed cents) and the VAT on the fee: the contract's `payoutCharge`. */
export function quoteOf(amount: number, pricing: Pricing): { fee: number; vat: number } {
  return payoutCharge(amount, pricing);
}

/** The payout screen's status of a payout (enums.ts): its approval first, then its transaction's status. */
export function payoutStatusOf(approval: string, transactionStatus: string): PayoutStatus {
  if (approval === 'PENDING') return 'PENDING';
  if (transactionStatus === 'CREATED' || transactionStatus === 'INITIAL_STATUS') return 'WAITING';
  if (transactionStatus === 'EXPIRED') return 'CANCELLED';
  return (PAYOUT_STATUSES as readonly string[]).includes(transactionStatus) ? (transactionStatus as PayoutStatus) : 'WAITING';
}

/** The figures of creating `drafts` from an account holding `available`. */
export function quoteOfDrafts(currency: Currency, drafts: readonly PayoutDraft[], available: number): PayoutQuote {
  const amount = drafts.reduce((s, d) => s + d.amount, 0);
  const fee = drafts.reduce((s, d) => s + d.fee, 0);
  const vat = drafts.reduce((s, d) => s + d.vat, 0);
  const total = amount + fee + vat;
  return {
    currency,
    count: drafts.length,
    amount,
    fee,
    vat,
    total,
    availableBefore: available,
    availableAfter: available - total,
    sufficient: available >= total,
  };
}

/** A new payout's unique id: `PO`, the time in base 36 (sortable), 12 random hexadecimal digits. */
export function newPayoutUniqueId(now: Date): string {
  return `PO${now.getTime().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;
}

const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** JSON with sorted keys: the same request always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function encodeCursor(key: PayoutKey): string {
  return Buffer.from(`${key.at.toISOString()}|${key.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): PayoutKey {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  const n = Number(id);
  if (Number.isNaN(date.getTime()) || !Number.isSafeInteger(n) || n < 1) throw PayoutErrors.invalidCursor();
  return { at: date, id: n };
}

const money = (cents: number, currency: string) => `${formatCents(cents, currency as Currency, { symbol: false })} ${currency}`;

/** The beneficiary as the answers carry it (the stored party's fields of BeneficiarySchema). */
function beneficiaryOf(stored: unknown): Payout['beneficiary'] {
  const b = (stored ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { name: typeof b.name === 'string' ? b.name : '' };
  for (const k of BENEFICIARY_FIELDS) {
    if (typeof b[k] === 'string') out[k] = b[k];
  }
  return out as Payout['beneficiary'];
}

/** A payout of the list as the screen shows it. */
export function payoutOf(r: PayoutListRow): Payout {
  const p = r.payout;
  const status = payoutStatusOf(p.approvalStatus, r.transactionStatus);
  const settled = r.transactionStatus === 'SETTLED';
  return {
    id: p.id,
    batchId: p.batchId,
    uniqueId: r.uniqueId,
    transactionId: p.transactionId,
    merchantReference: p.merchantReference,
    country: p.country as Country,
    currency: r.currency as Currency,
    productType: p.productType as Payout['productType'],
    method: railOf(p.country as Country, p.productType)?.method ?? p.productType,
    amount: p.amount,
    fee: settled ? r.transactionFee : p.fee,
    vat: settled ? r.transactionVat : p.vat,
    status,
    approvalStatus: p.approvalStatus as PayoutApprovalStatus,
    statusReason: status === 'FAILED' || status === 'REJECTED' || status === 'CANCELLED' ? r.statusReason : null,
    beneficiary: beneficiaryOf(r.beneficiary),
    duplicateConfirmed: p.duplicateConfirmed,
    createdBy: p.createdByName,
    createdAt: p.createdAt.toISOString(),
    approvedBy: p.decidedByName,
    approvedAt: p.decidedAt?.toISOString() ?? null,
    expiresAt: p.expiresAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    fileName: r.fileName,
  };
}

const PLATFORM_HISTORY: readonly PayoutHistoryEvent[] = ['IN_PROGRESS', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'];

/** The history of a payout: its approval (who created, approved, refused; or that it ran out), then the platform's reports. */
export function historyOf(r: PayoutListRow, events: readonly { payload: unknown; occurredAt: Date }[]): PayoutHistoryEntry[] {
  const p = r.payout;
  const out: PayoutHistoryEntry[] = [
    { event: 'CREATED', at: p.createdAt.toISOString(), by: p.createdByName, transactionStatus: 'CREATED', reason: null },
  ];
  if (p.decidedAt !== null) {
    if (p.approvalStatus === 'APPROVED') {
      out.push({ event: 'APPROVED', at: p.decidedAt.toISOString(), by: p.decidedByName, transactionStatus: 'CREATED', reason: null });
    } else if (p.decidedBy === null) {
      out.push({ event: 'EXPIRED', at: p.decidedAt.toISOString(), by: null, transactionStatus: 'CANCELLED', reason: p.refuseReason });
    } else {
      out.push({
        event: 'REFUSED',
        at: p.decidedAt.toISOString(),
        by: p.decidedByName,
        transactionStatus: 'REJECTED',
        reason: p.refuseReason,
      });
    }
  }
  for (const e of events) {
    const data = (e.payload as { data?: { status?: string; reason?: string } }).data ?? {};
    const status = data.status as PayoutHistoryEvent | undefined;
    if (status === undefined || !PLATFORM_HISTORY.includes(status)) continue;
    out.push({
      event: status,
      at: e.occurredAt.toISOString(),
      by: null,
      transactionStatus: status as TransactionStatus,
      reason: typeof data.reason === 'string' ? data.reason : null,
    });
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The status of a possible duplicate, from its approval and transaction. */
function duplicateOf(c: { uniqueId: string; createdAt: Date; approvalStatus: string; transactionStatus: string }): PayoutDuplicate {
  return {
    uniqueId: c.uniqueId,
    rowNumber: null,
    createdAt: c.createdAt.toISOString(),
    status: payoutStatusOf(c.approvalStatus, c.transactionStatus),
  };
}

/** A creation refused because its request id was used before: answered with the first outcome (or requestReused). */
class RequestSeen extends Error {
  override name = 'RequestSeen';
}

// ---- the service ---------------------------------------------------------------------------------

interface CreationRequest {
  country: Country;
  source: 'SINGLE' | 'FILE';
  fileName: string | null;
  requestId: string;
  requestHash: string;
  drafts: readonly PayoutDraft[];
  /** Drafts flagged as possible duplicates (their rows are marked confirmed). */
  duplicated: ReadonlySet<PayoutDraft>;
  code: VerifiedCode;
}

interface Created {
  batch: PayoutBatchRow;
  /** Each draft's payout id and unique id, in the drafts' order. */
  payouts: { id: number; uniqueId: string; draft: PayoutDraft }[];
}

export class PayoutService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly codes: PayoutCodes,
    private readonly activity: ActivityRecorder,
  ) {}

  // ---- the list ----------------------------------------------------------------------------------

  async page(auth: AuthContext, body: PageBody): Promise<PayoutPage> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    const after = body.cursor === undefined ? null : decodeCursor(body.cursor);
    const filter: PayoutListFilter = {
      country: body.country,
      tab: body.tab,
      keyword: body.keyword,
      status: body.status,
      productType: body.productType,
      batchId: body.batchId,
      createdFrom: body.createdFrom === undefined ? undefined : new Date(body.createdFrom),
      createdTo: body.createdTo === undefined ? undefined : new Date(body.createdTo),
    };
    const holderId = auth.scope.subMerchantId ?? auth.scope.merchantId;
    const rows = await listPayouts(this.db, auth.scope, filter, after, body.pageSize + 1);
    const counted = await countPayouts(this.db, auth.scope, filter, MAX_COUNT);
    const balance = await payoutAccountBalance(this.db, holderId, body.country);
    const detail = body.id === undefined ? null : await this.detail(auth.scope, body.country, body.id);
    const currency = COUNTRY_INFO[body.country].currency;
    // Null as well for a batch with nothing pending and for another merchant's batch: the answer
    // never tells an existing batch of someone else from a missing one.
    const sums = body.batchId === undefined ? null : await pendingOfBatch(this.db, auth.scope, body.country, body.batchId);
    const batchPending =
      body.batchId === undefined || sums === null || sums.count === 0 ? null : { batchId: body.batchId, currency, ...sums };
    return {
      ...keysetPage(rows, body.pageSize, counted, payoutOf, (last) => encodeCursor({ at: last.payout.createdAt, id: last.payout.id })),
      balance: { currency, ...balance },
      detail,
      batchPending,
    };
  }

  private async detail(scope: Scope, country: Country, id: number): Promise<PayoutDetail | null> {
    const [row] = await listPayouts(this.db, scope, { country, id }, null, 1);
    if (!row) return null;
    const events = await payoutEvents(this.db, scope.merchantId, row.uniqueId);
    return { ...payoutOf(row), history: historyOf(row, events) };
  }

  // ---- checks shared by the form and the file ----------------------------------------------------

  /**
   * Prices and checks inputs against the merchant's open rails, the references already used (and,
   * in a file, repeated), and flags possible duplicates: the same beneficiary and amount paid or
   * pending in the last PAYOUT_DUPLICATE_WINDOW_DAYS, or on an earlier row of the file.
   */
  private async analyse(
    auth: AuthContext,
    country: Country,
    inputs: readonly PayoutInput[],
    now: Date,
    exceptBatch: number | null = null,
  ): Promise<Analysed[]> {
    const pricing = await payoutPricing(this.db, auth.scope.merchantId, country);
    const given = inputs.map((i) => i.merchantReference).filter((r) => r !== '');
    const used = await referencesUsed(this.db, auth.scope.merchantId, given, exceptBatch);
    const firstRowOf = new Map<string, number | null>();
    const out: Analysed[] = inputs.map((input) => {
      const rail = railOf(country, input.productType);
      const price = pricing.get(input.productType);
      const base = { input, draft: null, duplicate: null, duplicates: [] };
      if (!rail) return { ...base, error: PAYOUT_MESSAGES.noRail(input.productType, country) };
      if (!price) return { ...base, error: PAYOUT_MESSAGES.railClosed(input.productType) };
      const ref = input.merchantReference;
      if (ref !== '') {
        if (used.has(ref)) return { ...base, error: PAYOUT_MESSAGES.referenceUsed(ref) };
        const first = firstRowOf.get(ref);
        if (first !== undefined) return { ...base, error: PAYOUT_MESSAGES.referenceRepeated(ref, first ?? 0) };
        firstRowOf.set(ref, input.rowNumber);
      }
      const draft: PayoutDraft = {
        ...input,
        rail,
        ...quoteOf(input.amount, price),
        beneficiaryKey: beneficiaryKey(input.productType, input.beneficiary),
      };
      return { ...base, draft, error: null };
    });
    const drafts = out.filter((a) => a.draft !== null);
    const since = new Date(now.getTime() - PAYOUT_DUPLICATE_WINDOW_DAYS * DAY_MS);
    const candidates = await duplicateCandidates(
      this.db,
      auth.scope,
      country,
      drafts.map((a) => (a.draft as PayoutDraft).beneficiaryKey),
      since,
      exceptBatch,
    );
    const matching = new Map<string, PayoutDuplicate[]>();
    for (const c of candidates) {
      const key = `${c.beneficiaryKey}\u0000${c.amount}`;
      const list = matching.get(key);
      if (list) list.push(duplicateOf(c));
      else matching.set(key, [duplicateOf(c)]);
    }
    const earlier = new Map<string, number | null>();
    for (const a of drafts) {
      const d = a.draft as PayoutDraft;
      const key = `${d.beneficiaryKey}\u0000${d.amount}`;
      a.duplicates = [...(matching.get(key) ?? [])];
      const row = earlier.get(key);
      if (row !== undefined) a.duplicates.push({ uniqueId: null, rowNumber: row, createdAt: null, status: null });
      else earlier.set(key, d.rowNumber);
      a.duplicate = a.duplicates[0] ?? null;
    }
    return out;
  }

  // ---- creation: one payout ----------------------------------------------------------------------

  async create(auth: AuthContext, body: CreateBody, client: ActivityClient): Promise<PayoutCreateAnswer> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    const rail = railOf(body.country, body.productType);
    const checked = rail ? checkBeneficiary(rail, body.beneficiary) : null;
    // The request schema refused these already (the same rules): a guard, not a second message.
    if (!rail || !checked?.ok) throw new Error('payout create: the request schema let an invalid payout through');
    const input: PayoutInput = {
      rowNumber: null,
      productType: body.productType,
      amount: body.amount,
      merchantReference: body.merchantReference,
      beneficiary: checked.value,
    };
    if (body.dryRun) return this.quoteSingle(auth, body, input, now);
    if (body.verifyCode === undefined) throw PayoutErrors.codeRequired();
    if (body.requestId === undefined) throw PayoutErrors.requestIdRequired();
    const requestId = body.requestId;
    // What was asked, as the request id's fingerprint: the same id with another payout is refused.
    const requestHash = sha256('SINGLE|', JSON.stringify(canonical({ country: body.country, ...input })));
    const seen = await findBatchByRequest(this.db, auth.scope.merchantId, requestId);
    if (seen) return this.singleOutcome(auth, seen, requestHash);
    try {
      return await this.createSingle(auth, body, input, requestId, requestHash, client, now);
    } catch (err) {
      // The same request may have been created meanwhile (a retry racing the first attempt): its first outcome.
      const first = await findBatchByRequest(this.db, auth.scope.merchantId, requestId);
      if (first) return this.singleOutcome(auth, first, requestHash);
      throw err;
    }
  }

  /** The checks of a single payout (its rail open, its reference free): its analysis, or the refusal. */
  private async analyseSingle(
    auth: AuthContext,
    country: Country,
    input: PayoutInput,
    now: Date,
  ): Promise<Analysed & { draft: PayoutDraft }> {
    const [analysed] = await this.analyse(auth, country, [input], now);
    if (!analysed) throw new Error('payout create: nothing analysed');
    if (analysed.error !== null) {
      if (analysed.error === PAYOUT_MESSAGES.referenceUsed(input.merchantReference))
        throw PayoutErrors.referenceUsed(input.merchantReference);
      throw PayoutErrors.railClosed(input.productType);
    }
    return analysed as Analysed & { draft: PayoutDraft };
  }

  /** The quote of a single payout (dryRun): amount, fee, VAT, the balance after, its possible duplicates. */
  private async quoteSingle(auth: AuthContext, body: CreateBody, input: PayoutInput, now: Date): Promise<PayoutCreateAnswer> {
    const analysed = await this.analyseSingle(auth, body.country, input, now);
    const holderId = auth.scope.subMerchantId ?? auth.scope.merchantId;
    const balance = await payoutAccountBalance(this.db, holderId, body.country);
    const currency = COUNTRY_INFO[body.country].currency;
    return { quote: quoteOfDrafts(currency, [analysed.draft], balance.available), duplicates: analysed.duplicates, payout: null };
  }

  private async createSingle(
    auth: AuthContext,
    body: CreateBody,
    input: PayoutInput,
    requestId: string,
    requestHash: string,
    client: ActivityClient,
    now: Date,
  ): Promise<PayoutCreateAnswer> {
    const analysed = await this.analyseSingle(auth, body.country, input, now);
    const draft = analysed.draft;
    if (analysed.duplicates.length > 0 && !body.confirmDuplicates) throw PayoutErrors.duplicatesNotConfirmed(analysed.duplicates);
    const code = await this.codes.verify(
      auth,
      { country: body.country, count: SINGLE_MAX, amount: draft.amount },
      body.verifyCode as string,
    );
    const created = await this.createBatch(auth, client, {
      country: body.country,
      source: 'SINGLE',
      fileName: null,
      requestId,
      requestHash,
      drafts: [draft],
      duplicated: new Set(analysed.duplicates.length > 0 ? [draft] : []),
      code,
    });
    const [row] = await listPayouts(this.db, auth.scope, { country: body.country, batchId: created.batch.id }, null, 1);
    if (!row) throw new Error(`payout of batch ${created.batch.id} not found after its creation`);
    return {
      quote: quoteOfDrafts(COUNTRY_INFO[body.country].currency, [draft], created.batch.availableBefore),
      duplicates: analysed.duplicates,
      payout: payoutOf(row),
    };
  }

  /** The answer of a single payout's request id seen before: its first outcome, or requestReused for other content. */
  private async singleOutcome(auth: AuthContext, batch: PayoutBatchRow, requestHash: string): Promise<PayoutCreateAnswer> {
    if (batch.requestHash !== requestHash || batch.source !== 'SINGLE') throw PayoutErrors.requestReused();
    const [row] = await listPayouts(this.db, auth.scope, { country: batch.country, batchId: batch.id }, null, 1);
    if (!row) throw PayoutErrors.requestReused();
    const total = batch.amount + batch.fee + batch.vat;
    return {
      quote: {
        currency: batch.currency as Currency,
        count: batch.rowCount,
        amount: batch.amount,
        fee: batch.fee,
        vat: batch.vat,
        total,
        availableBefore: batch.availableBefore,
        availableAfter: batch.availableBefore - total,
        sufficient: true,
      },
      duplicates: [],
      payout: payoutOf(row),
    };
  }

  // ---- creation: the batch -----------------------------------------------------------------------

  /**
   * Creates the drafts as one batch, all or nothing, in one database transaction: the payout
   * account is locked (the ledger's lock order: it comes first), the batch row claims the request
   * id (a concurrent request of the same id waits, then finds it: RequestSeen), the verification
   * code is used up, the account must cover amount + fee + VAT of every draft, then the
   * transactions, the approval rows, one PAYOUT_RESERVED entry per payout and the daily figures
   * are written in bulk.
   */
  private async createBatch(auth: AuthContext, client: ActivityClient, req: CreationRequest): Promise<Created> {
    const now = this.clock();
    const holderId = auth.scope.subMerchantId ?? auth.scope.merchantId;
    const creator = await findUserContact(this.db, auth.userId);
    const creatorName = creator?.name ?? auth.username;
    const currency = COUNTRY_INFO[req.country].currency;
    const createdDate = localDateOf(COUNTRY_INFO[req.country].timezoneName, now);
    const expiresAt = new Date(now.getTime() + PAYOUT_APPROVAL_EXPIRY_DAYS * DAY_MS);
    const quote = quoteOfDrafts(currency, req.drafts, 0);
    return this.db.transaction(async (tx) => {
      const account = await ensureLocalAccount(tx, holderId, req.country, ACCOUNT_TYPE_OF_PRODUCT.payout);
      // Lock order (ledger.service.ts): the merchant's account first; every row written after it.
      const locked = await lock(tx, [account.id]);
      const state = locked.get(account.id) as AccountState;
      const available = state.balances.AVAILABLE;
      const batch = await insertBatch(tx, {
        merchantId: auth.scope.merchantId,
        subMerchantId: auth.scope.subMerchantId,
        country: req.country,
        currency,
        source: req.source,
        fileName: req.fileName,
        requestId: req.requestId,
        requestHash: req.requestHash,
        createdBy: auth.userId,
        createdByName: creatorName,
        createdAt: now,
        rowCount: req.drafts.length,
        amount: quote.amount,
        fee: quote.fee,
        vat: quote.vat,
        availableBefore: available,
      });
      if (!batch) throw new RequestSeen();
      // The code is used up with the batch: a creation refused from here on leaves it usable.
      await this.codes.consume(tx, req.code);
      if (available < quote.total) throw PayoutErrors.insufficient(money(available, currency), money(quote.total, currency));

      const uniqueIds = req.drafts.map(() => newPayoutUniqueId(now));
      const inserted = await insertTransactions(
        tx,
        req.drafts.map((d, i) => {
          const uniqueId = uniqueIds[i] as string;
          return {
            uniqueId,
            merchantId: auth.scope.merchantId,
            subMerchantId: auth.scope.subMerchantId,
            accountId: account.id,
            productType: d.productType,
            country: req.country,
            currency,
            amount: d.amount,
            merchantReference: d.merchantReference === '' ? uniqueId : d.merchantReference,
            accountName: d.beneficiary.name,
            beneficiary: d.beneficiary,
            createdAt: now,
            createdDate,
            statusAt: now,
          };
        }),
      );
      let payoutRows: Awaited<ReturnType<typeof insertPayouts>>;
      try {
        payoutRows = await insertPayouts(
          tx,
          req.drafts.map((d, i) => {
            const t = inserted[i] as { id: number; uniqueId: string };
            return {
              batchId: batch.id,
              merchantId: auth.scope.merchantId,
              subMerchantId: auth.scope.subMerchantId,
              transactionId: t.id,
              country: req.country,
              productType: d.productType,
              amount: d.amount,
              fee: d.fee,
              vat: d.vat,
              merchantReference: d.merchantReference === '' ? t.uniqueId : d.merchantReference,
              beneficiaryKey: d.beneficiaryKey,
              rowNumber: d.rowNumber,
              createdBy: auth.userId,
              createdByName: creatorName,
              expiresAt,
              duplicateConfirmed: req.duplicated.has(d),
              createdAt: now,
            };
          }),
        );
      } catch (err) {
        // Another creation took a reference between the check and now.
        if (isUniqueViolation(err, 'payouts_reference_key')) {
          const ref = req.drafts.find((d) => d.merchantReference !== '')?.merchantReference ?? '';
          throw PayoutErrors.referenceUsed(ref);
        }
        throw err;
      }

      // One PAYOUT_RESERVED entry per payout (settlement and return read its reservation), written in bulk.
      const running: AccountState = { ...state, balances: { ...state.balances } };
      const entries: EntryToWrite[] = req.drafts.map((d, i) => {
        const draft = payoutReserved(running, d.amount, d.fee + d.vat);
        applyBalances(running, draft.lines);
        return { meta: { kind: draft.kind, transactionId: (inserted[i] as { id: number }).id, effectiveAt: now }, lines: draft.lines };
      });
      await writeMany(tx, entries, locked);
      await countTransactions(tx, {
        created: req.drafts.map((d) => ({
          merchantId: auth.scope.merchantId,
          holderId,
          country: req.country,
          statDate: createdDate,
          transactionType: 'PAY_OUT',
          productType: d.productType,
          status: 'CREATED',
          amount: d.amount,
          fee: 0,
          vat: 0,
          funnelStage: 0,
          cardToken: 'NONE',
          failReason: '',
        })),
      });
      const first = inserted[0] as { uniqueId: string };
      await this.activity.record(
        actorContext(auth, client),
        {
          event: 'PAYOUT_CREATED',
          outcome: 'SUCCESS',
          object:
            req.source === 'SINGLE'
              ? { type: 'PAYOUT', id: first.uniqueId, label: first.uniqueId }
              : { type: 'PAYOUT', id: `batch-${batch.id}`, label: req.fileName ?? `batch ${batch.id}` },
          details: {
            country: req.country,
            batchId: String(batch.id),
            count: String(req.drafts.length),
            amount: money(quote.amount, currency),
            charges: money(quote.fee + quote.vat, currency),
          },
        },
        tx,
      );
      // "Payouts awaiting your approval" to the others who may approve them (docs/decisions/0030), with the creation.
      await this.noticeApprovers(tx, auth, {
        at: now,
        batchId: batch.id,
        country: req.country,
        count: req.drafts.length,
        amount: quote.amount,
        currency,
        creatorName,
      });
      return {
        batch,
        payouts: payoutRows.map((p, i) => ({
          id: p.id,
          uniqueId: (inserted[i] as { uniqueId: string }).uniqueId,
          draft: req.drafts[i] as PayoutDraft,
        })),
      };
    });
  }

  /** Posts the approval notice of a new batch to the merchant's users who may approve it, but its creator. */
  private async noticeApprovers(
    tx: Db,
    auth: AuthContext,
    b: { at: Date; batchId: number; country: Country; count: number; amount: number; currency: string; creatorName: string },
  ): Promise<void> {
    const userIds = await usersHolding(tx, {
      merchantId: auth.scope.merchantId,
      subMerchantId: auth.scope.subMerchantId,
      country: b.country,
      code: 'payment:payout:approve' satisfies PermissionCode,
      exceptUserId: auth.userId,
    });
    const total = money(b.amount, b.currency);
    await postNotice(tx, {
      merchantId: auth.scope.merchantId,
      userIds,
      category: 'PAYOUT_APPROVAL',
      key: `payout-approval:${b.batchId}`,
      title: `${b.count} payout${b.count === 1 ? '' : 's'} awaiting your approval`,
      content: `${b.creatorName} created ${b.count} payout${b.count === 1 ? '' : 's'} of ${total} in all in ${b.country}. They are sent once another person approves them.`,
      link: '/payment/payout',
      params: { count: b.count, total, country: b.country, creator: b.creatorName },
      at: b.at,
    });
  }

  // ---- the file ----------------------------------------------------------------------------------

  /** The spec of a country's file, once the caller may see the country. */
  async fileSpec(auth: AuthContext, country: Country) {
    await requireCountry(this.db, auth, country, this.clock());
    return payoutBatchSpec(country);
  }

  /** `bath-create/file/check`: every row's errors and duplicates and the quote of the valid rows, as JSON; nothing is written. */
  async checkFile(auth: AuthContext, body: UploadBody, file: UploadedPart): Promise<PayoutBatchCheck> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const spec = payoutBatchSpec(body.country);
    const rows = await readBatchFile(spec, file);
    const valid = rows.filter((r): r is BatchRow<PayoutFileRow> & { result: { ok: true; value: PayoutFileRow } } => r.result.ok);
    const analysed = await this.analyse(auth, body.country, valid.map(inputOfRow), now);
    const byRow = new Map(analysed.map((a) => [a.input.rowNumber, a]));
    const drafts = analysed.flatMap((a) => (a.draft ? [a.draft] : []));
    const holderId = auth.scope.subMerchantId ?? auth.scope.merchantId;
    const balance = await payoutAccountBalance(this.db, holderId, body.country);
    const checkRows: PayoutCheckRow[] = [];
    for (const r of rows) {
      const a = byRow.get(r.rowNumber);
      const errors = r.result.ok ? (a?.error ? [a.error] : []) : [...r.result.errors];
      const duplicate = a?.draft ? a.duplicate : null;
      if (errors.length === 0 && duplicate === null) continue;
      const amount = r.result.ok ? r.result.value.amount : parseAmountToCents(r.cells.amount ?? '');
      checkRows.push({
        rowNumber: r.rowNumber,
        productType: r.cells.productType ?? '',
        name: r.cells.name ?? '',
        amount,
        errors,
        duplicate,
      });
    }
    const failed = rows.length - drafts.length;
    return {
      fileName: file.name,
      total: rows.length,
      ok: drafts.length,
      failed,
      quote: quoteOfDrafts(country.currency, drafts, balance.available),
      rows: checkRows,
      maxRows: PAYOUT_BATCH_MAX_ROWS,
    };
  }

  /**
   * `bath-create/file/upload` (through the batch tool): a dry run answers each row's outcome and
   * creates nothing; otherwise the valid rows become one batch (verification code bound to their
   * count and total, duplicates confirmed) and each created row's outcome names its payout. A
   * request id seen before answers the first outcome.
   */
  async processFile(
    auth: AuthContext,
    body: UploadBody,
    valid: readonly (BatchRow<PayoutFileRow> & { result: { ok: true; value: PayoutFileRow } })[],
    file: { name: string; content: Buffer },
    client: ActivityClient,
  ): Promise<ReadonlyMap<number, BatchOutcome>> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    const inputs = valid.map(inputOfRow);
    if (body.dryRun) {
      const outcomes = new Map<number, BatchOutcome>();
      for (const a of await this.analyse(auth, body.country, inputs, now)) {
        const rowNumber = a.input.rowNumber as number;
        outcomes.set(
          rowNumber,
          a.error !== null
            ? { ok: false, error: a.error }
            : { ok: true, values: { uniqueId: '', status: withDuplicate(PAYOUT_MESSAGES.fileRowValid, a.duplicate) } },
        );
      }
      return outcomes;
    }
    if (body.verifyCode === undefined) throw PayoutErrors.codeRequired();
    if (body.requestId === undefined) throw PayoutErrors.requestIdRequired();
    const requestId = body.requestId;
    const requestHash = sha256(`FILE|${body.country}|`, file.content);
    /** The first outcome of this request id, when it was used before (or just now, by a retry racing this one). */
    const firstOutcome = async (): Promise<ReadonlyMap<number, BatchOutcome> | null> => {
      const seen = await findBatchByRequest(this.db, auth.scope.merchantId, requestId);
      if (!seen) return null;
      if (seen.requestHash !== requestHash || seen.source !== 'FILE') throw PayoutErrors.requestReused();
      return this.fileOutcome(auth, seen, await this.analyse(auth, body.country, inputs, now, seen.id));
    };
    const before = await firstOutcome();
    if (before) return before;
    try {
      return await this.createFile(auth, body, inputs, { name: file.name, requestId, requestHash }, client, now);
    } catch (err) {
      const raced = await firstOutcome();
      if (raced) return raced;
      throw err;
    }
  }

  /** Creates the valid rows of a file as one batch (the checks, the code, then createBatch); each row's outcome. */
  private async createFile(
    auth: AuthContext,
    body: UploadBody,
    inputs: readonly PayoutInput[],
    request: { name: string; requestId: string; requestHash: string },
    client: ActivityClient,
    now: Date,
  ): Promise<ReadonlyMap<number, BatchOutcome>> {
    const analysed = await this.analyse(auth, body.country, inputs, now);
    const outcomes = new Map<number, BatchOutcome>();
    for (const a of analysed) if (a.error !== null) outcomes.set(a.input.rowNumber as number, { ok: false, error: a.error });
    const creatable = analysed.filter((a) => a.draft !== null);
    if (creatable.length === 0) throw PayoutErrors.noValidRows();
    const flagged = creatable.filter((a) => a.duplicate !== null);
    if (flagged.length > 0 && !body.confirmDuplicates) {
      throw PayoutErrors.duplicatesNotConfirmed(
        flagged.map((a) => a.duplicate as PayoutDuplicate),
        flagged.map((a) => a.input.rowNumber as number),
      );
    }
    const drafts = creatable.map((a) => a.draft as PayoutDraft);
    const amount = drafts.reduce((s, d) => s + d.amount, 0);
    const code = await this.codes.verify(auth, { country: body.country, count: drafts.length, amount }, body.verifyCode as string);
    const created = await this.createBatch(auth, client, {
      country: body.country,
      source: 'FILE',
      fileName: request.name,
      requestId: request.requestId,
      requestHash: request.requestHash,
      drafts,
      duplicated: new Set(flagged.map((a) => a.draft as PayoutDraft)),
      code,
    });
    const duplicateOfDraft = new Map(creatable.map((a) => [a.draft, a.duplicate]));
    for (const p of created.payouts) {
      outcomes.set(p.draft.rowNumber as number, {
        ok: true,
        values: { uniqueId: p.uniqueId, status: withDuplicate(PAYOUT_MESSAGES.fileRowCreated, duplicateOfDraft.get(p.draft) ?? null) },
      });
    }
    return outcomes;
  }

  /** The outcome of a file's request seen before: its created rows, and why the others were not created. */
  private async fileOutcome(
    auth: AuthContext,
    batch: PayoutBatchRow,
    analysed: readonly Analysed[],
  ): Promise<ReadonlyMap<number, BatchOutcome>> {
    const rows = await listPayouts(this.db, auth.scope, { country: batch.country, batchId: batch.id }, null, PAYOUT_BATCH_MAX_ROWS + 1);
    const byRow = new Map(rows.map((r) => [r.payout.rowNumber, r]));
    const outcomes = new Map<number, BatchOutcome>();
    for (const a of analysed) {
      const rowNumber = a.input.rowNumber as number;
      const created = byRow.get(rowNumber);
      if (created)
        outcomes.set(rowNumber, {
          ok: true,
          values: { uniqueId: created.uniqueId, status: withDuplicate(PAYOUT_MESSAGES.fileRowCreated, a.duplicate) },
        });
      else outcomes.set(rowNumber, { ok: false, error: a.error ?? PAYOUT_MESSAGES.requestReused });
    }
    return outcomes;
  }

  // ---- verification code -------------------------------------------------------------------------

  async sendCode(auth: AuthContext, body: { country: Country; count: number; amount: number }) {
    await requireCountry(this.db, auth, body.country, this.clock());
    return this.codes.send(auth, body);
  }

  // ---- approval ----------------------------------------------------------------------------------

  async approve(auth: AuthContext, body: DecisionBody, client: ActivityClient): Promise<PayoutDecisionAnswer> {
    return this.decideAll(auth, body, 'APPROVE', '', client);
  }

  async refuse(auth: AuthContext, body: RefuseBody, client: ActivityClient): Promise<PayoutDecisionAnswer> {
    return this.decideAll(auth, body, 'REFUSE', body.reason ?? '', client);
  }

  /**
   * Approves or refuses the chosen payouts (or a batch's): never the caller's own (four eyes),
   * only PENDING ones, only the caller's (others are skipped as NOT_FOUND, whoever's they are;
   * when none is, the call answers NOT_FOUND like an unknown batch).
   * One database transaction per call; each payout's update is conditional on PENDING.
   */
  private async decideAll(
    auth: AuthContext,
    body: DecisionBody,
    action: 'APPROVE' | 'REFUSE',
    reason: string,
    client: ActivityClient,
  ): Promise<PayoutDecisionAnswer> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    let rows: DecisionRow[];
    const skipped: PayoutDecisionAnswer['skipped'] = [];
    if (body.batchId !== undefined) {
      rows = await decisionRowsOfBatch(this.db, auth.scope, body.country, body.batchId);
      if (rows.length === 0) throw PayoutErrors.batchNotFound();
    } else {
      const ids = body.ids ?? [];
      rows = await decisionRowsByIds(this.db, auth.scope, body.country, ids);
      // None of them is the caller's: answered as for ids nobody has (whether another merchant's exist is never told).
      if (rows.length === 0) throw PayoutErrors.payoutsNotFound();
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!found.has(id)) skipped.push({ id, uniqueId: null, reason: 'NOT_FOUND' });
    }
    const eligible: DecisionRow[] = [];
    for (const r of rows) {
      if (r.createdBy === auth.userId) skipped.push({ id: r.id, uniqueId: r.uniqueId, reason: 'OWN_PAYOUT' });
      else if (r.approvalStatus !== 'PENDING') skipped.push({ id: r.id, uniqueId: r.uniqueId, reason: 'NOT_PENDING' });
      else eligible.push(r);
    }
    if (eligible.length === 0) {
      if (skipped.length > 0 && skipped.every((s) => s.reason === 'OWN_PAYOUT')) throw PayoutErrors.ownPayout();
      return { decided: 0, amount: 0, skipped: sortSkips(skipped) };
    }
    const decider = await findUserContact(this.db, auth.userId);
    const name = decider?.name ?? auth.username;
    const decided = await this.db.transaction(async (tx) => {
      const ids = await (action === 'APPROVE'
        ? this.approveIn(tx, eligible, auth.userId, name, now)
        : this.refuseIn(tx, eligible, { by: auth.userId, name, reason: reason.trim() }, now));
      const done = eligible.filter((r) => ids.has(r.id));
      if (done.length > 0) {
        const currency = COUNTRY_INFO[body.country].currency;
        await this.activity.record(
          actorContext(auth, client),
          {
            event: action === 'APPROVE' ? 'PAYOUT_APPROVED' : 'PAYOUT_REFUSED',
            outcome: 'SUCCESS',
            object:
              done.length === 1
                ? { type: 'PAYOUT', id: (done[0] as DecisionRow).uniqueId, label: (done[0] as DecisionRow).uniqueId }
                : { type: 'PAYOUT', id: body.batchId === undefined ? `${done.length} payouts` : `batch-${body.batchId}`, label: null },
            details: {
              country: body.country,
              count: String(done.length),
              amount: money(
                done.reduce((s, r) => s + r.amount, 0),
                currency,
              ),
              ...(body.batchId === undefined ? {} : { batchId: String(body.batchId) }),
              ...(action === 'REFUSE' && reason.trim() !== '' ? { reason: reason.trim().slice(0, 200) } : {}),
            },
          },
          tx,
        );
      }
      return done;
    });
    const decidedIds = new Set(decided.map((r) => r.id));
    for (const r of eligible) if (!decidedIds.has(r.id)) skipped.push({ id: r.id, uniqueId: r.uniqueId, reason: 'NOT_PENDING' });
    return { decided: decided.length, amount: decided.reduce((s, r) => s + r.amount, 0), skipped: sortSkips(skipped) };
  }

  /** Approves those still PENDING and offers them to the platform with their quoted fee and VAT. */
  private async approveIn(tx: Db, rows: readonly DecisionRow[], by: number, name: string, now: Date): Promise<Set<number>> {
    const done = await decide(
      tx,
      rows.map((r) => r.id),
      { approvalStatus: 'APPROVED', decidedBy: by, decidedByName: name, decidedAt: now, refuseReason: null },
    );
    await offerPayouts(
      tx,
      done.map((d) => ({ transactionId: d.transactionId, fee: d.fee, vat: d.vat })),
      now,
    );
    return new Set(done.map((d) => d.id));
  }

  /** Refuses those still PENDING: approval REJECTED, transaction REJECTED with who and why, reservation returned. */
  private async refuseIn(
    tx: Db,
    rows: readonly DecisionRow[],
    who: { by: number; name: string; reason: string },
    now: Date,
  ): Promise<Set<number>> {
    const statusReason = PAYOUT_MESSAGES.refusedBy(who.name, who.reason);
    return endPayouts(tx, rows, now, {
      approval: { decidedBy: who.by, decidedByName: who.name, refuseReason: who.reason === '' ? null : who.reason },
      status: 'REJECTED',
      statusReason,
    });
  }
}

/** Rows a count reads at most: one beyond the exact total says "more". */
const MAX_COUNT = MAX_EXACT_TOTAL + 1;

function sortSkips(skipped: PayoutDecisionAnswer['skipped']): PayoutDecisionAnswer['skipped'] {
  return [...skipped].sort((a, b) => a.id - b.id);
}

/** The input of a file's valid row. */
function inputOfRow(r: BatchRow<PayoutFileRow> & { result: { ok: true; value: PayoutFileRow } }): PayoutInput {
  const v = r.result.value;
  return {
    rowNumber: r.rowNumber,
    productType: v.productType,
    amount: v.amount,
    merchantReference: v.merchantReference,
    beneficiary: v.beneficiary,
  };
}

/** The status text of a row, with the payout it may repeat. */
function withDuplicate(status: string, duplicate: PayoutDuplicate | null): string {
  if (duplicate === null) return status;
  const of = duplicate.uniqueId !== null ? `${duplicate.uniqueId} (${duplicate.status ?? ''})` : `row ${duplicate.rowNumber}`;
  return PAYOUT_MESSAGES.fileRowDuplicate(status, of);
}

/** Lines applied to one account's running balances (the posting rules' view between entries of a batch). */
function applyBalances(state: AccountState, lines: Parameters<typeof applyLines>[1]): void {
  const map = new Map<number, BucketBalances>([[state.id, state.balances]]);
  applyLines(map, lines);
}

/**
 * Ends PENDING payouts before the platform had them (refused, or expired): the approval becomes
 * REJECTED (conditional: those decided meanwhile are left), their transactions REJECTED or
 * CANCELLED with the reason, each one's whole reservation returned (PAYOUT_RETURNED, from the
 * ledger: what its RESERVED postings hold) and the daily figures moved. Locks the payout
 * accounts first (the ledger's lock order). Answers the payouts ended.
 */
export async function endPayouts(
  tx: Db,
  rows: readonly DecisionRow[],
  now: Date,
  end: {
    approval: { decidedBy: number | null; decidedByName: string | null; refuseReason: string | null };
    status: 'REJECTED' | 'CANCELLED';
    statusReason: string;
  },
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const locked: LockedAccounts = await lock(tx, [...new Set(rows.map((r) => r.accountId))]);
  const done = await decide(
    tx,
    rows.map((r) => r.id),
    { approvalStatus: 'REJECTED', decidedAt: now, ...end.approval },
  );
  if (done.length === 0) return new Set();
  const transactionIds = done.map((d) => d.transactionId);
  const before = await transactionsById(tx, transactionIds);
  const after = await endTransactions(tx, transactionIds, { status: end.status, statusReason: end.statusReason, at: now });
  if (after.length !== done.length) throw new Error('payouts ended: a PENDING payout’s transaction was no longer CREATED');
  const reserved = await reservationsOf(tx, transactionIds);
  const running = new Map<number, AccountState>();
  for (const [id, state] of locked) running.set(id, { ...state, balances: { ...state.balances } });
  const entries: EntryToWrite[] = [];
  for (const t of after) {
    const amount = reserved.get(t.id) ?? 0;
    if (amount <= 0) continue;
    const account = running.get(t.accountId) as AccountState;
    const draft = payoutReturned(account, amount);
    applyBalances(account, draft.lines);
    entries.push({ meta: { kind: draft.kind, transactionId: t.id, effectiveAt: now }, lines: draft.lines });
  }
  await writeMany(tx, entries, locked);
  const beforeById = new Map(before.map((t) => [t.id, t]));
  await countTransactions(tx, {
    moved: after.map((t) => [statsFactOf(beforeById.get(t.id) ?? t), statsFactOf(t)] as const),
  });
  return new Set(done.map((d) => d.id));
}

/** The reason of a payout cancelled because nobody decided in time. */

/**
 * Cancels PENDING payouts whose approval ran out (the payout-expiry job): each account's payouts
 * in a small transaction of their own, conditional on PENDING (safe to run in several processes,
 * and again). Answers how many were cancelled.
 */
export async function expireDuePayouts(db: Db, clock: Clock, limit = 500): Promise<number> {
  const now = clock();
  let expired = 0;
  for (;;) {
    const due = await expiredPayouts(db, now, limit);
    if (due.length === 0) break;
    const byAccount = new Map<number, DecisionRow[]>();
    for (const r of due) {
      const list = byAccount.get(r.accountId);
      if (list) list.push(r);
      else byAccount.set(r.accountId, [r]);
    }
    let progressed = 0;
    for (const rows of byAccount.values()) {
      const done = await db.transaction((tx) =>
        endPayouts(tx, rows, now, {
          approval: { decidedBy: null, decidedByName: null, refuseReason: PAYOUT_MESSAGES.approvalExpired },
          status: 'CANCELLED',
          statusReason: PAYOUT_MESSAGES.approvalExpired,
        }),
      );
      progressed += done.size;
    }
    expired += progressed;
    if (progressed === 0 || due.length < limit) break;
  }
  return expired;
}
