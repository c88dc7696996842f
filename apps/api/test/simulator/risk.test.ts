import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode } from '@andes/contract/common/envelope';
import { claimDefenses, ingestEvent, readRiskDecision } from '@andes/contract/platform/endpoints';
import { type OfferedDefense, PlatformEvent } from '@andes/contract/platform/schemas';
import { CHARGEBACK_REASON_CODES } from '@andes/contract/risk/enums';
import type { RiskDecisionView } from '@andes/contract/risk/schemas';
import { normaliseRiskValue } from '@andes/contract/risk/templates';
import { beforeAll, describe, expect, test } from 'vitest';
import { DAY, planTransaction } from '../../src/simulator/lifecycle.ts';
import { DEFAULT_TARGETS, streamsOf } from '../../src/simulator/merchants.ts';
import { Rng } from '../../src/simulator/prng.ts';
import { defenseWon, followOf, personasOf, planDefenseAnswer, riskStatusEvent, WIN_SHARE } from '../../src/simulator/risk.ts';
import { startSimulator } from '../../src/simulator/runner.ts';

/**
 * Risk in the simulated platform (docs/decisions/0028): the signals its pay-ins carry, fraudsters
 * who reuse an identity, chargebacks with reason codes, the network's answer to a defence; and the
 * live runner following the merchant's decisions — a BLOCK rejected, a REVIEW held until decided —
 * and presenting claimed defences once.
 */

const AT = Date.parse('2026-03-04T15:00:00.000Z');
const STREAMS = streamsOf(DEFAULT_TARGETS);

function payins(n: number, seed = 'risk-test') {
  const rng = new Rng(`${seed}/pick`);
  return Array.from({ length: n }, (_, i) => {
    const stream = rng.weighted(STREAMS);
    // Spread over 60 days so that attack windows come and go.
    return planTransaction({ seed, index: i, holder: stream.holder, kind: 'payin', at: AT + Math.floor((i * 60 * DAY) / n) });
  });
}

describe('the signals of simulated pay-ins', () => {
  const plans = payins(6000);
  const created = plans.map((p) => {
    const e = p.events[0]?.event;
    if (e?.type !== 'transaction.created') throw new Error('not a creation');
    return e;
  });

  test('every pay-in carries valid risk signals: an IP and a device for most, a score for all', () => {
    for (const e of created) expect(PlatformEvent.safeParse(e).success).toBe(true);
    const risks = created.map((e) => e.data.risk);
    expect(risks.every((r) => r?.score !== undefined)).toBe(true);
    expect(risks.filter((r) => r?.ip).length / risks.length).toBeGreaterThan(0.9);
    expect(risks.filter((r) => r?.deviceId).length / risks.length).toBeGreaterThan(0.85);
    expect(risks.filter((r) => r?.deviceId).length).toBeLessThan(risks.length);
  });

  test('scores are mostly low, with a thin tail of high ones', () => {
    const scores = created.map((e) => e.data.risk?.score ?? 0);
    expect(scores.filter((s) => s < 25).length / scores.length).toBeGreaterThan(0.7);
    const high = scores.filter((s) => s >= 80).length / scores.length;
    expect(high).toBeGreaterThan(0.003);
    expect(high).toBeLessThan(0.05);
  });

  test('a few fraudsters reuse their document, device and cards, in bursts; their card pay-ins are charged back for fraud', () => {
    for (const country of ['BR', 'MX'] as const) {
      const personas = personasOf(country);
      expect(personas).toHaveLength(3);
      // The same personas in every run.
      expect(personasOf(country)).toBe(personas);
      const docs = new Set(personas.map((p) => p.document));
      const theirs = created.filter((e) => e.data.country === country && docs.has(e.data.payer?.document ?? ''));
      expect(theirs.length).toBeGreaterThan(3);
      const devices = new Set(theirs.map((e) => e.data.risk?.deviceId));
      expect(devices.size).toBeLessThanOrEqual(3);
      expect(theirs.every((e) => (e.data.risk?.score ?? 0) >= 45)).toBe(true);
    }
    const chargebacks = plans.flatMap((p) => p.events.filter((e) => e.event.type === 'transaction.charged_back').map((e) => e.event));
    expect(chargebacks.length).toBeGreaterThan(0);
    for (const cb of chargebacks) {
      if (cb.type !== 'transaction.charged_back') continue;
      expect(CHARGEBACK_REASON_CODES).toContain(cb.data.reasonCode);
    }
    // The personas' documents are valid list values (the demo's block list names them).
    for (const p of personasOf('BR')) expect('value' in normaliseRiskValue('DOCUMENT', p.document)).toBe(true);
  });
});

