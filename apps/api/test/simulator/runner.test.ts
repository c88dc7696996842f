import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode } from '@andes/contract/common/envelope';
import { claimPayouts, ingestEvent } from '@andes/contract/platform/endpoints';
import { type OfferedPayout, PlatformEvent } from '@andes/contract/platform/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { startSimulator } from '../../src/simulator/runner.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { PLATFORM_TOKEN, withPlatformToken } from '../ledger/support.ts';

/**
 * The live simulator speaks only the ingestion API over HTTP. Against a recording stand-in of
 * Andes that fails on purpose: retries keep the event id and payload, uncovered transfers are
 * tried again later, offered payouts are driven, the token never reaches the log. Against the
 * real app: what it sends is accepted and leaves a consistent ledger.
 */

const TOKEN = 'sim-test-token-abcdefghijklmnopqrstuvwxyz012345';
const fast = { compress: (ms: number) => Math.min(ms, 150) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Received {
  eventId: string;
  type: string;
  body: string;
  at: number;
  answer: 'ack' | 'transient' | 'insufficient' | 'invalid';
}

/** A stand-in of the ingestion API that records what it gets and fails in set ways. */
class Recorder {
  readonly received: Received[] = [];
  readonly claims: number[] = [];
  readonly acked = new Set<string>();
  server!: Server;
  offer: OfferedPayout | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, code: number, msg: string, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, msg, data }));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, ResultCode.SERVICE_UNAUTHORIZED, 'Unknown service token', null);
    if (req.url === claimPayouts.path) {
      this.claims.push(Date.now());
      // Offered on the first two polls (a lease that ran out), then taken.
      const list = this.offer && this.claims.length <= 2 ? [{ ...this.offer, attempts: this.claims.length - 1 }] : [];
      return send(200, ResultCode.OK, 'ok', { list });
    }
    if (req.url !== ingestEvent.path) return send(404, ResultCode.NOT_FOUND, 'not found', null);
    const parsed = PlatformEvent.safeParse(JSON.parse(body));
    const raw = JSON.parse(body) as { eventId: string; type: string };
    const seen = this.received.filter((r) => r.eventId === raw.eventId);
    const record = (answer: Received['answer']) =>
      this.received.push({ eventId: raw.eventId, type: raw.type, body, at: Date.now(), answer });
    if (!parsed.success) {
      record('invalid');
      return send(400, ResultCode.VALIDATION_FAILED, parsed.error.message, null);
    }
    // Every fourth creation fails once with 503; every transfer out is not covered the first time.
    if (seen.length === 0 && raw.type === 'transaction.created' && this.received.filter((r) => r.type === raw.type).length % 4 === 0) {
      record('transient');
      return send(503, ResultCode.INTERNAL_ERROR, 'Service unavailable', null);
    }
    if (seen.length === 0 && raw.type === 'global.transferred_out') {
      record('insufficient');
      return send(409, ResultCode.INSUFFICIENT_BALANCE, 'The global available balance does not cover it', null);
    }
    record('ack');
    const duplicate = this.acked.has(raw.eventId);
    this.acked.add(raw.eventId);
    return send(200, ResultCode.OK, 'ok', { eventId: raw.eventId, outcome: 'APPLIED', duplicate });
  }
}

