import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { Product, TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import type { PlatformEventInput, RiskSignals } from '@andes/contract/platform/schemas';
import type { ChargebackReasonCode } from '@andes/contract/risk/enums';
import type { TransferProvider } from '@andes/contract/transaction/enums';
import type { Card, Party, RefundStatus } from '@andes/contract/transaction/parts';
import type { Bucket, EntryKind, SystemAccountCode } from '../db/schema/ledger.ts';
import { funnelStageAfter, stageOfStatus } from '../modules/ledger/funnel.ts';
import {
  type AccountState,
  applyLines,
  type BucketBalances,
  chargebackReversed,
  chargedBack,
  type EntryDraft,
  globalToppedUp,
  globalTransferredOut,
  held,
  isBalanced,
  payinSettled,
  payoutReserved,
  payoutReturned,
  payoutSettled,
  RuleRefusal,
  refunded,
  released,
  type SystemAccounts,
  unheld,
} from '../modules/ledger/posting-rules.ts';
import { describedColumnsOf, INSUFFICIENT_BALANCE_REASON } from '../modules/platform/transaction-columns.ts';
import { TimeHeap } from './heap.ts';
import { localDate } from './local-time.ts';

/**
 * The demo history's ledger, kept in memory: platform events applied in time order through the
 * same posting rules as the ingestion API, over balances held in memory (applyLines), with the
 * same refusals (a payout the available balance cannot cover is recorded REJECTED; a refund or a
 * transfer it cannot cover is not applied). Settled money becomes available when its release is
 * due, unless its transaction is on hold. What it builds — accounts' balances, transactions,
 * entries and postings with balance_after, releases, global movements — is written in bulk.
 */

export interface BookAccount extends AccountState {
  kind: 'MERCHANT' | 'GLOBAL' | 'SYSTEM';
  holderId: number | null;
  merchantId: number | null;
  country: string | null;
  accountType: AccountType | null;
  systemCode: SystemAccountCode | null;
  accountNo: string;
  /** SYSTEM accounts' MAIN bucket (applyLines keeps merchant buckets only). */
  main: number;
}

export interface BookMerchant {
  id: number;
  code: string;
  parentId: number | null;
}

export interface TxRow {
  id: number;
  uniqueId: string;
  merchantId: number;
  subMerchantId: number | null;
  accountId: number;
  transactionType: TransactionType;
  product: Product;
  productType: string;
  country: Country;
  currency: string;
  amount: number;
  fee: number;
  vat: number;
  exchangeRate: string | null;
  status: TransactionStatus;
  statusReason: string | null;
  holdStatus: 1 | 2;
  heldAmount: number;
  refundStatus: RefundStatus;
  refundedAmount: number;
  refundTime: number | null;
  chargedBackAmount: number;
  relatedTransactionId: number | null;
  merchantReference: string;
  accountName: string | null;
  payer: Party | null;
  beneficiary: Party | null;
  card: Card | null;
  e2eId: string | null;
  /** The provider of a SPEI or PIX transfer, as its events named it. */
  provider: TransferProvider | null;
  paymentLinkId: string | null;
  storePlatform: 'SHOPIFY' | 'SHOPLAZZA' | null;
  storeShopDomain: string | null;
  storeOrderId: string | null;
  storeOrderName: string | null;
  description: string | null;
  createdAt: number;
  createdDate: string;
  settledAt: number | null;
  availableAt: number | null;
  statusAt: number;
  updatedAt: number;
  /** Revenue assurance's funnel stage and authorisation time (ledger/funnel.ts rules, docs/decisions/0031). */
  funnelStage: number;
  authorisedAt: number | null;
}

export interface ReleaseRow {
  id: number;
  transactionId: number;
  accountId: number;
  merchantId: number;
  country: string;
  bucket: 'PENDING' | 'DEPOSIT_HELD';
  amount: number;
  availableAt: number;
  availableDate: string;
  state: 'SCHEDULED' | 'RELEASED' | 'CANCELLED';
  releasedAt: number | null;
}

export interface MovementRow {
  id: number;
  merchantId: number;
  accountId: number;
  businessType: 'TOPUP' | 'TRANSFER_OUT';
  reference: string;
  amount: number;
  targetAccountId: number | null;
  targetAmount: number | null;
  targetCurrency: string | null;
  exchangeRate: string | null;
  startBalance: number;
  endBalance: number;
  eventId: string;
  occurredAt: number;
}

/** Postings, column by column (there are many). */
export interface PostingColumns {
  entryId: number[];
  accountId: number[];
  bucket: Bucket[];
  currency: string[];
  amount: number[];
  balanceAfter: number[];
  /** Index into the entries (its effective time). */
  entryIndex: number[];
}

export interface EntryRow {
  id: number;
  kind: EntryKind;
  transactionId: number | null;
  eventId: string | null;
  effectiveAt: number;
}

export interface BookIds {
  transaction: number;
  entry: number;
  posting: number;
  release: number;
  movement: number;
}

export type ApplyOutcome = 'applied' | 'insufficient' | 'ignored';

interface TxState {
  row: TxRow;
  /** Releases waiting for the hold to be lifted. */
  waiting: ReleaseRow[];
  releases: ReleaseRow[];
  /** Created REJECTED (payout not covered): its later events are ignored. */
  closed: boolean;
}

const PRODUCT_OF: Readonly<Record<'PAY_IN' | 'PAY_OUT' | 'MARKET_PLACE_ORDERS', Product>> = {
  PAY_IN: 'payin',
  PAY_OUT: 'payout',
  MARKET_PLACE_ORDERS: 'marketplace',
};
const ACCOUNT_OF: Readonly<Record<'PAY_IN' | 'PAY_OUT' | 'MARKET_PLACE_ORDERS', AccountType>> = {
  PAY_IN: 'PAY_IN',
  PAY_OUT: 'PAY_OUT',
  MARKET_PLACE_ORDERS: 'MARKET_PLACE',
};

export class HistoryBook {
  readonly transactions: TxRow[] = [];
  readonly entries: EntryRow[] = [];
  readonly postings: PostingColumns = {
    entryId: [],
    accountId: [],
    bucket: [],
    currency: [],
    amount: [],
    balanceAfter: [],
    entryIndex: [],
  };
  readonly releases: ReleaseRow[] = [];
  readonly movements: MovementRow[] = [];
  /** What the platform's risk checks saw of each pay-in, by transaction id (docs/decisions/0028). */
  readonly riskSignals = new Map<number, RiskSignals>();
  /** The reason code of each chargeback, by its CHARGE_BACK transaction id. */
  readonly chargebackCodes = new Map<number, ChargebackReasonCode>();
  /** The network's decision on defended chargebacks (chargeback.won / chargeback.lost), by CHARGE_BACK transaction id. */
  readonly chargebackOutcomes = new Map<number, { won: boolean; at: number }>();
  /** Counts of what happened, for the summary. */
  readonly counts = { applied: 0, ignored: 0, refusedRefunds: 0, refusedTransfers: 0, rejectedPayouts: 0, releases: 0 };

  private readonly byUniqueId = new Map<string, TxState>();
  private readonly byId = new Map<number, TxState>();
  private readonly balances = new Map<number, BucketBalances>();
  private readonly accountsById = new Map<number, BookAccount>();
  private readonly localAccounts = new Map<string, BookAccount>();
  private readonly globalAccounts = new Map<number, BookAccount>();
  private readonly system = new Map<string, SystemAccounts>();
  private readonly merchantsByCode = new Map<string, BookMerchant>();
  private readonly due = new TimeHeap<ReleaseRow>();
  private readonly next: BookIds;

  constructor(accounts: readonly BookAccount[], merchants: readonly BookMerchant[], firstIds: BookIds) {
    this.next = { ...firstIds };
    for (const m of merchants) this.merchantsByCode.set(m.code, m);
    const sys = new Map<string, Partial<Record<SystemAccountCode, number>>>();
    for (const a of accounts) {
      this.accountsById.set(a.id, a);
      if (a.kind === 'SYSTEM' && a.systemCode) {
        const s = sys.get(a.currency) ?? {};
        s[a.systemCode] = a.id;
        sys.set(a.currency, s);
      } else {
        this.balances.set(a.id, a.balances);
        if (a.kind === 'GLOBAL' && a.holderId !== null) this.globalAccounts.set(a.holderId, a);
        if (a.kind === 'MERCHANT') this.localAccounts.set(`${a.holderId}|${a.country}|${a.accountType}`, a);
      }
    }
    for (const [currency, s] of sys) {
      if (s.CLEARING === undefined || s.FEES === undefined || s.TAX === undefined || s.FX === undefined) {
        throw new Error(`the SYSTEM accounts of ${currency} are incomplete`);
      }
      this.system.set(currency, { clearing: s.CLEARING, fees: s.FEES, tax: s.TAX, fx: s.FX });
    }
  }

  /** The ids the next rows would get (the last used is one less). */
  nextIds(): BookIds {
    return { ...this.next };
  }

  private sys(currency: string): SystemAccounts {
    const s = this.system.get(currency);
    if (!s) throw new Error(`no SYSTEM accounts in ${currency}`);
    return s;
  }

  private merchant(code: string): BookMerchant {
    const m = this.merchantsByCode.get(code);
    if (!m) throw new Error(`unknown merchant ${code}`);
    return m;
  }

  private local(holderId: number, country: string, accountType: AccountType): BookAccount {
    const a = this.localAccounts.get(`${holderId}|${country}|${accountType}`);
    if (!a) throw new Error(`no ${accountType} account in ${country} for holder ${holderId}`);
    return a;
  }

  private post(draft: EntryDraft, at: number, transactionId: number | null, eventId: string | null): void {
    if (!isBalanced(draft.lines)) throw new Error(`${draft.kind}: the lines do not balance`);
    const entryId = this.next.entry++;
    const entryIndex = this.entries.length;
    this.entries.push({ id: entryId, kind: draft.kind, transactionId, eventId, effectiveAt: at });
    const p = this.postings;
    for (const line of draft.lines) {
      const account = this.accountsById.get(line.accountId);
      if (!account) throw new Error(`posting to unknown account ${line.accountId}`);
      let after: number;
      if (line.bucket === 'MAIN') {
        account.main += line.amount;
        after = account.main;
      } else {
        applyLines(this.balances, [line]);
        after = account.balances[line.bucket];
      }
      this.next.posting += 1;
      p.entryId.push(entryId);
      p.accountId.push(line.accountId);
      p.bucket.push(line.bucket);
      p.currency.push(line.currency);
      p.amount.push(line.amount);
      p.balanceAfter.push(after);
      p.entryIndex.push(entryIndex);
    }
  }

  /** Releases whose time has come (before `at`), unless their transaction is on hold. */
  runDue(at: number): void {
    while (this.due.peekAt() <= at) {
      const item = this.due.pop();
      if (!item) break;
      const row = item.value;
      if (row.state !== 'SCHEDULED') continue;
      const tx = this.byId.get(row.transactionId);
      if (tx && tx.row.holdStatus === 1) {
        tx.waiting.push(row);
        continue;
      }
      const account = this.accountsById.get(row.accountId);
      if (!account) continue;
      // PENDING always covers its scheduled releases; a deposit may have been taken by chargebacks.
      const amount = Math.min(row.amount, Math.max(0, account.balances[row.bucket]));
      if (amount > 0) this.post(released(account, amount, row.bucket), item.at, row.transactionId, null);
      row.state = 'RELEASED';
      row.amount = amount;
      row.releasedAt = item.at;
      this.counts.releases += 1;
    }
  }

  /** Applies one event at its time (call runDue(at) first). */
  apply(event: PlatformEventInput, at: number): ApplyOutcome {
    const outcome = this.applyInner(event, at);
    if (outcome === 'applied') this.counts.applied += 1;
    else if (outcome === 'ignored') this.counts.ignored += 1;
    return outcome;
  }

  private applyInner(event: PlatformEventInput, at: number): ApplyOutcome {
    switch (event.type) {
      case 'transaction.created':
        return this.created(event.data, event.merchantCode, at, event.eventId);
      case 'global.topped_up': {
        const merchant = this.merchant(event.merchantCode);
        const global = this.globalAccounts.get(merchant.id);
        if (!global) throw new Error(`${event.merchantCode} has no global account`);
        const start = global.balances.AVAILABLE + global.balances.RESERVED;
        this.post(globalToppedUp(global, this.sys(global.currency), event.data.amount), at, null, event.eventId);
        this.movements.push({
          id: this.next.movement++,
          merchantId: merchant.id,
          accountId: global.id,
          businessType: 'TOPUP',
          reference: event.data.reference,
          amount: event.data.amount,
          targetAccountId: null,
          targetAmount: null,
          targetCurrency: null,
          exchangeRate: null,
          startBalance: start,
          endBalance: global.balances.AVAILABLE + global.balances.RESERVED,
          eventId: event.eventId,
          occurredAt: at,
        });
        return 'applied';
      }
      case 'global.transferred_out': {
        const merchant = this.merchant(event.merchantCode);
        const global = this.globalAccounts.get(merchant.id);
        if (!global) throw new Error(`${event.merchantCode} has no global account`);
        const target = this.local(merchant.id, event.data.targetCountry, event.data.targetAccountType);
        const start = global.balances.AVAILABLE + global.balances.RESERVED;
        try {
          this.post(
            globalTransferredOut(
              global,
              target,
              this.sys(global.currency),
              this.sys(target.currency),
              event.data.amount,
              event.data.targetAmount,
            ),
            at,
            null,
            event.eventId,
          );
        } catch (err) {
          if (err instanceof RuleRefusal) {
            this.counts.refusedTransfers += 1;
            return 'insufficient';
          }
          throw err;
        }
        this.movements.push({
          id: this.next.movement++,
          merchantId: merchant.id,
          accountId: global.id,
          businessType: 'TRANSFER_OUT',
          reference: event.data.reference,
          amount: -event.data.amount,
          targetAccountId: target.id,
          targetAmount: event.data.targetAmount,
          targetCurrency: target.currency,
          exchangeRate: event.data.exchangeRate,
          startBalance: start,
          endBalance: global.balances.AVAILABLE + global.balances.RESERVED,
          eventId: event.eventId,
          occurredAt: at,
        });
        return 'applied';
      }
      case 'chargeback.won':
      case 'chargeback.lost': {
        // A defended chargeback decided: won, the disputed amount comes back (not the fee), and the
        // pay-in's charged-back amount no longer counts it (docs/decisions/0028).
        const cb = this.byUniqueId.get(event.data.chargebackId);
        if (cb?.row.transactionType !== 'CHARGE_BACK' || this.chargebackOutcomes.has(cb.row.id)) return 'ignored';
        const won = event.type === 'chargeback.won';
        if (won) {
          const payin = cb.row.relatedTransactionId === null ? undefined : this.byId.get(cb.row.relatedTransactionId);
          const account = this.accountsById.get(cb.row.accountId);
          if (!payin || !account) return 'ignored';
          this.post(chargebackReversed(account, this.sys(cb.row.currency), cb.row.amount), at, cb.row.id, event.eventId);
          const p = payin.row;
          p.chargedBackAmount -= cb.row.amount;
          // Back to SETTLED (REFUNDED when refunds took the rest) once no chargeback stands on it.
          if (p.status === 'CHARGED_BACK' && p.chargedBackAmount === 0) p.status = p.refundedAmount === p.amount ? 'REFUNDED' : 'SETTLED';
          p.updatedAt = at;
        }
        this.chargebackOutcomes.set(cb.row.id, { won, at });
        return 'applied';
      }
      default:
        break;
    }
    // Accounting requests and rates are not part of the transaction history the book replays.
    if (!('uniqueId' in event.data)) return 'ignored';
    const state = this.byUniqueId.get(event.data.uniqueId);
    if (!state || state.closed) return 'ignored';
    const tx = state.row;
    const account = this.accountsById.get(tx.accountId);
    if (!account) throw new Error(`transaction ${tx.uniqueId} has no account`);
    const setStatus = (status: TransactionStatus, reason: string | null = null) => {
      tx.status = status;
      tx.statusReason = reason;
      tx.statusAt = at;
      tx.updatedAt = at;
      tx.funnelStage = funnelStageAfter(tx.funnelStage, status);
      if (tx.funnelStage === 3) tx.authorisedAt ??= tx.settledAt ?? at;
    };
    switch (event.type) {
      case 'transaction.authorised':
        if (tx.transactionType !== 'PAY_IN' || !['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS'].includes(tx.status)) return 'ignored';
        tx.funnelStage = Math.max(tx.funnelStage, 2);
        tx.authorisedAt ??= event.data.authorisedAt ? Date.parse(event.data.authorisedAt) : at;
        tx.updatedAt = at;
        return 'applied';
      case 'transaction.status_changed':
        if (tx.transactionType !== 'PAY_IN' || tx.status === 'SETTLED') return 'ignored';
        setStatus(event.data.status, event.data.reason ?? null);
        return 'applied';
      case 'transaction.settled': {
        if (tx.transactionType !== 'PAY_IN' || tx.status === 'SETTLED') return 'ignored';
        const d = event.data;
        const deposit = d.deposit ?? 0;
        this.post(payinSettled(account, this.sys(tx.currency), tx.amount, d.fee, d.vat, deposit), at, tx.id, event.eventId);
        const availableAt = Date.parse(d.availableAt);
        tx.fee = d.fee;
        tx.vat = d.vat;
        tx.settledAt = at;
        tx.availableAt = availableAt;
        if (d.e2eId) tx.e2eId = d.e2eId;
        if (d.provider) tx.provider = d.provider;
        if (d.exchangeRate) tx.exchangeRate = d.exchangeRate;
        setStatus('SETTLED');
        const tz = COUNTRY_INFO[tx.country].timezoneName;
        const pending = tx.amount - d.fee - d.vat - deposit;
        const schedule = (bucket: 'PENDING' | 'DEPOSIT_HELD', amount: number, when: number) => {
          const row: ReleaseRow = {
            id: this.next.release++,
            transactionId: tx.id,
            accountId: account.id,
            merchantId: tx.merchantId,
            country: tx.country,
            bucket,
            amount,
            availableAt: when,
            availableDate: localDate(tz, when),
            state: 'SCHEDULED',
            releasedAt: null,
          };
          this.releases.push(row);
          state.releases.push(row);
          this.due.push(when, row);
        };
        if (pending > 0) schedule('PENDING', pending, availableAt);
        if (deposit > 0 && d.depositReleaseAt) schedule('DEPOSIT_HELD', deposit, Date.parse(d.depositReleaseAt));
        return 'applied';
      }
      case 'transaction.held': {
        if (tx.status !== 'SETTLED' || tx.holdStatus === 1) return 'ignored';
        // Its whole scheduled release while it waits, else what it made available so far.
        const pendingRow = state.releases.find((r) => r.bucket === 'PENDING');
        const scheduled = pendingRow?.state === 'SCHEDULED';
        const base = scheduled
          ? (pendingRow?.amount ?? 0)
          : state.releases.filter((r) => r.state === 'RELEASED').reduce((sum, r) => sum + r.amount, 0);
        const draft = held(account, base, scheduled);
        if (draft.held > 0) this.post(draft, at, tx.id, event.eventId);
        tx.holdStatus = 1;
        tx.heldAmount = draft.held;
        tx.updatedAt = at;
        return 'applied';
      }
      case 'transaction.unheld': {
        if (tx.holdStatus !== 1) return 'ignored';
        const scheduled = state.releases.some((r) => r.bucket === 'PENDING' && r.state === 'SCHEDULED');
        if (tx.heldAmount > 0) this.post(unheld(account, tx.heldAmount, scheduled), at, tx.id, event.eventId);
        tx.holdStatus = 2;
        tx.heldAmount = 0;
        tx.updatedAt = at;
        for (const row of state.waiting.splice(0)) this.due.push(at, row);
        return 'applied';
      }
      case 'transaction.refunded': {
        const d = event.data;
        if (tx.transactionType !== 'PAY_IN' || tx.status !== 'SETTLED' || tx.holdStatus === 1) return 'ignored';
        if (tx.refundedAmount + tx.chargedBackAmount + d.amount > tx.amount) return 'ignored';
        let draft: EntryDraft;
        try {
          draft = refunded(account, this.sys(tx.currency), d.amount);
        } catch (err) {
          if (err instanceof RuleRefusal) {
            this.counts.refusedRefunds += 1;
            return 'insufficient';
          }
          throw err;
        }
        const refundId = this.addRelated(tx, 'REFUND', d.refundId, d.amount, 0, 'REFUNDED', d.reason ?? null, at);
        this.post(draft, at, refundId, event.eventId);
        tx.refundedAmount += d.amount;
        tx.refundStatus = tx.refundedAmount >= tx.amount ? 'FULL' : 'PARTIAL';
        tx.refundTime = at;
        if (tx.refundStatus === 'FULL') setStatus('REFUNDED');
        else tx.updatedAt = at;
        return 'applied';
      }
      case 'transaction.charged_back': {
        const d = event.data;
        if (tx.transactionType !== 'PAY_IN' || (tx.status !== 'SETTLED' && tx.status !== 'CHARGED_BACK')) return 'ignored';
        if (tx.refundedAmount + tx.chargedBackAmount + d.amount > tx.amount) return 'ignored';
        const onHold = tx.holdStatus === 1;
        const fee = d.fee ?? 0;
        const draft = chargedBack(account, this.sys(tx.currency), d.amount, fee, onHold ? tx.heldAmount : 0);
        const chargebackId = this.addRelated(tx, 'CHARGE_BACK', d.chargebackId, d.amount, fee, 'CHARGED_BACK', d.reason, at);
        this.chargebackCodes.set(chargebackId, d.reasonCode ?? 'OTHER');
        this.post(draft, at, chargebackId, event.eventId);
        if (onHold) {
          // What the chargeback did not take leaves the hold as an unhold would give it back; a
          // scheduled release keeps its date for that remainder, or is cancelled when none is left.
          const remainder = tx.heldAmount - draft.fromHeld;
          const pendingRow = state.releases.find((r) => r.bucket === 'PENDING');
          const scheduled = pendingRow?.state === 'SCHEDULED';
          if (remainder > 0) this.post(unheld(account, remainder, scheduled), at, tx.id, event.eventId);
          if (pendingRow && scheduled) {
            if (remainder > 0) pendingRow.amount = remainder;
            else pendingRow.state = 'CANCELLED';
          }
          for (const row of state.waiting.splice(0)) if (row.state === 'SCHEDULED') this.due.push(at, row);
        }
        tx.chargedBackAmount += d.amount;
        tx.holdStatus = 2;
        tx.heldAmount = 0;
        setStatus('CHARGED_BACK');
        return 'applied';
      }
      case 'payout.status_changed': {
        if (tx.transactionType === 'PAY_IN') return 'ignored';
        const d = event.data;
        if (tx.status === 'SETTLED' || tx.status === 'FAILED' || tx.status === 'REJECTED' || tx.status === 'CANCELLED') return 'ignored';
        if (d.provider) tx.provider = d.provider;
        if (d.status === 'IN_PROGRESS') {
          setStatus('IN_PROGRESS');
          return 'applied';
        }
        if (d.status === 'SETTLED') {
          const fee = d.fee ?? 0;
          const vat = d.vat ?? 0;
          this.post(payoutSettled(account, this.sys(tx.currency), tx.amount, fee, vat), at, tx.id, event.eventId);
          tx.fee = fee;
          tx.vat = vat;
          tx.settledAt = at;
          if (d.e2eId) tx.e2eId = d.e2eId;
          setStatus('SETTLED');
          return 'applied';
        }
        this.post(payoutReturned(account, tx.amount), at, tx.id, event.eventId);
        setStatus(d.status, d.reason ?? null);
        return 'applied';
      }
      default:
        return 'ignored';
    }
  }

  private created(
    d: Extract<PlatformEventInput, { type: 'transaction.created' }>['data'],
    merchantCode: string,
    at: number,
    eventId: string,
  ): ApplyOutcome {
    if (this.byUniqueId.has(d.uniqueId)) return 'ignored';
    const merchant = this.merchant(merchantCode);
    const sub = d.subMerchantCode ? this.merchant(d.subMerchantCode) : null;
    const holderId = sub?.id ?? merchant.id;
    const account = this.local(holderId, d.country, ACCOUNT_OF[d.transactionType]);
    const row: TxRow = {
      id: this.next.transaction++,
      uniqueId: d.uniqueId,
      merchantId: merchant.id,
      subMerchantId: sub?.id ?? null,
      accountId: account.id,
      transactionType: d.transactionType,
      product: PRODUCT_OF[d.transactionType],
      productType: d.productType,
      country: d.country,
      currency: d.currency,
      amount: d.amount,
      fee: 0,
      vat: 0,
      exchangeRate: null,
      status: d.status,
      statusReason: null,
      holdStatus: 2,
      heldAmount: 0,
      refundStatus: 'NONE',
      refundedAmount: 0,
      refundTime: null,
      chargedBackAmount: 0,
      relatedTransactionId: null,
      ...describedColumnsOf(d),
      createdAt: at,
      createdDate: localDate(COUNTRY_INFO[d.country].timezoneName, at),
      settledAt: null,
      availableAt: null,
      statusAt: at,
      updatedAt: at,
      funnelStage: stageOfStatus(d.status),
      authorisedAt: null,
    };
    const state: TxState = { row, waiting: [], releases: [], closed: false };
    this.byUniqueId.set(d.uniqueId, state);
    this.byId.set(row.id, state);
    this.transactions.push(row);
    if (d.risk && d.transactionType === 'PAY_IN') this.riskSignals.set(row.id, d.risk);
    if (d.transactionType !== 'PAY_IN') {
      try {
        this.post(payoutReserved(account, d.amount), at, row.id, eventId);
      } catch (err) {
        if (!(err instanceof RuleRefusal)) throw err;
        row.status = 'REJECTED';
        row.statusReason = INSUFFICIENT_BALANCE_REASON;
        row.funnelStage = funnelStageAfter(row.funnelStage, 'REJECTED');
        state.closed = true;
        this.counts.rejectedPayouts += 1;
      }
    }
    return 'applied';
  }

  /** The refund or chargeback row of a pay-in. */
  private addRelated(
    tx: TxRow,
    type: 'REFUND' | 'CHARGE_BACK',
    uniqueId: string,
    amount: number,
    fee: number,
    status: TransactionStatus,
    reason: string | null,
    at: number,
  ): number {
    const row: TxRow = {
      ...tx,
      id: this.next.transaction++,
      uniqueId,
      transactionType: type,
      amount,
      fee,
      vat: 0,
      exchangeRate: null,
      status,
      statusReason: reason,
      holdStatus: 2,
      heldAmount: 0,
      refundStatus: 'NONE',
      refundedAmount: 0,
      refundTime: null,
      chargedBackAmount: 0,
      relatedTransactionId: tx.id,
      e2eId: null,
      provider: null,
      beneficiary: null,
      description: null,
      createdAt: at,
      createdDate: localDate(COUNTRY_INFO[tx.country].timezoneName, at),
      settledAt: at,
      availableAt: null,
      statusAt: at,
      updatedAt: at,
      funnelStage: stageOfStatus(status),
      authorisedAt: stageOfStatus(status) === 3 ? at : null,
    };
    const state: TxState = { row, waiting: [], releases: [], closed: true };
    this.byUniqueId.set(uniqueId, state);
    this.byId.set(row.id, state);
    this.transactions.push(row);
    return row.id;
  }

  /** Every account the book knows, with its balances now. */
  accounts(): BookAccount[] {
    return [...this.accountsById.values()];
  }
}