const decision = (d: Partial<RiskDecisionView> & Pick<RiskDecisionView, 'decision' | 'finalDecision'>): RiskDecisionView => ({
  score: 90,
  rules: [],
  evaluatedAt: new Date(AT).toISOString(),
  rulesEvaluated: 4,
  review: null,
  ...d,
});

const blockRule = {
  ruleId: 7,
  version: 2,
  name: 'Known fraud documents',
  type: 'BLOCK' as const,
  template: 'DOCUMENT_LIST',
  action: 'BLOCK' as const,
  measured: null,
  matched: '12345678909',
};

describe('following a decision', () => {
  test('ALLOW goes on, BLOCK is rejected naming the rules, REVIEW waits until decided or expired', () => {
    expect(followOf(null, AT)).toEqual({ kind: 'proceed' });
    expect(followOf(decision({ decision: 'ALLOW', finalDecision: 'ALLOW' }), AT)).toEqual({ kind: 'proceed' });
    const blocked = followOf(decision({ decision: 'BLOCK', finalDecision: 'BLOCK', rules: [blockRule] }), AT);
    expect(blocked).toEqual({ kind: 'reject', reason: 'Blocked by the merchant’s risk rules: Known fraud documents' });
    const expiresAt = new Date(AT + 7 * DAY).toISOString();
    const review = { status: 'PENDING' as const, by: null, at: null, note: null, expiresAt };
    expect(followOf(decision({ decision: 'REVIEW', finalDecision: 'REVIEW', review }), AT)).toEqual({
      kind: 'wait',
      expiresAt: AT + 7 * DAY,
    });
    expect(followOf(decision({ decision: 'REVIEW', finalDecision: 'REVIEW', review }), AT + 7 * DAY).kind).toBe('expire');
    const approved = { ...review, status: 'APPROVED' as const, by: 'Ana Admin', at: new Date(AT).toISOString() };
    expect(followOf(decision({ decision: 'REVIEW', finalDecision: 'ALLOW', review: approved }), AT)).toEqual({ kind: 'proceed' });
    const rejected = { ...approved, status: 'REJECTED' as const, note: 'Stolen card' };
    expect(followOf(decision({ decision: 'REVIEW', finalDecision: 'BLOCK', review: rejected }), AT)).toEqual({
      kind: 'reject',
      reason: 'Rejected in risk case management: Stolen card',
    });
    const event = riskStatusEvent('PIBR0001', 'ANDES-DEMO', { kind: 'expire', reason: 'Risk review not decided within 7 days' }, AT);
    expect(PlatformEvent.parse(event?.event)).toMatchObject({
      eventId: 'PIBR0001.risk-expired',
      type: 'transaction.status_changed',
      data: { uniqueId: 'PIBR0001', status: 'EXPIRED' },
    });
  });
});

function defense(i: number, reasonCode: OfferedDefense['reasonCode'], appendices = 1): OfferedDefense {
  return {
    chargebackId: `PIBRTEST${String(i).padStart(6, '0')}CB`,
    payinUniqueId: `PIBRTEST${String(i).padStart(6, '0')}`,
    merchantCode: 'ANDES-DEMO',
    country: 'BR',
    currency: 'BRL',
    amount: 10_000 + i,
    reasonCode,
    description: 'Delivered; proof attached',
    appendices: Array.from({ length: appendices }, (_, k) => ({ name: `proof-${k}.pdf`, size: 1000 })),
    defendedAt: new Date(AT).toISOString(),
    deadline: new Date(AT + 20 * DAY).toISOString(),
    attempts: 0,
  };
}

