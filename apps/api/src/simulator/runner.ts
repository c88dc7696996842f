import { setMaxListeners } from 'node:events';
import type { AccountType } from '@andes/contract/account/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import type { EventAck, PlatformEventInput, PlatformEventType } from '@andes/contract/platform/schemas';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import { FxBook, planRequestAnswer } from './accounting.ts';
import { withDemoAttachments } from './attachments.ts';
import { CATALOGUE, meanAmount } from './catalogue.ts';
import { PlatformClient, type SendResult } from './client.ts';
import { TimeHeap } from './heap.ts';
import {
  type Allocation,
  LIVE_TIME,
  type PlannedEvent,
  planFunding,
  planOfferedLinkPayment,
  planOfferedPayout,
  planTransaction,
  type Timing,
  type TransactionKind,
} from './lifecycle.ts';
import { DEFAULT_TARGETS, type SimTarget, type Stream, streamsOf } from './merchants.ts';
import { planProviderMessage } from './messages.ts';
import { hashTag, Rng } from './prng.ts';
import { followOf, planDefenseAnswer, type RiskFollow, riskStatusEvent } from './risk.ts';
import { planCaseAnswer } from './support.ts';

/**
 * The live simulator: plays the payment platform in real time against any Andes server, through
 * the ingestion API only. New transactions start as a Poisson process sized to the event rate;
 * each one's events are sent in order, the next one not before the previous is acknowledged,
 * with bounded concurrency. Transient failures are retried with backoff under the same event id;
 * a refund the balance cannot cover yet is tried again a few minutes later. Payouts created in
 * the dashboard are claimed from the outbox and driven to an outcome; accounting requests (top-ups,
 * withdrawals, exchanges, sub-merchant transfers) are claimed the same way and answered by the
 * provider's model (accounting.ts), whose FX rates are published at the start and every few
 * minutes. Pay-ins follow the merchant's risk decision (risk.ts, docs/decisions/0028): the
 * acknowledgement of a pay-in's creation carries it; a BLOCK is rejected, a REVIEW is held while the
 * decision is polled until a person decides it (approved: its life goes on; rejected: REJECTED) or
 * it expires. Chargeback defences the merchants submitted are claimed and answered won or lost
 * after a delay. One summary line a minute.
 */

export interface SimulatorOptions {
  /** Andes' origin, like http://localhost:8080. */
  baseUrl: string;
  /** The platform's service token (never logged). */
  token: string;
  /** Events per second to aim at. */
  ratePerSecond: number;
  /** Whom to trade for; default the demo seed's merchants. */
  merchants?: readonly SimTarget[];
  log?: (line: string) => void;
  /** Aborting it stops the simulator (like stop()). */
  signal?: AbortSignal;
  /** Seed of ids and amounts; default one per start (ids never clash with an earlier run's). */
  seed?: string;
  timing?: Timing;
  /** Requests in flight at most (default 8). */
  concurrency?: number;
  /** Default 60 s. */
  summaryEveryMs?: number;
  /** How often the payout outbox, the accounting requests and the chargeback defences are polled (default 3 s); 0: never. */
  claimEveryMs?: number;
  /** How often the decisions of pay-ins held for a risk review are read (default 5 s). */
  reviewPollEveryMs?: number;
  /** How often the provider's FX rates are published (default 5 min; also once at the start); 0: never. */
  fxEveryMs?: number;
  /** How often the provider publishes an announcement or a message (default 20 min; the first one minute in); 0: never. */
  messageEveryMs?: number;
  /** How often payout accounts are funded (default 5 min). */
  fundingEveryMs?: number;
  /** Attempts of one event before it is given up (default 8). */
  maxAttempts?: number;
  /** First backoff after a transient failure (default 500 ms, doubling, at most 30 s). */
  retryBaseMs?: number;
  /** A refund or transfer the balance does not cover yet is tried again after 1 to 4 times this (default 60 s). */
  deferralMs?: number;
  fetch?: typeof fetch;
}

