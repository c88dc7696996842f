import { createHash } from 'node:crypto';
import { ACCOUNT_TYPE_OF_PRODUCT, TOPUP_ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import { HOLD_FLAGS, type Product, productTypesOf, type TransactionStatus } from '@andes/contract/common/enums';
import {
  base64DecodedLength,
  type EventAck,
  type IncomingAttachment,
  PlatformEvent,
  providerMismatchOf,
  type TransactionCreatedData,
} from '@andes/contract/platform/schemas';
import type { TransferProvider } from '@andes/contract/transaction/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Attachment } from '../../db/schema/transactions.ts';
import { isAppError } from '../../http/errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { upsertFxRate } from '../accounting/accounting.repository.ts';
import { applyRequestEvent, isRequestEvent, type RequestEventOf } from '../accounting/provider.ts';
import { receiveChargeback } from '../chargeback/chargeback.core.ts';
import { applyChargebackOutcome, type ChargebackOutcomeEvent, isChargebackOutcome } from '../chargeback/chargeback.provider.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { putFiles } from '../files/files.service.ts';
import { isUniqueViolation } from '../iam/unique-violation.ts';
import { countNewTransaction, moveTransaction, statsFactOf } from '../ledger/daily-stats.ts';
import { reservationsOf } from '../ledger/ledger.repository.ts';
import { ensureGlobalAccount, ensureLocalAccount, type LockedAccounts, lock, systemAccounts, write } from '../ledger/ledger.service.ts';
import {
  type AccountState,
  chargedBack,
  type EntryDraft,
  globalToppedUp,
  globalTransferredOut,
  held,
  payinSettled,
  payoutReserved,
  payoutReturned,
  payoutSettled,
  RuleRefusal,
  refunded,
  settlementSplit,
  unheld,
} from '../ledger/posting-rules.ts';
import { linkPayinChanged } from '../payment-link/payment-link.repository.ts';
import { decideNewPayin, payinChargedBack, payinFailed, storedDecisionAck } from '../risk/risk.decisions.ts';
import { applyCaseEvent, type CaseEvent, isCaseEvent } from '../support/support.provider.ts';
import {
  approvalOf,
  authoriseTransaction,
  type EventOutcomeValue,
  findEvent,
  findMerchantByCode,
  findTransactionForUpdate,
  holderHasCountry,
  insertEvent,
  insertGlobalMovement,
  insertReleases,
  insertTransaction,
  lockSubject,
  type MerchantRow,
  markOutboxAccepted,
  parkedEvents,
  referenceUsed,
  releasesOf,
  setEventOutcome,
  type TransactionRow,
  transactionExists,
  updateScheduledRelease,
  updateTransaction,
} from './events.repository.ts';
import { PlatformErrors } from './platform.errors.ts';
import { describedColumnsOf, INSUFFICIENT_BALANCE_REASON } from './transaction-columns.ts';
import { type StatusEvent, TRANSITIONS, transitionOf } from './transaction-states.ts';

/**
 * The ingestion of platform events (docs/balances.md "What each event posts"). One event, one
 * database transaction: the idempotency record (platform_events, inserted first: its primary key
 * decides between two deliveries of one id), the transaction row, the ledger entry and the daily
 * figures commit together. A refused event (validation, CONFLICT, NOT_FOUND, INSUFFICIENT_BALANCE)
 * rolls everything back, its id included, so the platform can correct it or send it again later.
 */

type EventOf<T extends PlatformEvent['type']> = Extract<PlatformEvent, { type: T }>;
/** The events about a transaction the platform created before (the others: creation, the global account, accounting requests, rates). */
type TransactionEvent = Exclude<
  PlatformEvent,
  | EventOf<'transaction.created' | 'global.topped_up' | 'global.transferred_out' | 'fx.rate_published'>
  | RequestEventOf
  | ChargebackOutcomeEvent
  | CaseEvent
>;

/** The product of each transaction type the platform creates. */
const PRODUCT_OF_TYPE: Readonly<Record<TransactionCreatedData['transactionType'], Product>> = {
  PAY_IN: 'payin',
  PAY_OUT: 'payout',
  MARKET_PLACE_ORDERS: 'marketplace',
};

/** Deadlocks and serialisation failures are retried this many times in all (PostgreSQL only). */
const MAX_ATTEMPTS = 3;

/** SHA-256 of the event as JSON with sorted keys: the same event always hashes the same. */
export function payloadHashOf(event: PlatformEvent): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(event)))
    .digest('hex');
}

function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A refusal that escaped a handler as a driver or rule error, as the platform should read it. */
function translate(error: unknown): unknown {
  if (error instanceof RuleRefusal)
    return error.insufficient ? PlatformErrors.insufficient(error.message) : PlatformErrors.conflict(error.message);
  if (isUniqueViolation(error, 'transactions_unique_id_key'))
    return PlatformErrors.conflict('A transaction with this unique id already exists');
  if (isUniqueViolation(error, 'global_movements_reference_key')) {
    return PlatformErrors.conflict('This reference was already used for a global movement of the merchant');
  }
  return error;
}

