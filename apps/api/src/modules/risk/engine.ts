import type { RiskDecision, RuleAction, RuleType, Subject } from '@andes/contract/risk/enums';
import type { FiredRule } from '@andes/contract/risk/schemas';
import { type RuleTemplate, ruleActionOf, templateOf } from '@andes/contract/risk/templates';

/**
 * The risk engine (docs/decisions/0028): a pure function of the compiled rules, one pay-in and a
 * velocity view. No database: live decisions (ingestion), retro performance replays and the
 * recommendations all call `evaluate` with the same compiled rules and one of the two views below,
 * which share one window implementation, so a rule measures the same on both.
 *
 * Velocity semantics: for a pay-in created at `t`, the window is `(t − duration, t]` over the pay-ins
 * before it (creation order: `(createdAt, transactionId)`) of the same merchant and country whose
 * subject value equals this pay-in's, and the pay-in itself. COUNT counts them, AMOUNT adds their
 * amounts, DISTINCT counts the different non-null values of the counted subject, FAILED counts the
 * earlier ones that had failed by `t` (`failedAt ≤ t`), CHARGEBACK the earlier ones charged back by
 * `t`. A rule fires when its measure reaches its threshold (≥). A pay-in without the subject never
 * fires a rule on that subject.
 *
 * Usage (the bench and the replay job do exactly this):
 *
 * ```ts
 * const compiled = compile(rules);                                  // once per rule set
 * const live = evaluate(compiled, event, new LiveVelocityView(event, priorRows));
 * for await (const { event, evaluation } of replay(compiled, eventsInCreationOrder)) { … }
 * ```
 */

// ---- inputs --------------------------------------------------------------------------------------

/** A rule as the engine sees it: a rule version, its values normalised (normaliseRiskValue). */
export interface EngineRule {
  readonly id: number;
  readonly version: number;
  readonly name: string;
  readonly type: RuleType;
  /** A template code of `type` (RULE_TEMPLATES). */
  readonly template: string;
  /** A count, or cents for CENTS templates. */
  readonly threshold: number | null;
  /** Seconds. */
  readonly duration: number | null;
  readonly score: number | null;
  /** MATCH templates: normalised values. */
  readonly values: readonly string[];
  readonly sendToCaseManagement: boolean;
}

/** What the engine sees of one pay-in (a `risk_signals` row): subjects normalised, times in ms. */
export interface EngineEvent {
  readonly transactionId: number;
  /** Creation time, epoch milliseconds. */
  readonly createdAt: number;
  /** Cents. */
  readonly amount: number;
  readonly document: string | null;
  readonly email: string | null;
  readonly emailDomain: string | null;
  /** `BIN-LAST4`. */
  readonly card: string | null;
  readonly bin: string | null;
  readonly ip: string | null;
  readonly device: string | null;
  /** The platform's ML score (0–100). */
  readonly score: number | null;
  /** A card pay-in: whether 3-D Secure authenticated it; null without a card. */
  readonly authenticated: boolean | null;
  /** When it failed or was rejected (ms), as far as known: FAILED of later pay-ins reads it. */
  readonly failedAt?: number | null;
  /** When it was charged back (ms), as far as known: CHARGEBACK of later pay-ins reads it. */
  readonly chargedBackAt?: number | null;
}

export type VelocityMetric = 'COUNT' | 'AMOUNT' | 'DISTINCT' | 'FAILED' | 'CHARGEBACK';
const VELOCITY_METRICS: ReadonlySet<string> = new Set<VelocityMetric>(['COUNT', 'AMOUNT', 'DISTINCT', 'FAILED', 'CHARGEBACK']);

/**
 * Measures velocity for the pay-in `event` over the window `(event.createdAt − durationSeconds,
 * event.createdAt]` of the pay-ins sharing its `subject` value (see the semantics above). Only
 * called when the event has the subject.
 */
export interface VelocityView {
  measure(subject: Subject, metric: VelocityMetric, counted: Subject | null, durationSeconds: number, event: EngineEvent): number;
}

/** The event's value of a subject (null when the pay-in has none). */
export function subjectValue(event: EngineEvent, subject: Subject): string | null {
  switch (subject) {
    case 'DOCUMENT':
      return event.document;
    case 'EMAIL':
      return event.email;
    case 'EMAIL_DOMAIN':
      return event.emailDomain;
    case 'CARD':
      return event.card;
    case 'BIN':
      return event.bin;
    case 'IP':
      return event.ip;
    case 'DEVICE':
      return event.device;
  }
}

