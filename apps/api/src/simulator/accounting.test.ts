import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode } from '@andes/contract/common/envelope';
import { claimRequests, ingestEvent } from '@andes/contract/platform/endpoints';
import { type OfferedRequest, PlatformEvent, type ProviderTask } from '@andes/contract/platform/schemas';
import { describe, expect, test } from 'vitest';
import { FX_COUNTRIES, FxBook, planRequestAnswer, QUOTE_VALIDITY_MS } from './accounting.ts';
import { rateToScaled } from './catalogue.ts';
import { LIVE_TIME } from './lifecycle.ts';
import { Rng } from './prng.ts';
import { startSimulator } from './runner.ts';

/**
 * The provider's model of accounting requests: valid contract events, the shares of each outcome,
 * the same answer (and ids) for a request offered again, quotes against the merchant, FX rates
 * within bounds; and the runner claiming requests and answering each once.
 */

const NOW = Date.parse('2026-11-26T12:00:00Z');

function offer(kind: OfferedRequest['kind'], task: ProviderTask, i: number, extra: Partial<OfferedRequest> = {}): OfferedRequest {
  const prefix = { TOPUP: 'TU', WITHDRAWAL: 'WD', EXCHANGE: 'EX', SUB_TRANSFER: 'ST' }[kind];
  return {
    requestNo: `${prefix}261126${String(i).padStart(7, '0')}`,
    kind,
    task,
    merchantCode: 'ANDES-DEMO',
    subMerchantCode: null,
    country: 'BR',
    currency: 'BRL',
    mode: kind === 'EXCHANGE' ? 'PAY_IN' : kind === 'SUB_TRANSFER' ? null : 'PAY_OUT',
    status: 'PROCESSING',
    requestAmount: 250_000 + i,
    side: kind === 'EXCHANGE' ? 'SELL' : null,
    sellCurrency: kind === 'EXCHANGE' ? 'BRL' : null,
    buyCurrency: kind === 'EXCHANGE' ? 'USD' : null,
    sellAmount: null,
    buyAmount: null,
    exchangeRate: null,
    remittingBank: null,
    transferTime: null,
    beneficiaryAccount: null,
    target: null,
    createdAt: new Date(NOW).toISOString(),
    attempts: 0,
    ...extra,
  };
}

const rateOf = () => '5.0000';

