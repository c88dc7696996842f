import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Country, Currency } from '@andes/contract/common/countries';
import { HOLD_FLAGS, type HoldFlag, type ProductType, type TransactionStatus } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { DEEP_QUERY_PERMISSION, LIST_PERMISSIONS, LIST_TRANSACTION_TYPES } from '@andes/contract/transaction/enums';
import type { Card, Party } from '@andes/contract/transaction/parts';
import {
  type ParsedPaymentLinkPageRequest,
  type ParsedStoreOrderPageRequest,
  type ParsedTransactionAdvancedPageRequest,
  resolveCreatedRange,
  SUB_MERCHANT_FORBIDDEN_MESSAGE,
  TRANSACTION_MESSAGES,
  type TransactionDetail,
  type TransactionHistoryEntry,
  type TransactionListItem,
} from '@andes/contract/transaction/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext, Scope } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { paymentLinkOfTransaction } from '../payment-link/payment-link.service.ts';
import { riskOfTransaction } from '../risk/risk.decisions.ts';
import {
  countTransactions,
  type DetailKind,
  eventsOf,
  findTransaction,
  originalOf,
  relatedOf,
  subMerchantsOf,
  type TransactionDetailRow,
  type TransactionFilter,
  type TransactionKey,
  type TransactionListRow,
  transactionListQuery,
} from './transaction.repository.ts';

/**
 * The rules of the transaction lists and details: which list the caller may read, the country,
 * the created-at window (spec §5, §9), the sub-merchants a filter may name, keyset pages with
 * capped totals, and the mapping of rows to the wire shapes of spec §3.
 */

const CURSOR_PREFIX = 'tx:';
const CURSOR_TEXT = /^tx:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9][0-9]{0,15})$/;