// ---- compiling -----------------------------------------------------------------------------------

interface CompiledRule {
  readonly rule: EngineRule;
  readonly action: RuleAction;
  /** Position in the rule list: fired rules are reported in this order. */
  readonly order: number;
}

/** One distinct velocity measure (rules with the same subject, metric, counted and duration share it). */
interface Measure {
  readonly subject: Subject;
  readonly metric: VelocityMetric;
  readonly counted: Subject | null;
  readonly duration: number;
}

interface VelocityCheck {
  readonly c: CompiledRule;
  readonly measure: number;
  readonly threshold: number;
}

type PayinCheck =
  | { readonly kind: 'SCORE'; readonly c: CompiledRule; readonly cutoff: number }
  | { readonly kind: 'AMOUNT_AT_LEAST'; readonly c: CompiledRule; readonly threshold: number }
  | { readonly kind: 'NOT_AUTHENTICATED'; readonly c: CompiledRule }
  | { readonly kind: 'NO_DEVICE'; readonly c: CompiledRule };

/** Rules ready to evaluate (`compile`). Reuse it for every pay-in of the same rule set. */
export interface CompiledRules {
  /** Rules compiled (a decision's `rulesEvaluated`). */
  readonly size: number;
  /** List rules: per subject, value → the rules listing it. */
  readonly lists: ReadonlyMap<Subject, ReadonlyMap<string, readonly CompiledRule[]>>;
  readonly measures: readonly Measure[];
  readonly velocity: readonly VelocityCheck[];
  readonly payin: readonly PayinCheck[];
  /** The longest window of each subject the velocity rules look at (seconds). */
  readonly windows: ReadonlyMap<Subject, number>;
}

/** A rule whose template is unknown or whose fields do not fit it (never saved: the API refuses it). */
export class RuleCompileError extends Error {
  override name = 'RuleCompileError';
}

function required(rule: EngineRule, field: 'threshold' | 'duration' | 'score'): number {
  const v = rule[field];
  if (v === null || !Number.isFinite(v)) throw new RuleCompileError(`rule ${rule.id} (${rule.template}) has no ${field}`);
  return v;
}

/**
 * Compiles rules for `evaluate`: list values into Set-like maps (value → rules), velocity rules into
 * distinct measures, the pay-in checks (score, amount, 3-D Secure, device). Throws RuleCompileError
 * for a rule that does not fit its template.
 */
export function compile(rules: readonly EngineRule[]): CompiledRules {
  const lists = new Map<Subject, Map<string, CompiledRule[]>>();
  const measures: Measure[] = [];
  const measureIndex = new Map<string, number>();
  const velocity: VelocityCheck[] = [];
  const payin: PayinCheck[] = [];
  const windows = new Map<Subject, number>();
  rules.forEach((rule, order) => {
    const template: RuleTemplate | undefined = templateOf(rule.type, rule.template);
    if (!template) throw new RuleCompileError(`rule ${rule.id}: ${rule.template} is not a template of ${rule.type} rules`);
    const c: CompiledRule = { rule, action: ruleActionOf(rule.type, rule.sendToCaseManagement), order };
    const metric = template.metric;
    if (metric === 'MATCH') {
      const subject = template.values ?? template.subject;
      if (subject === null) throw new RuleCompileError(`rule ${rule.id}: a list template without a subject`);
      let byValue = lists.get(subject);
      if (!byValue) {
        byValue = new Map();
        lists.set(subject, byValue);
      }
      for (const value of new Set(rule.values)) {
        const listed = byValue.get(value);
        if (listed) listed.push(c);
        else byValue.set(value, [c]);
      }
    } else if (VELOCITY_METRICS.has(metric)) {
      const subject = template.subject;
      if (subject === null) throw new RuleCompileError(`rule ${rule.id}: a velocity template without a subject`);
      const duration = required(rule, 'duration');
      const counted = template.counted;
      const key = `${subject}|${metric}|${counted ?? ''}|${duration}`;
      let index = measureIndex.get(key);
      if (index === undefined) {
        index = measures.length;
        measures.push({ subject, metric: metric as VelocityMetric, counted, duration });
        measureIndex.set(key, index);
      }
      velocity.push({ c, measure: index, threshold: required(rule, 'threshold') });
      windows.set(subject, Math.max(windows.get(subject) ?? 0, duration));
      // DISTINCT reads the counted subject of the same rows: no window of its own.
    } else if (metric === 'SCORE') payin.push({ kind: 'SCORE', c, cutoff: required(rule, 'score') });
    else if (metric === 'AMOUNT_AT_LEAST') payin.push({ kind: 'AMOUNT_AT_LEAST', c, threshold: required(rule, 'threshold') });
    else if (metric === 'NOT_AUTHENTICATED') payin.push({ kind: 'NOT_AUTHENTICATED', c });
    else if (metric === 'NO_DEVICE') payin.push({ kind: 'NO_DEVICE', c });
    else throw new RuleCompileError(`rule ${rule.id}: unknown metric ${metric}`);
  });
  return { size: rules.length, lists, measures, velocity, payin, windows };
}