export interface SimulatorTotals {
  /** Transactions started, by kind. */
  started: Record<TransactionKind, number>;
  /** Acknowledged events by type. */
  sent: Partial<Record<PlatformEventType, number>>;
  /** Acknowledged events by outcome (duplicates counted apart). */
  outcomes: { APPLIED: number; PARKED: number; STALE: number; duplicate: number };
  /** Events sent again after a transient failure. */
  retries: number;
  /** Refunds and transfers deferred because the balance did not cover them yet. */
  deferred: number;
  /** Events given up (refused, out of attempts, never covered). */
  givenUp: number;
  /** Dashboard payouts taken from the outbox. */
  offeredPayouts: number;
  /** Accounting requests taken (each task of a request counts once). */
  offeredRequests: number;
  /** Provider answers the request's state no longer allowed (the merchant canceled it meanwhile). */
  superseded: number;
  /** Pay-ins by the merchant's risk decision, and what became of those held for a review. */
  risk: { allowed: number; blocked: number; reviewed: number; approved: number; rejected: number; expired: number };
  /** Chargeback defences taken to present to the networks (their answers are counted in `sent`). */
  offeredDefenses: number;
  /** Support cases taken (each offer answered once; docs/decisions/0029). */
  offeredCases: number;
}

export interface Simulator {
  totals(): SimulatorTotals;
  /** Stops starting and sending; waits for requests in flight; returns the totals. */
  stop(): Promise<SimulatorTotals>;
}

interface Chain {
  label: string;
  events: PlannedEvent[];
  next: number;
  /** Insufficient-balance deferrals of the current event. */
  deferrals: number;
  /** Once the first event is acknowledged, the others go on as chains of their own (a funding's transfers). */
  fanOut?: boolean;
  /** Called once the chain is over, whatever its outcome. */
  done?: () => void;
  /** An accounting request's answer: a conflict means the request moved on (canceled meanwhile), not a fault. */
  request?: boolean;
}

/** A pay-in held while a person reviews it in the merchant's case management. */
interface HeldPayin {
  chain: Chain;
  uniqueId: string;
  merchantCode: string;
  since: number;
}

const MAX_DEFERRALS = 6;
const GIVE_UP_LINES_PER_WINDOW = 5;
/**
 * How long an answered request task is not answered again: longer than an answer takes to land,
 * shorter than a quote lives (an exchange whose quote expired is offered QUOTE again, rightly).
 */
const ANSWERED_MEMORY_MS = 5 * 60_000;
/** Transactions waiting for their next event, at most; beyond it no new one starts. */
const MAX_WAITING = 50_000;
/** Pay-ins held for a review, at most (a review may take days): beyond it the oldest is let go. */
const MAX_HELD = 5_000;
/** Held pay-ins whose decision is read per poll. */
const REVIEWS_PER_POLL = 25;

function emptyTotals(): SimulatorTotals {
  return {
    started: { payin: 0, payout: 0, marketplace: 0 },
    sent: {},
    outcomes: { APPLIED: 0, PARKED: 0, STALE: 0, duplicate: 0 },
    retries: 0,
    deferred: 0,
    givenUp: 0,
    offeredPayouts: 0,
    offeredRequests: 0,
    superseded: 0,
    risk: { allowed: 0, blocked: 0, reviewed: 0, approved: 0, rejected: 0, expired: 0 },
    offeredDefenses: 0,
    offeredCases: 0,
  };
}

/** Mean events of a transaction's life over the streams (sampled once, deterministic). */
export function meanEventsPerTransaction(streams: readonly Stream[]): number {
  const rng = new Rng('mean-events');
  let events = 0;
  const samples = 400;
  for (let i = 0; i < samples; i += 1) {
    const stream = rng.weighted(streams);
    const kind = rng.weighted(stream.kinds).kind;
    events += planTransaction({ seed: 'mean-events', index: i, holder: stream.holder, kind, at: 0, timing: LIVE_TIME }).events.length;
  }
  return events / samples;
}

