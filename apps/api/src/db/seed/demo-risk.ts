import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { PlatformEventInput, RiskSignals } from '@andes/contract/platform/schemas';
import {
  type ChargebackReasonCode,
  DEFENSE_DAYS_BY_BRAND,
  REVIEW_WINDOW_DAYS,
  type RiskDecision,
  type RuleType,
} from '@andes/contract/risk/enums';
import type { FiredRule } from '@andes/contract/risk/schemas';
import { normaliseRiskValue, ruleActionOf } from '@andes/contract/risk/templates';
import type { Card, Party } from '@andes/contract/transaction/parts';
import { compile, type EngineEvent, Replayer } from '../../modules/risk/engine.ts';
import { engineRuleOf } from '../../modules/risk/risk.decisions.ts';
import { CATALOGUE } from '../../simulator/catalogue.ts';
import type { TxRow } from '../../simulator/history-book.ts';
import { DAY, HOUR, MINUTE, type PlannedEvent, type TransactionPlan } from '../../simulator/lifecycle.ts';
import { localDate, localDayStart } from '../../simulator/local-time.ts';
import { Rng } from '../../simulator/prng.ts';
import { defenseWon, personasOf, THROWAWAY_DOMAINS } from '../../simulator/risk.ts';

const CHARGEBACK_FEES: Readonly<Partial<Record<Country, number>>> = { BR: CATALOGUE.BR.chargebackFee, MX: CATALOGUE.MX.chargebackFee };

/**
 * The risk part of the demo (issue #13, docs/decisions/0028), made with the demo history
 * (demo-history.ts calls it inside its one database transaction):
 *
 * - **Rules** of ANDES-DEMO in Brazil and Mexico, switched on 36 hours before the seed: a block list
 *   of documents (the simulator's fraudster personas), of throwaway e-mail domains, a card velocity
 *   rule, an ML score cutoff sending to case management, a watch list sending to review, a trust
 *   list; and disabled ones of other types (one edited once: version 2). Each with its versions.
 * - **Decisions**: every pay-in of ANDES-DEMO in those countries since the rules were switched on is
 *   evaluated by them (the same semantics as the engine: lists match normalised values, the card
 *   count counts the merchant's pay-ins of the country with the card within the hour, the score
 *   fires at or above the cutoff; trust > block > review), and the platform followed the decision
 *   as the simulator does: a BLOCK was rejected, a REVIEW waited — still PENDING when younger than
 *   a day, else approved (its life went on from the approval) or rejected by Ana Admin.
 * - **Signals** of every pay-in of the history (risk_signals), consistent with the transaction.
 * - **Chargebacks**: one per CHARGE_BACK transaction, in every state: old ones mostly decided
 *   (accepted, lost undefended, defended and won or lost — a won one's re-credit is posted by the
 *   history book as the ingestion API posts chargeback.won), recent ones open or under defence, and
 *   for ANDES-DEMO in Brazil and Mexico deadlines over overdue, today, this week and later.
 */

export const DEMO_RISK_MERCHANT = 'ANDES-DEMO';
export const DEMO_RISK_COUNTRIES: readonly Country[] = ['BR', 'MX'];
/** The rules were switched on this long before the seed. */
export const RULES_AGE_MS = 36 * HOUR;
/** A review younger than this still waits in case management. */
export const PENDING_WINDOW_MS = 24 * HOUR;
const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * DAY;

// ---- the signals as the rules compare them -------------------------------------------------------

export interface SignalValues {
  document: string | null;
  email: string | null;
  emailDomain: string | null;
  card: string | null;
  bin: string | null;
  ip: string | null;
  device: string | null;
  score: number | null;
  authenticated: boolean | null;
}

const norm = (subject: Parameters<typeof normaliseRiskValue>[0], raw: string | undefined | null): string | null => {
  if (raw === undefined || raw === null || raw === '') return null;
  const r = normaliseRiskValue(subject, raw);
  return 'value' in r ? r.value : null;
};

/** A pay-in's subjects, normalised as the rules compare them (docs/decisions/0028). */
export function signalValuesOf(
  payer: Party | null | undefined,
  card: Card | null | undefined,
  risk: RiskSignals | undefined,
): SignalValues {
  const email = norm('EMAIL', payer?.email);
  return {
    document: norm('DOCUMENT', payer?.document),
    email,
    emailDomain: email ? (email.split('@')[1] ?? null) : null,
    card: card ? `${card.bin}-${card.last4}` : null,
    bin: card?.bin ?? null,
    ip: norm('IP', risk?.ip),
    device: norm('DEVICE', risk?.deviceId),
    score: risk?.score ?? null,
    authenticated: card ? (card.threeDs?.authenticated ?? false) : null,
  };
}

// ---- rules ------------------------------------------------------------------------------------------

export interface DemoRule {
  key: string;
  country: Country;
  type: RuleType;
  template: string;
  name: string;
  threshold: number | null;
  duration: number | null;
  score: number | null;
  values: string[];
  enabled: boolean;
  sendToCaseManagement: boolean;
  /** Version 1 when the rule was later edited once (the rule above is version 2). */
  first?: Partial<Pick<DemoRule, 'name' | 'threshold' | 'duration' | 'score' | 'values' | 'enabled' | 'sendToCaseManagement'>>;
}

const rule = (
  country: Country,
  key: string,
  r: Omit<DemoRule, 'key' | 'country' | 'threshold' | 'duration' | 'score' | 'values' | 'sendToCaseManagement'> & Partial<DemoRule>,
): DemoRule => ({
  key: `${country}-${key}`,
  country,
  threshold: null,
  duration: null,
  score: null,
  values: [],
  sendToCaseManagement: false,
  ...r,
});

/** Documents that look like the country's, for list padding (normalised). */
function fillerDocuments(country: Country, n: number): string[] {
  const rng = new Rng(`demo-risk/filler/${country}`);
  return Array.from({ length: n }, () =>
    country === 'BR'
      ? rng.chars(11)
      : `${rng.chars(4, 'ABCDEFGHJKLMNPRSTUVWXZ')}${rng.chars(6)}${rng.chars(3, 'ABCDEFGHJKLMNPRSTUVWXZ0123456789')}`,
  );
}

