import { randomUUID } from 'node:crypto';
import { ResultCode } from '@andes/contract/common/envelope';
import type { EventAck, PlatformEventInput, TransactionCreatedData } from '@andes/contract/platform/schemas';
import { ruleAdd, ruleDelete } from '@andes/contract/risk/endpoints';
import type { RiskDecisionView, RiskRule, RuleAddRequest } from '@andes/contract/risk/schemas';
import { expect } from 'vitest';
import { json } from '../fixtures/payouts.ts';
import type { Envelope, TestApp } from '../helper.ts';
import { type Answer, type EventFactory, sendEvent } from '../ledger/support.ts';

/**
 * Fixtures of the risk tests (docs/decisions/0028): rules added and deleted through the API, pay-ins
 * reported through the ingestion API with the signals the rules look at, and their acknowledged
 * decisions.
 */

export const newRequestId = () => randomUUID();

export function call<T>(t: TestApp, path: string, token: string, body: unknown): Promise<Envelope<T>> {
  return json<T>(t, path, token, body);
}

/** Adds a rule (BR, enabled unless said otherwise) and insists it worked. */
export async function addRule(
  t: TestApp,
  token: string,
  rule: Partial<RuleAddRequest> & Pick<RuleAddRequest, 'type' | 'template'>,
): Promise<RiskRule> {
  const res = await call<RiskRule>(t, ruleAdd.path, token, { requestId: newRequestId(), country: 'BR', enabled: true, ...rule });
  if (res.code !== ResultCode.OK) throw new Error(`rule add: ${res.code} ${res.msg}`);
  return res.data;
}

export async function deleteRule(t: TestApp, token: string, rule: { id: number; version: number }): Promise<void> {
  const res = await call(t, ruleDelete.path, token, { id: rule.id, version: rule.version });
  if (res.code !== ResultCode.OK) throw new Error(`rule delete: ${res.code} ${res.msg}`);
}

export async function applied(ack: Promise<Answer<EventAck>>): Promise<EventAck> {
  const a = await ack;
  if (a.code !== ResultCode.OK) throw new Error(`event refused: ${a.code} ${a.msg}`);
  return a.data;
}

/** Reports a BR pay-in (PIX unless a card is given: CARD) and answers its risk decision. */
export async function payIn(
  t: TestApp,
  f: EventFactory,
  data: Partial<TransactionCreatedData> = {},
  merchantCode = 'ANDES-DEMO',
): Promise<{ uniqueId: string; risk: RiskDecisionView; event: PlatformEventInput }> {
  const uniqueId = f.uniqueId('payin');
  const event = f.created({ uniqueId, ...(data.card ? { productType: 'CARD' } : {}), ...data }, merchantCode);
  const ack = await applied(sendEvent(t.app, event));
  expect(ack.risk, 'a pay-in is answered with its risk decision').toBeDefined();
  return { uniqueId, risk: ack.risk as RiskDecisionView, event };
}

/** Ids of the rules that fired. */
export const firedIds = (risk: RiskDecisionView) => risk.rules.map((r) => r.ruleId);
