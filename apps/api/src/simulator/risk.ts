import type { Country } from '@andes/contract/common/countries';
import type { OfferedDefense, PlatformEventInput, RiskSignals } from '@andes/contract/platform/schemas';
import type { ChargebackReasonCode, RiskDecision } from '@andes/contract/risk/enums';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import type { Card, Party } from '@andes/contract/transaction/parts';
import type { PlannedEvent, Timing } from './lifecycle.ts';
import { cardOf, documentOf, personName } from './parties.ts';
import { Rng } from './prng.ts';

/**
 * What the platform's risk checks see of a pay-in, and how the platform follows the merchant's
 * risk decision (docs/decisions/0028): a pure, seeded model like lifecycle.ts.
 *
 * - **Signals.** Every pay-in carries the payer's IP address (from the country's consumer ranges),
 *   a device fingerprint (missing for a few: payments from a bank's own app) and the platform's ML
 *   score — mostly low, with a tail of high scores.
 * - **Fraudsters.** A few fixed personas per country (the same in every run, so a block list made
 *   for the demo keeps catching them) reuse one identity: a card tester tries many cards from one
 *   device and IP; an identity farm uses one document with many cards and e-mails; a repeat buyer
 *   hammers one card. They act in bursts (attack windows of half an hour, drawn from the clock)
 *   and, rarely, alone; their pay-ins score high, fail more often and, once settled, are often
 *   charged back for fraud. Velocity, list and score rules have something to catch, and replays
 *   have chargebacks to count.
 * - **Chargebacks** carry a reason code; a defended chargeback is decided by the network after a
 *   realistic delay, won more often when the evidence is strong for its reason (a delivery proof
 *   for NOT_RECEIVED) — deterministic from the chargeback's id.
 */

// lifecycle.ts imports this module: its constants are not read here (a cycle), only its types.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const REAL_TIME: Timing = { compress: (ms) => ms };

// ---- fraudster personas -------------------------------------------------------------------------

export type PersonaKind = 'CARD_TESTER' | 'IDENTITY_FARM' | 'REPEAT_CARD';

export interface Persona {
  /** Stable id, like `BR-1`. */
  key: string;
  kind: PersonaKind;
  country: Country;
  name: string;
  document: string;
  documentType: string;
  /** The e-mails it signs up with (a throwaway domain). */
  emails: readonly string[];
  device: string;
  ips: readonly string[];
  /** The cards it uses (BIN and last 4 only, as everywhere). */
  cards: readonly Card[];
  /** Chance that a pay-in of it succeeds, and that a settled card pay-in of it is charged back. */
  successRate: number;
  chargebackRate: number;
}

/** Throwaway e-mail domains the personas sign up with (the demo's block list names two of them). */
export const THROWAWAY_DOMAINS = ['mailinator.com', 'tempmail.dev', 'guerrillamail.com'] as const;

/** Consumer IPv4 ranges per country (first two octets), for plausible payer addresses. */
const IP_PREFIXES: Readonly<Record<Country, readonly (readonly [number, number])[]>> = {
  BR: [
    [177, 12],
    [179, 96],
    [187, 45],
    [189, 6],
    [191, 34],
    [200, 149],
    [201, 17],
  ],
  MX: [
    [187, 188],
    [189, 203],
    [201, 141],
    [177, 224],
    [148, 240],
  ],
  CO: [
    [181, 49],
    [186, 84],
    [190, 24],
    [191, 95],
  ],
  CL: [
    [190, 44],
    [200, 83],
    [186, 10],
    [152, 172],
  ],
  PE: [
    [190, 42],
    [181, 65],
    [200, 121],
    [179, 6],
  ],
  US: [
    [73, 158],
    [98, 207],
    [174, 62],
    [24, 7],
    [68, 33],
  ],
  ZA: [
    [41, 13],
    [105, 224],
    [102, 130],
    [197, 245],
  ],
};