/** The rules of a country; `watch` and `blocked` are documents of recent customers the merchant listed. */
export function demoRulesOf(country: Country, watch: readonly string[], blocked: readonly string[]): DemoRule[] {
  const personas = personasOf(country);
  const personaDocs = personas
    .filter((p) => p.kind !== 'REPEAT_CARD')
    .map((p) => norm('DOCUMENT', p.document))
    .filter((d): d is string => d !== null);
  const vipRng = new Rng(`demo-risk/vip/${country}`);
  const vip = Array.from({ length: 4 }, (_, i) => `cliente.vip${i + 1}${vipRng.chars(3)}@andes-demo.test`);
  const rules = [
    rule(country, 'block-docs', {
      type: 'BLOCK',
      template: 'DOCUMENT_LIST',
      name: 'Known fraud documents',
      values: [...new Set([...personaDocs, ...blocked, ...fillerDocuments(country, 6)])],
      enabled: true,
    }),
    rule(country, 'block-domains', {
      type: 'BLOCK',
      template: 'EMAIL_DOMAIN_LIST',
      name: 'Disposable e-mail domains',
      values: [THROWAWAY_DOMAINS[0], THROWAWAY_DOMAINS[2], 'yopmail.com', '10minutemail.com'],
      enabled: true,
    }),
    rule(country, 'card-count', {
      type: 'ORDER_VELOCITY',
      template: 'CARD_COUNT',
      name: 'Same card 3 times in an hour',
      threshold: 3,
      duration: 3_600,
      enabled: true,
    }),
    rule(country, 'ml-cutoff', {
      type: 'ML_SCORE_CUTOFF',
      template: 'SCORE_AT_LEAST',
      name: `ML score ${country === 'BR' ? 85 : 88}+ to case management`,
      score: country === 'BR' ? 85 : 88,
      enabled: true,
      sendToCaseManagement: true,
    }),
    rule(country, 'watch', {
      type: 'MANUAL_REVIEW',
      template: 'DOCUMENT_LIST',
      name: 'Watch list: check before shipping',
      values: [...new Set(watch)],
      enabled: watch.length > 0,
    }),
    rule(country, 'trust', { type: 'TRUST', template: 'EMAIL_LIST', name: 'VIP customers', values: vip, enabled: true }),
    rule(country, 'device-count', {
      type: 'DEVICE_VELOCITY',
      template: 'DEVICE_COUNT',
      name: 'One device, 10 pay-ins an hour',
      threshold: 10,
      duration: 3_600,
      enabled: false,
    }),
    rule(country, 'doc-cards', {
      type: 'PERSONA_VELOCITY',
      template: 'DOCUMENT_DISTINCT_CARD',
      name: 'Three cards per document a day',
      threshold: 3,
      duration: 86_400,
      enabled: false,
      first: { threshold: 4, name: 'Four cards per document a day' },
    }),
  ];
  if (country === 'BR') {
    rules.push(
      rule(country, 'card-chargeback', {
        type: 'SMART_LIST',
        template: 'CARD_CHARGEBACK',
        name: 'Cards charged back in 90 days',
        threshold: 1,
        duration: 90 * 86_400,
        enabled: false,
      }),
      rule(country, 'big-amount', {
        type: 'ADDITIONAL_FEATURE',
        template: 'AMOUNT_AT_LEAST',
        name: 'Above R$ 5,000 to review',
        threshold: 500_000,
        enabled: false,
        sendToCaseManagement: true,
      }),
      rule(country, 'card-failed', {
        type: 'BEHAVIOR_VELOCITY',
        template: 'CARD_FAILED',
        name: 'Three failures of a card in an hour',
        threshold: 3,
        duration: 3_600,
        enabled: false,
      }),
    );
  }
  return rules;
}

// ---- decisions --------------------------------------------------------------------------------------

export interface DemoFired {
  ruleKey: string;
  measured: number | null;
  matched: string | null;
}

export interface DemoDecision {
  uniqueId: string;
  country: Country;
  decision: RiskDecision;
  finalDecision: RiskDecision;
  score: number | null;
  fired: DemoFired[];
  rulesEvaluated: number;
  evaluatedAt: number;
  review: { status: 'PENDING' | 'APPROVED' | 'REJECTED'; at: number | null; note: string | null; expiresAt: number } | null;
}

export interface DemoRiskPlan {
  rulesAt: number;
  rules: DemoRule[];
  decisions: DemoDecision[];
  /** Chargebacks added so the board has something in every state, and the state each was given. */
  forced: ReadonlyMap<string, ForcedFate>;
}

/** What became of a chargeback added by the seed. */
export type ForcedFate = 'OPEN' | 'DEFENDING' | 'WON' | 'LOST' | 'ACCEPTED' | 'UNDEFENDED';

interface Candidate {
  plan: TransactionPlan;
  at: number;
  amount: number;
  values: SignalValues;
  persona: boolean;
}

function createdOf(plan: TransactionPlan): Extract<PlatformEventInput, { type: 'transaction.created' }> | null {
  const e = plan.events[0]?.event;
  return e?.type === 'transaction.created' ? e : null;
}

const shiftIso = (iso: string, by: number) => new Date(Date.parse(iso) + by).toISOString();

/** The plan's events after its creation, moved `by` ms later (a pay-in that waited for a review). */
function shifted(events: readonly PlannedEvent[], by: number): PlannedEvent[] {
  return events.map((e) => {
    const event = { ...e.event, occurredAt: shiftIso(e.event.occurredAt, by) } as PlatformEventInput;
    if (event.type === 'transaction.settled') {
      const data = { ...event.data, availableAt: shiftIso(event.data.availableAt, by) };
      if (data.depositReleaseAt) data.depositReleaseAt = shiftIso(data.depositReleaseAt, by);
      event.data = data;
    }
    return { at: e.at + by, event };
  });
}

function rejection(uniqueId: string, merchantCode: string, at: number, reason: string): PlannedEvent {
  return {
    at,
    event: {
      eventId: `${uniqueId}.risk-rejected`,
      type: 'transaction.status_changed',
      occurredAt: new Date(at).toISOString(),
      merchantCode,
      data: { uniqueId, status: 'REJECTED', reason: reason.slice(0, 256) },
    },
  };
}

/**
 * Plans the risk demo over the history's plans, changing the plans of the pay-ins the rules
 * stopped as the platform would have followed the decisions. Pure and seeded by the uniqueIds.
 */