describe('the network’s answer to a defence', () => {
  test('comes days later (compressed live), under a stable id, the same every time', () => {
    const offer = defense(1, 'NOT_RECEIVED');
    const a = planDefenseAnswer(offer, AT);
    expect(a.at - AT).toBeGreaterThanOrEqual(3 * DAY);
    expect(a.at - AT).toBeLessThanOrEqual(25 * DAY);
    expect(planDefenseAnswer(offer, AT)).toEqual(a);
    expect(PlatformEvent.safeParse(a.event).success).toBe(true);
    expect(a.event.eventId).toBe(`${offer.chargebackId}.${a.event.type === 'chargeback.won' ? 'won' : 'lost'}`);
    const live = planDefenseAnswer(offer, AT, { compress: (ms) => Math.min(ms, 1000) });
    expect(live.at - AT).toBeLessThanOrEqual(1000);
  });

  test('a delivery proof wins "not received" far more often than a fraud claim', () => {
    const share = (code: OfferedDefense['reasonCode']) =>
      Array.from({ length: 2000 }, (_, i) => defenseWon(defense(i, code))).filter(Boolean).length / 2000;
    expect(share('NOT_RECEIVED')).toBeCloseTo(WIN_SHARE.NOT_RECEIVED, 1);
    expect(share('FRAUD')).toBeCloseTo(WIN_SHARE.FRAUD, 1);
    expect(share('NOT_RECEIVED')).toBeGreaterThan(share('FRAUD') + 0.2);
  });
});

// ---- the runner against a stand-in that decides -------------------------------------------------------

const TOKEN = 'sim-risk-token-abcdefghijklmnopqrstuvwxyz012345';
const fast = { compress: (ms: number) => Math.min(ms, 150) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Got {
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  at: number;
}

/** Answers pay-in creations with a decision by turn: BLOCK, REVIEW (decided at the second read), ALLOW. */
class Decider {
  readonly got: Got[] = [];
  readonly reads = new Map<string, number>();
  readonly decidedAt = new Map<string, number>();
  readonly fate = new Map<string, 'BLOCK' | 'REVIEW-ALLOW' | 'REVIEW-BLOCK' | 'ALLOW'>();
  defenseClaims = 0;
  server!: Server;
  private payins = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private view(uniqueId: string, at: number): RiskDecisionView {
    const fate = this.fate.get(uniqueId) ?? 'ALLOW';
    const expiresAt = new Date(at + 7 * DAY).toISOString();
    if (fate === 'BLOCK') return decision({ decision: 'BLOCK', finalDecision: 'BLOCK', rules: [blockRule] });
    if (fate === 'ALLOW') return decision({ decision: 'ALLOW', finalDecision: 'ALLOW' });
    const reads = this.reads.get(uniqueId) ?? 0;
    if (reads < 2)
      return decision({
        decision: 'REVIEW',
        finalDecision: 'REVIEW',
        review: { status: 'PENDING', by: null, at: null, note: null, expiresAt },
      });
    if (!this.decidedAt.has(uniqueId)) this.decidedAt.set(uniqueId, Date.now());
    const approved = fate === 'REVIEW-ALLOW';
    return decision({
      decision: 'REVIEW',
      finalDecision: approved ? 'ALLOW' : 'BLOCK',
      review: {
        status: approved ? 'APPROVED' : 'REJECTED',
        by: 'Ana Admin',
        at: new Date().toISOString(),
        note: approved ? 'ok' : 'Stolen card',
        expiresAt,
      },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, code: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, msg: code === ResultCode.OK ? 'ok' : 'no', data }));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, ResultCode.SERVICE_UNAUTHORIZED, null);
    if (req.url === readRiskDecision.path) {
      const { uniqueId } = JSON.parse(body) as { uniqueId: string };
      this.reads.set(uniqueId, (this.reads.get(uniqueId) ?? 0) + 1);
      return send(200, ResultCode.OK, this.view(uniqueId, Date.now()));
    }
    if (req.url === claimDefenses.path) {
      this.defenseClaims += 1;
      // The same defence offered on the first two claims (a lease that ran out).
      const list = this.defenseClaims <= 2 ? [defense(42, 'NOT_RECEIVED', 3)] : [];
      return send(200, ResultCode.OK, { list });
    }
    if (req.url !== ingestEvent.path) return send(404, ResultCode.NOT_FOUND, null);
    const parsed = PlatformEvent.safeParse(JSON.parse(body));
    if (!parsed.success) return send(400, ResultCode.VALIDATION_FAILED, null);
    const e = parsed.data;
    this.got.push({ eventId: e.eventId, type: e.type, data: e.data as Record<string, unknown>, at: Date.now() });
    let risk: RiskDecisionView | undefined;
    if (e.type === 'transaction.created' && e.data.transactionType === 'PAY_IN') {
      const turn = this.payins++ % 4;
      this.fate.set(e.data.uniqueId, (['BLOCK', 'REVIEW-ALLOW', 'REVIEW-BLOCK', 'ALLOW'] as const)[turn] ?? 'ALLOW');
      risk = this.view(e.data.uniqueId, Date.now());
    }
    return send(200, ResultCode.OK, { eventId: e.eventId, outcome: 'APPLIED', duplicate: false, ...(risk ? { risk } : {}) });
  }
}