function ipOf(rng: Rng, country: Country): string {
  const [a, b] = rng.pick(IP_PREFIXES[country]);
  return `${a}.${b}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

const HEX = '0123456789abcdef';
function deviceOf(rng: Rng): string {
  return `dfp-${rng.chars(24, HEX)}`;
}

const PERSONA_KINDS: readonly PersonaKind[] = ['CARD_TESTER', 'IDENTITY_FARM', 'REPEAT_CARD'];
/** When the personas' cards were issued (a fixed time: the same cards in every run). */
const PERSONA_CARD_AT = Date.parse('2026-01-15T12:00:00Z');
const personaCache = new Map<Country, Persona[]>();

/** The fraudster personas of a country: the same in every run and every seed. */
export function personasOf(country: Country): readonly Persona[] {
  const cached = personaCache.get(country);
  if (cached) return cached;
  const list = PERSONA_KINDS.map((kind, i): Persona => {
    const rng = new Rng(`risk-persona/${country}/${i}`);
    const name = personName(rng, country);
    const doc = documentOf(rng, country);
    const slug = name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()
      .slice(0, 10);
    const domain = THROWAWAY_DOMAINS[i % THROWAWAY_DOMAINS.length] as string;
    const emailCount = kind === 'IDENTITY_FARM' ? 6 : kind === 'CARD_TESTER' ? 3 : 1;
    const cardCount = kind === 'CARD_TESTER' ? 24 : kind === 'IDENTITY_FARM' ? 6 : 1;
    const emails = Array.from({ length: emailCount }, (_, k) => `${slug}${k === 0 ? '' : k}${rng.chars(3)}@${domain}`);
    const cards = Array.from({ length: cardCount }, () => {
      const card = cardOf(rng, country, name, PERSONA_CARD_AT);
      delete card.threeDs;
      return card;
    });
    return {
      key: `${country}-${i + 1}`,
      kind,
      country,
      name,
      document: doc.document,
      documentType: doc.documentType,
      emails,
      device: deviceOf(rng),
      ips: Array.from({ length: kind === 'IDENTITY_FARM' ? 4 : 1 }, () => ipOf(rng, country)),
      cards,
      successRate: kind === 'CARD_TESTER' ? 0.35 : kind === 'IDENTITY_FARM' ? 0.7 : 0.8,
      chargebackRate: kind === 'CARD_TESTER' ? 0.5 : kind === 'IDENTITY_FARM' ? 0.3 : 0.25,
    };
  });
  personaCache.set(country, list);
  return list;
}

/** Length of an attack window, and the share of windows in which a persona is at work. */
export const ATTACK_WINDOW_MS = 30 * MINUTE;
export const ATTACK_WINDOW_SHARE = 0.05;
/** Within an attack window, the share of the country's pay-ins that are the persona's; outside, the stray share. */
export const ATTACK_SHARE = 0.3;
export const STRAY_SHARE = 0.004;

/** The persona at work in a country's attack window containing `at`, or null. */
export function attackerAt(country: Country, at: number): Persona | null {
  const window = Math.floor(at / ATTACK_WINDOW_MS);
  const rng = new Rng(`risk-window/${country}/${window}`);
  if (!rng.chance(ATTACK_WINDOW_SHARE)) return null;
  return rng.pick(personasOf(country));
}

// ---- the signals of one pay-in -----------------------------------------------------------------

export interface PayinRisk {
  signals: RiskSignals;
  /** The fraudster behind the pay-in, if any. */
  persona: Persona | null;
  /** Its own draws (the lifecycle's stream is left alone: adding risk changed no other draw). */
  rng: Rng;
}

/** The ML score of an ordinary payer: mostly low, a long thin tail of high scores. */
function ordinaryScore(rng: Rng): number {
  const r = rng.next();
  if (r < 0.82) return Math.floor(25 * rng.next() ** 2);
  if (r < 0.97) return rng.int(25, 59);
  return rng.int(60, 97);
}

/** Whether a pay-in created at `at` in `country` is a fraudster's, who, and what the risk checks saw. */
export function payinRiskOf(uniqueId: string, country: Country, at: number): PayinRisk {
  const rng = new Rng(`risk#${uniqueId}`);
  const attacker = attackerAt(country, at);
  let persona: Persona | null = null;
  if (attacker && rng.chance(ATTACK_SHARE)) persona = attacker;
  else if (rng.chance(STRAY_SHARE)) persona = rng.pick(personasOf(country));
  const signals: RiskSignals = {};
  if (persona) {
    signals.ip = rng.pick(persona.ips);
    signals.deviceId = persona.device;
    signals.score = rng.int(persona.kind === 'REPEAT_CARD' ? 45 : 62, 99);
  } else {
    if (!rng.chance(0.03)) signals.ip = ipOf(rng, country);
    if (!rng.chance(0.07)) signals.deviceId = deviceOf(rng);
    signals.score = ordinaryScore(rng);
  }
  return { signals, persona, rng };
}

