import type { ExchangeMode, ExchangeSide } from '@andes/contract/accounting/enums';
import { exchangeAmounts, initialStatus, scaledRate } from '@andes/contract/accounting/machines';
import type {
  AccountingRequestDetail,
  ContractConfirmRequest,
  ExchangeAmountAnswer,
  ExchangeAmountRequest,
  ExchangeConfigAnswer,
  ExchangeConfigRequest,
  ExchangeCreateRequest,
  OfflineProofSubmit,
  RequestCreated,
} from '@andes/contract/accounting/schemas';
import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { ensureGlobalAccount, ensureLocalAccount } from '../ledger/ledger.service.ts';
import { claimUploads } from '../uploads/uploads.service.ts';
import { DEFAULT_FX_RATES, EXCHANGE_LIMITS, exchangeOffered, USD_RECEIVING_ACCOUNT } from './accounting.config.ts';
import { moneyText, reserve, SYSTEM_ACTOR, transition } from './accounting.core.ts';
import { AccountingErrors } from './accounting.errors.ts';
import { type Balance, expiredQuotes, fxRateOf, globalBalance, localBalance, lockById, type RequestRow } from './accounting.repository.ts';
import type { AccountingRequests } from './accounting.service.ts';
import { PROOF_MAX_FILES } from './topup.service.ts';

/**
 * Exchanges (docs/decisions/0027): PAY_IN sells the country's pay-in money for USD into the
 * global account; PAY_OUT sells the global account's USD for local money into the payout
 * account; OFFLINE buys local money with USD wired outside Andes (proof first). The provider
 * quotes a rate with an expiry; the merchant confirms the contract at that rate before it expires,
 * which reserves the money sold; the provider then settles.
 */

type CreateBody = z.output<typeof ExchangeCreateRequest>;

/** The two sides of a mode in a country. */
export interface ExchangePair {
  sellCurrency: Currency;
  buyCurrency: Currency;
  sellIsUsd: boolean;
  /** The merchant's local account of the exchange. */
  accountType: 'PAY_IN' | 'PAY_OUT';
}

export function pairOf(country: Country, mode: ExchangeMode): ExchangePair {
  const local = COUNTRY_INFO[country].currency;
  return mode === 'PAY_IN'
    ? { sellCurrency: local, buyCurrency: 'USD', sellIsUsd: false, accountType: 'PAY_IN' }
    : { sellCurrency: 'USD', buyCurrency: local, sellIsUsd: true, accountType: 'PAY_OUT' };
}

/** The provider's latest indicative rate of a currency (local per 1 USD), else the default. */
export async function indicativeRate(db: Db, currency: Currency, now: Date): Promise<{ rate: string; at: Date }> {
  const row = await fxRateOf(db, currency);
  if (row) return { rate: row.rate, at: row.publishedAt };
  return { rate: DEFAULT_FX_RATES[currency] ?? '1.0', at: now };
}

/** Limits of the amount sold, in cents of the sold currency. */
export function sellLimits(currency: Currency): { min: number; max: number } {
  return EXCHANGE_LIMITS[currency] ?? { min: 1, max: Number.MAX_SAFE_INTEGER };
}

/** The two amounts at `rate`, or the refusal of an amount too small to exchange. */
export function amountsAt(rate: string, pair: ExchangePair, side: ExchangeSide, amount: number): { sellAmount: number; buyAmount: number } {
  const amounts = exchangeAmounts(rate, pair.sellIsUsd, side, amount);
  if (amounts === null) throw AccountingErrors.tooSmallToExchange();
  return amounts;
}

/** The sold amount's limits, or the sentence saying which it breaks. */
function limitProblem(pair: ExchangePair, sellAmount: number): string | null {
  const limits = sellLimits(pair.sellCurrency);
  if (sellAmount < limits.min) return AccountingErrors.belowMinimum(moneyText(limits.min, pair.sellCurrency)).message;
  if (sellAmount > limits.max) return AccountingErrors.aboveMaximum(moneyText(limits.max, pair.sellCurrency)).message;
  return null;
}

const sameRate = (a: string, b: string) => scaledRate(a) === scaledRate(b);