const maxDate = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const localDate = (country: string, at: Date) => localDateOf(COUNTRY_INFO[country as keyof typeof COUNTRY_INFO].timezoneName, at);

/**
 * The provider of a transfer after an event that may name it (docs/decisions/0017-proof-provider.md):
 * the one named, which must fit the transaction's product type (else VALIDATION_FAILED, as
 * `transaction.created` answers it) and the provider recorded before, if any (else CONFLICT); the
 * one recorded when the event names none.
 */
function providerAfter(t: TransactionRow, named: TransferProvider | undefined): TransferProvider | null {
  if (named === undefined) return t.provider;
  const mismatch = providerMismatchOf(named, t.productType);
  if (mismatch !== null) throw PlatformErrors.invalid('data.provider', `Transaction ${t.uniqueId}: ${mismatch}`);
  if (t.provider !== null && t.provider !== named) {
    throw PlatformErrors.conflict(`Transaction ${t.uniqueId} was carried by ${t.provider}; the event names ${named}`);
  }
  return named;
}

/** Runs a rule; its refusal becomes the platform's answer (INSUFFICIENT_BALANCE or CONFLICT). */
function ruled<T>(rule: () => T, context: string): T {
  try {
    return rule();
  } catch (err) {
    if (err instanceof RuleRefusal) {
      const message = `${context}: ${err.message}`;
      throw err.insufficient ? PlatformErrors.insufficient(message) : PlatformErrors.conflict(message);
    }
    throw err;
  }
}

function accountOf(locked: LockedAccounts, id: number): AccountState {
  const account = locked.get(id);
  if (!account) throw new Error(`account ${id} is not locked`);
  return account;
}

/** What a handler needs: the database transaction, the event, its merchant and the times. */
interface EventContext {
  tx: Db;
  merchant: MerchantRow;
  eventId: string;
  /** When it happened (the event's occurredAt). */
  at: Date;
  /** When Andes applies it. */
  now: Date;
}

// ---- creating a transaction --------------------------------------------------------------------

/**
 * Records a new pay-in, payout or marketplace order of `merchant` (or of its sub-merchant):
 * checks it against the merchant's set-up, inserts the row in the holder's account of the
 * country and product, reserves a payout's amount (PAYOUT_RESERVED) — or records the payout
 * REJECTED when the available balance does not cover it — and counts it in the daily figures.
 * Used by `transaction.created`; the dashboard's payout creation can use it the same way.
 */
export async function createTransaction(
  tx: Db,
  merchant: MerchantRow,
  d: TransactionCreatedData,
  at: Date,
  eventId: string | null,
  /** Where the attachments' bytes go (docs/decisions/0019). */
  blobs: BlobStore,
): Promise<TransactionRow> {
  if (await transactionExists(tx, d.uniqueId)) throw PlatformErrors.conflict(`Transaction ${d.uniqueId} already exists`);
  let holderId = merchant.id;
  let subMerchantId: number | null = null;
  if (d.subMerchantCode !== undefined) {
    const sub = await findMerchantByCode(tx, d.subMerchantCode);
    if (!sub || sub.parentId !== merchant.id) throw PlatformErrors.subMerchantNotFound(d.subMerchantCode, merchant.code);
    holderId = sub.id;
    subMerchantId = sub.id;
  }
  const info = COUNTRY_INFO[d.country];
  if (d.currency !== info.currency) {
    throw PlatformErrors.invalid('data.currency', `A ${d.country} transaction is in ${info.currency}, not ${d.currency}`);
  }
  if (!productTypesOf(d.country).includes(d.productType)) {
    throw PlatformErrors.invalid('data.productType', `${d.productType} is not a product type of ${d.country}`);
  }
  if (!(await holderHasCountry(tx, holderId, d.country))) {
    throw PlatformErrors.invalid('data.country', `${d.subMerchantCode ?? merchant.code} is not set up in ${d.country}`);
  }
  const product = PRODUCT_OF_TYPE[d.transactionType];
  const account = await ensureLocalAccount(tx, holderId, d.country, ACCOUNT_TYPE_OF_PRODUCT[product]);
  // The files' rows go in the same database transaction (their bytes to the blob store just before):
  // a refused event leaves no row behind, and the blob sweep deletes its blobs.
  const attachments = await storeAttachments(tx, blobs, merchant.id, d.attachments ?? []);

  let status: TransactionStatus = d.status;
  let statusReason: string | null = null;
  let reservation: EntryDraft | null = null;
  let locked: LockedAccounts | undefined;
  if (product !== 'payin') {
    locked = await lock(tx, [account.id]);
    try {
      reservation = payoutReserved(accountOf(locked, account.id), d.amount);
    } catch (err) {
      if (!(err instanceof RuleRefusal && err.insufficient)) throw err;
      status = 'REJECTED';
      statusReason = INSUFFICIENT_BALANCE_REASON;
    }
  }
  const row = await insertTransaction(tx, {
    uniqueId: d.uniqueId,
    merchantId: merchant.id,
    subMerchantId,
    accountId: account.id,
    transactionType: d.transactionType,
    product,
    productType: d.productType,
    country: d.country,
    currency: d.currency,
    amount: d.amount,
    status,
    statusReason,
    ...describedColumnsOf(d),
    attachments,
    cardBin: d.card?.bin ?? null,
    cardLast4: d.card?.last4 ?? null,
    createdAt: at,
    createdDate: localDate(d.country, at),
    statusAt: at,
  });
  if (reservation) await write(tx, { kind: reservation.kind, transactionId: row.id, eventId, effectiveAt: at }, reservation.lines, locked);
  await countNewTransaction(tx, statsFactOf(row));
  return row;
}