export function planDemoRisk(plans: TransactionPlan[], now: number): DemoRiskPlan {
  const rulesAt = now - RULES_AGE_MS;
  const forced = addChargebacks(plans, now);
  const byCountry = new Map<Country, Candidate[]>();
  for (const plan of plans) {
    if (plan.kind !== 'payin' || plan.holder.merchantCode !== DEMO_RISK_MERCHANT) continue;
    if (!DEMO_RISK_COUNTRIES.includes(plan.holder.country)) continue;
    const created = createdOf(plan);
    if (created?.data.transactionType !== 'PAY_IN') continue;
    const at = plan.events[0]?.at ?? 0;
    if (at < rulesAt - HOUR || at > now) continue;
    const values = signalValuesOf(created.data.payer, created.data.card, created.data.risk);
    const persona = personasOf(plan.holder.country).some((p) => norm('DOCUMENT', p.document) === values.document);
    const list = byCountry.get(plan.holder.country) ?? [];
    list.push({ plan, at, amount: created.data.amount, values, persona });
    byCountry.set(plan.holder.country, list);
  }
  const rules: DemoRule[] = [];
  const decisions: DemoDecision[] = [];
  for (const country of DEMO_RISK_COUNTRIES) {
    const list = (byCountry.get(country) ?? []).sort((a, b) => a.at - b.at);
    // Customers the merchant listed right after switching the rules on, who came back since.
    const recent = list.filter((c) => c.at > now - PENDING_WINDOW_MS && c.at <= now - 10 * MINUTE && !c.persona && c.values.document);
    const watch = recent.slice(-(country === 'BR' ? 3 : 2)).map((c) => c.values.document as string);
    const older = list.filter((c) => c.at >= rulesAt && c.at <= now - PENDING_WINDOW_MS && !c.persona && c.values.document);
    const blocked = older.slice(-1).map((c) => c.values.document as string);
    const countryRules = demoRulesOf(country, watch, blocked);
    rules.push(...countryRules);
    // The risk engine itself decides (modules/risk/engine.ts), with the rules as first written.
    const enabled = countryRules.filter((r) => r.enabled);
    const replayer = new Replayer(compile(enabled.map((r, i) => engineRuleOf({ ...r, id: i + 1, version: 1 }))));
    for (const [index, c] of list.entries()) {
      const event: EngineEvent = { transactionId: index + 1, createdAt: c.at, amount: c.amount, ...c.values };
      if (c.at < rulesAt) {
        replayer.warm(event);
        continue;
      }
      const evaluation = replayer.push(event);
      const fired: DemoFired[] = evaluation.fired.map((f) => ({
        ruleKey: (enabled[f.ruleId - 1] as DemoRule).key,
        measured: f.measured,
        matched: f.matched,
      }));
      const decision = evaluation.decision;
      const d: DemoDecision = {
        uniqueId: c.plan.uniqueId,
        country,
        decision,
        finalDecision: decision,
        score: c.values.score,
        fired,
        rulesEvaluated: enabled.length,
        evaluatedAt: c.at,
        review: null,
      };
      const merchantCode = c.plan.holder.merchantCode;
      const [created, ...rest] = c.plan.events;
      if (!created) continue;
      const names = fired
        .map((f) => countryRules.find((r) => r.key === f.ruleKey)?.name)
        .filter(Boolean)
        .join(', ');
      if (decision === 'BLOCK') {
        c.plan.events = [created, rejection(c.plan.uniqueId, merchantCode, c.at + 2_000, `Blocked by the merchant’s risk rules: ${names}`)];
      } else if (decision === 'REVIEW') {
        const expiresAt = c.at + REVIEW_WINDOW_MS;
        if (c.at > now - PENDING_WINDOW_MS) {
          d.review = { status: 'PENDING', at: null, note: null, expiresAt };
          c.plan.events = [created];
        } else {
          const rng = new Rng(`demo-review#${c.plan.uniqueId}`);
          const reviewedAt = c.at + rng.int(20 * MINUTE, 6 * HOUR);
          const approved = rng.chance(0.7);
          d.review = {
            status: approved ? 'APPROVED' : 'REJECTED',
            at: reviewedAt,
            note: approved ? 'Customer confirmed the order by phone' : 'Document does not match the card holder',
            expiresAt,
          };
          d.finalDecision = approved ? 'ALLOW' : 'BLOCK';
          c.plan.events = approved
            ? [created, ...shifted(rest, reviewedAt - c.at)]
            : [
                created,
                rejection(
                  c.plan.uniqueId,
                  merchantCode,
                  reviewedAt,
                  'Rejected in risk case management: Document does not match the card holder',
                ),
              ];
        }
      }
      decisions.push(d);
    }
  }
  return { rulesAt, rules, decisions, forced };
}

/** Chargebacks ANDES-DEMO has at least, per country: disputed in the last 4 weeks, and 5 to 12 weeks ago. */
const RECENT_CHARGEBACKS = 8;
const OLDER_CHARGEBACKS = 6;
const RECENT_FATES: readonly ForcedFate[] = ['OPEN', 'DEFENDING', 'OPEN', 'OPEN', 'DEFENDING', 'OPEN', 'ACCEPTED', 'OPEN'];
const OLDER_FATES: readonly ForcedFate[] = ['WON', 'LOST', 'ACCEPTED', 'UNDEFENDED', 'WON', 'LOST'];

/**
 * A small history has few chargebacks (card chargebacks are rare): ANDES-DEMO's settled card pay-ins
 * in Brazil and Mexico get chargebacks (planned events, posted by the book like any other) until
 * each country has enough recent and older ones for every state and deadline bucket to show.
 */
