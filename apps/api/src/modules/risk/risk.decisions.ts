import type { EventAck, TransactionCreatedData } from '@andes/contract/platform/schemas';
import { REVIEW_WINDOW_DAYS, type Subject } from '@andes/contract/risk/enums';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import { normaliseRiskValue } from '@andes/contract/risk/templates';
import type { Db } from '../../db/client.ts';
import { findMerchantByCode } from '../platform/events.repository.ts';
import { PlatformErrors } from '../platform/platform.errors.ts';
import { compile, type EngineEvent, type EngineRule, evaluate, LiveVelocityView, subjectValue } from './engine.ts';
import { RiskErrors } from './risk.errors.ts';
import {
  type DecisionRow,
  decisionByUniqueId,
  decisionOf,
  enabledRules,
  insertDecision,
  insertSignal,
  markSignalChargedBack,
  markSignalFailed,
  priorSignals,
  type RuleRow,
} from './risk.repository.ts';

/**
 * Live risk decisions (docs/decisions/0028), called by the ingestion of platform events inside the
 * event's database transaction: a new pay-in's signals are written, the enabled rules of its
 * merchant and country evaluated (read each time on their partial index, so a rule change applies
 * at once in every process), and the decision written; failures and chargebacks update the signals.
 */

const DAY_MS = 86_400_000;

function normalised(subject: Subject, raw: string | undefined | null): string | null {
  if (raw === undefined || raw === null) return null;
  const r = normaliseRiskValue(subject, raw);
  return 'value' in r ? r.value : null;
}

/** What the engine sees of a new pay-in: its subjects normalised as the rules compare them. */
export function engineEventOf(transactionId: number, createdAt: Date, d: TransactionCreatedData): EngineEvent {
  const email = normalised('EMAIL', d.payer?.email);
  const card = d.card ?? null;
  return {
    transactionId,
    createdAt: createdAt.getTime(),
    amount: d.amount,
    document: normalised('DOCUMENT', d.payer?.document),
    email,
    emailDomain: email === null ? null : normalised('EMAIL_DOMAIN', email.slice(email.indexOf('@') + 1)),
    card: card === null ? null : `${card.bin}-${card.last4}`,
    bin: card?.bin ?? null,
    ip: normalised('IP', d.risk?.ip),
    device: normalised('DEVICE', d.risk?.deviceId),
    score: d.risk?.score ?? null,
    // A card pay-in without a 3-D Secure result was not authenticated.
    authenticated: card === null ? null : (card.threeDs?.authenticated ?? false),
    failedAt: null,
    chargedBackAt: null,
  };
}

export function engineRuleOf(
  r: Pick<
    RuleRow,
    'id' | 'version' | 'name' | 'type' | 'template' | 'threshold' | 'duration' | 'score' | 'values' | 'sendToCaseManagement'
  >,
): EngineRule {
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    type: r.type,
    template: r.template,
    threshold: r.threshold,
    duration: r.duration,
    score: r.score,
    values: r.values,
    sendToCaseManagement: r.sendToCaseManagement,
  };
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function decisionViewOf(d: DecisionRow): RiskDecisionView {
  return {
    decision: d.decision,
    finalDecision: d.finalDecision,
    score: d.score,
    rules: d.rules,
    evaluatedAt: d.evaluatedAt.toISOString(),
    rulesEvaluated: d.rulesEvaluated,
    review:
      d.reviewStatus === null || d.reviewExpiresAt === null
        ? null
        : {
            status: d.reviewStatus,
            by: d.reviewedByName,
            at: iso(d.reviewedAt),
            note: d.reviewNote,
            expiresAt: d.reviewExpiresAt.toISOString(),
          },
  };
}

/**
 * A new pay-in (`transaction.created`): writes its signals, evaluates the enabled rules of its
 * merchant and country with the live view (one query for the rows of its subjects) and writes the
 * decision; a REVIEW waits in case management for REVIEW_WINDOW_DAYS. Answers the decision.
 */
export async function decideNewPayin(
  tx: Db,
  payin: { id: number; merchantId: number; country: string; createdAt: Date },
  d: TransactionCreatedData,
  now: Date,
): Promise<RiskDecisionView> {
  const event = engineEventOf(payin.id, payin.createdAt, d);
  await insertSignal(tx, {
    transactionId: payin.id,
    merchantId: payin.merchantId,
    country: payin.country,
    createdAt: payin.createdAt,
    amount: event.amount,
    document: event.document,
    email: event.email,
    emailDomain: event.emailDomain,
    card: event.card,
    bin: event.bin,
    ip: event.ip,
    device: event.device,
    score: event.score,
    authenticated: event.authenticated,
  });
  const compiled = compile((await enabledRules(tx, payin.merchantId, payin.country)).map(engineRuleOf));
  const subjects = [...compiled.windows].flatMap(([subject, seconds]) => {
    const value = subjectValue(event, subject);
    return value === null ? [] : [{ subject, value, seconds }];
  });
  const rows = await priorSignals(tx, payin.merchantId, payin.country, event, subjects);
  const result = evaluate(compiled, event, new LiveVelocityView(event, rows));
  const row = await insertDecision(tx, {
    transactionId: payin.id,
    merchantId: payin.merchantId,
    country: payin.country,
    decision: result.decision,
    finalDecision: result.decision,
    score: event.score,
    rules: result.fired,
    rulesEvaluated: result.rulesEvaluated,
    evaluatedAt: now,
    ...(result.decision === 'REVIEW'
      ? { reviewStatus: 'PENDING' as const, reviewExpiresAt: new Date(now.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) }
      : {}),
  });
  return decisionViewOf(row);
}

/** The acknowledgement's `risk` of a repeated `transaction.created`: the decision stored the first time. */
export async function storedDecisionAck(tx: Db, merchantId: number, uniqueId: string): Promise<Pick<EventAck, 'risk'>> {
  const row = await decisionByUniqueId(tx, merchantId, uniqueId);
  return row ? { risk: decisionViewOf(row) } : {};
}

/** A pay-in failed or was rejected (FAILED velocity of later pay-ins). */
export async function payinFailed(tx: Db, transactionId: number, at: Date): Promise<void> {
  await markSignalFailed(tx, transactionId, at);
}

/** A pay-in was charged back (CHARGEBACK velocity of later pay-ins, replays). */
export async function payinChargedBack(tx: Db, transactionId: number, at: Date): Promise<void> {
  await markSignalChargedBack(tx, transactionId, at);
}

/** A transaction's decision for its detail (null when none was made: not a pay-in, or before risk). */
export async function riskOfTransaction(db: Db, transactionId: number): Promise<RiskDecisionView | null> {
  const row = await decisionOf(db, transactionId);
  return row ? decisionViewOf(row) : null;
}

/**
 * The platform's read of a pay-in's decision (the contract's `readRiskDecision`): the decision, and the
 * reviewer's outcome once case management decided it. NOT_FOUND for an unknown merchant or pay-in,
 * or one without a decision.
 */
export async function readDecision(db: Db, merchantCode: string, uniqueId: string): Promise<RiskDecisionView> {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw PlatformErrors.merchantNotFound(merchantCode);
  const row = await decisionByUniqueId(db, merchant.id, uniqueId);
  if (!row) throw RiskErrors.decisionNotFound(uniqueId);
  return decisionViewOf(row);
}