describe('the provider model', () => {
  test('answers every task with valid events after a delay, in time order', () => {
    const cases: [OfferedRequest['kind'], ProviderTask][] = [
      ['TOPUP', 'VERIFY'],
      ['EXCHANGE', 'QUOTE'],
      ['WITHDRAWAL', 'TRANSFER'],
      ['WITHDRAWAL', 'SETTLE'],
      ['EXCHANGE', 'SETTLE'],
      ['SUB_TRANSFER', 'SETTLE'],
    ];
    for (const [kind, task] of cases) {
      for (let i = 0; i < 200; i += 1) {
        const events = planRequestAnswer({ offer: offer(kind, task, i), at: NOW, rateOf, timing: LIVE_TIME });
        expect(events.length).toBeGreaterThan(0);
        let last = NOW;
        for (const e of events) {
          expect(PlatformEvent.safeParse(e.event).success).toBe(true);
          expect(e.at).toBeGreaterThan(last);
          expect(e.at - NOW).toBeLessThan(3 * 60_000);
          last = e.at;
        }
      }
    }
  });

  test('verifies most top-ups in full, some short of bank charges, rejects about one in twenty', () => {
    let full = 0;
    let short = 0;
    let rejected = 0;
    for (let i = 0; i < 2000; i += 1) {
      const o = offer('TOPUP', 'VERIFY', i);
      const [e] = planRequestAnswer({ offer: o, at: NOW, rateOf });
      if (e?.event.type === 'request.rejected') rejected += 1;
      else if (e?.event.type === 'request.verified') {
        const { verifiedAmount } = e.event.data;
        expect(verifiedAmount).toBeGreaterThan(0);
        expect(verifiedAmount).toBeLessThanOrEqual(o.requestAmount);
        if (verifiedAmount < o.requestAmount) short += 1;
        else full += 1;
      }
    }
    expect(rejected / 2000).toBeGreaterThan(0.03);
    expect(rejected / 2000).toBeLessThan(0.07);
    expect(short / 2000).toBeGreaterThan(0.07);
    expect(short / 2000).toBeLessThan(0.13);
    expect(full + short + rejected).toBe(2000);
  });

  test('starts a withdrawal transfer and ends it; about one in fifteen bounces with the same outcome when settled later', () => {
    let bounced = 0;
    for (let i = 0; i < 1500; i += 1) {
      const events = planRequestAnswer({ offer: offer('WITHDRAWAL', 'TRANSFER', i), at: NOW, rateOf });
      if (events[0]?.event.type === 'request.rejected') continue;
      expect(events.map((e) => e.event.type)[0]).toBe('request.transfer_started');
      const end = events[1];
      if (end?.event.type === 'request.transfer_failed') {
        bounced += 1;
        expect(end.event.data.reason).toBe('Beneficiary account closed');
      }
      // A SETTLE of the same withdrawal (offered again) ends it the same way, under the same id.
      const [settle] = planRequestAnswer({ offer: offer('WITHDRAWAL', 'SETTLE', i, { status: 'IN_TRANSFER' }), at: NOW + 60_000, rateOf });
      expect(settle?.event.eventId).toBe(end?.event.eventId);
      expect(settle?.event.type).toBe(end?.event.type);
    }
    expect(bounced / 1500).toBeGreaterThan(0.04);
    expect(bounced / 1500).toBeLessThan(0.1);
  });

  test('quotes against the merchant, expiring ten minutes after the quote; each quote has an id of its own', () => {
    const sellLocal = planRequestAnswer({ offer: offer('EXCHANGE', 'QUOTE', 1), at: NOW, rateOf })[0];
    const sellUsd = planRequestAnswer({
      offer: offer('EXCHANGE', 'QUOTE', 2, { mode: 'PAY_OUT', sellCurrency: 'USD', buyCurrency: 'BRL' }),
      at: NOW,
      rateOf,
    })[0];
    if (sellLocal?.event.type !== 'request.rate_quoted' || sellUsd?.event.type !== 'request.rate_quoted') throw new Error('not quoted');
    expect(rateToScaled(sellLocal.event.data.rate)).toBeGreaterThan(rateToScaled('5'));
    expect(rateToScaled(sellUsd.event.data.rate)).toBeLessThan(rateToScaled('5'));
    expect(Date.parse(sellLocal.event.data.expiresAt) - sellLocal.at).toBe(QUOTE_VALIDITY_MS);
    const again = planRequestAnswer({ offer: offer('EXCHANGE', 'QUOTE', 1), at: NOW + 20 * 60_000, rateOf })[0];
    expect(again?.event.eventId).not.toBe(sellLocal.event.eventId);
  });

  test('publishes a rate per local currency, moving by small steps within 3% of the day’s rate', () => {
    const book = new FxBook(new Rng('fx-test'), NOW);
    const first = book.publish('ANDES-DEMO', 'T', NOW);
    expect(first.map((e) => (e.event.data as { currency: string }).currency)).toEqual(['BRL', 'MXN', 'COP', 'CLP', 'PEN', 'ZAR']);
    const start = new Map(FX_COUNTRIES.map((c) => [c, Number(book.rateOf(c))]));
    for (let i = 0; i < 500; i += 1) book.step();
    for (const e of book.publish('ANDES-DEMO', 'T', NOW + 1)) expect(PlatformEvent.safeParse(e.event).success).toBe(true);
    for (const c of FX_COUNTRIES) {
      const moved = Number(book.rateOf(c)) / (start.get(c) ?? 1);
      expect(moved).toBeGreaterThan(0.96);
      expect(moved).toBeLessThan(1.04);
    }
  });
});

describe('the runner', () => {
  test('claims requests, answers each once even when offered again, and publishes FX rates', async () => {
    const received: { eventId: string; type: string }[] = [];
    let claims = 0;
    const offers = [offer('TOPUP', 'VERIFY', 7), offer('SUB_TRANSFER', 'SETTLE', 8)];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const send = (data: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: ResultCode.OK, msg: 'ok', data }));
        };
        if (req.url === claimRequests.path) {
          claims += 1;
          // Offered on the first three polls (a lease that ran out), then answered.
          return send({ list: claims <= 3 ? offers.map((o) => ({ ...o, attempts: claims - 1 })) : [] });
        }
        if (req.url === ingestEvent.path) {
          const event = PlatformEvent.parse(JSON.parse(body));
          received.push({ eventId: event.eventId, type: event.type });
          return send({ eventId: event.eventId, outcome: 'APPLIED', duplicate: false });
        }
        return send({ list: [] });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logs: string[] = [];
    const sim = startSimulator({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'accounting-test-token-abcdefghijklmnopqrstuvwxyz',
      ratePerSecond: 2,
      seed: 'accounting-runner',
      timing: { compress: (ms) => Math.min(ms, 100) },
      claimEveryMs: 60,
      summaryEveryMs: 60_000,
      log: (l) => logs.push(l),
    });
    await new Promise((r) => setTimeout(r, 1200));
    const totals = await sim.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const requestEvents = received.filter((r) => r.type.startsWith('request.'));
    expect(requestEvents.map((r) => r.eventId).sort()).toEqual([...new Set(requestEvents.map((r) => r.eventId))].sort());
    expect(requestEvents.filter((r) => r.eventId.startsWith('TU2611260000007.'))).toHaveLength(1);
    expect(requestEvents.filter((r) => r.eventId.startsWith('ST2611260000008.'))).toHaveLength(1);
    expect(received.filter((r) => r.type === 'fx.rate_published')).toHaveLength(6);
    expect(totals.offeredRequests).toBeGreaterThanOrEqual(2);
    expect(totals.givenUp).toBe(0);
  });
});