/** The payer and card a persona pays with (its identity over the drawn one). */
export function asPersona(
  risk: PayinRisk,
  payer: Party | undefined,
  card: Card | undefined,
): { payer: Party | undefined; accountName: string | undefined; card: Card | undefined } {
  const p = risk.persona;
  if (!p) return { payer, accountName: payer?.name, card };
  const rng = risk.rng;
  const next: Party = { ...(payer ?? {}), name: p.name, email: rng.pick(p.emails) };
  // Wallets and PayPal identify the payer by e-mail only; the others by document.
  if (payer?.document !== undefined || payer === undefined) {
    next.document = p.document;
    next.documentType = p.documentType;
  }
  let nextCard = card;
  if (card) {
    const c = rng.pick(p.cards);
    nextCard = { ...card, brand: c.brand, bin: c.bin, last4: c.last4, issuer: c.issuer, holder: c.holder, expiry: c.expiry };
    // A fraudster's card pay-in is seldom 3-D Secure authenticated.
    if (rng.chance(0.8)) delete nextCard.threeDs;
  }
  return { payer: next, accountName: p.name, card: nextCard };
}

// ---- chargebacks -------------------------------------------------------------------------------

/** The reasons the networks send, with their category (docs/decisions/0028). */
export const CHARGEBACK_REASONS: readonly { reason: string; code: ChargebackReasonCode }[] = [
  { reason: 'Fraud: card-absent environment', code: 'FRAUD' },
  { reason: 'Merchandise or services not received', code: 'NOT_RECEIVED' },
  { reason: 'Duplicate processing', code: 'DUPLICATE' },
  { reason: 'Credit not processed', code: 'CREDIT_NOT_PROCESSED' },
  { reason: 'Not as described', code: 'NOT_AS_DESCRIBED' },
  { reason: 'Cancelled recurring transaction', code: 'CANCELLED_RECURRING' },
  { reason: 'No authorisation obtained', code: 'AUTHORISATION' },
];
export const FRAUD_REASON = CHARGEBACK_REASONS[0] as { reason: string; code: ChargebackReasonCode };

/** The share of defended chargebacks the merchant wins, by reason (evidence decides most of them). */
export const WIN_SHARE: Readonly<Record<ChargebackReasonCode, number>> = {
  FRAUD: 0.35,
  NOT_RECEIVED: 0.7,
  NOT_AS_DESCRIBED: 0.4,
  DUPLICATE: 0.75,
  CANCELLED_RECURRING: 0.5,
  CREDIT_NOT_PROCESSED: 0.3,
  AUTHORISATION: 0.55,
  OTHER: 0.4,
};

/** How long the network takes to decide a presented defence (before the timing compresses it). */
const DECISION_DELAY: readonly [number, number] = [3 * DAY, 25 * DAY];