describe('against a recording stand-in', () => {
  const recorder = new Recorder();
  const logs: string[] = [];
  let totals: Awaited<ReturnType<ReturnType<typeof startSimulator>['stop']>>;

  beforeAll(async () => {
    const baseUrl = await recorder.start();
    recorder.offer = {
      uniqueId: 'PODASHBOARD0001',
      merchantCode: 'ANDES-DEMO',
      subMerchantCode: null,
      transactionType: 'PAY_OUT',
      country: 'BR',
      currency: 'BRL',
      productType: 'PIX',
      amount: 150_000,
      beneficiary: { name: 'Ana Souza', pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
      merchantReference: 'DASH-1',
      createdAt: new Date().toISOString(),
      fee: 150,
      vat: 0,
      attempts: 0,
    };
    const sim = startSimulator({
      baseUrl,
      token: TOKEN,
      ratePerSecond: 40,
      seed: 'runner-test',
      timing: fast,
      retryBaseMs: 20,
      deferralMs: 100,
      claimEveryMs: 150,
      summaryEveryMs: 700,
      log: (line) => logs.push(line),
    });
    await sleep(2500);
    totals = await sim.stop();
    await recorder.stop();
  }, 30_000);

  test('sends only valid contract events, each transaction’s in order, the next only after the previous was acknowledged', () => {
    expect(recorder.received.filter((r) => r.answer === 'invalid')).toEqual([]);
    const byTransaction = new Map<string, Received[]>();
    for (const r of recorder.received) {
      const id = r.eventId.split('.')[0] ?? r.eventId;
      byTransaction.set(id, [...(byTransaction.get(id) ?? []), r]);
    }
    const creations = recorder.received.filter((r) => r.type === 'transaction.created' && r.answer === 'ack');
    expect(creations.length).toBeGreaterThan(10);
    for (const [, list] of byTransaction) {
      if (!list[0]?.eventId.includes('.')) continue;
      const created = list.filter((r) => r.type === 'transaction.created');
      if (created.length === 0) continue;
      const ackAt = created.find((r) => r.answer === 'ack')?.at ?? Number.POSITIVE_INFINITY;
      for (const later of list.filter((r) => r.type !== 'transaction.created')) expect(later.at).toBeGreaterThanOrEqual(ackAt);
    }
  });

  test('a transient failure is retried with the same event id and the same payload', () => {
    const failed = recorder.received.filter((r) => r.answer === 'transient');
    // One that failed right before the stop may not have had its retry.
    const retried = failed.flatMap((f) =>
      recorder.received.filter((r) => r.eventId === f.eventId && r.answer === 'ack').map((r) => ({ f, r })),
    );
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.length).toBeGreaterThanOrEqual(failed.length - 1);
    for (const { f, r } of retried) expect(r.body).toBe(f.body);
    expect(totals.retries).toBeGreaterThanOrEqual(retried.length);
  });

  test('a transfer the balance does not cover yet is sent again later, unchanged, and then applied', () => {
    const refused = recorder.received.filter((r) => r.answer === 'insufficient');
    expect(totals.deferred).toBe(refused.length);
    // The transfers of one funding go one after the other: the last ones may still wait at the stop.
    const resent = refused.flatMap((f) => {
      const later = recorder.received.find((r) => r.eventId === f.eventId && r.answer === 'ack');
      return later ? [{ f, later }] : [];
    });
    expect(resent.length).toBeGreaterThan(0);
    for (const { f, later } of resent) {
      expect(later.body).toBe(f.body);
      expect(later.at - f.at).toBeGreaterThanOrEqual(90);
    }
  });

  test('a payout offered by the dashboard is accepted and completed once, even when offered twice', () => {
    expect(recorder.claims.length).toBeGreaterThan(2);
    const events = recorder.received.filter((r) => r.eventId.startsWith('PODASHBOARD0001.') && r.answer === 'ack');
    expect(events.map((e) => e.eventId)).toEqual(['PODASHBOARD0001.accepted', 'PODASHBOARD0001.completed']);
    expect(JSON.parse(events[0]?.body ?? '{}').data.status).toBe('IN_PROGRESS');
    expect(totals.offeredPayouts).toBe(1);
  });

  test('its totals match what was acknowledged; summary lines are logged, never the token', () => {
    const acks = recorder.received.filter((r) => r.answer === 'ack').length;
    expect(totals.outcomes.APPLIED).toBe(acks);
    expect(totals.started.payin).toBeGreaterThan(0);
    expect(logs.some((l) => /^simulator, last minute: \d+ events \(applied \d+/.test(l))).toBe(true);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });
});

describe('with a wrong token', () => {
  test('says the token was refused, without printing it, and applies nothing', async () => {
    const recorder = new Recorder();
    const baseUrl = await recorder.start();
    const logs: string[] = [];
    const wrong = 'wrong-token-zyxwvutsrqponmlkjihgfedcba9876543210';
    const sim = startSimulator({
      baseUrl,
      token: wrong,
      ratePerSecond: 20,
      seed: 'wrong',
      timing: fast,
      retryBaseMs: 10,
      maxAttempts: 2,
      log: (l) => logs.push(l),
    });
    await sleep(600);
    const totals = await sim.stop();
    await recorder.stop();
    expect(totals.outcomes.APPLIED).toBe(0);
    expect(logs.some((l) => l.includes('refused the service token'))).toBe(true);
    expect(logs.join('\n')).not.toContain(wrong);
  });
});

describe('against the real Andes app', () => {
  let t: TestApp;
  let totals: Awaited<ReturnType<ReturnType<typeof startSimulator>['stop']>>;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await withPlatformToken(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const sim = startSimulator({
      baseUrl: `http://127.0.0.1:${port}`,
      token: PLATFORM_TOKEN,
      ratePerSecond: 25,
      seed: 'real-app',
      timing: fast,
      claimEveryMs: 300,
      log: (l) => logs.push(l),
    });
    await sleep(3000);
    totals = await sim.stop();
  }, 60_000);
  afterAll(async () => t?.close());

  test('every event it sends is accepted, and the ledger stays consistent', async () => {
    expect(totals.outcomes.APPLIED).toBeGreaterThan(20);
    expect(logs.filter((l) => l.includes('given up'))).toEqual([]);
    expect(totals.givenUp).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
    const rows = (await t.db.execute(
      sql`select transaction_type, count(*)::int as n from transactions group by transaction_type order by 1`,
    )) as unknown as { rows: { transaction_type: string; n: number }[] };
    expect(rows.rows.find((r) => r.transaction_type === 'PAY_IN')?.n ?? 0).toBeGreaterThan(5);
    const funded = (await t.db.execute(
      sql`select count(*)::int as n from global_movements where business_type = 'TRANSFER_OUT'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(funded.rows[0]?.n ?? 0).toBeGreaterThan(0);
  });
});