function addChargebacks(plans: TransactionPlan[], now: number): Map<string, ForcedFate> {
  const forced = new Map<string, ForcedFate>();
  for (const country of DEMO_RISK_COUNTRIES) {
    const mine = plans.filter((p) => p.kind === 'payin' && p.holder.merchantCode === DEMO_RISK_MERCHANT && p.holder.country === country);
    const disputes = mine.flatMap((p) =>
      p.events.filter((e) => e.event.type === 'transaction.charged_back' && e.at <= now).map((e) => e.at),
    );
    const ranges: { from: number; to: number; want: number; fates: readonly ForcedFate[] }[] = [
      { from: now - 27 * DAY, to: now - 2 * HOUR, want: RECENT_CHARGEBACKS, fates: RECENT_FATES },
      { from: now - 84 * DAY, to: now - 35 * DAY, want: OLDER_CHARGEBACKS, fates: OLDER_FATES },
    ];
    for (const range of ranges) {
      const have = disputes.filter((at) => at >= range.from && at <= range.to).length;
      const candidates = mine
        .filter((p) => {
          const created = createdOf(p);
          const settled = p.events.find((e) => e.event.type === 'transaction.settled');
          if (!created?.data.card || !settled || settled.at > range.from - 3 * DAY || settled.at < range.from - 60 * DAY) return false;
          return p.events.every((e) => !['transaction.refunded', 'transaction.charged_back', 'transaction.held'].includes(e.event.type));
        })
        .sort((a, b) => (a.uniqueId < b.uniqueId ? -1 : 1));
      const rng = new Rng(`demo-risk/chargebacks/${country}/${range.from}`);
      for (let i = 0; i < range.want - have && candidates.length > 0; i += 1) {
        const [plan] = candidates.splice(rng.int(0, candidates.length - 1), 1);
        const created = plan ? createdOf(plan) : null;
        if (!plan || !created) continue;
        const at = range.from + Math.floor(rng.next() * (range.to - range.from));
        const { reason, code } =
          i % 3 === 1
            ? { reason: 'Merchandise or services not received', code: 'NOT_RECEIVED' as const }
            : i % 3 === 2
              ? { reason: 'Not as described', code: 'NOT_AS_DESCRIBED' as const }
              : { reason: 'Fraud: card-absent environment', code: 'FRAUD' as const };
        const chargebackId = `${plan.uniqueId}CB`;
        plan.events.push({
          at,
          event: {
            eventId: `${plan.uniqueId}.chargeback`,
            type: 'transaction.charged_back',
            occurredAt: new Date(at).toISOString(),
            merchantCode: plan.holder.merchantCode,
            data: {
              uniqueId: plan.uniqueId,
              chargebackId,
              amount: created.data.amount,
              fee: CHARGEBACK_FEES[country] ?? 0,
              reason,
              reasonCode: code,
            },
          },
        });
        forced.set(chargebackId, range.fates[i % range.fates.length] as ForcedFate);
      }
    }
  }
  return forced;
}

/** A rule's fired entry as a decision keeps it (its id and version once written). */
export function firedRuleOf(rule: DemoRule, id: number, version: number, f: DemoFired): FiredRule {
  return {
    ruleId: id,
    version,
    name: rule.name,
    type: rule.type,
    template: rule.template,
    action: ruleActionOf(rule.type, rule.sendToCaseManagement),
    measured: f.measured,
    matched: f.matched,
  };
}

// ---- chargebacks ------------------------------------------------------------------------------------

export type DemoChargebackStatus = 'CHARGE_BACK' | 'UNDER_DEFENSE' | 'DEFENSE_WON' | 'DEFENSE_LOST';

export interface ChargebackFate {
  status: DemoChargebackStatus;
  deadline: number;
  defendedAt: number | null;
  accepted: boolean;
  /** When the network (or the merchant's acceptance) decided it. */
  outcomeAt: number | null;
  /** A defence waiting for the provider to present it (the live simulator claims it). */
  awaitingProvider: boolean;
}

/** The default defence deadline: the dispute date plus the brand's window (DEFENSE_DAYS_BY_BRAND). */
export function deadlineOf(disputeAt: number, brand: string | null | undefined): number {
  const days = DEFENSE_DAYS_BY_BRAND[brand ?? 'DEFAULT'] ?? DEFENSE_DAYS_BY_BRAND.DEFAULT ?? 20;
  return disputeAt + days * DAY;
}

/** What became of a chargeback by `now` (deterministic from its id). */
export function chargebackFateOf(
  cb: { uniqueId: string; disputeAt: number; brand: string | null; reasonCode: ChargebackReasonCode },
  now: number,
  forced?: ForcedFate,
): ChargebackFate {
  const rng = new Rng(`demo-chargeback#${cb.uniqueId}`);
  const deadline = deadlineOf(cb.disputeAt, cb.brand);
  const window = deadline - cb.disputeAt;
  const r = rng.next();
  const open: ChargebackFate = {
    status: 'CHARGE_BACK',
    deadline,
    defendedAt: null,
    accepted: false,
    outcomeAt: null,
    awaitingProvider: false,
  };
  if (forced) {
    const soon = Math.min(now - HOUR, cb.disputeAt + rng.int(HOUR, 3 * DAY));
    switch (forced) {
      case 'OPEN':
        return open;
      case 'ACCEPTED':
        return { ...open, status: 'DEFENSE_LOST', accepted: true, outcomeAt: soon };
      case 'UNDEFENDED':
        return { ...open, status: 'DEFENSE_LOST', outcomeAt: Math.min(now - HOUR, deadline + rng.int(2 * DAY, 6 * DAY)) };
      case 'DEFENDING':
        return { ...open, status: 'UNDER_DEFENSE', defendedAt: soon, awaitingProvider: true };
      case 'WON':
      case 'LOST': {
        const defendedAt = cb.disputeAt + rng.int(6 * HOUR, 5 * DAY);
        const outcomeAt = Math.min(now - HOUR, defendedAt + rng.int(5 * DAY, 20 * DAY));
        return { ...open, status: forced === 'WON' ? 'DEFENSE_WON' : 'DEFENSE_LOST', defendedAt, outcomeAt };
      }
    }
  }
  // The merchant accepts early, defends within the window, or lets it pass.
  if (r < 0.2) {
    const at = cb.disputeAt + rng.int(HOUR, Math.max(HOUR, Math.min(window / 3, 5 * DAY)));
    return at <= now ? { ...open, status: 'DEFENSE_LOST', accepted: true, outcomeAt: at } : open;
  }
  if (r < 0.65) {
    const defendedAt = cb.disputeAt + rng.int(6 * HOUR, Math.max(6 * HOUR, window - DAY));
    if (defendedAt > now) return open;
    const presentedAt = defendedAt + rng.int(10 * MINUTE, 2 * HOUR);
    const outcomeAt = presentedAt + rng.int(3 * DAY, 25 * DAY);
    if (outcomeAt > now) return { ...open, status: 'UNDER_DEFENSE', defendedAt, awaitingProvider: presentedAt > now || rng.chance(0.3) };
    const won = defenseWon({ chargebackId: cb.uniqueId, reasonCode: cb.reasonCode, appendices: [] });
    return { ...open, status: won ? 'DEFENSE_WON' : 'DEFENSE_LOST', defendedAt, outcomeAt };
  }
  // Not answered: the platform reports it lost some days after the deadline.
  const lostAt = deadline + rng.int(2 * DAY, 12 * DAY);
  return lostAt <= now ? { ...open, status: 'DEFENSE_LOST', outcomeAt: lostAt } : open;
}