/** One line of figures: `APPLIED 10, PARKED 0…`. */
export function summaryLine(prefix: string, t: SimulatorTotals): string {
  const s = t.sent;
  return (
    `${prefix}: ${t.outcomes.APPLIED + t.outcomes.PARKED + t.outcomes.STALE} events ` +
    `(applied ${t.outcomes.APPLIED}, parked ${t.outcomes.PARKED}, stale ${t.outcomes.STALE}, duplicate ${t.outcomes.duplicate}); ` +
    `started ${t.started.payin} pay-ins, ${t.started.payout} payouts, ${t.started.marketplace} marketplace orders; ` +
    `settled ${s['transaction.settled'] ?? 0}, other status changes ${s['transaction.status_changed'] ?? 0}, ` +
    `refunds ${s['transaction.refunded'] ?? 0}, chargebacks ${s['transaction.charged_back'] ?? 0}, holds ${s['transaction.held'] ?? 0}, ` +
    `payout updates ${s['payout.status_changed'] ?? 0}, top-ups ${s['global.topped_up'] ?? 0}, transfers ${s['global.transferred_out'] ?? 0}, ` +
    `dashboard payouts ${t.offeredPayouts}; accounting requests taken ${t.offeredRequests} ` +
    `(verified ${s['request.verified'] ?? 0}, quoted ${s['request.rate_quoted'] ?? 0}, transfers started ${s['request.transfer_started'] ?? 0}, ` +
    `completed ${s['request.completed'] ?? 0}, transfers failed ${s['request.transfer_failed'] ?? 0}, rejected ${s['request.rejected'] ?? 0}, ` +
    `failed ${s['request.failed'] ?? 0}, superseded ${t.superseded}), FX rates ${s['fx.rate_published'] ?? 0}; ` +
    `risk: allowed ${t.risk.allowed}, blocked ${t.risk.blocked}, sent to review ${t.risk.reviewed} ` +
    `(approved ${t.risk.approved}, rejected ${t.risk.rejected}, expired ${t.risk.expired}); ` +
    `chargeback defences taken ${t.offeredDefenses} (won ${s['chargeback.won'] ?? 0}, lost ${s['chargeback.lost'] ?? 0}); ` +
    `support cases taken ${t.offeredCases} (replies ${s['case.replied'] ?? 0}, status changes ${s['case.status_changed'] ?? 0}); ` +
    `retries ${t.retries}, deferred ${t.deferred}, given up ${t.givenUp}`
  );
}