/** Whether a defence is won: its reason's share, a little more with three appendices. Deterministic from its id. */
export function defenseWon(offer: Pick<OfferedDefense, 'chargebackId' | 'reasonCode' | 'appendices'>): boolean {
  const rng = new Rng(`defense#${offer.chargebackId}`);
  const share = WIN_SHARE[offer.reasonCode] + (offer.appendices.length >= 3 ? 0.1 : 0);
  return rng.next() < share;
}

/** The network's answer to a defence the provider presented: chargeback.won or chargeback.lost, after a delay. */
export function planDefenseAnswer(offer: OfferedDefense, at: number, timing: Timing = REAL_TIME): PlannedEvent {
  const rng = new Rng(`defense#${offer.chargebackId}#delay`);
  const delay = DECISION_DELAY[0] + Math.floor(rng.next() * (DECISION_DELAY[1] - DECISION_DELAY[0]));
  const when = at + Math.max(1, timing.compress(delay));
  const won = defenseWon(offer);
  const event: PlatformEventInput = won
    ? {
        eventId: `${offer.chargebackId}.won`,
        type: 'chargeback.won',
        occurredAt: new Date(when).toISOString(),
        merchantCode: offer.merchantCode,
        data: { chargebackId: offer.chargebackId, reason: 'The issuer accepted the merchant’s evidence' },
      }
    : {
        eventId: `${offer.chargebackId}.lost`,
        type: 'chargeback.lost',
        occurredAt: new Date(when).toISOString(),
        merchantCode: offer.merchantCode,
        data: { chargebackId: offer.chargebackId, reason: 'The evidence did not answer the cardholder’s claim' },
      };
  return { at: when, event };
}

// ---- following the decision --------------------------------------------------------------------

/** What the platform does with a pay-in after the merchant's rules answered. */
export type RiskFollow =
  | { kind: 'proceed' }
  | { kind: 'reject'; reason: string }
  | { kind: 'expire'; reason: string }
  | { kind: 'wait'; expiresAt: number };

/** The names of the rules that asked for the decision (the blocking ones of a BLOCK), three at most. */
const names = (d: RiskDecisionView) =>
  [...new Set(d.rules.filter((r) => r.action === d.decision).map((r) => r.name || `${r.type} ${r.template}`))].slice(0, 3).join(', ');

/** Reads a decision: ALLOW proceeds, BLOCK rejects, REVIEW waits for a person — or expires once its window is over. */
export function followOf(decision: RiskDecisionView | null | undefined, now: number): RiskFollow {
  if (!decision) return { kind: 'proceed' };
  const final: RiskDecision = decision.finalDecision;
  if (final === 'ALLOW') return { kind: 'proceed' };
  if (final === 'BLOCK') {
    const rejected = decision.review?.status === 'REJECTED';
    const base = rejected ? 'Rejected in risk case management' : 'Blocked by the merchant’s risk rules';
    const why = rejected ? (decision.review?.note ?? '') : names(decision);
    return { kind: 'reject', reason: `${base}${why ? `: ${why}` : ''}`.slice(0, 256) };
  }
  const expiresAt = decision.review ? Date.parse(decision.review.expiresAt) : now + 7 * DAY;
  if (now >= expiresAt) return { kind: 'expire', reason: 'Risk review not decided within 7 days' };
  return { kind: 'wait', expiresAt };
}

/** The status change that ends a pay-in the decision stopped (REJECTED or EXPIRED), under a stable id. */
export function riskStatusEvent(uniqueId: string, merchantCode: string, follow: RiskFollow, at: number): PlannedEvent | null {
  if (follow.kind !== 'reject' && follow.kind !== 'expire') return null;
  const status = follow.kind === 'reject' ? 'REJECTED' : 'EXPIRED';
  return {
    at,
    event: {
      eventId: `${uniqueId}.risk-${status.toLowerCase()}`,
      type: 'transaction.status_changed',
      occurredAt: new Date(at).toISOString(),
      merchantCode,
      data: { uniqueId, status, reason: follow.reason },
    },
  };
}
