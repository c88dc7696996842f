import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { ProductType } from '@andes/contract/common/enums';
import type { OfferedLinkPayment, OfferedPayout, PlatformEventInput, TransactionCreatedData } from '@andes/contract/platform/schemas';
import { basisPointsDown } from '@andes/contract/product/pricing';
import type { Party } from '@andes/contract/transaction/parts';
import {
  CATALOGUE,
  convertFromUsd,
  drawAmount,
  feeOf,
  type MarketplaceProduct,
  type PayinProduct,
  type PayoutProduct,
  payoutFeeOf,
  rateOfDay,
  usdNeededFor,
} from './catalogue.ts';
import { addBusinessDays, dayNumberOf, localDate, localDayStart } from './local-time.ts';
import {
  BANKS,
  bankReference,
  beneficiaryOf,
  cardOf,
  emailOf,
  payerOf,
  personName,
  phoneOf,
  pixE2eId,
  pixKeyOf,
  speiTrackingKey,
} from './parties.ts';
import { hashTag, Rng } from './prng.ts';
import { simulatedProviderOf } from './providers.ts';
import { asPersona, CHARGEBACK_REASONS, FRAUD_REASON, payinRiskOf } from './risk.ts';

/**
 * The life of one transaction as the payment platform would report it: a pure, seeded model.
 * Given a seed, an index, a holder (merchant or sub-merchant in one country) and a start time it
 * returns the timed events — created, maybe IN_PROGRESS, settled or failed/expired, later maybe
 * held and unheld, refunded, charged back; for payouts and marketplace orders created →
 * IN_PROGRESS → SETTLED (fee, VAT) or FAILED. Ids come from the seed, so a replay sends the same
 * ids and the ingestion API's idempotency makes it harmless. A SPEI or PIX transfer names the
 * provider that carries it (simulatedProviderOf): a pay-in when it is created (the provider issued
 * the CLABE or the PIX charge the payer pays), a payout when it settles. The live simulator and the demo
 * history both use it; only their clocks differ (`Timing`).
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type TransactionKind = 'payin' | 'payout' | 'marketplace';

export interface Holder {
  /** The top-level merchant (the events' merchantCode). */
  merchantCode: string;
  /** Set when the transactions belong to a sub-merchant. */
  subMerchantCode?: string;
  country: Country;
}

/**
 * How delays between a transaction's events become wall-clock time. The history uses real
 * delays; the live simulator compresses them to seconds and minutes so the dashboard visibly
 * moves. Availability dates (settlement delay, deposit release) always stay real.
 */
export interface Timing {
  compress(ms: number): number;
}

export const REAL_TIME: Timing = { compress: (ms) => ms };

/** Up to 10 s as is; longer delays grow with the square root, at most 20 minutes. */
export const LIVE_TIME: Timing = {
  compress: (ms) => (ms <= 10 * SECOND ? ms : Math.min(20 * MINUTE, Math.round(10 * SECOND + 30 * Math.sqrt(ms - 10 * SECOND)))),
};

export interface PlannedEvent {
  /** When it happens (epoch ms); also its occurredAt. */
  at: number;
  event: PlatformEventInput;
}

export interface TransactionPlan {
  uniqueId: string;
  kind: TransactionKind;
  holder: Holder;
  productType: ProductType;
  amount: number;
  /** In time order; the first is the creation. */
  events: PlannedEvent[];
}

/** Share of card pay-ins paid with a network token, and how much more (less) often they are approved. */
const CARD_TOKEN_SHARE = 0.4;
const TOKEN_RATE_BONUS = 0.05;
const PAN_RATE_MALUS = 0.03;