export class ExchangeService {
  constructor(private readonly core: AccountingRequests) {}

  private offered(country: Country): void {
    if (!exchangeOffered(country)) throw AccountingErrors.notOffered('country', 'Exchange', country);
  }

  /** The accounts sold from and bought into, as the screens show them (without creating them). */
  private async balances(auth: AuthContext, country: Country, mode: ExchangeMode): Promise<{ sell: Balance | null; buy: Balance }> {
    const { db } = this.core;
    const merchantId = auth.scope.merchantId;
    if (mode === 'PAY_IN') return { sell: await localBalance(db, merchantId, country, 'PAY_IN'), buy: await globalBalance(db, merchantId) };
    const buy = await localBalance(db, merchantId, country, 'PAY_OUT');
    return { sell: mode === 'PAY_OUT' ? await globalBalance(db, merchantId) : null, buy };
  }

  async config(auth: AuthContext, body: z.output<typeof ExchangeConfigRequest>): Promise<ExchangeConfigAnswer> {
    this.core.requireMerchantUser(auth);
    const now = this.core.clock();
    await requireCountry(this.core.db, auth, body.country, now);
    this.offered(body.country);
    const pair = pairOf(body.country, body.mode);
    const local = COUNTRY_INFO[body.country].currency;
    const rate = await indicativeRate(this.core.db, local, now);
    const limits = sellLimits(pair.sellCurrency);
    const { sell, buy } = await this.balances(auth, body.country, body.mode);
    const accountTypeOf = (currency: Currency) => (currency === 'USD' ? null : pair.accountType);
    return {
      country: body.country,
      mode: body.mode,
      sellCurrency: pair.sellCurrency,
      buyCurrency: pair.buyCurrency,
      indicativeRate: rate.rate,
      indicativeRateAt: rate.at.toISOString(),
      minSellAmount: limits.min,
      maxSellAmount: limits.max,
      receivingAccount:
        body.mode === 'OFFLINE'
          ? { ...USD_RECEIVING_ACCOUNT, referenceHint: 'Write the exchange request number (EX…) in the transfer’s reference' }
          : null,
      sellBalance:
        sell === null
          ? null
          : {
              accountType: accountTypeOf(pair.sellCurrency),
              currency: pair.sellCurrency,
              available: sell.available,
              reserved: sell.reserved,
            },
      buyBalance: {
        accountType: accountTypeOf(pair.buyCurrency),
        currency: pair.buyCurrency,
        available: buy.available,
        reserved: buy.reserved,
      },
    };
  }

  /** The other side of an amount: at the request's live quote when `id` names one of the same pair, else at the indicative rate. */
  async amount(auth: AuthContext, body: ExchangeAmountRequest): Promise<ExchangeAmountAnswer> {
    this.core.requireMerchantUser(auth);
    const now = this.core.clock();
    await requireCountry(this.core.db, auth, body.country, now);
    this.offered(body.country);
    const pair = pairOf(body.country, body.mode);
    let rate: string;
    let rateKind: 'INDICATIVE' | 'QUOTED' = 'INDICATIVE';
    let rateExpiresAt: string | null = null;
    const quoted = body.id === undefined ? null : await this.core.load(auth, 'EXCHANGE', body.id);
    if (
      quoted !== null &&
      quoted.status === 'WAIT_CONFIRM_CONTRACT' &&
      quoted.exchangeRate !== null &&
      quoted.rateExpiresAt !== null &&
      quoted.rateExpiresAt.getTime() > now.getTime() &&
      quoted.country === body.country &&
      quoted.mode === body.mode
    ) {
      rate = quoted.exchangeRate;
      rateKind = 'QUOTED';
      rateExpiresAt = quoted.rateExpiresAt.toISOString();
    } else {
      rate = (await indicativeRate(this.core.db, COUNTRY_INFO[body.country].currency, now)).rate;
    }
    const { sellAmount, buyAmount } = amountsAt(rate, pair, body.side, body.amount);
    const { sell, buy } = await this.balances(auth, body.country, body.mode);
    const short =
      sell !== null && sell.available < sellAmount
        ? AccountingErrors.insufficient(moneyText(sell.available, pair.sellCurrency), moneyText(sellAmount, pair.sellCurrency)).message
        : null;
    return {
      sellCurrency: pair.sellCurrency,
      buyCurrency: pair.buyCurrency,
      sellAmount,
      buyAmount,
      rate,
      rateKind,
      rateExpiresAt,
      sellAvailableBefore: sell?.available ?? null,
      sellAvailableAfter: sell === null ? null : sell.available - sellAmount,
      buyAvailableBefore: buy.available,
      buyAvailableAfter: buy.available + buyAmount,
      problem: limitProblem(pair, sellAmount) ?? short,
    };
  }