/** Stores a new transaction's files in the file store; what the transaction row keeps of them. */
async function storeAttachments(tx: Db, blobs: BlobStore, merchantId: number, files: readonly IncomingAttachment[]): Promise<Attachment[]> {
  if (files.length === 0) return [];
  const stored = await putFiles(
    tx,
    blobs,
    merchantId,
    files.map((f) => ({ name: f.name, content: Buffer.from(f.contentBase64, 'base64') })),
  );
  return stored.map(({ fileId, name, size, contentType }) => ({ fileId, name, size, contentType }));
}

/**
 * The event as recorded in platform_events: the attachments' bytes are left out (they are in the
 * file store once; the payload hash still covers them, so a replay with other bytes is a CONFLICT).
 */
export function recordedPayloadOf(event: PlatformEvent): unknown {
  if (event.type === 'case.replied' && event.data.attachments) {
    const attachments = event.data.attachments.map(({ contentBase64, ...rest }) => ({ ...rest, size: base64DecodedLength(contentBase64) }));
    return { ...event, data: { ...event.data, attachments } };
  }
  if (event.type !== 'transaction.created' || !event.data.attachments) return event;
  const attachments = event.data.attachments.map(({ contentBase64, ...rest }) => ({
    ...rest,
    size: base64DecodedLength(contentBase64),
  }));
  return { ...event, data: { ...event.data, attachments } };
}

// ---- the service -------------------------------------------------------------------------------

