import { ResultCode } from '@andes/contract/common/envelope';
import { PublishedMessage, type PublishMessageRequest } from '@andes/contract/message/schemas';
import {
  claimCases,
  claimDefenses,
  claimLinkPayments,
  claimPayouts,
  claimRequests,
  ingestEvent,
  publishMessage,
  readRiskDecision,
} from '@andes/contract/platform/endpoints';
import {
  CaseClaim,
  ChargebackClaim,
  EventAck,
  type OfferedCase,
  type OfferedDefense,
  type OfferedLinkPayment,
  type OfferedPayout,
  type OfferedRequest,
  PaymentLinkClaim,
  PayoutClaim,
  type PlatformEventInput,
  RequestClaim,
} from '@andes/contract/platform/schemas';
import { RiskDecisionView } from '@andes/contract/risk/schemas';

/**
 * The simulator's only way into Andes: the ingestion API over HTTP, as the real payment platform
 * calls it (`Authorization: Bearer <token>`). It classifies every answer so the runner can decide
 * to go on, retry the same event id later, or give the lifecycle up. The token is never logged.
 */

/**
 * User agent of every call the simulator makes: the server logs these calls at debug level, so the
 * built-in simulator's traffic does not bury the other lines (logging.ts, requestLogLevel).
 */
export const SIMULATOR_USER_AGENT = 'andes-simulator';

export type SendResult =
  | { kind: 'ack'; ack: EventAck }
  /** The available balance did not cover it (refund, transfer out); nothing moved: may be sent again later. */
  | { kind: 'insufficient'; message: string }
  /** The token was refused. */
  | { kind: 'unauthorized'; message: string }
  /** Network failure, timeout, 5xx or 429: the same event should be sent again. */
  | { kind: 'transient'; message: string }
  /** Anything else (validation, conflict): sending it again would not help. */
  | { kind: 'refused'; code: number; message: string };

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** Per request, default 15 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface EnvelopeBody {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

export class PlatformClient {
  private readonly base: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  /** Where the calls go (for logs; no credentials). */
  get target(): string {
    return this.base;
  }

  private async call(path: string, body: unknown): Promise<{ status: number; body: EnvelopeBody } | { error: string }> {
    try {
      const res = await this.fetchFn(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': SIMULATOR_USER_AGENT, authorization: `Bearer ${this.token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      let parsed: EnvelopeBody = {};
      try {
        parsed = JSON.parse(text) as EnvelopeBody;
      } catch {
        parsed = { msg: `HTTP ${res.status}, not JSON` };
      }
      return { status: res.status, body: parsed };
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } };
      return {
        error: e.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : (e.cause?.code ?? e.message ?? 'network error'),
      };
    }
  }

  private classify(res: { status: number; body: EnvelopeBody } | { error: string }): Exclude<SendResult, { kind: 'ack' }> | null {
    if ('error' in res) return { kind: 'transient', message: res.error };
    const code = typeof res.body.code === 'number' ? res.body.code : null;
    const message = typeof res.body.msg === 'string' ? res.body.msg : `HTTP ${res.status}`;
    if (code === ResultCode.OK && res.status < 300) return null;
    if (code === ResultCode.INSUFFICIENT_BALANCE) return { kind: 'insufficient', message };
    if (code === ResultCode.SERVICE_UNAUTHORIZED || res.status === 401) return { kind: 'unauthorized', message };
    if (res.status >= 500 || res.status === 429 || code === ResultCode.RATE_LIMITED)
      return { kind: 'transient', message: `HTTP ${res.status}: ${message}` };
    return { kind: 'refused', code: code ?? res.status, message };
  }

  /** Sends one event once. */
  async send(event: PlatformEventInput): Promise<SendResult> {
    const res = await this.call(ingestEvent.path, event);
    const problem = this.classify(res);
    if (problem) return problem;
    const ack = 'body' in res ? EventAck.safeParse(res.body.data) : null;
    if (!ack?.success) return { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not an event acknowledgement' };
    return { kind: 'ack', ack: ack.data };
  }

  /** Takes payouts waiting in the dashboard's outbox. */
  async claim(
    limit: number,
    leaseSeconds: number,
  ): Promise<{ ok: true; list: OfferedPayout[] } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(claimPayouts.path, { limit, leaseSeconds });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const claim = 'body' in res ? PayoutClaim.safeParse(res.body.data) : null;
    if (!claim?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a payout claim' } };
    return { ok: true, list: claim.data.list };
  }

  /** Takes accounting requests waiting for the provider (top-ups to verify, rates to quote, transfers to make). */
  async claimRequests(
    limit: number,
    leaseSeconds: number,
  ): Promise<{ ok: true; list: OfferedRequest[] } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(claimRequests.path, { limit, leaseSeconds });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const claim = 'body' in res ? RequestClaim.safeParse(res.body.data) : null;
    if (!claim?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a request claim' } };
    return { ok: true, list: claim.data.list };
  }

  /** Takes the payments payers started on payment links' pages (docs/decisions/0035). */
  async claimLinkPayments(
    limit: number,
    leaseSeconds: number,
  ): Promise<{ ok: true; list: OfferedLinkPayment[] } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(claimLinkPayments.path, { limit, leaseSeconds });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const claim = 'body' in res ? PaymentLinkClaim.safeParse(res.body.data) : null;
    if (!claim?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a link payment claim' } };
    return { ok: true, list: claim.data.list };
  }

  /** A pay-in's risk decision (and its case-management outcome once decided). */
  async riskDecision(
    merchantCode: string,
    uniqueId: string,
  ): Promise<{ ok: true; decision: RiskDecisionView } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(readRiskDecision.path, { merchantCode, uniqueId });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const decision = 'body' in res ? RiskDecisionView.safeParse(res.body.data) : null;
    if (!decision?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a risk decision' } };
    return { ok: true, decision: decision.data };
  }

  /** Takes chargeback defences waiting to be presented to the networks. */
  async claimDefenses(
    limit: number,
    leaseSeconds: number,
  ): Promise<{ ok: true; list: OfferedDefense[] } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(claimDefenses.path, { limit, leaseSeconds });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const claim = 'body' in res ? ChargebackClaim.safeParse(res.body.data) : null;
    if (!claim?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a defence claim' } };
    return { ok: true, list: claim.data.list };
  }

  async claimCases(
    limit: number,
    leaseSeconds: number,
  ): Promise<{ ok: true; list: OfferedCase[] } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(claimCases.path, { limit, leaseSeconds });
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const claim = 'body' in res ? CaseClaim.safeParse(res.body.data) : null;
    if (!claim?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a case claim' } };
    return { ok: true, list: claim.data.list };
  }

  /** Publishes an announcement or a message (idempotent by its key). */
  async publishMessage(
    body: PublishMessageRequest,
  ): Promise<{ ok: true; published: PublishedMessage } | { ok: false; result: Exclude<SendResult, { kind: 'ack' }> }> {
    const res = await this.call(publishMessage.path, body);
    const problem = this.classify(res);
    if (problem) return { ok: false, result: problem };
    const published = 'body' in res ? PublishedMessage.safeParse(res.body.data) : null;
    if (!published?.success)
      return { ok: false, result: { kind: 'refused', code: ResultCode.INTERNAL_ERROR, message: 'the answer is not a published message' } };
    return { ok: true, published: published.data };
  }
}