  /**
   * Creates an exchange: OFFLINE waits for the proof of the wire, the others for the provider's
   * rate. Its amounts are checked at the indicative rate (a BUY-side request's amount sold is
   * only an estimate until quoted); selling a fixed amount from an account needs it available now.
   */
  async create(auth: AuthContext, body: CreateBody, client: ActivityClient): Promise<RequestCreated> {
    return this.core.createOnce(auth, 'EXCHANGE', body, client, async (c) => {
      this.offered(body.country);
      const pair = pairOf(body.country, body.mode);
      const rate = await indicativeRate(c.tx, c.country.currency, c.now);
      const estimate = amountsAt(rate.rate, pair, body.side, body.amount);
      const problem = limitProblem(pair, estimate.sellAmount);
      if (problem !== null) {
        const limits = sellLimits(pair.sellCurrency);
        throw estimate.sellAmount < limits.min
          ? AccountingErrors.belowMinimum(moneyText(limits.min, pair.sellCurrency))
          : AccountingErrors.aboveMaximum(moneyText(limits.max, pair.sellCurrency));
      }
      const merchantId = auth.scope.merchantId;
      const offline = body.mode === 'OFFLINE';
      const global = await ensureGlobalAccount(c.tx, merchantId);
      const local = await ensureLocalAccount(c.tx, merchantId, body.country, pair.accountType);
      const sellAccountId = body.mode === 'PAY_IN' ? local.id : body.mode === 'PAY_OUT' ? global.id : null;
      const buyAccountId = body.mode === 'PAY_IN' ? global.id : local.id;
      if (body.side === 'SELL' && sellAccountId !== null) {
        const available =
          body.mode === 'PAY_IN'
            ? (await localBalance(c.tx, merchantId, body.country, 'PAY_IN')).available
            : (await globalBalance(c.tx, merchantId)).available;
        if (available < body.amount) {
          throw AccountingErrors.insufficient(moneyText(available, pair.sellCurrency), moneyText(body.amount, pair.sellCurrency));
        }
      }
      const status = initialStatus('EXCHANGE', offline);
      return this.core.insertNew(c, auth, {
        kind: 'EXCHANGE',
        accountType: pair.accountType,
        mode: body.mode,
        status,
        awaitingProvider: !offline,
        currency: body.side === 'SELL' ? pair.sellCurrency : pair.buyCurrency,
        requestAmount: body.amount,
        side: body.side,
        sellCurrency: pair.sellCurrency,
        buyCurrency: pair.buyCurrency,
        sellAmount: body.side === 'SELL' ? body.amount : null,
        buyAmount: body.side === 'BUY' ? body.amount : null,
        sellAccountId,
        buyAccountId,
        remark: body.remark ?? '',
      });
    });
  }

  async submitProof(auth: AuthContext, body: OfflineProofSubmit, client: ActivityClient): Promise<AccountingRequestDetail> {
    this.core.requireMerchantUser(auth);
    return this.core.act(
      auth,
      'EXCHANGE',
      body.id,
      async (tx, row, actor, now) => {
        if (row.status !== 'WAIT_PROOF') throw AccountingErrors.notAllowed(row.status);
        const proofFiles = await claimUploads(tx, auth, body.proofFileIds, PROOF_MAX_FILES);
        return transition(tx, row, 'SUBMIT_PROOF', {
          actor,
          at: now,
          changes: { remittingBank: body.remittingBank, transferTime: new Date(body.transferTime), proofFiles },
        });
      },
      { client, event: 'EXCHANGE_PROOF_SUBMITTED' },
    );
  }