/** The network's decision events of the defended chargebacks decided by now (the book posts a won one). */
export function chargebackOutcomeEvents(
  plans: readonly TransactionPlan[],
  now: number,
  forced: ReadonlyMap<string, ForcedFate>,
): PlannedEvent[] {
  const out: PlannedEvent[] = [];
  for (const plan of plans) {
    if (plan.kind !== 'payin') continue;
    const created = createdOf(plan);
    for (const e of plan.events) {
      if (e.event.type !== 'transaction.charged_back' || e.at > now) continue;
      const d = e.event.data;
      const fate = chargebackFateOf(
        { uniqueId: d.chargebackId, disputeAt: e.at, brand: created?.data.card?.brand ?? null, reasonCode: d.reasonCode ?? 'OTHER' },
        now,
        forced.get(d.chargebackId),
      );
      if (fate.defendedAt === null || fate.outcomeAt === null || fate.outcomeAt > now) continue;
      const won = fate.status === 'DEFENSE_WON';
      out.push({
        at: fate.outcomeAt,
        event: won
          ? {
              eventId: `${d.chargebackId}.won`,
              type: 'chargeback.won',
              occurredAt: new Date(fate.outcomeAt).toISOString(),
              merchantCode: plan.holder.merchantCode,
              data: { chargebackId: d.chargebackId, reason: 'The issuer accepted the merchant’s evidence' },
            }
          : {
              eventId: `${d.chargebackId}.lost`,
              type: 'chargeback.lost',
              occurredAt: new Date(fate.outcomeAt).toISOString(),
              merchantCode: plan.holder.merchantCode,
              data: { chargebackId: d.chargebackId, reason: 'The evidence did not answer the cardholder’s claim' },
            },
      });
    }
  }
  return out;
}

/**
 * ANDES-DEMO's open chargebacks in Brazil and Mexico get deadlines over every bucket of the board
 * (overdue, today, this week, later), as the platform's `respondBy` would set them: the newest
 * chargebacks not won (and not decided by a defence) are opened for it when too few are open.
 */
export function spreadDeadlines(
  list: { country: Country; merchantCode: string; disputeAt: number; fate: ChargebackFate }[],
  now: number,
): void {
  for (const country of DEMO_RISK_COUNTRIES) {
    const tz = COUNTRY_INFO[country].timezoneName;
    const todayEnd = localDayStart(tz, localDate(tz, now)) + DAY - 30 * MINUTE;
    const candidates = list
      .filter(
        (c) =>
          c.country === country && c.merchantCode === DEMO_RISK_MERCHANT && c.fate.defendedAt === null && c.fate.status !== 'DEFENSE_WON',
      )
      .sort((a, b) => b.disputeAt - a.disputeAt);
    const wanted: { bucket: string; deadline: (disputeAt: number) => number | null }[] = [
      { bucket: 'TODAY', deadline: (d) => (todayEnd > now && todayEnd > d ? todayEnd : null) },
      { bucket: 'THIS_WEEK', deadline: () => now + 3 * DAY },
      { bucket: 'OVERDUE', deadline: (d) => (now - DAY > d + HOUR ? now - DAY : null) },
      { bucket: 'THIS_WEEK', deadline: () => now + 5 * DAY + 2 * HOUR },
      { bucket: 'LATER', deadline: () => now + 12 * DAY },
      { bucket: 'OVERDUE', deadline: (d) => (now - 3 * DAY > d + HOUR ? now - 3 * DAY : null) },
    ];
    const used = new Set<number>();
    for (const w of wanted) {
      const i = candidates.findIndex((c, k) => !used.has(k) && w.deadline(c.disputeAt) !== null);
      if (i < 0) continue;
      used.add(i);
      const c = candidates[i] as (typeof candidates)[number];
      c.fate = { ...c.fate, status: 'CHARGE_BACK', accepted: false, outcomeAt: null, deadline: w.deadline(c.disputeAt) as number };
    }
  }
}

// ---- rows -------------------------------------------------------------------------------------------

export interface RiskSignalRow {
  transactionId: number;
  merchantId: number;
  country: string;
  createdAt: number;
  amount: number;
  values: SignalValues;
  failedAt: number | null;
  chargedBackAt: number | null;
}

/** The risk_signals row of a pay-in of the history (its status and chargebacks as the book left them). */
export function signalRowOf(tx: TxRow, risk: RiskSignals | undefined, chargedBackAt: number | null): RiskSignalRow {
  const failed = tx.status === 'FAILED' || tx.status === 'REJECTED';
  return {
    transactionId: tx.id,
    merchantId: tx.merchantId,
    country: tx.country,
    createdAt: tx.createdAt,
    amount: tx.amount,
    values: signalValuesOf(tx.payer, tx.card, risk),
    failedAt: failed ? tx.statusAt : null,
    chargedBackAt,
  };
}

export const DEFENSE_DESCRIPTIONS: Readonly<Record<ChargebackReasonCode, string>> = {
  FRAUD:
    'The payment was authenticated with 3-D Secure from the customer’s usual device and IP; the customer bought from us twice before without dispute.',
  NOT_RECEIVED: 'The order was delivered to the address given at checkout; the carrier’s proof of delivery with signature is attached.',
  NOT_AS_DESCRIBED:
    'The item matches the product page (attached) and the customer did not ask for a return within the 30 days of our policy.',
  DUPLICATE: 'The two charges are two different orders with different items; both receipts are attached.',
  CANCELLED_RECURRING:
    'The subscription was active when charged; the customer cancelled afterwards, as the attached account history shows.',
  CREDIT_NOT_PROCESSED: 'The refund was processed on our side; the refund record is attached.',
  AUTHORISATION: 'The payment was authorised by the issuer; the authorisation record is attached.',
  OTHER: 'The customer received the service as ordered; receipt and communication attached.',
};