/** A fraction in [0, 1) read from a unique id (the same id, the same fraction). */
function tokenFraction(uniqueId: string): number {
  const tag = hashTag(`${uniqueId}/tokenised`, 4);
  let n = 0;
  for (const c of tag) n = n * 32 + Math.max(0, '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c));
  return n / 32 ** 4;
}

const iso = (ms: number) => new Date(ms).toISOString();
const between = (rng: Rng, [min, max]: readonly [number, number]) => min + Math.floor(rng.next() * (max - min + 1));

const PREFIX: Readonly<Record<TransactionKind, string>> = { payin: 'PI', payout: 'PO', marketplace: 'MK' };

/** The platform's id of the transaction at `index` of a seed's sequence: unique within the seed. */
export function transactionUniqueId(seed: string, kind: TransactionKind, country: Country, index: number): string {
  return `${PREFIX[kind]}${country}${hashTag(seed, 4)}${index.toString(36).toUpperCase().padStart(8, '0')}`;
}

/** When settled money becomes available: D+N business days, at 09:00 in the country's zone. */
export function availableAtOf(country: Country, settledAt: number, businessDays: number): number {
  const tz = COUNTRY_INFO[country].timezoneName;
  const settledDate = localDate(tz, settledAt);
  const key = `${country}|${settledDate}|${businessDays}`;
  let at = availableCache.get(key);
  if (at === undefined) {
    at = localDayStart(tz, addBusinessDays(settledDate, businessDays)) + 9 * HOUR;
    availableCache.set(key, at);
  }
  return at;
}
const availableCache = new Map<string, number>();

function yymmdd(country: Country, at: number): string {
  return localDate(COUNTRY_INFO[country].timezoneName, at).slice(2).replace(/-/g, '');
}

function holderSlug(holder: Holder): string {
  return (holder.subMerchantCode ?? holder.merchantCode).toLowerCase();
}

/** The payment links a holder has in a country (a payment is made through one of them). */
export function paymentLinkIdOf(rng: Rng, holder: Holder): string {
  return `PL${hashTag(`${holder.subMerchantCode ?? holder.merchantCode}/${holder.country}/${rng.int(0, 39)}`, 10)}`;
}

function payerFor(rng: Rng, product: PayinProduct, country: Country): { payer?: Party; accountName?: string } {
  const person = payerOf(rng, country);
  const base: Party = { name: person.name, document: person.document, documentType: person.documentType ?? 'ID', email: person.email };
  switch (product.payer) {
    case 'pix':
    case 'bank': {
      const bank = rng.pick(BANKS[country]);
      const party: Party = { ...base, phone: person.phone, bankCode: bank.code, bankName: bank.name };
      if (country === 'BR') party.branch = rng.chars(4);
      if (product.payer === 'pix') {
        // The payer's own key, as the PIX message carries it (CPF keys are the most common).
        const pixKeyType = rng.weighted([
          { type: 'DOCUMENT' as const, weight: 45 },
          { type: 'PHONE' as const, weight: 25 },
          { type: 'EMAIL' as const, weight: 15 },
          { type: 'RANDOM' as const, weight: 15 },
        ]).type;
        party.pixKeyType = pixKeyType;
        party.pixKey = pixKeyOf(rng, pixKeyType, person);
      }
      if (product.payer === 'bank' && country === 'MX') party.accountNo = `${bank.code.padStart(3, '0')}${rng.chars(15)}`;
      return { payer: party, accountName: person.name };
    }
    case 'boleto':
    case 'cash':
      return { payer: { ...base, phone: person.phone }, accountName: person.name };
    case 'wallet':
    case 'paypal':
      return { payer: { name: person.name, email: emailOf(rng, person.name), phone: phoneOf(rng, country) }, accountName: person.name };
    case 'card':
      // Latin American and South African card acquiring asks for the payer's document (CPF, RFC, CC…).
      return {
        payer:
          country === 'US'
            ? { name: person.name, email: person.email }
            : { name: person.name, email: person.email, document: person.document, documentType: person.documentType ?? 'ID' },
        accountName: person.name,
      };
  }
}

/** The rail's end-to-end id of a settled payment or payout. */
function e2eIdFor(rng: Rng, country: Country, productType: ProductType, at: number): string {
  const bank = rng.pick(BANKS[country]);
  if (country === 'BR' && productType.startsWith('PIX')) return pixE2eId(rng, bank, at);
  if (country === 'MX' && productType.startsWith('SPEI')) return speiTrackingKey(rng, bank, at);
  return bankReference(rng, country, at);
}

const HOLD_REASONS = ['Risk review: unusual amount for the payer', 'Risk review: several cards on one device', 'Compliance review'];
const REFUND_REASONS = ['Requested by the customer', 'Order cancelled', 'Item out of stock', 'Duplicate payment'];

function createdEvent(eventId: string, at: number, merchantCode: string, data: TransactionCreatedData): PlannedEvent {
  return { at, event: { eventId, type: 'transaction.created', occurredAt: iso(at), merchantCode, data } };
}

export interface PlanInput {
  seed: string;
  index: number;
  holder: Holder;
  kind: TransactionKind;
  /** Creation time (epoch ms). */
  at: number;
  timing?: Timing;
}

/** Plans one transaction of the given kind, with its product drawn from the country's catalogue. */
export function planTransaction(input: PlanInput): TransactionPlan {
  const rng = new Rng(`${input.seed}#${input.index}`);
  const uniqueId = transactionUniqueId(input.seed, input.kind, input.holder.country, input.index);
  const timing = input.timing ?? REAL_TIME;
  const catalogue = CATALOGUE[input.holder.country];
  if (input.kind === 'payin') return planPayin(rng, uniqueId, input.holder, rng.weighted(catalogue.payins), input.at, timing);
  if (input.kind === 'payout') return planPayout(rng, uniqueId, input.holder, rng.weighted(catalogue.payouts), input.at, timing);
  const product = catalogue.marketplace.length > 0 ? rng.weighted(catalogue.marketplace) : undefined;
  if (!product) throw new RangeError(`no marketplace products in ${input.holder.country}`);
  return planMarketplace(rng, uniqueId, input.holder, product, input.at, timing);
}

function planPayin(
  rng: Rng,
  uniqueId: string,
  holder: Holder,
  product: PayinProduct,
  at: number,
  timing: Timing,
  /** A payment through a link generated in the dashboard: its amount and link id (the draws stay as they were). */
  link?: { amount: number; paymentLinkId: string },
): TransactionPlan {
  const { country } = holder;
  const catalogue = CATALOGUE[country];
  const drawn = drawAmount(rng, product.amount);
  const amount = link?.amount ?? drawn;
  const { payer, accountName } = payerFor(rng, product, country);
  const data: TransactionCreatedData = {
    uniqueId,
    merchantReference: `ORD-${yymmdd(country, at)}-${rng.chars(6)}`,
    transactionType: 'PAY_IN',
    status: product.payer === 'card' ? 'INITIAL_STATUS' : 'CREATED',
    country,
    currency: catalogue.currency,
    productType: product.productType,
    amount,
  };
  if (holder.subMerchantCode) data.subMerchantCode = holder.subMerchantCode;
  if (accountName) data.accountName = accountName;
  if (payer) data.payer = payer;
  const provider = simulatedProviderOf(uniqueId, product.productType);
  if (provider) data.provider = provider;
  if (product.payer === 'card') data.card = cardOf(rng, country, payer?.name ?? personName(rng, country), at);
  // What the platform's risk checks saw; a fraudster pays with its own identity (risk.ts).
  const risk = payinRiskOf(uniqueId, country, at);
  data.risk = risk.signals;
  if (risk.persona) {
    const who = asPersona(risk, data.payer, data.card);
    if (who.payer) data.payer = who.payer;
    if (who.accountName) data.accountName = who.accountName;
    if (who.card) data.card = who.card;
  }
  const channel = rng.next();
  if (link) {
    data.paymentLinkId = link.paymentLinkId;
  } else if (channel < product.storeShare) {
    const shoplazza = rng.chance(0.3);
    const orderNo = rng.int(1001, 99_999);
    data.storeOrder = {
      platform: shoplazza ? 'SHOPLAZZA' : 'SHOPIFY',
      shopDomain: shoplazza ? `${holderSlug(holder)}.myshoplaza.com` : `${holderSlug(holder)}.myshopify.com`,
      orderId: rng.chars(13),
      orderName: `#${orderNo}`,
    };
    data.merchantReference = `#${orderNo}-${rng.chars(4)}`;
  } else if (channel < product.storeShare + product.linkShare) {
    data.paymentLinkId = paymentLinkIdOf(rng, holder);
  }

  const events: PlannedEvent[] = [createdEvent(`${uniqueId}.created`, at, holder.merchantCode, data)];
  const m = holder.merchantCode;
  const confirmDelay = between(rng, product.confirmMs);
  if (product.inProgress) {
    const t = at + timing.compress(Math.max(SECOND, Math.floor(confirmDelay * 0.15)));
    events.push({
      at: t,
      event: {
        eventId: `${uniqueId}.progress`,
        type: 'transaction.status_changed',
        occurredAt: iso(t),
        merchantCode: m,
        data: { uniqueId, status: 'IN_PROGRESS' },
      },
    });
  }
  // A share of card payers pay with a network token (docs/decisions/0031): decided from the unique
  // id so the other draws stay as they were; the issuers approve tokens more often.
  const tokenised = data.card !== undefined && !risk.persona && tokenFraction(uniqueId) < CARD_TOKEN_SHARE;
  // Letters only: a long run of digits would look like a card number (no full number exists in Andes).
  if (tokenised && data.card)
    data.card = { ...data.card, tokenId: `ntk_${hashTag(`${uniqueId}/token`, 20).replace(/\d/g, (d) => 'ABCDEFGHJK'[Number(d)] ?? 'A')}` };
  const baseRate = risk.persona?.successRate ?? product.successRate;
  const rate =
    data.card === undefined || risk.persona ? baseRate : Math.min(0.99, baseRate + (tokenised ? TOKEN_RATE_BONUS : -PAN_RATE_MALUS));
  const succeeded = rng.chance(rate);
  if (!succeeded) {
    const failure = rng.weighted(product.failures);
    // A voucher or QR code expires at its due date, not when a payer gives up.
    const delay = failure.status === 'EXPIRED' ? product.confirmMs[1] : confirmDelay;
    const t = Math.max(at + timing.compress(delay), (events[events.length - 1]?.at ?? at) + 1);
    events.push({
      at: t,
      event: {
        eventId: `${uniqueId}.outcome`,
        type: 'transaction.status_changed',
        occurredAt: iso(t),
        merchantCode: m,
        data: { uniqueId, status: failure.status, reason: rng.pick(failure.reasons) },
      },
    });
    return { uniqueId, kind: 'payin', holder, productType: product.productType, amount, events };
  }

  const settledAt = Math.max(at + timing.compress(confirmDelay), (events[events.length - 1]?.at ?? at) + 1);
  // A card pay-in is authorised by the issuer before it settles (the funnel's third stage).
  if (data.card !== undefined) {
    const authorisedAt = Math.max(
      (events[events.length - 1]?.at ?? at) + 1,
      Math.min(settledAt - 1, at + timing.compress(Math.floor(confirmDelay / 2))),
    );
    if (authorisedAt < settledAt) {
      events.push({
        at: authorisedAt,
        event: {
          eventId: `${uniqueId}.authorised`,
          type: 'transaction.authorised',
          occurredAt: iso(authorisedAt),
          merchantCode: m,
          data: { uniqueId },
        },
      });
    }
  }
  const { fee, vat } = feeOf(amount, product.fee, catalogue.vatBps);
  const net = amount - fee - vat;
  const deposit = product.deposit ? basisPointsDown(net, product.deposit.bps) : 0;
  const availableAt = availableAtOf(country, settledAt, product.settlementDays);
  const settled: PlatformEventInput = {
    eventId: `${uniqueId}.settled`,
    type: 'transaction.settled',
    occurredAt: iso(settledAt),
    merchantCode: m,
    data: { uniqueId, fee, vat, availableAt: iso(availableAt), e2eId: e2eIdFor(rng, country, product.productType, settledAt) },
  };
  if (deposit > 0 && product.deposit) {
    settled.data.deposit = deposit;
    settled.data.depositReleaseAt = iso(settledAt + product.deposit.days * DAY);
  }
  if (product.payer === 'paypal' && country !== 'US') {
    settled.data.exchangeRate = rateOfDay(country, dayNumberOf(localDate(COUNTRY_INFO[country].timezoneName, settledAt)));
  }
  events.push({ at: settledAt, event: settled });

  // After settlement: a risk hold (rare), a refund, a chargeback (cards).
  let cursor = settledAt;
  let chargedBack = false;
  if (rng.chance(0.004)) {
    const heldAt = cursor + timing.compress(between(rng, [1 * HOUR, 2 * DAY]));
    events.push({
      at: heldAt,
      event: {
        eventId: `${uniqueId}.held`,
        type: 'transaction.held',
        occurredAt: iso(heldAt),
        merchantCode: m,
        data: { uniqueId, reason: rng.pick(HOLD_REASONS) },
      },
    });
    cursor = heldAt;
    if (product.chargebackRate > 0 && rng.chance(0.25)) {
      chargedBack = true;
    } else {
      const unheldAt = heldAt + timing.compress(between(rng, [1 * DAY, 5 * DAY]));
      events.push({
        at: unheldAt,
        event: {
          eventId: `${uniqueId}.unheld`,
          type: 'transaction.unheld',
          occurredAt: iso(unheldAt),
          merchantCode: m,
          data: { uniqueId, reason: 'Review completed' },
        },
      });
      cursor = unheldAt;
    }
  }
  if (!chargedBack && rng.chance(product.refundRate)) {
    // Refunds come once the money is available, from a couple of hours to three weeks later.
    const refundedAt = Math.max(cursor + 1, settledAt + timing.compress(availableAt - settledAt + between(rng, [2 * HOUR, 20 * DAY])));
    const partial = rng.chance(0.3);
    const refundAmount = partial
      ? Math.max(product.amount.unit, Math.floor((amount * rng.int(20, 80)) / 100 / product.amount.unit) * product.amount.unit)
      : amount;
    events.push({
      at: refundedAt,
      event: {
        eventId: `${uniqueId}.refund`,
        type: 'transaction.refunded',
        occurredAt: iso(refundedAt),
        merchantCode: m,
        data: { uniqueId, refundId: `${uniqueId}R1`, amount: Math.min(amount, refundAmount), reason: rng.pick(REFUND_REASONS) },
      },
    });
    return { uniqueId, kind: 'payin', holder, productType: product.productType, amount, events };
  }
  const fraudCard = risk.persona !== null && product.payer === 'card' && product.chargebackRate > 0;
  if (chargedBack || rng.chance(fraudCard ? (risk.persona?.chargebackRate ?? 0) : product.chargebackRate)) {
    const t = Math.max(cursor + 1, settledAt + timing.compress(between(rng, [15 * DAY, 75 * DAY])));
    const drawn = rng.pick(CHARGEBACK_REASONS);
    const { reason, code } = fraudCard ? FRAUD_REASON : drawn;
    events.push({
      at: t,
      event: {
        eventId: `${uniqueId}.chargeback`,
        type: 'transaction.charged_back',
        occurredAt: iso(t),
        merchantCode: m,
        data: { uniqueId, chargebackId: `${uniqueId}CB`, amount, fee: catalogue.chargebackFee, reason, reasonCode: code },
      },
    });
  }
  return { uniqueId, kind: 'payin', holder, productType: product.productType, amount, events };
}

/** The status events of a payout or marketplace order after its creation. */
function payoutEvents(
  rng: Rng,
  uniqueId: string,
  merchantCode: string,
  country: Country,
  productType: ProductType,
  amount: number,
  spec: { successRate: number; fee: PayoutProduct['fee']; acceptMs: readonly [number, number]; completeMs: readonly [number, number] },
  at: number,
  timing: Timing,
  failureReasons: readonly string[],
  /** The fee and VAT to settle with, instead of the catalogue's (a dashboard payout's offer). */
  charges?: { fee: number; vat: number },
): PlannedEvent[] {
  const acceptedAt = at + timing.compress(between(rng, spec.acceptMs));
  const events: PlannedEvent[] = [
    {
      at: acceptedAt,
      event: {
        eventId: `${uniqueId}.accepted`,
        type: 'payout.status_changed',
        occurredAt: iso(acceptedAt),
        merchantCode,
        data: { uniqueId, status: 'IN_PROGRESS' },
      },
    },
  ];
  const doneAt = acceptedAt + Math.max(1, timing.compress(between(rng, spec.completeMs)));
  if (rng.chance(spec.successRate)) {
    const { fee, vat } = charges ?? payoutFeeOf(amount, spec.fee, CATALOGUE[country].vatBps);
    const provider = simulatedProviderOf(uniqueId, productType);
    events.push({
      at: doneAt,
      event: {
        eventId: `${uniqueId}.completed`,
        type: 'payout.status_changed',
        occurredAt: iso(doneAt),
        merchantCode,
        data: {
          uniqueId,
          status: 'SETTLED',
          fee,
          vat,
          e2eId: e2eIdFor(rng, country, productType, doneAt),
          ...(provider ? { provider } : {}),
        },
      },
    });
  } else {
    const status = rng.chance(0.75) ? 'FAILED' : 'REJECTED';
    events.push({
      at: doneAt,
      event: {
        eventId: `${uniqueId}.completed`,
        type: 'payout.status_changed',
        occurredAt: iso(doneAt),
        merchantCode,
        data: { uniqueId, status, reason: rng.pick(failureReasons) },
      },
    });
  }
  return events;
}

const PAYOUT_FAILURES = [
  'Beneficiary account closed',
  'Invalid beneficiary account',
  'Beneficiary document does not match the account',
  'Beneficiary bank unavailable',
];
const MARKETPLACE_FAILURES = ['Operator unavailable', 'Invalid phone number', 'Bill reference not found', 'Product out of stock'];

function planPayout(rng: Rng, uniqueId: string, holder: Holder, product: PayoutProduct, at: number, timing: Timing): TransactionPlan {
  const { country } = holder;
  const amount = drawAmount(rng, product.amount);
  const beneficiary = beneficiaryOf(rng, country, product.pix);
  const data: TransactionCreatedData = {
    uniqueId,
    merchantReference: `PO-${yymmdd(country, at)}-${rng.chars(6)}`,
    transactionType: 'PAY_OUT',
    status: 'CREATED',
    country,
    currency: CATALOGUE[country].currency,
    productType: product.productType,
    amount,
    beneficiary,
    description: rng.pick(['Supplier payment', 'Seller settlement', 'Commission payout', 'Refund to customer', 'Driver earnings']),
  };
  if (beneficiary.name) data.accountName = beneficiary.name;
  if (holder.subMerchantCode) data.subMerchantCode = holder.subMerchantCode;
  const events = [
    createdEvent(`${uniqueId}.created`, at, holder.merchantCode, data),
    ...payoutEvents(rng, uniqueId, holder.merchantCode, country, product.productType, amount, product, at, timing, PAYOUT_FAILURES),
  ];
  return { uniqueId, kind: 'payout', holder, productType: product.productType, amount, events };
}

function planMarketplace(
  rng: Rng,
  uniqueId: string,
  holder: Holder,
  product: MarketplaceProduct,
  at: number,
  timing: Timing,
): TransactionPlan {
  const { country } = holder;
  const amount = drawAmount(rng, product.amount);
  const provider = rng.pick(product.providers);
  const beneficiary: Party = { name: provider };
  if (product.kind === 'TOPUP') beneficiary.phone = phoneOf(rng, country);
  if (product.kind === 'UTILITY') beneficiary.accountNo = rng.chars(rng.int(10, 20));
  if (product.kind === 'GIFT_CARD') beneficiary.email = emailOf(rng, personName(rng, country));
  const label = product.kind === 'TOPUP' ? 'Mobile top-up' : product.kind === 'GIFT_CARD' ? 'Gift card' : 'Utility bill';
  const data: TransactionCreatedData = {
    uniqueId,
    merchantReference: `MKT-${yymmdd(country, at)}-${rng.chars(6)}`,
    transactionType: 'MARKET_PLACE_ORDERS',
    status: 'CREATED',
    country,
    currency: CATALOGUE[country].currency,
    productType: product.productType,
    amount,
    beneficiary,
    accountName: provider,
    description: `${label} · ${provider}`,
  };
  if (holder.subMerchantCode) data.subMerchantCode = holder.subMerchantCode;
  const spec = {
    successRate: product.successRate,
    fee: product.fee,
    acceptMs: [1 * SECOND, 10 * SECOND],
    completeMs: [2 * SECOND, 2 * MINUTE],
  } as const;
  const events = [
    createdEvent(`${uniqueId}.created`, at, holder.merchantCode, data),
    ...payoutEvents(rng, uniqueId, holder.merchantCode, country, product.productType, amount, spec, at, timing, MARKETPLACE_FAILURES),
  ];
  return { uniqueId, kind: 'marketplace', holder, productType: product.productType, amount, events };
}

/**
 * The platform's answer to a payout created in the dashboard and offered through the outbox:
 * IN_PROGRESS once accepted, then SETTLED with the fee and VAT the offer carries (the ones quoted
 * to the merchant and reserved with the amount), or FAILED. Ids come from the payout's own id, so
 * an offer seen twice (a lease that ran out) sends the same events.
 */
export function planOfferedPayout(offer: OfferedPayout, at: number, timing: Timing = REAL_TIME): PlannedEvent[] {
  const rng = new Rng(`offer#${offer.uniqueId}`);
  const catalogue = CATALOGUE[offer.country];
  const product = catalogue.payouts.find((p) => p.productType === offer.productType) ?? catalogue.payouts[0];
  const spec = product ?? {
    successRate: 0.95,
    fee: { bps: 0, fixed: 0 },
    acceptMs: [SECOND, 10 * SECOND],
    completeMs: [5 * SECOND, MINUTE],
  };
  const spec2 = offer.transactionType === 'MARKET_PLACE_ORDERS' ? { ...spec, fee: { bps: 0, fixed: 0 } } : spec;
  return payoutEvents(
    rng,
    offer.uniqueId,
    offer.merchantCode,
    offer.country,
    offer.productType,
    offer.amount,
    spec2,
    at,
    timing,
    PAYOUT_FAILURES,
    { fee: offer.fee, vat: offer.vat },
  );
}

/**
 * The provider's checkout of a payment a payer started on a link's page (docs/decisions/0035):
 * after a few seconds (the payer fills the checkout in) a pay-in of the link's product, amount and
 * id, by a payer of the country, then its outcome as the product's pay-ins have it (mostly
 * SETTLED, which pays the link; FAILED or EXPIRED lets the payer try again). Ids come from the link
 * and the moment the payer chose to pay, so an offer seen twice (a lease that ran out) sends the
 * same events.
 */
export function planOfferedLinkPayment(offer: OfferedLinkPayment, at: number, timing: Timing = REAL_TIME): TransactionPlan {
  const key = `${offer.linkId}#${offer.requestedAt}`;
  const rng = new Rng(`link#${key}`);
  const catalogue = CATALOGUE[offer.country];
  const product = catalogue.payins.find((p) => p.productType === offer.productType) ?? catalogue.payins[0];
  if (!product) throw new RangeError(`no pay-in products in ${offer.country}`);
  const holder: Holder = {
    merchantCode: offer.merchantCode,
    country: offer.country,
    ...(offer.subMerchantCode ? { subMerchantCode: offer.subMerchantCode } : {}),
  };
  const uniqueId = `LP${offer.country}${hashTag(key, 10)}`;
  const start = at + timing.compress(between(rng, [3 * SECOND, 12 * SECOND]));
  const linked: PayinProduct = { ...product, productType: offer.productType as PayinProduct['productType'] };
  return planPayin(rng, uniqueId, holder, linked, start, timing, { amount: offer.amount, paymentLinkId: offer.linkId });
}

// ---- funding of payout and marketplace accounts ---------------------------------------------------

export interface Allocation {
  country: Country;
  accountType: AccountType;
  /** Local cents the account should receive (at least). */
  amount: number;
}

/**
 * The merchant's treasury: USD arrives in the global account (top-up) and is sent on to the
 * local accounts that pay out (transfers out at the day's rate). Returns the events, top-up
 * first, then the transfers a few seconds to a minute apart.
 */
export function planFunding(input: {
  seed: string;
  merchantCode: string;
  at: number;
  allocations: readonly Allocation[];
  timing?: Timing;
}): PlannedEvent[] {
  const rng = new Rng(`${input.seed}#funding#${input.merchantCode}#${input.at}`);
  const timing = input.timing ?? REAL_TIME;
  const tag = `${hashTag(input.seed, 4)}${input.at.toString(36).toUpperCase()}`;
  const transfers = input.allocations
    .filter((a) => a.amount > 0)
    .map((a) => {
      const rate = rateOfDay(a.country, dayNumberOf(localDate(COUNTRY_INFO[a.country].timezoneName, input.at)));
      const usd = usdNeededFor(a.amount, rate);
      return { ...a, rate, usd, target: convertFromUsd(usd, rate) };
    })
    .filter((t) => t.usd > 0 && t.target > 0);
  if (transfers.length === 0) return [];
  const needed = transfers.reduce((s, t) => s + t.usd, 0);
  // Wire in round thousands of dollars.
  const topup = Math.ceil(needed / 100_000) * 100_000;
  const m = input.merchantCode;
  const events: PlannedEvent[] = [
    {
      at: input.at,
      event: {
        eventId: `TU-${m}-${tag}`,
        type: 'global.topped_up',
        occurredAt: iso(input.at),
        merchantCode: m,
        data: { reference: `TU-${tag}`, amount: topup, remark: 'Wire received from the merchant' },
      },
    },
  ];
  let t = input.at;
  for (const [i, tr] of transfers.entries()) {
    t += Math.max(1, timing.compress(between(rng, [5 * SECOND, 1 * MINUTE])));
    events.push({
      at: t,
      event: {
        eventId: `TO-${m}-${tag}-${i}`,
        type: 'global.transferred_out',
        occurredAt: iso(t),
        merchantCode: m,
        data: {
          reference: `TO-${tag}-${tr.country}-${tr.accountType}`,
          amount: tr.usd,
          targetCountry: tr.country,
          targetAccountType: tr.accountType,
          targetAmount: tr.target,
          exchangeRate: tr.rate,
        },
      },
    });
  }
  return events;
}