export class PlatformEventsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly blobs: BlobStore,
    /** The e-mails events send (support case replies, docs/decisions/0029); none without it. */
    private readonly mail: { mailer: Mailer; publicUrl: string } | null = null,
  ) {}

  /** Applies one event (or answers the first outcome of a repeated id). */
  async apply(event: PlatformEvent): Promise<EventAck> {
    const hash = payloadHashOf(event);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const mailIds: number[] = [];
        const ack = await this.db.transaction((tx) => this.applyIn(tx, event, hash, mailIds));
        // The e-mails queued with the event, delivered once it committed.
        for (const id of mailIds) this.mail?.mailer.dispatch(id);
        return ack;
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw translate(err);
      }
    }
  }

  private async applyIn(tx: Db, event: PlatformEvent, hash: string, mailIds: number[]): Promise<EventAck> {
    const merchant = await findMerchantByCode(tx, event.merchantCode);
    if (!merchant) throw PlatformErrors.merchantNotFound(event.merchantCode);
    if (merchant.parentId !== null) throw PlatformErrors.notTopLevel(merchant.code);
    const now = this.clock();
    const at = new Date(event.occurredAt);
    const subject = subjectOf(event);
    const inserted = await insertEvent(tx, {
      eventId: event.eventId,
      type: event.type,
      merchantId: merchant.id,
      subject,
      payload: recordedPayloadOf(event),
      payloadHash: hash,
      occurredAt: at,
      receivedAt: now,
    });
    if (!inserted) {
      const first = await findEvent(tx, event.eventId);
      if (!first) throw new Error(`event ${event.eventId} neither inserted nor found`);
      if (first.payloadHash !== hash) throw PlatformErrors.eventIdReused(event.eventId);
      // A repeated pay-in answers the risk decision made the first time (docs/decisions/0028).
      const risk = event.type === 'transaction.created' ? await storedDecisionAck(tx, merchant.id, event.data.uniqueId) : {};
      return { eventId: event.eventId, outcome: first.outcome, duplicate: true, ...risk };
    }
    const ctx: EventContext = { tx, merchant, eventId: event.eventId, at, now };
    let outcome: EventOutcomeValue;
    let risk: EventAck['risk'];
    switch (event.type) {
      case 'global.topped_up':
        outcome = await this.toppedUp(ctx, event);
        break;
      case 'global.transferred_out':
        outcome = await this.transferredOut(ctx, event);
        break;
      case 'transaction.created':
        await lockSubject(tx, subject);
        {
          const created = await createTransaction(tx, merchant, event.data, at, event.eventId, this.blobs);
          // The merchant's risk rules decide on a new pay-in, before its parked events (docs/decisions/0028).
          if (created.transactionType === 'PAY_IN') risk = await decideNewPayin(tx, created, event.data, now);
        }
        await this.applyParked(ctx, subject);
        outcome = 'APPLIED';
        break;
      case 'fx.rate_published':
        // The provider's rate, not the merchant's: merchantCode only has to name a merchant (the
        // envelope of every event requires one), and is otherwise ignored (docs/decisions/0027).
        await upsertFxRate(tx, event.data.currency, event.data.rate, at);
        outcome = 'APPLIED';
        break;
      default:
        if (isRequestEvent(event)) {
          outcome = await applyRequestEvent(tx, merchant, event, { eventId: event.eventId, at, now });
          break;
        }
        // A chargeback's outcome (docs/decisions/0028): about the chargeback, not parked.
        if (isChargebackOutcome(event)) {
          await lockSubject(tx, subject);
          outcome = await applyChargebackOutcome(tx, merchant, event, { eventId: event.eventId, at });
          break;
        }
        // A support case's reply or change of status (docs/decisions/0029): about the case, not parked.
        if (isCaseEvent(event)) {
          outcome = await applyCaseEvent(tx, merchant, event, {
            eventId: event.eventId,
            at,
            now,
            blobs: this.blobs,
            mailer: this.mail?.mailer ?? null,
            publicUrl: this.mail?.publicUrl ?? '',
            mailIds,
          });
          break;
        }
        await lockSubject(tx, subject);
        outcome = await this.onTransaction(ctx, event);
    }
    if (outcome !== 'APPLIED') await setEventOutcome(tx, event.eventId, outcome, null);
    return { eventId: event.eventId, outcome, duplicate: false, ...(risk ? { risk } : {}) };
  }

  /**
   * The events that waited for this transaction, oldest first, each in a savepoint: one that the
   * transaction's state refuses now (CONFLICT, INSUFFICIENT_BALANCE) cannot be answered to the
   * platform any more (it was acknowledged as PARKED), so it is recorded STALE and logged.
   */
  private async applyParked(ctx: EventContext, subject: string): Promise<void> {
    for (const p of await parkedEvents(ctx.tx, subject)) {
      const parsed = PlatformEvent.safeParse(p.payload);
      if (!parsed.success || !isTransactionEvent(parsed.data)) {
        await setEventOutcome(ctx.tx, p.eventId, 'STALE', null);
        this.log.warn({ eventId: p.eventId }, 'parked event is not a transaction event: recorded STALE');
        continue;
      }
      if (p.merchantId !== ctx.merchant.id) {
        await setEventOutcome(ctx.tx, p.eventId, 'STALE', null);
        this.log.warn(
          { eventId: p.eventId, uniqueId: subject },
          'parked event names another merchant than its transaction: recorded STALE',
        );
        continue;
      }
      const event = parsed.data;
      try {
        const outcome = await ctx.tx.transaction((sp) =>
          this.onTransaction({ ...ctx, tx: sp, eventId: event.eventId, at: new Date(event.occurredAt) }, event),
        );
        await setEventOutcome(ctx.tx, p.eventId, outcome, outcome === 'APPLIED' ? ctx.now : null);
      } catch (err) {
        const refusal = translate(err);
        if (!isAppError(refusal)) throw err;
        await setEventOutcome(ctx.tx, p.eventId, 'STALE', null);
        this.log.warn(
          { eventId: p.eventId, uniqueId: subject, code: refusal.code, reason: refusal.message },
          'parked event refused when its transaction arrived: recorded STALE',
        );
      }
    }
  }

  /** An event about an existing transaction; PARKED while the transaction is unknown. */
  private async onTransaction(ctx: EventContext, event: TransactionEvent): Promise<EventOutcomeValue> {
    const t = await findTransactionForUpdate(ctx.tx, event.data.uniqueId);
    if (!t) return 'PARKED';
    if (t.merchantId !== ctx.merchant.id) {
      throw PlatformErrors.conflict(`Transaction ${t.uniqueId} belongs to another merchant than ${ctx.merchant.code}`);
    }
    switch (event.type) {
      case 'transaction.status_changed':
        return this.statusChanged(ctx, t, event);
      case 'transaction.settled':
        return this.settled(ctx, t, event);
      case 'transaction.refunded':
        return this.refunded(ctx, t, event);
      case 'transaction.charged_back':
        return this.chargedBack(ctx, t, event);
      case 'transaction.held':
        return this.held(ctx, t);
      case 'transaction.unheld':
        return this.unheld(ctx, t);
      case 'transaction.authorised':
        return this.authorised(ctx, t, event);
      case 'payout.status_changed':
        return this.payoutStatusChanged(ctx, t, event);
    }
  }

  /**
   * The state machine's verdict: throws CONFLICT for a wrong type or status; answers STALE for a
   * progress report older than the latest status applied; else the status after.
   */
  private check(
    ctx: EventContext,
    t: TransactionRow,
    event: StatusEvent,
  ): { stale: true } | { stale: false; to: TransactionStatus | null } {
    const verdict = transitionOf(event, t.uniqueId, t.transactionType, t.status);
    if (!verdict.ok && verdict.reason === 'WRONG_TYPE') throw PlatformErrors.conflict(verdict.message);
    if (!TRANSITIONS[event].fact && ctx.at.getTime() < t.statusAt.getTime()) return { stale: true };
    if (!verdict.ok) throw PlatformErrors.conflict(verdict.message);
    return { stale: false, to: verdict.to };
  }

  private async statusChanged(
    ctx: EventContext,
    t: TransactionRow,
    event: EventOf<'transaction.status_changed'>,
  ): Promise<EventOutcomeValue> {
    const verdict = this.check(ctx, t, `PAYIN_${event.data.status}`);
    if (verdict.stale) return 'STALE';
    const after = await updateTransaction(ctx.tx, t.id, t.status, {
      status: verdict.to ?? t.status,
      statusReason: event.data.reason ?? null,
      statusAt: ctx.at,
    });
    // Risk: a failed or rejected pay-in counts in FAILED velocity (docs/decisions/0028).
    if (after.status === 'FAILED' || after.status === 'REJECTED') await payinFailed(ctx.tx, t.id, ctx.at);
    // A payment through a payment link that failed: the payer may try again (docs/decisions/0035).
    if (after.status !== t.status) await linkPayinChanged(ctx.tx, t, after.status, ctx.at);
    await moveTransaction(ctx.tx, statsFactOf(t), statsFactOf(after));
    return 'APPLIED';
  }

  /**
   * The issuer authorised an open pay-in (docs/decisions/0031): the funnel stage rises to 2 and
   * `authorised_at` is set (the first report wins); the status stays. Stale like a status report.
   */
  private async authorised(ctx: EventContext, t: TransactionRow, event: EventOf<'transaction.authorised'>): Promise<EventOutcomeValue> {
    const verdict = this.check(ctx, t, 'PAYIN_AUTHORISED');
    if (verdict.stale) return 'STALE';
    const at = event.data.authorisedAt === undefined ? ctx.at : new Date(event.data.authorisedAt);
    const after = await authoriseTransaction(ctx.tx, t.id, t.status, at);
    await moveTransaction(ctx.tx, statsFactOf(t), statsFactOf(after));
    return 'APPLIED';
  }

  private async settled(ctx: EventContext, t: TransactionRow, event: EventOf<'transaction.settled'>): Promise<EventOutcomeValue> {
    this.check(ctx, t, 'PAYIN_SETTLED');
    const d = event.data;
    const provider = providerAfter(t, d.provider);
    const split = ruled(() => settlementSplit(t.amount, d.fee, d.vat, d.deposit), `Transaction ${t.uniqueId}`);
    const locked = await lock(ctx.tx, [t.accountId]);
    const sys = await systemAccounts(ctx.tx, t.currency);
    const draft = payinSettled(accountOf(locked, t.accountId), sys, t.amount, d.fee, d.vat, d.deposit);
    await write(ctx.tx, { kind: draft.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    const availableAt = new Date(d.availableAt);
    const after = await updateTransaction(ctx.tx, t.id, t.status, {
      status: 'SETTLED',
      statusReason: null,
      fee: d.fee,
      vat: d.vat,
      settledAt: ctx.at,
      availableAt,
      exchangeRate: d.exchangeRate ?? t.exchangeRate,
      e2eId: d.e2eId ?? t.e2eId,
      provider,
      statusAt: maxDate(t.statusAt, ctx.at),
    });
    const release = { transactionId: t.id, accountId: t.accountId, merchantId: t.merchantId, country: t.country };
    const rows = [];
    if (split.pending > 0) {
      rows.push({
        ...release,
        bucket: 'PENDING' as const,
        amount: split.pending,
        availableAt,
        availableDate: localDate(t.country, availableAt),
      });
    }
    if (split.deposit > 0 && d.depositReleaseAt !== undefined) {
      const at = new Date(d.depositReleaseAt);
      rows.push({
        ...release,
        bucket: 'DEPOSIT_HELD' as const,
        amount: split.deposit,
        availableAt: at,
        availableDate: localDate(t.country, at),
      });
    }
    await insertReleases(ctx.tx, rows);
    await moveTransaction(ctx.tx, statsFactOf(t), statsFactOf(after));
    // A payment through a payment link: the link is paid (docs/decisions/0035).
    await linkPayinChanged(ctx.tx, t, 'SETTLED', ctx.at);
    return 'APPLIED';
  }

  private async refunded(ctx: EventContext, t: TransactionRow, event: EventOf<'transaction.refunded'>): Promise<EventOutcomeValue> {
    this.check(ctx, t, 'PAYIN_REFUNDED');
    const d = event.data;
    if (t.holdStatus === HOLD_FLAGS.ON_HOLD) {
      throw PlatformErrors.conflict(`Transaction ${t.uniqueId} is on hold: it cannot be refunded before the hold is released`);
    }
    const left = t.amount - t.refundedAmount - t.chargedBackAmount;
    if (d.amount > left) {
      throw PlatformErrors.conflict(`The refund of ${d.amount} exceeds what is left to refund of transaction ${t.uniqueId} (${left})`);
    }
    if (await transactionExists(ctx.tx, d.refundId)) throw PlatformErrors.conflict(`Transaction ${d.refundId} already exists`);
    const locked = await lock(ctx.tx, [t.accountId]);
    const sys = await systemAccounts(ctx.tx, t.currency);
    const draft = ruled(() => refunded(accountOf(locked, t.accountId), sys, d.amount), `Refund ${d.refundId} of ${t.uniqueId}`);
    const refund = await insertTransaction(ctx.tx, {
      ...relatedRowOf(t, ctx.at),
      uniqueId: d.refundId,
      transactionType: 'REFUND',
      amount: d.amount,
      status: 'REFUNDED',
      statusReason: d.reason ?? null,
    });
    await write(ctx.tx, { kind: draft.kind, transactionId: refund.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    const refundedAmount = t.refundedAmount + d.amount;
    const full = refundedAmount === t.amount;
    const after = await updateTransaction(ctx.tx, t.id, t.status, {
      refundedAmount,
      refundStatus: full ? 'FULL' : 'PARTIAL',
      refundTime: ctx.at,
      status: full ? 'REFUNDED' : t.status,
      statusAt: maxDate(t.statusAt, ctx.at),
    });
    await countNewTransaction(ctx.tx, statsFactOf(refund));
    await moveTransaction(ctx.tx, statsFactOf(t), statsFactOf(after));
    return 'APPLIED';
  }

  /**
   * A chargeback takes the transaction's held money first (posting rules). A transaction on hold
   * leaves the hold: what the chargeback did not take goes back as an unhold would give it — to
   * PENDING with its release still scheduled (the release keeps its date, for that amount), else
   * to AVAILABLE — and a scheduled release with nothing left is CANCELLED. So PENDING always
   * equals the scheduled PENDING releases of the transactions not on hold.
   */
  private async chargedBack(ctx: EventContext, t: TransactionRow, event: EventOf<'transaction.charged_back'>): Promise<EventOutcomeValue> {
    this.check(ctx, t, 'PAYIN_CHARGED_BACK');
    const d = event.data;
    const left = t.amount - t.refundedAmount - t.chargedBackAmount;
    if (d.amount > left) {
      throw PlatformErrors.conflict(`The chargeback of ${d.amount} exceeds what is left of transaction ${t.uniqueId} (${left})`);
    }
    if (await transactionExists(ctx.tx, d.chargebackId)) throw PlatformErrors.conflict(`Transaction ${d.chargebackId} already exists`);
    const locked = await lock(ctx.tx, [t.accountId]);
    const sys = await systemAccounts(ctx.tx, t.currency);
    const onHold = t.holdStatus === HOLD_FLAGS.ON_HOLD;
    const draft = chargedBack(accountOf(locked, t.accountId), sys, d.amount, d.fee, onHold ? t.heldAmount : 0);
    const chargeback = await insertTransaction(ctx.tx, {
      ...relatedRowOf(t, ctx.at),
      uniqueId: d.chargebackId,
      transactionType: 'CHARGE_BACK',
      amount: d.amount,
      fee: d.fee,
      status: 'CHARGED_BACK',
      statusReason: d.reason,
    });
    await write(ctx.tx, { kind: draft.kind, transactionId: chargeback.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    if (onHold) {
      const remainder = t.heldAmount - draft.fromHeld;
      const pendingRelease = (await releasesOf(ctx.tx, t.id)).find((r) => r.bucket === 'PENDING');
      const scheduled = pendingRelease?.state === 'SCHEDULED';
      if (remainder > 0) {
        const back = unheld(accountOf(locked, t.accountId), remainder, scheduled);
        await write(ctx.tx, { kind: back.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, back.lines, locked);
      }
      if (pendingRelease && scheduled) {
        await updateScheduledRelease(ctx.tx, pendingRelease.id, remainder > 0 ? { amount: remainder } : { state: 'CANCELLED' });
      }
    }
    const after = await updateTransaction(ctx.tx, t.id, t.status, {
      status: 'CHARGED_BACK',
      chargedBackAmount: t.chargedBackAmount + d.amount,
      holdStatus: HOLD_FLAGS.UNHOLD,
      heldAmount: 0,
      statusAt: maxDate(t.statusAt, ctx.at),
    });
    await countNewTransaction(ctx.tx, statsFactOf(chargeback));
    // Risk: CHARGEBACK velocity and replays read when the pay-in was charged back (docs/decisions/0028).
    await payinChargedBack(ctx.tx, t.id, ctx.at);
    // The chargeback to defend (docs/decisions/0028), with its deadline.
    await receiveChargeback(ctx.tx, t, chargeback, d, ctx.at, ctx.now);
    await moveTransaction(ctx.tx, statsFactOf(t), statsFactOf(after));
    return 'APPLIED';
  }

  /**
   * The hold moves the transaction's money to ON_HOLD from where it sits: PENDING (its whole
   * scheduled release) while the release waits, else what it made available, as far as AVAILABLE
   * goes. The release job skips transactions on hold.
   */
  private async held(ctx: EventContext, t: TransactionRow): Promise<EventOutcomeValue> {
    this.check(ctx, t, 'PAYIN_HELD');
    if (t.holdStatus === HOLD_FLAGS.ON_HOLD) throw PlatformErrors.conflict(`Transaction ${t.uniqueId} is already on hold`);
    const releases = await releasesOf(ctx.tx, t.id);
    const pendingRelease = releases.find((r) => r.bucket === 'PENDING');
    const scheduled = pendingRelease?.state === 'SCHEDULED';
    const base = scheduled
      ? (pendingRelease?.amount ?? 0)
      : releases.filter((r) => r.state === 'RELEASED').reduce((sum, r) => sum + r.amount, 0);
    const locked = await lock(ctx.tx, [t.accountId]);
    const draft = held(accountOf(locked, t.accountId), base, scheduled);
    await write(ctx.tx, { kind: draft.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    await updateTransaction(ctx.tx, t.id, t.status, { holdStatus: HOLD_FLAGS.ON_HOLD, heldAmount: draft.held });
    return 'APPLIED';
  }

  private async unheld(ctx: EventContext, t: TransactionRow): Promise<EventOutcomeValue> {
    this.check(ctx, t, 'PAYIN_UNHELD');
    if (t.holdStatus !== HOLD_FLAGS.ON_HOLD) throw PlatformErrors.conflict(`Transaction ${t.uniqueId} is not on hold`);
    const pendingRelease = (await releasesOf(ctx.tx, t.id)).find((r) => r.bucket === 'PENDING');
    const locked = await lock(ctx.tx, [t.accountId]);
    const draft = unheld(accountOf(locked, t.accountId), t.heldAmount, pendingRelease?.state === 'SCHEDULED');
    await write(ctx.tx, { kind: draft.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    await updateTransaction(ctx.tx, t.id, t.status, { holdStatus: HOLD_FLAGS.UNHOLD, heldAmount: 0 });
    return 'APPLIED';
  }

  /**
   * A payout's (or marketplace order's) outcome. Any answer means the platform has the payout:
   * it is no longer offered through the outbox. SETTLED pays the reserved amount out with its fee
   * and VAT; FAILED, REJECTED and CANCELLED give the reserved amount back.
   */
  private async payoutStatusChanged(
    ctx: EventContext,
    t: TransactionRow,
    event: EventOf<'payout.status_changed'>,
  ): Promise<EventOutcomeValue> {
    const d = event.data;
    const verdict = this.check(ctx, t, `PAYOUT_${d.status}`);
    // A payout created in the dashboard is the platform's once approved: never before (four eyes).
    const approval = await approvalOf(ctx.tx, t.id);
    if (approval !== null && approval !== 'APPROVED') {
      throw PlatformErrors.conflict(`Payout ${t.uniqueId} was not approved for sending (${approval})`);
    }
    const provider = providerAfter(t, d.provider);
    await markOutboxAccepted(ctx.tx, t.id, ctx.now);
    if (verdict.stale) return 'STALE';
    const before = statsFactOf(t);
    let after: TransactionRow;
    if (d.status === 'IN_PROGRESS') {
      after = await updateTransaction(ctx.tx, t.id, t.status, {
        status: 'IN_PROGRESS',
        e2eId: d.e2eId ?? t.e2eId,
        provider,
        statusAt: ctx.at,
      });
    } else {
      // What its reservation holds: the amount, plus the quoted fee and VAT of a dashboard payout.
      const locked = await lock(ctx.tx, [t.accountId]);
      const reserved = (await reservationsOf(ctx.tx, [t.id])).get(t.id) ?? 0;
      const account = accountOf(locked, t.accountId);
      if (d.status === 'SETTLED') {
        if (reserved <= 0) throw PlatformErrors.conflict(`Payout ${t.uniqueId} has no reserved amount to pay out`);
        const fee = d.fee ?? 0;
        const vat = d.vat ?? 0;
        const sys = await systemAccounts(ctx.tx, t.currency);
        const draft = ruled(() => payoutSettled(account, sys, t.amount, fee, vat, reserved), `Payout ${t.uniqueId}`);
        await write(ctx.tx, { kind: draft.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
        after = await updateTransaction(ctx.tx, t.id, t.status, {
          status: 'SETTLED',
          statusReason: null,
          fee,
          vat,
          settledAt: ctx.at,
          e2eId: d.e2eId ?? t.e2eId,
          provider,
          statusAt: maxDate(t.statusAt, ctx.at),
        });
      } else {
        if (reserved > 0) {
          const draft = ruled(() => payoutReturned(account, reserved), `Payout ${t.uniqueId}`);
          await write(ctx.tx, { kind: draft.kind, transactionId: t.id, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
        }
        after = await updateTransaction(ctx.tx, t.id, t.status, {
          status: d.status,
          statusReason: d.reason ?? null,
          provider,
          statusAt: maxDate(t.statusAt, ctx.at),
        });
      }
    }
    await moveTransaction(ctx.tx, before, statsFactOf(after));
    return 'APPLIED';
  }

  // ---- the global account ----------------------------------------------------------------------

  private async toppedUp(ctx: EventContext, event: EventOf<'global.topped_up'>): Promise<EventOutcomeValue> {
    const d = event.data;
    await this.assertReferenceFree(ctx, d.reference);
    const global = await ensureGlobalAccount(ctx.tx, ctx.merchant.id);
    const locked = await lock(ctx.tx, [global.id]);
    const account = accountOf(locked, global.id);
    const startBalance = account.balances.AVAILABLE + account.balances.RESERVED;
    const sys = await systemAccounts(ctx.tx, global.currency);
    const draft = globalToppedUp(account, sys, d.amount);
    await write(ctx.tx, { kind: draft.kind, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    const after = accountOf(locked, global.id).balances;
    await insertGlobalMovement(ctx.tx, {
      merchantId: ctx.merchant.id,
      accountId: global.id,
      businessType: 'TOPUP',
      reference: d.reference,
      amount: d.amount,
      startBalance,
      endBalance: after.AVAILABLE + after.RESERVED,
      eventId: ctx.eventId,
      occurredAt: ctx.at,
    });
    return 'APPLIED';
  }

  private async transferredOut(ctx: EventContext, event: EventOf<'global.transferred_out'>): Promise<EventOutcomeValue> {
    const d = event.data;
    if (!(TOPUP_ACCOUNT_TYPES as readonly string[]).includes(d.targetAccountType)) {
      throw PlatformErrors.invalid(
        'data.targetAccountType',
        `Global funds go to ${TOPUP_ACCOUNT_TYPES.join(' or ')} accounts (the top-up modes), not ${d.targetAccountType}`,
      );
    }
    if (!(await holderHasCountry(ctx.tx, ctx.merchant.id, d.targetCountry))) {
      throw PlatformErrors.invalid('data.targetCountry', `${ctx.merchant.code} is not set up in ${d.targetCountry}`);
    }
    await this.assertReferenceFree(ctx, d.reference);
    const global = await ensureGlobalAccount(ctx.tx, ctx.merchant.id);
    const target = await ensureLocalAccount(ctx.tx, ctx.merchant.id, d.targetCountry, d.targetAccountType);
    const locked = await lock(ctx.tx, [global.id, target.id]);
    const account = accountOf(locked, global.id);
    const startBalance = account.balances.AVAILABLE + account.balances.RESERVED;
    const sysUsd = await systemAccounts(ctx.tx, global.currency);
    const sysLocal = await systemAccounts(ctx.tx, target.currency);
    const draft = ruled(
      () => globalTransferredOut(account, accountOf(locked, target.id), sysUsd, sysLocal, d.amount, d.targetAmount),
      `Transfer ${d.reference}`,
    );
    await write(ctx.tx, { kind: draft.kind, eventId: ctx.eventId, effectiveAt: ctx.at }, draft.lines, locked);
    const after = accountOf(locked, global.id).balances;
    await insertGlobalMovement(ctx.tx, {
      merchantId: ctx.merchant.id,
      accountId: global.id,
      businessType: 'TRANSFER_OUT',
      reference: d.reference,
      amount: -d.amount,
      targetAccountId: target.id,
      targetAmount: d.targetAmount,
      targetCurrency: target.currency,
      exchangeRate: d.exchangeRate,
      startBalance,
      endBalance: after.AVAILABLE + after.RESERVED,
      eventId: ctx.eventId,
      occurredAt: ctx.at,
    });
    return 'APPLIED';
  }

  private async assertReferenceFree(ctx: EventContext, reference: string): Promise<void> {
    if (await referenceUsed(ctx.tx, ctx.merchant.id, reference)) {
      throw PlatformErrors.conflict(`Reference ${reference} was already used for a global movement of ${ctx.merchant.code}`);
    }
  }
}

/** True for an event about an existing transaction (the ones that can wait, parked, for it). */
function isTransactionEvent(event: PlatformEvent): event is TransactionEvent {
  return (
    event.type !== 'transaction.created' &&
    !event.type.startsWith('global.') &&
    event.type !== 'fx.rate_published' &&
    !isRequestEvent(event) &&
    !isChargebackOutcome(event) &&
    !isCaseEvent(event)
  );
}

/** What the event is about: the transaction's unique id, the global movement's reference, the request's number, the rate's currency. */
function subjectOf(event: PlatformEvent): string {
  switch (event.type) {
    case 'global.topped_up':
    case 'global.transferred_out':
      return event.data.reference;
    case 'fx.rate_published':
      return `fx:${event.data.currency}`;
    case 'transaction.created':
      return event.data.uniqueId;
    default:
      if (isChargebackOutcome(event)) return event.data.chargebackId;
      if (isCaseEvent(event)) return `case:${event.data.caseNo}`;
      return isRequestEvent(event) ? event.data.requestNo : event.data.uniqueId;
  }
}

/** The columns a refund or chargeback row takes from its pay-in. */
function relatedRowOf(t: TransactionRow, at: Date) {
  return {
    merchantId: t.merchantId,
    subMerchantId: t.subMerchantId,
    accountId: t.accountId,
    product: t.product,
    productType: t.productType,
    country: t.country,
    currency: t.currency,
    relatedTransactionId: t.id,
    merchantReference: t.merchantReference,
    accountName: t.accountName,
    payer: t.payer,
    card: t.card,
    cardBin: t.cardBin,
    cardLast4: t.cardLast4,
    paymentLinkId: t.paymentLinkId,
    storePlatform: t.storePlatform,
    storeShopDomain: t.storeShopDomain,
    storeOrderId: t.storeOrderId,
    storeOrderName: t.storeOrderName,
    createdAt: at,
    createdDate: localDate(t.country, at),
    settledAt: at,
    statusAt: at,
  };
}