/** The evidence file of a defence: a small CSV made from the chargeback's own data. */
export function evidenceFileOf(cb: {
  uniqueId: string;
  payinUniqueId: string;
  reasonCode: ChargebackReasonCode;
  amount: number;
  currency: string;
  disputeAt: number;
}): {
  name: string;
  content: Buffer;
} {
  const rng = new Rng(`demo-evidence#${cb.uniqueId}`);
  const delivered = new Date(cb.disputeAt - rng.int(10, 40) * DAY).toISOString().slice(0, 10);
  const rows =
    cb.reasonCode === 'NOT_RECEIVED'
      ? [
          ['order', 'carrier', 'tracking', 'delivered_on', 'signed_by'],
          [cb.payinUniqueId, rng.pick(['Correios', 'Loggi', 'DHL', 'Estafeta', 'FedEx']), `TRK${rng.chars(10)}`, delivered, 'recipient'],
        ]
      : [
          ['transaction', 'amount', 'currency', 'evidence'],
          [cb.payinUniqueId, (cb.amount / 100).toFixed(2), cb.currency, cb.reasonCode.toLowerCase().replace(/_/g, ' ')],
        ];
  const name = cb.reasonCode === 'NOT_RECEIVED' ? `proof-of-delivery-${cb.uniqueId}.csv` : `evidence-${cb.uniqueId}.csv`;
  return { name, content: Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`) };
}

// ---- writing ----------------------------------------------------------------------------------------

/** What the history seed's bulk session offers (demo-history.ts). */
export interface RiskSeedSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  load(
    table: string,
    columns: readonly { name: string; type: 'bigint' | 'integer' | 'smallint' | 'text' | 'timestamptz' | 'jsonb' | 'boolean' }[],
    count: number,
    row: (i: number) => (string | number | boolean | null | undefined | object)[],
  ): Promise<void>;
}

export interface RiskSeedInput {
  plan: DemoRiskPlan | null;
  transactions: readonly TxRow[];
  riskSignals: ReadonlyMap<number, RiskSignals>;
  chargebackCodes: ReadonlyMap<number, ChargebackReasonCode>;
  chargebackOutcomes: ReadonlyMap<number, { won: boolean; at: number }>;
  now: number;
  /** The files' ids (files.service newFileId) and digests, injected so this module stays free of the files module. */
  newFileId: () => string;
  sha256Hex: (b: Buffer) => string;
  sniffContentType: (name: string, b: Buffer) => string;
}

export interface RiskSeedResult {
  rules: number;
  signals: number;
  decisions: number;
  pendingReviews: number;
  chargebacks: number;
  /** Evidence files of the defences (stored_files rows besides the transactions' attachments). */
  evidenceFiles: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const col = (name: string, type: Parameters<RiskSeedSession['load']>[1][number]['type']) => ({ name, type });

const SIGNAL_COLUMNS = [
  col('transaction_id', 'bigint'),
  col('merchant_id', 'integer'),
  col('country', 'text'),
  col('created_at', 'timestamptz'),
  col('amount', 'bigint'),
  col('document', 'text'),
  col('email', 'text'),
  col('email_domain', 'text'),
  col('card', 'text'),
  col('bin', 'text'),
  col('ip', 'text'),
  col('device', 'text'),
  col('score', 'smallint'),
  col('authenticated', 'boolean'),
  col('failed_at', 'timestamptz'),
  col('charged_back_at', 'timestamptz'),
];

/** Writes the risk demo within the history's database transaction. */
export async function writeDemoRisk(s: RiskSeedSession, input: RiskSeedInput): Promise<RiskSeedResult> {
  const { now } = input;
  const byId = new Map(input.transactions.map((t) => [t.id, t]));
  const byUniqueId = new Map(input.transactions.map((t) => [t.uniqueId, t]));

  // Signals of every pay-in, with its first chargeback.
  const firstChargeback = new Map<number, number>();
  for (const t of input.transactions) {
    if (t.transactionType !== 'CHARGE_BACK' || t.relatedTransactionId === null) continue;
    const was = firstChargeback.get(t.relatedTransactionId);
    if (was === undefined || t.createdAt < was) firstChargeback.set(t.relatedTransactionId, t.createdAt);
  }
  const signals = input.transactions
    .filter((t) => t.transactionType === 'PAY_IN')
    .map((t) => signalRowOf(t, input.riskSignals.get(t.id), firstChargeback.get(t.id) ?? null));
  await s.load('risk_signals', SIGNAL_COLUMNS, signals.length, (i) => {
    const r = signals[i];
    if (!r) return [];
    const v = r.values;
    return [
      r.transactionId,
      r.merchantId,
      r.country,
      iso(r.createdAt),
      r.amount,
      v.document,
      v.email,
      v.emailDomain,
      v.card,
      v.bin,
      v.ip,
      v.device,
      v.score,
      v.authenticated,
      iso(r.failedAt),
      iso(r.chargedBackAt),
    ];
  });

  const [admin] = await s.query<{ id: number; merchant_id: number; display_name: string }>(
    `select id, merchant_id, display_name from users where username = 'demo.admin'`,
  );

  // Rules and their versions; then the decisions that name them.
  let ruleCount = 0;
  let decisionCount = 0;
  let pending = 0;
  const plan = input.plan;
  if (plan && admin && plan.rules.length > 0) {
    const merchantId = Number(admin.merchant_id);
    const createdAt = iso(plan.rulesAt);
    const editedAt = iso(plan.rulesAt + 10 * HOUR);
    const rows = plan.rules.map((r) => ({
      key: r.key,
      country: r.country,
      type: r.type,
      template: r.template,
      version: r.first ? 2 : 1,
      name: r.name,
      threshold: r.threshold,
      duration: r.duration,
      score: r.score,
      enabled: r.enabled,
      values: r.values,
      send: r.sendToCaseManagement,
      updated_at: r.first ? editedAt : createdAt,
    }));
    const ids = await s.query<{ id: number; client_request_id: string }>(
      `insert into risk_rules (merchant_id, country, type, template, version, name, threshold, duration, score, enabled, values,
                               send_to_case_management, client_request_id, request_hash, created_by, created_by_name, created_at,
                               updated_by, updated_by_name, updated_at)
       select $2::int, x.country, x.type, x.template, x.version, x.name, x.threshold, x.duration, x.score, x.enabled, x.values,
              x.send, 'demo-seed-' || x.key, md5(x.key), $3::int, $4::text, $5::timestamptz, $3::int, $4::text, x.updated_at
         from jsonb_to_recordset($1::jsonb) as x(key text, country text, type text, template text, version int, name text, threshold bigint,
              duration int, score smallint, enabled boolean, values jsonb, send boolean, updated_at timestamptz)
       returning id, client_request_id`,
      [JSON.stringify(rows), merchantId, Number(admin.id), admin.display_name, createdAt],
    );
    const idOf = new Map(ids.map((r) => [r.client_request_id.replace(/^demo-seed-/, ''), Number(r.id)]));
    const versions = plan.rules.flatMap((r) => {
      const id = idOf.get(r.key);
      const v = (version: number, change: 'ADDED' | 'UPDATED', at: string | null, f: Partial<DemoRule>) => ({
        rule_id: id,
        version,
        change,
        name: f.name ?? r.name,
        threshold: f.threshold !== undefined ? f.threshold : r.threshold,
        duration: f.duration !== undefined ? f.duration : r.duration,
        score: f.score !== undefined ? f.score : r.score,
        enabled: f.enabled ?? r.enabled,
        values: f.values ?? r.values,
        send: f.sendToCaseManagement ?? r.sendToCaseManagement,
        at,
      });
      return r.first ? [v(1, 'ADDED', createdAt, r.first), v(2, 'UPDATED', editedAt, {})] : [v(1, 'ADDED', createdAt, {})];
    });
    await s.query(
      `insert into risk_rule_versions (rule_id, version, change, name, threshold, duration, score, enabled, values, send_to_case_management,
                                       by_user_id, by_name, at)
       select x.rule_id, x.version, x.change, x.name, x.threshold, x.duration, x.score, x.enabled, x.values, x.send, $2::int, $3::text, x.at
         from jsonb_to_recordset($1::jsonb) as x(rule_id int, version int, change text, name text, threshold bigint, duration int,
              score smallint, enabled boolean, values jsonb, send boolean, at timestamptz)`,
      [JSON.stringify(versions), Number(admin.id), admin.display_name],
    );
    ruleCount = plan.rules.length;

    const ruleOf = new Map(plan.rules.map((r) => [r.key, r]));
    const decisions = plan.decisions.flatMap((d) => {
      const tx = byUniqueId.get(d.uniqueId);
      if (!tx) return [];
      const rules = d.fired.map((f) => {
        const r = ruleOf.get(f.ruleKey) as DemoRule;
        // Decisions were made by the rules as first written (the edited rules are disabled ones).
        return firedRuleOf(r, idOf.get(r.key) ?? 0, 1, f);
      });
      if (d.review?.status === 'PENDING') pending += 1;
      return [
        {
          transaction_id: tx.id,
          merchant_id: tx.merchantId,
          country: d.country,
          decision: d.decision,
          final_decision: d.finalDecision,
          score: d.score,
          rules,
          rules_evaluated: d.rulesEvaluated,
          evaluated_at: iso(d.evaluatedAt),
          review_status: d.review?.status ?? null,
          review_expires_at: d.review ? iso(d.review.expiresAt) : null,
          reviewed_by: d.review?.at ? Number(admin.id) : null,
          reviewed_by_name: d.review?.at ? admin.display_name : null,
          reviewed_at: d.review?.at ? iso(d.review.at) : null,
          review_note: d.review?.note ?? null,
        },
      ];
    });
    if (decisions.length > 0) {
      await s.query(
        `insert into risk_decisions (transaction_id, merchant_id, country, decision, final_decision, score, rules, rules_evaluated, evaluated_at,
                                     review_status, review_expires_at, reviewed_by, reviewed_by_name, reviewed_at, review_note)
         select x.transaction_id, x.merchant_id, x.country, x.decision, x.final_decision, x.score, x.rules, x.rules_evaluated, x.evaluated_at,
                x.review_status, x.review_expires_at, x.reviewed_by, x.reviewed_by_name, x.reviewed_at, x.review_note
           from jsonb_to_recordset($1::jsonb) as x(transaction_id bigint, merchant_id int, country text, decision text, final_decision text,
                score smallint, rules jsonb, rules_evaluated int, evaluated_at timestamptz, review_status text, review_expires_at timestamptz,
                reviewed_by int, reviewed_by_name text, reviewed_at timestamptz, review_note text)`,
        [JSON.stringify(decisions)],
      );
    }
    decisionCount = decisions.length;
  }

  // Chargebacks: one per CHARGE_BACK transaction of the history.
  const merchantCodes = new Map(
    (await s.query<{ id: number; code: string }>('select id, code from merchants')).map((m) => [Number(m.id), m.code]),
  );
  const cbs = input.transactions
    .filter((t) => t.transactionType === 'CHARGE_BACK' && t.relatedTransactionId !== null)
    .map((t) => {
      const payin = byId.get(t.relatedTransactionId as number) as TxRow;
      const reasonCode = input.chargebackCodes.get(t.id) ?? 'OTHER';
      const brand = payin.card?.brand ?? null;
      let fate = chargebackFateOf(
        { uniqueId: t.uniqueId, disputeAt: t.createdAt, brand, reasonCode },
        now,
        input.plan?.forced.get(t.uniqueId),
      );
      // The book posted what the network decided; a fate and the book always agree (same model), this keeps it certain.
      const outcome = input.chargebackOutcomes.get(t.id);
      if (outcome) fate = { ...fate, status: outcome.won ? 'DEFENSE_WON' : 'DEFENSE_LOST', outcomeAt: outcome.at, awaitingProvider: false };
      else if (fate.status === 'DEFENSE_WON') fate = { ...fate, status: 'UNDER_DEFENSE', outcomeAt: null, awaitingProvider: true };
      if (fate.status === 'UNDER_DEFENSE') fate = { ...fate, awaitingProvider: true };
      return {
        t,
        payin,
        reasonCode,
        brand,
        country: t.country as Country,
        merchantCode: merchantCodes.get(t.merchantId) ?? '',
        disputeAt: t.createdAt,
        fate,
      };
    });
  spreadDeadlines(cbs, now);

  const files: {
    publicId: string;
    merchantId: number;
    name: string;
    contentType: string;
    size: number;
    sha256: string;
    content: string;
    at: string;
  }[] = [];
  const cbRows = cbs.map((c) => {
    const f = c.fate;
    const defended = f.defendedAt !== null;
    const appendices = defended
      ? [
          evidenceFileOf({
            uniqueId: c.t.uniqueId,
            payinUniqueId: c.payin.uniqueId,
            reasonCode: c.reasonCode,
            amount: c.t.amount,
            currency: c.t.currency,
            disputeAt: c.disputeAt,
          }),
        ].map((file) => {
          const fileId = input.newFileId();
          const contentType = input.sniffContentType(file.name, file.content);
          files.push({
            publicId: fileId,
            merchantId: c.t.merchantId,
            name: file.name,
            contentType,
            size: file.content.byteLength,
            sha256: input.sha256Hex(file.content),
            content: file.content.toString('base64'),
            at: iso(f.defendedAt) as string,
          });
          return { fileId, name: file.name, size: file.content.byteLength, contentType };
        })
      : [];
    // Reminders went out while it was open, 3 days and 1 day before its deadline.
    const openUntil = f.defendedAt ?? (f.accepted ? f.outcomeAt : null) ?? f.deadline;
    const reminded = (days: number) => {
      const at = f.deadline - days * DAY;
      return at <= now && at > c.disputeAt && at < openUntil ? at : null;
    };
    const history: { event: string; status: string; at: number; by: string | null; note: string | null }[] = [
      { event: 'RECEIVED', status: 'CHARGE_BACK', at: c.disputeAt, by: null, note: c.t.statusReason },
    ];
    const r3 = reminded(3);
    const r1 = reminded(1);
    if (r3 !== null) history.push({ event: 'REMINDED', status: 'CHARGE_BACK', at: r3, by: null, note: 'Deadline in 3 days' });
    if (r1 !== null) history.push({ event: 'REMINDED', status: 'CHARGE_BACK', at: r1, by: null, note: 'Deadline in 1 day' });
    if (f.defendedAt !== null)
      history.push({ event: 'DEFENDED', status: 'UNDER_DEFENSE', at: f.defendedAt, by: admin?.display_name ?? null, note: null });
    if (f.accepted && f.outcomeAt !== null)
      history.push({ event: 'ACCEPTED', status: 'DEFENSE_LOST', at: f.outcomeAt, by: admin?.display_name ?? null, note: null });
    else if (f.status === 'DEFENSE_WON' && f.outcomeAt !== null)
      history.push({ event: 'WON', status: 'DEFENSE_WON', at: f.outcomeAt, by: null, note: null });
    else if (f.status === 'DEFENSE_LOST' && f.outcomeAt !== null)
      history.push({ event: 'LOST', status: 'DEFENSE_LOST', at: f.outcomeAt, by: null, note: null });
    history.sort((a, b) => a.at - b.at);
    return {
      merchant_id: c.t.merchantId,
      sub_merchant_id: c.t.subMerchantId,
      country: c.t.country,
      currency: c.t.currency,
      transaction_id: c.t.id,
      payin_id: c.payin.id,
      unique_id: c.t.uniqueId,
      amount: c.t.amount,
      reason: c.t.statusReason ?? 'Chargeback',
      reason_code: c.reasonCode,
      card_brand: c.brand,
      dispute_date: iso(c.disputeAt),
      deadline: iso(f.deadline),
      status: f.status,
      description: defended ? DEFENSE_DESCRIPTIONS[c.reasonCode] : null,
      appendices,
      defended_by: defended ? Number(admin?.id ?? 0) || null : null,
      defended_by_name: defended ? (admin?.display_name ?? null) : null,
      defended_at: iso(f.defendedAt),
      accepted: f.accepted,
      outcome_at: iso(f.outcomeAt),
      awaiting_provider: f.status === 'UNDER_DEFENSE' && f.awaitingProvider,
      reminded_3_at: iso(r3),
      reminded_1_at: iso(r1),
      created_at: iso(c.disputeAt),
      updated_at: iso(history[history.length - 1]?.at ?? c.disputeAt),
      history: history.map((h) => ({ ...h, at: iso(h.at) })),
    };
  });
  if (files.length > 0) {
    await s.query(
      `insert into stored_files (public_id, merchant_id, name, content_type, size, sha256, content, created_at)
       select p, m, n, ct, sz, h, decode(c, 'base64'), at
         from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::timestamptz[])
              as u(p, m, n, ct, sz, h, c, at)`,
      [
        files.map((f) => f.publicId),
        files.map((f) => f.merchantId),
        files.map((f) => f.name),
        files.map((f) => f.contentType),
        files.map((f) => f.size),
        files.map((f) => f.sha256),
        files.map((f) => f.content),
        files.map((f) => f.at),
      ],
    );
  }
  if (cbRows.length > 0) {
    await s.query(
      `with cb as (
         insert into chargebacks (merchant_id, sub_merchant_id, country, currency, transaction_id, payin_id, unique_id, amount, reason, reason_code,
                                  card_brand, dispute_date, deadline, status, description, appendices, defended_by, defended_by_name, defended_at,
                                  accepted, outcome_at, awaiting_provider, reminded_3_at, reminded_1_at, created_at, updated_at)
         select x.merchant_id, x.sub_merchant_id, x.country, x.currency, x.transaction_id, x.payin_id, x.unique_id, x.amount, x.reason, x.reason_code,
                x.card_brand, x.dispute_date, x.deadline, x.status, x.description, x.appendices, x.defended_by, x.defended_by_name, x.defended_at,
                x.accepted, x.outcome_at, x.awaiting_provider, x.reminded_3_at, x.reminded_1_at, x.created_at, x.updated_at
           from jsonb_to_recordset($1::jsonb) as x(merchant_id int, sub_merchant_id int, country text, currency text, transaction_id bigint,
                payin_id bigint, unique_id text, amount bigint, reason text, reason_code text, card_brand text, dispute_date timestamptz,
                deadline timestamptz, status text, description text, appendices jsonb, defended_by int, defended_by_name text,
                defended_at timestamptz, accepted boolean, outcome_at timestamptz, awaiting_provider boolean, reminded_3_at timestamptz,
                reminded_1_at timestamptz, created_at timestamptz, updated_at timestamptz)
         returning id, unique_id)
       insert into chargeback_history (chargeback_id, event, status, at, by_user_id, by_name, note)
       select cb.id, h.event, h.status, h.at, case when h.by is null then null else $2::int end, h.by, h.note
         from cb
         join jsonb_to_recordset($1::jsonb) as x(unique_id text, history jsonb) on x.unique_id = cb.unique_id
         cross join lateral jsonb_to_recordset(x.history) as h(event text, status text, at timestamptz, by text, note text)
        order by h.at`,
      [JSON.stringify(cbRows), Number(admin?.id ?? 0)],
    );
  }
  return {
    rules: ruleCount,
    signals: signals.length,
    decisions: decisionCount,
    pendingReviews: pending,
    chargebacks: cbRows.length,
    evidenceFiles: files.length,
  };
}