export function startSimulator(options: SimulatorOptions): Simulator {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const timing = options.timing ?? LIVE_TIME;
  const concurrency = options.concurrency ?? 8;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const seed = options.seed ?? `live-${Date.now().toString(36)}`;
  const client = new PlatformClient({ baseUrl: options.baseUrl, token: options.token, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const streams = streamsOf(options.merchants ?? DEFAULT_TARGETS);
  if (streams.length === 0) throw new Error('the simulator needs at least one merchant and country');
  if (!(options.ratePerSecond > 0)) throw new Error('ratePerSecond must be above 0');
  const rng = new Rng(`${seed}/runner`);
  const transactionsPerSecond = options.ratePerSecond / meanEventsPerTransaction(streams);

  const totals = emptyTotals();
  let window = emptyTotals();
  const count = (f: (t: SimulatorTotals) => void) => {
    f(totals);
    f(window);
  };

  const heap = new TimeHeap<Chain>();
  const stopper = new AbortController();
  const onAbort = () => void stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let stopped = false;
  let inFlight = 0;
  const idle: (() => void)[] = [];
  let index = 0;
  let nextStartAt = Date.now();
  const offered = new Set<string>();
  /** Accounting requests with an answer on its way (a repeated offer of one is left alone). */
  const answering = new Set<string>();
  /** Tasks answered lately (request number and task → when): an offer made before the answer landed is not answered twice. */
  const answered = new Map<string, number>();
  let requestClaimsLoggedAt = 0;
  let defenseClaimsLoggedAt = 0;
  let caseClaimsLoggedAt = 0;
  let linkClaimsLoggedAt = 0;
  /** Link payments with a checkout planned (by link id and when the payer chose to pay). */
  const linkPayments = new Set<string>();
  /** Support cases with an answer planned, by case number and the merchant message answered. */
  const answeringCases = new Set<string>();
  let decisionReadsLoggedAt = 0;
  /** Pay-ins held for a review, oldest first (a polled one goes to the back). */
  const held = new Map<string, HeldPayin>();
  /** Defences with an answer planned (a defence offered again is not answered twice). */
  const presented = new Set<string>();
  const fx = new FxBook(rng.fork('fx'), Date.now());
  const fxTag = hashTag(seed, 6);
  let fxPublished = false;
  /** A top-level merchant to send the provider's own events under (fx.rate_published). */
  const providerMerchantCode = (options.merchants ?? DEFAULT_TARGETS).find((t) => !t.subMerchantCode)?.merchantCode ?? null;
  /** Merchants whose payout accounts received their first funding. */
  const funded = new Set<string>();
  let unauthorizedLoggedAt = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopper.signal.aborted) return resolve();
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        stopper.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      stopper.signal.addEventListener('abort', onAbort, { once: true });
    });
  setMaxListeners(concurrency + 10, stopper.signal);

  function enqueue(chain: Chain): void {
    const event = chain.events[chain.next];
    if (event) heap.push(Math.max(event.at, Date.now()), chain);
  }

  function startTransaction(at: number): void {
    const stream = rng.weighted(streams);
    let kind = rng.weighted(stream.kinds).kind;
    // Until its accounts are first funded, a merchant only collects.
    if (kind !== 'payin' && !funded.has(stream.holder.merchantCode)) kind = 'payin';
    const plan = planTransaction({ seed, index: index++, holder: stream.holder, kind, at, timing });
    count((t) => {
      t.started[kind] += 1;
    });
    // Some transfers and payouts carry files (a payer's receipt, a payout invoice), as a platform's would.
    enqueue({ label: plan.uniqueId, events: withDemoAttachments(plan.events), next: 0, deferrals: 0 });
  }

  /** Funds the payout and marketplace accounts of the top-level merchants for the next periods. */
  function fund(periods: number): void {
    const periodSeconds = (options.fundingEveryMs ?? 5 * 60_000) / 1000;
    const totalWeight = streams.reduce((s, x) => s + x.weight, 0);
    const byMerchant = new Map<string, Allocation[]>();
    for (const stream of streams) {
      if (stream.holder.subMerchantCode) continue;
      const kindTotal = stream.kinds.reduce((s, k) => s + k.weight, 0);
      const catalogue = CATALOGUE[stream.holder.country];
      for (const k of stream.kinds) {
        if (k.kind === 'payin') continue;
        const products = k.kind === 'payout' ? catalogue.payouts : catalogue.marketplace;
        const weightSum = products.reduce((s, p) => s + p.weight, 0);
        const mean = products.reduce((s, p) => s + p.weight * meanAmount(p.amount), 0) / weightSum;
        const perSecond = (transactionsPerSecond * stream.weight * k.weight) / (totalWeight * kindTotal);
        const amount = Math.ceil(perSecond * periodSeconds * periods * mean * 1.2);
        const accountType: AccountType = k.kind === 'payout' ? 'PAY_OUT' : 'MARKET_PLACE';
        const list = byMerchant.get(stream.holder.merchantCode) ?? [];
        list.push({ country: stream.holder.country, accountType, amount });
        byMerchant.set(stream.holder.merchantCode, list);
      }
    }
    const now = Date.now();
    for (const [merchantCode, allocations] of byMerchant) {
      const events = planFunding({ seed, merchantCode, at: now, allocations, timing });
      if (events.length === 0) continue;
      // Once every transfer of a funding is over, the merchant may pay out.
      let open = events.length - 1;
      const done = () => {
        open -= 1;
        if (open <= 0) funded.add(merchantCode);
      };
      enqueue({ label: `funding ${merchantCode}`, events, next: 0, deferrals: 0, fanOut: true, done });
    }
  }

  function record(event: PlatformEventInput, result: SendResult): void {
    if (result.kind !== 'ack') return;
    count((t) => {
      t.sent[event.type] = (t.sent[event.type] ?? 0) + 1;
      if (result.ack.duplicate) t.outcomes.duplicate += 1;
      t.outcomes[result.ack.outcome] += 1;
    });
  }

  /** Sends a chain's current event, retrying transient failures; then schedules what follows. */
  async function sendNext(chain: Chain): Promise<void> {
    const planned = chain.events[chain.next];
    if (!planned) return;
    const event = planned.event;
    let result: SendResult = { kind: 'transient', message: 'not sent' };
    for (let attempt = 1; attempt <= maxAttempts && !stopper.signal.aborted; attempt += 1) {
      if (attempt > 1) {
        count((t) => {
          t.retries += 1;
        });
        await sleep(Math.min(30_000, retryBaseMs * 2 ** (attempt - 2)));
        if (stopper.signal.aborted) break;
      }
      result = await client.send(event);
      if (result.kind === 'transient') continue;
      if (result.kind === 'unauthorized') {
        if (Date.now() - unauthorizedLoggedAt > 60_000) {
          unauthorizedLoggedAt = Date.now();
          log(`simulator: ${client.target} refused the service token (${result.message}); check ANDES_PLATFORM_TOKEN or --token`);
        }
        continue;
      }
      break;
    }
    record(event, result);
    switch (result.kind) {
      case 'ack':
        chain.next += 1;
        chain.deferrals = 0;
        if (chain.fanOut) {
          for (const e of chain.events.slice(chain.next)) {
            const part: Chain = { label: chain.label, events: [e], next: 0, deferrals: 0 };
            if (chain.done) part.done = chain.done;
            enqueue(part);
          }
          if (chain.next >= chain.events.length) chain.done?.();
          return;
        }
        if (event.type === 'transaction.created' && event.data.transactionType === 'PAY_IN' && chain.next === 1) {
          if (await followDecision(chain, event.data.uniqueId, event.merchantCode, result.ack)) return;
        }
        if (chain.next >= chain.events.length) chain.done?.();
        else enqueue(chain);
        return;
      case 'insufficient':
        if (chain.deferrals < MAX_DEFERRALS && !stopper.signal.aborted) {
          chain.deferrals += 1;
          count((t) => {
            t.deferred += 1;
          });
          heap.push(Date.now() + (options.deferralMs ?? 60_000) * rng.int(1, 4), chain);
          return;
        }
        break;
      default:
        break;
    }
    chain.done?.();
    if (stopper.signal.aborted) return;
    if (chain.request && result.kind === 'refused' && result.code === ResultCode.CONFLICT) {
      count((t) => {
        t.superseded += 1;
      });
      return;
    }
    count((t) => {
      t.givenUp += 1;
    });
    // A few lines a minute say why; the summary counts them all.
    if (window.givenUp <= GIVE_UP_LINES_PER_WINDOW) {
      const why =
        result.kind === 'refused' || result.kind === 'insufficient' ? result.message : `after ${maxAttempts} attempts: ${result.message}`;
      log(`simulator: ${event.type} ${event.eventId} of ${chain.label} given up: ${why}`);
    }
  }

  /**
   * After a pay-in's creation was acknowledged: follows the risk decision it carries (read again when
   * the acknowledgement was a repeat's). Returns true when the pay-in is held for a review.
   */
  async function followDecision(chain: Chain, uniqueId: string, merchantCode: string, ack: EventAck): Promise<boolean> {
    let decision: RiskDecisionView | null = ack.risk ?? null;
    if (!decision && ack.duplicate) {
      const read = await client.riskDecision(merchantCode, uniqueId);
      if (read.ok) decision = read.decision;
    }
    const follow = followOf(decision, Date.now());
    if (follow.kind === 'wait') {
      count((t) => {
        t.risk.reviewed += 1;
      });
      hold({ chain, uniqueId, merchantCode, since: Date.now() });
      return true;
    }
    count((t) => {
      if (follow.kind === 'proceed') t.risk.allowed += 1;
      else t.risk.blocked += 1;
    });
    endUnlessProceeding(chain, uniqueId, merchantCode, follow);
    return false;
  }

  /** A pay-in the decision stopped ends with REJECTED or EXPIRED instead of the rest of its life. */
  function endUnlessProceeding(chain: Chain, uniqueId: string, merchantCode: string, follow: RiskFollow): void {
    const ending = riskStatusEvent(uniqueId, merchantCode, follow, Date.now());
    if (ending) chain.events = [...chain.events.slice(0, chain.next), ending];
  }

  function hold(h: HeldPayin): void {
    held.set(h.uniqueId, h);
    while (held.size > MAX_HELD) {
      const oldest = held.keys().next().value;
      if (oldest === undefined) break;
      held.delete(oldest);
    }
  }

  /** A held pay-in goes on from now: what was planned after its creation moves by the time it waited. */
  function resume(chain: Chain, now: number): void {
    const next = chain.events[chain.next];
    const shift = next ? now - next.at : 0;
    if (shift > 0) {
      const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
      chain.events = [
        ...chain.events.slice(0, chain.next),
        ...chain.events.slice(chain.next).map((e) => {
          const event = { ...e.event, occurredAt: moved(e.event.occurredAt) } as PlatformEventInput;
          if (event.type === 'transaction.settled') {
            const data = { ...event.data, availableAt: moved(event.data.availableAt) };
            if (data.depositReleaseAt) data.depositReleaseAt = moved(data.depositReleaseAt);
            event.data = data;
          }
          return { at: e.at + shift, event };
        }),
      ];
    }
    if (chain.next >= chain.events.length) chain.done?.();
    else enqueue(chain);
  }

  /** Reads the decisions of the longest-held pay-ins: decided ones go on or end; expired ones end. */
  async function pollReviews(): Promise<void> {
    if (stopped || held.size === 0) return;
    const batch = [...held.values()].slice(0, REVIEWS_PER_POLL);
    for (const h of batch) {
      if (stopped) return;
      const read = await client.riskDecision(h.merchantCode, h.uniqueId);
      held.delete(h.uniqueId);
      if (!read.ok) {
        if (read.result.kind === 'transient' || read.result.kind === 'unauthorized') {
          held.set(h.uniqueId, h);
          continue;
        }
        // The decision cannot be read (an older server): the platform lets the pay-in go on.
        if (Date.now() - decisionReadsLoggedAt > 10 * 60_000) {
          decisionReadsLoggedAt = Date.now();
          log(`simulator: the risk decision of ${h.uniqueId} could not be read (${read.result.message}); it goes on`);
        }
        resume(h.chain, Date.now());
        continue;
      }
      const now = Date.now();
      const follow = followOf(read.decision, now);
      if (follow.kind === 'wait') {
        held.set(h.uniqueId, h);
        continue;
      }
      count((t) => {
        if (follow.kind === 'proceed') t.risk.approved += 1;
        else if (follow.kind === 'reject') t.risk.rejected += 1;
        else t.risk.expired += 1;
      });
      endUnlessProceeding(h.chain, h.uniqueId, h.merchantCode, follow);
      resume(h.chain, now);
    }
  }

  /** Takes the chargeback defences merchants submitted and plans the network's answer to each. */
  async function pollDefenses(): Promise<void> {
    if (stopped) return;
    const res = await client.claimDefenses(20, 1800);
    if (!res.ok) {
      if (res.result.kind !== 'transient' && Date.now() - defenseClaimsLoggedAt > 10 * 60_000) {
        defenseClaimsLoggedAt = Date.now();
        log(`simulator: ${client.target} did not offer chargeback defences (${res.result.message})`);
      }
      return;
    }
    for (const offer of res.list) {
      if (presented.has(offer.chargebackId)) continue;
      presented.add(offer.chargebackId);
      count((t) => {
        t.offeredDefenses += 1;
      });
      const answer = planDefenseAnswer(offer, Date.now(), timing);
      enqueue({ label: `defence of ${offer.chargebackId}`, events: [answer], next: 0, deferrals: 0, request: true });
    }
    if (presented.size > 10_000) presented.clear();
  }

  /** Takes the support cases waiting for the provider and plans the desk's answer to each (docs/decisions/0029). */
  async function pollCases(): Promise<void> {
    if (stopped) return;
    const res = await client.claimCases(20, 3600);
    if (!res.ok) {
      // An Andes without support cases (an older server) answers 404: said once in a while, not every poll.
      if (res.result.kind !== 'transient' && Date.now() - caseClaimsLoggedAt > 10 * 60_000) {
        caseClaimsLoggedAt = Date.now();
        log(`simulator: ${client.target} did not offer support cases (${res.result.message})`);
      }
      return;
    }
    for (const offer of res.list) {
      const key = `${offer.caseNo}|${offer.lastMerchantMessage?.at ?? ''}`;
      if (answeringCases.has(key)) continue;
      answeringCases.add(key);
      count((t) => {
        t.offeredCases += 1;
      });
      const events = planCaseAnswer(offer, Date.now(), timing);
      enqueue({ label: `case ${offer.caseNo}`, events, next: 0, deferrals: 0, request: true });
    }
    if (answeringCases.size > 10_000) answeringCases.clear();
  }

  function pump(): void {
    if (stopped) return;
    const now = Date.now();
    // New transactions up to now (Poisson arrivals). After a pause (a suspended laptop) or while
    // Andes does not keep up, arrivals are skipped rather than sent in a burst or piled up.
    if (now - nextStartAt > 10_000 || heap.size > MAX_WAITING) nextStartAt = now + 1000;
    while (nextStartAt <= now) {
      startTransaction(nextStartAt);
      nextStartAt += Math.max(1, Math.round(rng.exponential(1000 / transactionsPerSecond)));
    }
    while (inFlight < concurrency && heap.peekAt() <= now) {
      const item = heap.pop();
      if (!item) break;
      inFlight += 1;
      void sendNext(item.value).finally(() => {
        inFlight -= 1;
        if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
      });
    }
  }

  async function pollOutbox(): Promise<void> {
    if (stopped) return;
    const res = await client.claim(20, 120);
    if (!res.ok) {
      if (res.result.kind === 'unauthorized' && Date.now() - unauthorizedLoggedAt > 60_000) {
        unauthorizedLoggedAt = Date.now();
        log(`simulator: ${client.target} refused the service token (${res.result.message})`);
      }
      return;
    }
    for (const offer of res.list) {
      if (offered.has(offer.uniqueId)) continue;
      offered.add(offer.uniqueId);
      count((t) => {
        t.offeredPayouts += 1;
      });
      const events = planOfferedPayout(offer, Date.now(), timing);
      enqueue({ label: `dashboard payout ${offer.uniqueId}`, events, next: 0, deferrals: 0 });
    }
    if (offered.size > 10_000) offered.clear();
  }

  /**
   * Takes the payments payers started on payment links (docs/decisions/0035) and plays the
   * checkout: a pay-in through the link a few seconds later, then its outcome.
   */
  async function pollLinkPayments(): Promise<void> {
    if (stopped) return;
    const res = await client.claimLinkPayments(20, 300);
    if (!res.ok) {
      if (res.result.kind !== 'transient' && Date.now() - linkClaimsLoggedAt > 10 * 60_000) {
        linkClaimsLoggedAt = Date.now();
        log(`simulator: ${client.target} did not offer link payments (${res.result.message})`);
      }
      return;
    }
    for (const offer of res.list) {
      const key = `${offer.linkId}|${offer.requestedAt}`;
      if (linkPayments.has(key)) continue;
      linkPayments.add(key);
      const plan = planOfferedLinkPayment(offer, Date.now(), timing);
      count((t) => {
        t.started.payin += 1;
      });
      enqueue({ label: `link payment ${offer.linkId}`, events: plan.events, next: 0, deferrals: 0 });
    }
    if (linkPayments.size > 10_000) linkPayments.clear();
  }

  /** Takes accounting requests waiting for the provider and plans each one's answer. */
  async function pollRequests(): Promise<void> {
    if (stopped) return;
    const res = await client.claimRequests(20, 300);
    if (!res.ok) {
      // An Andes without accounting requests (an older server) answers 404: said once in a while, not every poll.
      if (res.result.kind !== 'transient' && Date.now() - requestClaimsLoggedAt > 10 * 60_000) {
        requestClaimsLoggedAt = Date.now();
        log(`simulator: ${client.target} did not offer accounting requests (${res.result.message})`);
      }
      return;
    }
    const now = Date.now();
    for (const [key, at] of answered) if (now - at > ANSWERED_MEMORY_MS) answered.delete(key);
    for (const offer of res.list) {
      const key = `${offer.requestNo}|${offer.task}`;
      if (answering.has(offer.requestNo) || answered.has(key)) continue;
      const events = planRequestAnswer({ offer, at: now, rateOf: (country) => fx.rateOf(country), timing });
      if (events.length === 0) continue;
      answering.add(offer.requestNo);
      count((t) => {
        t.offeredRequests += 1;
      });
      const chain: Chain = { label: `${offer.task.toLowerCase()} ${offer.requestNo}`, events, next: 0, deferrals: 0, request: true };
      chain.done = () => {
        answering.delete(offer.requestNo);
        // Answered in full: remembered for a while. Not answered (given up): a later offer is answered again.
        if (chain.next >= chain.events.length) answered.set(key, Date.now());
      };
      enqueue(chain);
    }
  }

  /** Publishes the provider's indicative FX rates (moved a step after the first time). */
  function publishRates(): void {
    if (stopped || providerMerchantCode === null) return;
    if (fxPublished) fx.step();
    fxPublished = true;
    const events = fx.publish(providerMerchantCode, fxTag, Date.now());
    for (const e of events) enqueue({ label: `FX ${e.event.eventId}`, events: [e], next: 0, deferrals: 0 });
  }

  const timers: NodeJS.Timeout[] = [];
  timers.push(setInterval(pump, 100));
  timers.push(
    setInterval(() => {
      log(summaryLine('simulator, last minute', window));
      window = emptyTotals();
    }, options.summaryEveryMs ?? 60_000),
  );
  const claimEveryMs = options.claimEveryMs ?? 3000;
  if (claimEveryMs > 0) {
    let polling = false;
    timers.push(
      setInterval(() => {
        if (polling) return;
        polling = true;
        void Promise.all([pollOutbox(), pollRequests(), pollDefenses(), pollCases(), pollLinkPayments()]).finally(() => {
          polling = false;
        });
      }, claimEveryMs),
    );
  }
  {
    let reading = false;
    timers.push(
      setInterval(() => {
        if (reading) return;
        reading = true;
        void pollReviews().finally(() => {
          reading = false;
        });
      }, options.reviewPollEveryMs ?? 5000),
    );
  }
  timers.push(setInterval(() => fund(2), options.fundingEveryMs ?? 5 * 60_000));
  // The provider's announcements and messages (docs/decisions/0030), to every merchant or one.
  const messageEveryMs = options.messageEveryMs ?? 20 * 60_000;
  const messageRng = rng.fork('messages');
  const messageTargets = [...new Set((options.merchants ?? DEFAULT_TARGETS).filter((t) => !t.subMerchantCode).map((t) => t.merchantCode))];
  let messagesPublished = 0;
  let messagesLoggedAt = 0;
  const publishOne = () => {
    if (stopped) return;
    messagesPublished += 1;
    const body = planProviderMessage(messageRng, fxTag, messagesPublished, messageTargets);
    void client.publishMessage(body).then((res) => {
      if (res.ok || Date.now() - messagesLoggedAt < 10 * 60_000) return;
      messagesLoggedAt = Date.now();
      log(`simulator: ${client.target} did not take a message (${res.result.message})`);
    });
  };
  if (messageEveryMs > 0) {
    timers.push(setInterval(publishOne, messageEveryMs));
    timers.push(setTimeout(publishOne, Math.min(60_000, messageEveryMs)));
  }
  const fxEveryMs = options.fxEveryMs ?? 5 * 60_000;
  if (fxEveryMs > 0) timers.push(setInterval(publishRates, fxEveryMs));
  for (const t of timers) t.unref?.();
  fund(3);
  if (fxEveryMs > 0) publishRates();
  log(
    `simulator: sending to ${client.target} at about ${options.ratePerSecond} events/s ` +
      `(${transactionsPerSecond.toFixed(2)} new transactions/s) for ${streams.length} merchant-countries, seed ${hashTag(seed, 6)}`,
  );

  let stopping: Promise<SimulatorTotals> | null = null;
  function stop(): Promise<SimulatorTotals> {
    if (stopping) return stopping;
    stopped = true;
    stopper.abort();
    for (const t of timers) clearInterval(t);
    options.signal?.removeEventListener('abort', onAbort);
    stopping = (async () => {
      if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
      return totals;
    })();
    return stopping;
  }

  return { totals: () => totals, stop };
}
