import type { RuleAction } from '@andes/contract/risk/enums';
import type { Recommendation, ReplayResult, ReplayView } from '@andes/contract/risk/schemas';
import type { Db } from '../../db/client.ts';
import { type CompiledRules, compile, type EngineRule, type Evaluation, Replayer } from './engine.ts';
import {
  binChargebacks,
  countSignals,
  finishReplay,
  replayById,
  replayProgress,
  type StreamedSignal,
  signalBatch,
  startReplay,
  uniqueIdsOf,
} from './risk.repository.ts';

/**
 * Retro performance (docs/decisions/0028): a rule replayed over a period of the merchant's pay-ins
 * of a country with the live engine and the replay view, streamed from risk_signals in creation
 * order in keyset batches. What the figures mean:
 *
 * - evaluated: the pay-ins created in the period (count, amount);
 * - blocked / reviewed: those the rule's decision would have blocked / sent to review ("hit");
 * - chargedBack: hit pay-ins that were charged back (what the rule would have caught);
 * - chargebacksInPeriod: every charged-back pay-in of the period;
 * - approvedHit: hit pay-ins that were settled and not charged back (the good business it costs);
 * - approvalRate: settled / evaluated; approvalRateWithRule: the same with blocked ones declined.
 *
 * Amounts are the pay-ins' amounts in cents. The period's first pay-ins see velocity windows that
 * started before it: the stream starts the rule's longest window earlier, and those pay-ins only
 * fill the windows.
 */

/** Pay-ins read per query (and between two progress updates). */
export const REPLAY_BATCH = 5_000;
const SAMPLE_SIZE = 20;

/** Streams the merchant's pay-ins of the country created in [from, to), in creation order, in keyset batches. */
export async function* streamSignals(
  db: Db,
  merchantId: number,
  country: string,
  from: Date,
  to: Date,
  onBatch?: (rows: number) => Promise<void>,
): AsyncGenerator<StreamedSignal> {
  let after: { createdAt: Date; transactionId: number } | null = null;
  for (;;) {
    const rows = await signalBatch(db, merchantId, country, from, to, after, REPLAY_BATCH);
    for (const r of rows) yield r;
    if (onBatch) await onBatch(rows.length);
    const last = rows.at(-1);
    if (!last || rows.length < REPLAY_BATCH) return;
    after = { createdAt: last.createdAtDate, transactionId: last.transactionId };
  }
}

interface CountAmount {
  count: number;
  amount: number;
}
const zero = (): CountAmount => ({ count: 0, amount: 0 });
const add = (c: CountAmount, amount: number) => {
  c.count += 1;
  c.amount += amount;
};

/** The figures of one rule (or rule set) over the evaluated pay-ins. */
export class ReplayTally {
  readonly evaluated = zero();
  readonly blocked = zero();
  readonly reviewed = zero();
  readonly chargedBack = zero();
  readonly chargebacksInPeriod = zero();
  readonly approvedHit = zero();
  settled = 0;
  settledBlocked = 0;
  /** The last pay-ins a rule fired on (creation order). */
  readonly sample: { transactionId: number; createdAt: number; amount: number; action: RuleAction; chargedBack: boolean }[] = [];

  add(event: StreamedSignal, evaluation: Evaluation): void {
    const charged = event.chargedBackAt !== null && event.chargedBackAt !== undefined;
    add(this.evaluated, event.amount);
    if (charged) add(this.chargebacksInPeriod, event.amount);
    if (event.settled) this.settled += 1;
    if (evaluation.fired.length > 0) {
      this.sample.push({
        transactionId: event.transactionId,
        createdAt: event.createdAt,
        amount: event.amount,
        action: evaluation.decision,
        chargedBack: charged,
      });
      if (this.sample.length > SAMPLE_SIZE) this.sample.shift();
    }
    if (evaluation.decision === 'ALLOW') return;
    add(evaluation.decision === 'BLOCK' ? this.blocked : this.reviewed, event.amount);
    if (charged) add(this.chargedBack, event.amount);
    if (event.settled && !charged) add(this.approvedHit, event.amount);
    if (event.settled && evaluation.decision === 'BLOCK') this.settledBlocked += 1;
  }