describe('the runner follows the decisions', () => {
  const decider = new Decider();
  let totals: Awaited<ReturnType<ReturnType<typeof startSimulator>['stop']>>;

  beforeAll(async () => {
    const baseUrl = await decider.start();
    const sim = startSimulator({
      baseUrl,
      token: TOKEN,
      ratePerSecond: 30,
      seed: 'risk-runner',
      timing: fast,
      claimEveryMs: 150,
      reviewPollEveryMs: 200,
      fxEveryMs: 0,
      log: () => undefined,
    });
    await sleep(3000);
    totals = await sim.stop();
    await decider.stop();
  }, 30_000);

  const eventsOf = (uniqueId: string) => decider.got.filter((g) => g.eventId.startsWith(`${uniqueId}.`));

  test('a blocked pay-in is rejected, naming the rule, and nothing else of its life is sent', () => {
    const blocked = [...decider.fate].filter(([, f]) => f === 'BLOCK').map(([id]) => id);
    expect(blocked.length).toBeGreaterThan(3);
    for (const id of blocked) {
      const after = eventsOf(id).filter((g) => g.type !== 'transaction.created');
      if (after.length === 0) continue; // created right before the stop
      expect(after.map((g) => g.eventId)).toEqual([`${id}.risk-rejected`]);
      expect(after[0]?.data).toMatchObject({ status: 'REJECTED', reason: 'Blocked by the merchant’s risk rules: Known fraud documents' });
    }
    expect(blocked.filter((id) => eventsOf(id).some((g) => g.eventId === `${id}.risk-rejected`)).length).toBeGreaterThan(2);
    expect(totals.risk.blocked).toBe(blocked.length);
  });

  test('a pay-in sent to review waits for the decision: approved, its life goes on; rejected, it is rejected', () => {
    const reviewed = [...decider.fate].filter(([, f]) => f.startsWith('REVIEW'));
    expect(reviewed.length).toBeGreaterThan(3);
    let decided = 0;
    for (const [id, fate] of reviewed) {
      const after = eventsOf(id).filter((g) => g.type !== 'transaction.created');
      const decidedAt = decider.decidedAt.get(id);
      if (decidedAt === undefined) {
        expect(after).toEqual([]);
        continue;
      }
      decided += 1;
      for (const g of after) expect(g.at).toBeGreaterThanOrEqual(decidedAt);
      if (fate === 'REVIEW-BLOCK') {
        expect(after.map((g) => g.eventId)).toEqual([`${id}.risk-rejected`]);
        expect(after[0]?.data.reason).toBe('Rejected in risk case management: Stolen card');
      } else {
        expect(after.some((g) => g.eventId.endsWith('.risk-rejected'))).toBe(false);
      }
    }
    expect(decided).toBeGreaterThan(1);
    expect(totals.risk.reviewed).toBe(reviewed.length);
    expect(totals.risk.approved + totals.risk.rejected).toBe(decided);
  });

  test('an allowed pay-in lives as before; a defence offered twice is answered once, won or lost', () => {
    const allowed = [...decider.fate].filter(([, f]) => f === 'ALLOW').map(([id]) => id);
    const lived = allowed.filter((id) =>
      eventsOf(id).some((g) => g.type === 'transaction.settled' || g.type === 'transaction.status_changed'),
    );
    expect(lived.length).toBeGreaterThan(0);
    for (const id of lived) expect(eventsOf(id).some((g) => g.eventId.endsWith('.risk-rejected'))).toBe(false);
    const answers = decider.got.filter((g) => g.eventId.startsWith('PIBRTEST000042CB.'));
    expect(answers).toHaveLength(1);
    expect(['chargeback.won', 'chargeback.lost']).toContain(answers[0]?.type);
    expect(totals.offeredDefenses).toBe(1);
  });
});