// ---- evaluating ----------------------------------------------------------------------------------

export interface Evaluation {
  /** ALLOW when a trust rule fired or none did; else BLOCK when any block fired; else REVIEW. */
  readonly decision: RiskDecision;
  /** Every rule that fired, in rule order, with its version and what it measured or matched. */
  readonly fired: FiredRule[];
  readonly rulesEvaluated: number;
}

function firedOf(c: CompiledRule, measured: number | null, matched: string | null): FiredRule & { order: number } {
  const r = c.rule;
  return {
    ruleId: r.id,
    version: r.version,
    name: r.name,
    type: r.type,
    template: r.template,
    action: c.action,
    measured,
    matched,
    order: c.order,
  };
}

/** How fired rules combine (Stripe Radar, Rapyd): a trust rule allows; else any block; else review; else allow. */
export function decisionOf(actions: Iterable<RuleAction>): RiskDecision {
  let block = false;
  let review = false;
  for (const a of actions) {
    if (a === 'ALLOW') return 'ALLOW';
    if (a === 'BLOCK') block = true;
    else review = true;
  }
  return block ? 'BLOCK' : review ? 'REVIEW' : 'ALLOW';
}

/** Evaluates the compiled rules on one pay-in. `view` answers the velocity measures (each distinct one once). */
export function evaluate(compiled: CompiledRules, event: EngineEvent, view: VelocityView): Evaluation {
  const fired: (FiredRule & { order: number })[] = [];
  for (const [subject, byValue] of compiled.lists) {
    const value = subjectValue(event, subject);
    if (value === null) continue;
    const listed = byValue.get(value);
    if (listed) for (const c of listed) fired.push(firedOf(c, null, value));
  }
  if (compiled.velocity.length > 0) {
    const measured: (number | undefined)[] = new Array(compiled.measures.length);
    for (const check of compiled.velocity) {
      const m = compiled.measures[check.measure] as Measure;
      if (subjectValue(event, m.subject) === null) continue;
      let value = measured[check.measure];
      if (value === undefined) {
        value = view.measure(m.subject, m.metric, m.counted, m.duration, event);
        measured[check.measure] = value;
      }
      if (value >= check.threshold) fired.push(firedOf(check.c, value, null));
    }
  }
  for (const check of compiled.payin) {
    switch (check.kind) {
      case 'SCORE':
        if (event.score !== null && event.score >= check.cutoff) fired.push(firedOf(check.c, event.score, null));
        break;
      case 'AMOUNT_AT_LEAST':
        if (event.amount >= check.threshold) fired.push(firedOf(check.c, event.amount, null));
        break;
      case 'NOT_AUTHENTICATED':
        if (event.card !== null && event.authenticated !== true) fired.push(firedOf(check.c, null, event.card));
        break;
      case 'NO_DEVICE':
        if (event.device === null) fired.push(firedOf(check.c, null, null));
        break;
    }
  }
  if (fired.length > 1) fired.sort((a, b) => a.order - b.order);
  return {
    decision: decisionOf(fired.map((f) => f.action)),
    fired: fired.map(({ order: _order, ...f }) => f),
    rulesEvaluated: compiled.size,
  };
}

// ---- the window both views share -----------------------------------------------------------------

/** True when `a` comes before `b` in creation order. */
export function before(a: EngineEvent, b: EngineEvent): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.transactionId < b.transactionId);
}

/**
 * The pay-ins of one subject value in creation order, with running amount totals: a measure is two
 * binary searches (COUNT, AMOUNT) or one pass over the window (DISTINCT, FAILED, CHARGEBACK).
 * Entries leave from the front (`evictUpTo`) as the replay's time moves on.
 */