  result(uniqueIds: ReadonlyMap<number, string>): ReplayResult {
    const n = this.evaluated.count;
    return {
      evaluated: { ...this.evaluated },
      blocked: { ...this.blocked },
      reviewed: { ...this.reviewed },
      chargedBack: { ...this.chargedBack },
      chargebacksInPeriod: { ...this.chargebacksInPeriod },
      approvedHit: { ...this.approvedHit },
      approvalRate: n === 0 ? 0 : this.settled / n,
      approvalRateWithRule: n === 0 ? 0 : (this.settled - this.settledBlocked) / n,
      sample: [...this.sample].reverse().map((s) => ({
        transactionId: s.transactionId,
        uniqueId: uniqueIds.get(s.transactionId) ?? '',
        createdAt: new Date(s.createdAt).toISOString(),
        amount: s.amount,
        action: s.action,
        chargedBack: s.chargedBack,
      })),
    };
  }
}

/** The rule of a replay, as the engine takes it. */
export function engineRuleOfSnapshot(rule: ReplayView['rule'], ruleId: number | null, version: number | null): EngineRule {
  return {
    id: ruleId ?? 0,
    version: version ?? 0,
    name: rule.name,
    type: rule.type,
    template: rule.template,
    threshold: rule.threshold,
    duration: rule.duration,
    score: rule.score,
    values: rule.values,
    sendToCaseManagement: rule.sendToCaseManagement,
  };
}

const longestWindowMs = (compiled: CompiledRules) => Math.max(0, ...compiled.windows.values()) * 1000;

/**
 * Replays rule sets over the pay-ins of [from, to) in one pass of the stream (each with its own
 * replay view) and tallies each: the replay job passes one, the recommendations two.
 */
export async function replayTallies(
  db: Db,
  merchantId: number,
  country: string,
  period: { from: Date; to: Date },
  compiled: readonly CompiledRules[],
  onProgress?: (evaluated: number) => Promise<void>,
): Promise<ReplayTally[]> {
  const warmMs = Math.max(0, ...compiled.map(longestWindowMs));
  const from = period.from.getTime();
  const replayers = compiled.map((c) => new Replayer(c));
  const tallies = compiled.map(() => new ReplayTally());
  let evaluated = 0;
  const stream = streamSignals(db, merchantId, country, new Date(from - warmMs), period.to, async () => {
    if (onProgress) await onProgress(evaluated);
  });
  for await (const event of stream) {
    if (event.createdAt < from) {
      for (const r of replayers) r.warm(event);
      continue;
    }
    evaluated += 1;
    replayers.forEach((r, i) => {
      (tallies[i] as ReplayTally).add(event, r.push(event));
    });
  }
  return tallies;
}

/**
 * The replay job's work: runs the replay once (a repeated or retried job restarts it from the
 * beginning; a finished one is left alone), updating its progress after each batch, and stores the
 * result — or FAIL with the reason when the rule cannot be evaluated.
 */
export async function runReplay(db: Db, replayId: number, now: () => Date): Promise<void> {
  const replay = await replayById(db, replayId);
  if (!replay || (replay.status !== 'PENDING' && replay.status !== 'RUNNING')) return;
  let compiled: CompiledRules;
  try {
    compiled = compile([engineRuleOfSnapshot(replay.rule, replay.ruleId, replay.ruleVersion)]);
  } catch (err) {
    await finishReplay(db, replayId, { status: 'FAIL', error: (err as Error).message, at: now() });
    return;
  }
  const total = await countSignals(db, replay.merchantId, replay.country, replay.fromAt, replay.toAt);
  if (!(await startReplay(db, replayId, total, now()))) return;
  const [tally] = await replayTallies(db, replay.merchantId, replay.country, { from: replay.fromAt, to: replay.toAt }, [compiled], (n) =>
    replayProgress(db, replayId, n),
  );
  const t = tally as ReplayTally;
  const ids = await uniqueIdsOf(
    db,
    replay.merchantId,
    t.sample.map((s) => s.transactionId),
  );
  await finishReplay(db, replayId, { status: 'COMPLETE', processed: t.evaluated.count, result: t.result(ids), at: now() });
}

// ---- recommendations ----------------------------------------------------------------------------