export function encodeTransactionCursor(key: TransactionKey): string {
  return Buffer.from(`${CURSOR_PREFIX}${key.at}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeTransactionCursor(cursor: string): TransactionKey {
  const m = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = m ? Number(m[2]) : Number.NaN;
  if (!m?.[1] || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(m[1]))) {
    throw CommonErrors.validation([{ path: 'cursor', message: TRANSACTION_MESSAGES.invalidCursor }]);
  }
  return { at: m[1], id };
}

/** The filter fields every list request has (after parsing). */
type CommonRequest = Omit<ParsedPaymentLinkPageRequest, 'paymentLinkId'>;

/** A transaction page or advanced page request (after parsing); the simple page has no sub-merchants nor deep. */
type TransactionListRequest = Omit<ParsedTransactionAdvancedPageRequest, 'subMerchantIds' | 'deep'> &
  Partial<Pick<ParsedTransactionAdvancedPageRequest, 'subMerchantIds' | 'deep'>>;

/** What a list call adds to the common request to make its filter. */
interface ListShape {
  transactionTypes: TransactionFilter['transactionTypes'];
  holdStatus?: HoldFlag | undefined;
  deep?: boolean;
  extra?: Partial<TransactionFilter>;
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

function counterpartyOf(row: { transactionType: string; payer: Party | null; beneficiary: Party | null }): Party | null {
  return row.transactionType === 'PAY_OUT' || row.transactionType === 'MARKET_PLACE_ORDERS'
    ? (row.beneficiary ?? row.payer)
    : (row.payer ?? row.beneficiary);
}

export function listItemOf(row: TransactionListRow): TransactionListItem {
  const party = counterpartyOf(row);
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    merchantReference: row.merchantReference,
    accountName: row.accountName,
    subMerchantId: row.subMerchantId,
    subMerchantName: row.subMerchantName,
    transactionType: row.transactionType,
    productType: row.productType as ProductType,
    country: row.country as Country,
    currency: row.currency as Currency,
    amount: row.amount,
    fee: row.fee,
    vat: row.vat,
    status: row.status,
    holdStatus: row.holdStatus as HoldFlag,
    refundStatus: row.refundStatus,
    refundedAmount: row.refundedAmount,
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
    counterpartyName: party?.name ?? null,
    document: row.payer?.document ?? row.beneficiary?.document ?? null,
    e2eId: row.e2eId,
    cardBrand: row.card?.brand ?? null,
    cardBin: row.cardBin,
    cardLast4: row.cardLast4,
    paymentLinkId: row.paymentLinkId,
    storeOrder:
      row.storePlatform !== null && row.storeShopDomain !== null && row.storeOrderId !== null
        ? { platform: row.storePlatform, shopDomain: row.storeShopDomain, orderId: row.storeOrderId, orderName: row.storeOrderName }
        : null,
  };
}

type EventData = Record<string, unknown>;

/**
 * The history from the transaction's applied platform events: each with the status it led to.
 * Rows loaded in bulk (the demo history) have no events: their history is told from the row.
 */
function historyOf(
  row: TransactionDetailRow,
  events: readonly { type: string; payload: unknown; occurredAt: Date }[],
  related: readonly { uniqueId: string; transactionType: string; amount: number; createdAt: Date; reason: string | null }[],
): TransactionHistoryEntry[] {
  const entry = (
    at: Date,
    event: TransactionHistoryEntry['event'],
    more: Partial<TransactionHistoryEntry> = {},
  ): TransactionHistoryEntry => ({
    at: at.toISOString(),
    event,
    status: null,
    holdStatus: null,
    amount: null,
    reference: null,
    reason: null,
    ...more,
  });
  const isOriginal = row.relatedTransactionId === null;
  if (events.length === 0) {
    const out = [entry(row.createdAt, 'CREATED', isOriginal ? {} : { status: row.status, amount: row.amount, reason: row.statusReason })];
    if (!isOriginal) return out;
    if (row.settledAt !== null) out.push(entry(row.settledAt, 'SETTLED', { status: 'SETTLED' }));
    for (const r of related) {
      out.push(
        entry(r.createdAt, r.transactionType === 'REFUND' ? 'REFUNDED' : 'CHARGED_BACK', {
          amount: r.amount,
          reference: r.uniqueId,
          reason: r.reason,
        }),
      );
    }
    const told = new Set(out.map((e) => e.status));
    if (!told.has(row.status) && row.status !== 'CREATED' && row.status !== 'INITIAL_STATUS') {
      out.push(entry(row.statusAt, 'STATUS_CHANGED', { status: row.status, reason: row.statusReason }));
    }
    if (row.holdStatus === HOLD_FLAGS.ON_HOLD) out.push(entry(row.statusAt, 'HELD', { holdStatus: HOLD_FLAGS.ON_HOLD }));
    return out.sort((a, b) => a.at.localeCompare(b.at));
  }
  const out: TransactionHistoryEntry[] = [];
  let refunded = 0;
  for (const e of events) {
    const data = ((e.payload as PlatformEventInput).data ?? {}) as EventData;
    const reason = typeof data.reason === 'string' ? data.reason : null;
    const status = typeof data.status === 'string' ? (data.status as TransactionStatus) : null;
    switch (e.type) {
      case 'transaction.created':
        out.push(entry(e.occurredAt, 'CREATED', { status }));
        break;
      case 'transaction.status_changed':
      case 'payout.status_changed':
        out.push(entry(e.occurredAt, status === 'SETTLED' ? 'SETTLED' : 'STATUS_CHANGED', { status, reason }));
        break;
      case 'transaction.settled':
        out.push(entry(e.occurredAt, 'SETTLED', { status: 'SETTLED' }));
        break;
      case 'transaction.refunded': {
        const amount = Number(data.amount);
        refunded += amount;
        out.push(
          entry(e.occurredAt, 'REFUNDED', {
            status: refunded >= row.amount ? 'REFUNDED' : null,
            amount,
            reference: String(data.refundId),
            reason,
          }),
        );
        break;
      }
      case 'transaction.charged_back':
        out.push(
          entry(e.occurredAt, 'CHARGED_BACK', {
            status: 'CHARGED_BACK',
            amount: Number(data.amount),
            reference: String(data.chargebackId),
            reason,
          }),
        );
        break;
      case 'transaction.held':
        out.push(entry(e.occurredAt, 'HELD', { holdStatus: HOLD_FLAGS.ON_HOLD, reason }));
        break;
      case 'transaction.unheld':
        out.push(entry(e.occurredAt, 'UNHELD', { holdStatus: HOLD_FLAGS.UNHOLD, reason }));
        break;
    }
  }
  if (isOriginal) return out;
  // A refund or chargeback: its own step of the pay-in's history.
  return out.filter((h) => h.reference === row.uniqueId).map((h) => ({ ...h, status: row.status }));
}

export class TransactionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The transaction page and advanced page calls: the list's permission, then the common rules. */
  transactionPage(auth: AuthContext, body: TransactionListRequest) {
    return this.page(auth, { ...body, subMerchantIds: body.subMerchantIds ?? [] }, this.listShape(auth, body));
  }

  /**
   * The filter of a transaction list request, checked against the caller (country, window,
   * sub-merchants) but not the list's permission: the export's own code admits it.
   */
  exportFilter(auth: AuthContext, body: Omit<TransactionListRequest, 'pageSize' | 'cursor'>): Promise<TransactionFilter> {
    return this.filterOf(auth, { ...body, subMerchantIds: body.subMerchantIds ?? [] }, this.listShape(auth, body, false));
  }

  /** The list's permission (the deep query's for a deep query), its transaction type and hold flag. */
  private listShape(auth: AuthContext, body: Omit<TransactionListRequest, 'pageSize' | 'cursor'>, checkPermission = true): ListShape {
    const deep = body.deep === true;
    const needed: PermissionCode = deep ? DEEP_QUERY_PERMISSION : LIST_PERMISSIONS[body.list];
    if (checkPermission && !auth.permissions.has(needed)) throw CommonErrors.forbidden();
    const [first] = LIST_TRANSACTION_TYPES[body.list];
    const type = body.transactionType ?? first;
    if (type === undefined) throw new Error(`list ${body.list} has no type`);
    const holdStatus = body.list === 'holding-page' ? HOLD_FLAGS.ON_HOLD : body.holdStatus;
    return { transactionTypes: [type], holdStatus, deep };
  }

  paymentLinkPage(auth: AuthContext, body: ParsedPaymentLinkPageRequest) {
    return this.page(auth, body, { transactionTypes: ['PAY_IN'], extra: { paymentLink: true, paymentLinkId: body.paymentLinkId } });
  }

  storeOrderPage(auth: AuthContext, platform: 'SHOPIFY' | 'SHOPLAZZA', body: ParsedStoreOrderPageRequest) {
    return this.page(auth, body, {
      transactionTypes: ['PAY_IN'],
      extra: { storePlatform: platform, storeOrderId: body.storeOrderId, shopDomain: body.shopDomain },
    });
  }

  /** The filter of a list request, checked against the caller: country, window, sub-merchants. */
  async filterOf(auth: AuthContext, body: Omit<CommonRequest, 'pageSize' | 'cursor'>, shape: ListShape): Promise<TransactionFilter> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const deep = shape.deep === true;
    if (deep && body.uniqueId === undefined && body.merchantReference === undefined && body.e2eId === undefined) {
      throw CommonErrors.validation([{ path: 'uniqueId', message: TRANSACTION_MESSAGES.deepNeedsIdentifier }]);
    }
    const range = resolveCreatedRange(body.createdAt, country.timezoneName, now, deep);
    if ('message' in range) throw CommonErrors.validation([{ path: 'createdAt', message: range.message }]);
    await this.checkSubMerchants(auth.scope, body.subMerchantIds);
    return {
      country: body.country,
      transactionTypes: shape.transactionTypes,
      createdFrom: range.start === null ? null : new Date(range.start),
      createdTo: range.end === null ? null : new Date(range.end),
      statuses: body.statuses,
      productTypes: body.productTypes,
      refundStatus: body.refundStatus,
      holdStatus: shape.holdStatus,
      amountMin: body.amountMin,
      amountMax: body.amountMax,
      subMerchantIds: body.subMerchantIds,
      uniqueId: body.uniqueId,
      merchantReference: body.merchantReference,
      e2eId: body.e2eId,
      document: body.document,
      cardBin: body.cardBin,
      cardLast4: body.cardLast4,
      funnelStageMin: body.funnelStageMin,
      cardToken: body.cardToken,
      failReason: body.failReason,
      ...shape.extra,
    };
  }

  /** A sub-merchant user may name only their own sub-merchant; a merchant user only its own sub-merchants. */
  private async checkSubMerchants(scope: Scope, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const mine = scope.subMerchantId === null ? await subMerchantsOf(this.db, scope.merchantId, ids) : new Set([scope.subMerchantId]);
    if (ids.some((id) => !mine.has(id))) throw new AppError(ResultCode.FORBIDDEN, SUB_MERCHANT_FORBIDDEN_MESSAGE);
  }

  private async page(auth: AuthContext, body: CommonRequest, shape: ListShape): Promise<Page<TransactionListItem>> {
    const after = body.cursor === undefined ? null : decodeTransactionCursor(body.cursor);
    const filter = await this.filterOf(auth, body, shape);
    // The page and its capped count at once (two pool connections on PostgreSQL).
    const [rows, counted] = await Promise.all([
      transactionListQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countTransactions(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, listItemOf, (last) => encodeTransactionCursor({ at: last.createdAtKey, id: last.id }));
  }

  /** One transaction of the caller's scope with everything of spec §3; NOT_FOUND for others' and unknown ids alike. */
  async detail(auth: AuthContext, id: number, kind: DetailKind = { kind: 'any' }): Promise<TransactionDetail> {
    const row = await findTransaction(this.db, auth.scope, id, kind);
    if (!row) throw new AppError(ResultCode.NOT_FOUND, TRANSACTION_MESSAGES.notFound);
    const original = row.relatedTransactionId === null ? null : await originalOf(this.db, auth.scope, row.relatedTransactionId);
    const related = row.relatedTransactionId === null ? await relatedOf(this.db, auth.scope, row.id) : [];
    const events = await eventsOf(this.db, auth.scope, original?.uniqueId ?? row.uniqueId);
    const now = this.clock();
    const transferStatus =
      row.transactionType !== 'PAY_IN' || row.settledAt === null
        ? null
        : row.holdStatus === HOLD_FLAGS.ON_HOLD
          ? 'ON_HOLD'
          : row.availableAt !== null && row.availableAt > now
            ? 'PENDING'
            : 'AVAILABLE';
    return {
      ...listItemOf(row),
      statusReason: row.statusReason,
      transferStatus,
      exchangeRate: row.exchangeRate,
      heldAmount: row.heldAmount,
      refundTime: iso(row.refundTime),
      chargedBackAmount: row.chargedBackAmount,
      availableAt: iso(row.availableAt),
      description: row.description,
      payer: row.payer,
      beneficiary: row.beneficiary,
      card: row.card as Card | null,
      attachments: row.attachments.map((a) => ({ fileId: a.fileId, name: a.name, size: a.size, contentType: a.contentType })),
      original,
      related: related.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      history: historyOf(row, events, related),
      // A pay-in's risk decision (docs/decisions/0028); null for other transactions and pay-ins before risk.
      risk: await riskOfTransaction(this.db, row.id),
      // A payment-link payment's link when it was generated in Andes (docs/decisions/0035); null otherwise.
      paymentLink: await paymentLinkOfTransaction(
        this.db,
        auth.scope.merchantId,
        row.transactionType === 'PAY_IN' ? row.paymentLinkId : null,
      ),
    };
  }
}