export class SubjectWindow {
  private events: EngineEvent[] = [];
  /** cum[i]: amounts of events[0..i] added up (since the last compaction). */
  private cum: number[] = [];
  private head = 0;

  get size(): number {
    return this.events.length - this.head;
  }

  /** Appends an event; it must not come before the last one. */
  push(event: EngineEvent): void {
    const last = this.events.at(-1);
    if (last !== undefined && this.size > 0 && before(event, last))
      throw new Error('SubjectWindow: events must be pushed in creation order');
    const prior = this.cum.length > 0 ? (this.cum[this.cum.length - 1] as number) : 0;
    this.events.push(event);
    this.cum.push(prior + event.amount);
  }

  /** Drops the entries created at or before `limit` (ms). */
  evictUpTo(limit: number): void {
    const events = this.events;
    while (this.head < events.length && (events[this.head] as EngineEvent).createdAt <= limit) this.head += 1;
    if (this.head === events.length) {
      this.events = [];
      this.cum = [];
      this.head = 0;
    } else if (this.head > 64 && this.head * 2 > events.length) {
      const base = this.cum[this.head - 1] as number;
      this.events = events.slice(this.head);
      this.cum = this.cum.slice(this.head).map((c) => c - base);
      this.head = 0;
    }
  }

  /** First index whose createdAt is greater than `at`. */
  private firstAfter(at: number): number {
    let lo = this.head;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.events[mid] as EngineEvent).createdAt > at) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** First index not before `event` in creation order (the entries before it end there). */
  private firstNotBefore(event: EngineEvent): number {
    let lo = this.head;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.events[mid] as EngineEvent, event)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The measure for `event` over `(event.createdAt − durationSeconds, event.createdAt]`: the
   * entries before the event in creation order within the window, and the event itself (whether
   * or not it was pushed) for COUNT, AMOUNT and DISTINCT.
   */
  measure(metric: VelocityMetric, counted: Subject | null, durationSeconds: number, event: EngineEvent): number {
    const t = event.createdAt;
    const from = this.firstAfter(t - durationSeconds * 1000);
    const to = this.firstNotBefore(event);
    switch (metric) {
      case 'COUNT':
        return Math.max(0, to - from) + 1;
      case 'AMOUNT': {
        const sum = to > from ? (this.cum[to - 1] as number) - (from > 0 ? (this.cum[from - 1] as number) : 0) : 0;
        return sum + event.amount;
      }
      case 'DISTINCT': {
        if (counted === null) return 0;
        const seen = new Set<string>();
        const own = subjectValue(event, counted);
        if (own !== null) seen.add(own);
        for (let i = from; i < to; i += 1) {
          const v = subjectValue(this.events[i] as EngineEvent, counted);
          if (v !== null) seen.add(v);
        }
        return seen.size;
      }
      case 'FAILED':
      case 'CHARGEBACK': {
        let n = 0;
        for (let i = from; i < to; i += 1) {
          const e = this.events[i] as EngineEvent;
          const at = metric === 'FAILED' ? e.failedAt : e.chargedBackAt;
          if (at !== null && at !== undefined && at <= t) n += 1;
        }
        return n;
      }
    }
  }
}

// ---- the live view -------------------------------------------------------------------------------

/**
 * The view of one live decision: built from the rows of the pay-in's subjects read in one query
 * (risk.repository.ts `priorSignals`: the merchant's pay-ins of the country sharing any of the
 * pay-in's subjects, within each subject's longest window). Rows not before the pay-in in creation
 * order (itself, later ones) are ignored, so the query may include them.
 */
export class LiveVelocityView implements VelocityView {
  private readonly windows = new Map<Subject, SubjectWindow>();

  constructor(
    private readonly event: EngineEvent,
    private readonly rows: readonly EngineEvent[],
  ) {}

  private windowOf(subject: Subject): SubjectWindow {
    let w = this.windows.get(subject);
    if (w) return w;
    const value = subjectValue(this.event, subject);
    const mine = this.rows.filter((r) => value !== null && subjectValue(r, subject) === value && before(r, this.event));
    mine.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    w = new SubjectWindow();
    for (const r of mine) w.push(r);
    this.windows.set(subject, w);
    return w;
  }