/** A BIN is proposed with at least this many chargebacks… */
export const RECOMMENDED_BIN_MIN_CHARGEBACKS = 2;
/** … and at least this chargeback rate (chargebacks / pay-ins of the BIN). */
export const RECOMMENDED_BIN_MIN_RATE = 0.05;
/** The score cutoff must catch at least this share of the chargebacks … */
export const RECOMMENDED_SCORE_MIN_CAUGHT = 0.5;
/** … while hitting at most this share of the approved pay-ins. */
export const RECOMMENDED_SCORE_MAX_HIT = 0.05;
export const RECOMMENDATION_DAYS = 90;

/**
 * The lowest ML score cutoff that catches at least half of the chargebacks while hitting at most 5 %
 * of the approved pay-ins, from per-score figures (null when none does, or without chargebacks).
 */
export function lowestScoreCutoff(byScore: ReadonlyMap<number, { chargebacks: number; approved: number }>): number | null {
  let chargebacks = 0;
  let approved = 0;
  for (const v of byScore.values()) {
    chargebacks += v.chargebacks;
    approved += v.approved;
  }
  if (chargebacks === 0) return null;
  // Figures at or above each cutoff, from the top down.
  const caught: number[] = new Array(102).fill(0);
  const hit: number[] = new Array(102).fill(0);
  for (let c = 100; c >= 1; c -= 1) {
    const v = byScore.get(c);
    caught[c] = (caught[c + 1] as number) + (v?.chargebacks ?? 0);
    hit[c] = (hit[c + 1] as number) + (v?.approved ?? 0);
  }
  for (let c = 1; c <= 100; c += 1) {
    if ((caught[c] as number) >= RECOMMENDED_SCORE_MIN_CAUGHT * chargebacks && (hit[c] as number) <= RECOMMENDED_SCORE_MAX_HIT * approved)
      return c;
  }
  return null;
}

/**
 * AI recommended rules from the country's last 90 days: a BIN list of the BINs with at least 2
 * chargebacks and a chargeback rate of at least 5 %, and the lowest score cutoff above; each with
 * what it would have caught and cost, replayed with the engine in one pass over the period.
 */
export async function recommendations(db: Db, merchantId: number, country: string, now: Date): Promise<Recommendation[]> {
  const period = { from: new Date(now.getTime() - RECOMMENDATION_DAYS * 86_400_000), to: now };
  const bins = (await binChargebacks(db, merchantId, country, period.from, period.to))
    .filter((b) => b.chargebacks >= RECOMMENDED_BIN_MIN_CHARGEBACKS && b.chargebacks / b.payins >= RECOMMENDED_BIN_MIN_RATE)
    .map((b) => b.bin)
    .sort();
  // The score figures come from the same stream the replay reads: one pass to choose the cutoff.
  const byScore = new Map<number, { chargebacks: number; approved: number }>();
  for await (const e of streamSignals(db, merchantId, country, period.from, period.to)) {
    if (e.score === null || e.score < 1) continue;
    const v = byScore.get(e.score) ?? { chargebacks: 0, approved: 0 };
    const charged = e.chargedBackAt !== null && e.chargedBackAt !== undefined;
    if (charged) v.chargebacks += 1;
    else if (e.settled) v.approved += 1;
    byScore.set(e.score, v);
  }
  const cutoff = lowestScoreCutoff(byScore);
  const drafts: Recommendation['draft'][] = [];
  if (bins.length > 0) {
    drafts.push({ type: 'AI_RECOMMENDED', template: 'BIN_LIST', values: bins.slice(0, 1_000), score: null, sendToCaseManagement: false });
  }
  if (cutoff !== null)
    drafts.push({ type: 'AI_RECOMMENDED', template: 'SCORE_AT_LEAST', values: [], score: cutoff, sendToCaseManagement: false });
  if (drafts.length === 0) return [];
  const compiled = drafts.map((d, i) =>
    compile([
      engineRuleOfSnapshot(
        {
          type: d.type,
          template: d.template,
          name: '',
          threshold: null,
          duration: null,
          score: d.score,
          values: d.values,
          sendToCaseManagement: false,
          action: 'BLOCK',
        },
        i + 1,
        1,
      ),
    ]),
  );
  const tallies = await replayTallies(db, merchantId, country, period, compiled);
  return drafts.map((draft, i) => {
    const t = tallies[i] as ReplayTally;
    return { draft, caughtChargebacks: { ...t.chargedBack }, hitApproved: { ...t.approvedHit }, evaluated: t.evaluated.count };
  });
}