  /**
   * Confirms the contract at the quoted rate: refused when the rate is not the one quoted now;
   * an expired quote sends the request back to WAIT_EXCHANGE_RATE (that change is kept) and the
   * call answers CONFLICT. The money sold is reserved (PAY_IN, PAY_OUT) or nothing (OFFLINE: the
   * USD are with the provider already); a balance short refuses it and changes nothing.
   */
  async confirm(auth: AuthContext, id: number, body: ContractConfirmRequest, client: ActivityClient): Promise<AccountingRequestDetail> {
    this.core.requireMerchantUser(auth);
    await this.core.load(auth, 'EXCHANGE', id);
    const actor = await this.core.actorOf(auth);
    const now = this.core.clock();
    const outcome = await this.core.db.transaction(async (tx) => {
      const row = await lockById(tx, id);
      if (!row) throw AccountingErrors.notFound();
      if (row.status !== 'WAIT_CONFIRM_CONTRACT' || row.exchangeRate === null || row.rateExpiresAt === null) {
        throw AccountingErrors.notAllowed(row.status);
      }
      if (row.rateExpiresAt.getTime() <= now.getTime()) {
        return { expired: true as const, row: await expireQuote(tx, row, now) };
      }
      if (!sameRate(body.rate, row.exchangeRate)) throw AccountingErrors.rateChanged(row.exchangeRate);
      const pair = pairOf(row.country as Country, row.mode as ExchangeMode);
      const { sellAmount, buyAmount } = amountsAt(row.exchangeRate, pair, row.side as ExchangeSide, row.requestAmount);
      const after = await transition(tx, row, 'CONFIRM_CONTRACT', {
        actor,
        at: now,
        changes: {
          sellAmount,
          buyAmount,
          finalAmount: buyAmount,
          receiptAmount: buyAmount,
          deductionAmount: row.sellAccountId === null ? null : sellAmount,
          contractConfirmedAt: now,
          contractConfirmedBy: actor.userId,
          contractConfirmedByName: actor.name,
        },
      });
      if (row.sellAccountId !== null) await reserve(tx, after, row.sellAccountId, sellAmount, now);
      await this.core.logActivity(tx, auth, client, 'EXCHANGE_CONTRACT_CONFIRMED', after, { rate: row.exchangeRate });
      return { expired: false as const, row: after };
    });
    if (outcome.expired) throw AccountingErrors.quoteExpired();
    return this.core.detail(auth, outcome.row);
  }
}

/** Why a request went back to waiting for a rate. */
export const QUOTE_EXPIRED_REASON = 'The quoted rate expired before the contract was confirmed';

/** Sends an exchange whose quote ran out back to WAIT_EXCHANGE_RATE (the provider quotes again). */
export function expireQuote(tx: Db, row: RequestRow, now: Date): Promise<RequestRow> {
  return transition(tx, row, 'EXPIRE_QUOTE', {
    actor: SYSTEM_ACTOR,
    at: now,
    reason: QUOTE_EXPIRED_REASON,
    changes: { exchangeRate: null, rateExpiresAt: null, ...(row.side === 'SELL' ? { buyAmount: null } : { sellAmount: null }) },
  });
}

/**
 * The quote-expiry job's work: every exchange still WAIT_CONFIRM_CONTRACT past its quote's expiry
 * goes back to WAIT_EXCHANGE_RATE, each in a small transaction of its own, conditional on the
 * status and the expiry read under the row's lock (safe to run in several processes, and again).
 * Answers how many went back.
 */
export async function expireDueQuotes(db: Db, now: Date, limit = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await expiredQuotes(db, now, limit);
    let progressed = 0;
    for (const candidate of due) {
      const moved = await db.transaction(async (tx) => {
        const row = await lockById(tx, candidate.id);
        const expiresAt = row?.status === 'WAIT_CONFIRM_CONTRACT' ? row.rateExpiresAt : null;
        if (!row || expiresAt === null || expiresAt.getTime() >= now.getTime()) return false;
        await expireQuote(tx, row, now);
        return true;
      });
      if (moved) progressed += 1;
    }
    done += progressed;
    if (progressed === 0 || due.length < limit) break;
  }
  return done;
}