  measure(subject: Subject, metric: VelocityMetric, counted: Subject | null, durationSeconds: number, event: EngineEvent): number {
    if (event.transactionId !== this.event.transactionId) throw new Error('LiveVelocityView: built for another pay-in');
    return this.windowOf(subject).measure(metric, counted, durationSeconds, event);
  }
}

// ---- the replay view -----------------------------------------------------------------------------

/** Sweeps every window (evicting and forgetting empty ones) after this many events. */
const SWEEP_EVERY = 50_000;

/**
 * The view of a replay: consumes the pay-ins in creation order (`advance`) and keeps, per subject
 * value the rules look at, the pay-ins of the subject's longest window; older ones are evicted as
 * time moves on. Memory is bounded by the pay-ins within the longest window of the rules replayed.
 */
export class ReplayVelocityView implements VelocityView {
  private readonly bySubject = new Map<Subject, Map<string, SubjectWindow>>();
  private last: EngineEvent | null = null;
  private sinceSweep = 0;

  constructor(private readonly windows: ReadonlyMap<Subject, number>) {
    for (const subject of windows.keys()) this.bySubject.set(subject, new Map());
  }

  /** Takes the next pay-in (creation order); call before evaluating it. */
  advance(event: EngineEvent): void {
    if (this.last !== null && before(event, this.last)) {
      throw new Error(`replay: pay-in ${event.transactionId} comes before ${this.last.transactionId}; stream them in creation order`);
    }
    this.last = event;
    for (const [subject, seconds] of this.windows) {
      const value = subjectValue(event, subject);
      if (value === null) continue;
      const byValue = this.bySubject.get(subject) as Map<string, SubjectWindow>;
      let w = byValue.get(value);
      if (!w) {
        w = new SubjectWindow();
        byValue.set(value, w);
      } else w.evictUpTo(event.createdAt - seconds * 1000);
      w.push(event);
    }
    this.sinceSweep += 1;
    if (this.sinceSweep >= SWEEP_EVERY) this.sweep(event.createdAt);
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [subject, seconds] of this.windows) {
      const byValue = this.bySubject.get(subject) as Map<string, SubjectWindow>;
      for (const [value, w] of byValue) {
        w.evictUpTo(now - seconds * 1000);
        if (w.size === 0) byValue.delete(value);
      }
    }
  }

  /** Subject values held in memory (diagnostics and the bench). */
  get keys(): number {
    let n = 0;
    for (const m of this.bySubject.values()) n += m.size;
    return n;
  }

  measure(subject: Subject, metric: VelocityMetric, counted: Subject | null, durationSeconds: number, event: EngineEvent): number {
    const value = subjectValue(event, subject);
    const w = value === null ? undefined : this.bySubject.get(subject)?.get(value);
    if (w) return w.measure(metric, counted, durationSeconds, event);
    // A subject no rule windows, or an event not advanced: only the event itself.
    return new SubjectWindow().measure(metric, counted, durationSeconds, event);
  }
}

// ---- replaying -------------------------------------------------------------------------------------

/** Evaluates pay-ins pushed in creation order with a replay view (the job, the recommendations, the tests). */
export class Replayer {
  readonly view: ReplayVelocityView;

  constructor(readonly compiled: CompiledRules) {
    this.view = new ReplayVelocityView(compiled.windows);
  }

  /** Takes the next pay-in and answers its evaluation. */
  push(event: EngineEvent): Evaluation {
    this.view.advance(event);
    return evaluate(this.compiled, event, this.view);
  }

  /** Takes a pay-in before the replayed period: it only fills the windows. */
  warm(event: EngineEvent): void {
    this.view.advance(event);
  }
}

export interface ReplayOptions {
  /** Pay-ins created before this instant (ms) only fill the velocity windows: they are not evaluated or yielded. */
  from?: number;
}

/**
 * Replays the compiled rules over pay-ins streamed in creation order (`(createdAt, transactionId)`
 * ascending; out of order throws): yields each pay-in from `options.from` on with its evaluation.
 */
export async function* replay(
  compiled: CompiledRules,
  events: AsyncIterable<EngineEvent> | Iterable<EngineEvent>,
  options: ReplayOptions = {},
): AsyncGenerator<{ event: EngineEvent; evaluation: Evaluation }> {
  const replayer = new Replayer(compiled);
  const from = options.from ?? Number.NEGATIVE_INFINITY;
  for await (const event of events) {
    if (event.createdAt < from) replayer.warm(event);
    else yield { event, evaluation: replayer.push(event) };
  }
}
