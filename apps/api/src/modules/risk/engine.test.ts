import type { RuleType, Subject } from '@andes/contract/risk/enums';
import { RULE_TEMPLATES } from '@andes/contract/risk/templates';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  compile,
  type EngineEvent,
  type EngineRule,
  evaluate,
  LiveVelocityView,
  ReplayVelocityView,
  replay,
  subjectValue,
  type VelocityMetric,
} from './engine.ts';

/**
 * The engine (docs/decisions/0028): rule semantics on examples, and the two properties the replay
 * rests on — both velocity views measure what a brute-force count over the stream measures, and a
 * replay decides every pay-in as the live decision did with the pay-ins before it.
 */

const T0 = Date.UTC(2026, 10, 1);

function payin(id: number, at: number, more: Partial<EngineEvent> = {}): EngineEvent {
  return {
    transactionId: id,
    createdAt: T0 + at,
    amount: 1_000,
    document: null,
    email: null,
    emailDomain: null,
    card: null,
    bin: null,
    ip: null,
    device: null,
    score: null,
    authenticated: null,
    failedAt: null,
    chargedBackAt: null,
    ...more,
  };
}

let nextRuleId = 1;
function rule(type: RuleType, template: string, more: Partial<EngineRule> = {}): EngineRule {
  nextRuleId += 1;
  return {
    id: nextRuleId,
    version: 1,
    name: `${type} ${template}`,
    type,
    template,
    threshold: null,
    duration: null,
    score: null,
    values: [],
    sendToCaseManagement: false,
    ...more,
  };
}

const noVelocity = { measure: () => 0 };

describe('rules on one pay-in', () => {
  test('a trust rule allows whatever else fires; a block wins over a review; nothing fired is ALLOW', () => {
    const event = payin(1, 0, { document: '12345678901', email: 'a@x.com', emailDomain: 'x.com' });
    const block = rule('BLOCK', 'DOCUMENT_LIST', { values: ['12345678901'] });
    const review = rule('MANUAL_REVIEW', 'EMAIL_DOMAIN_LIST', { values: ['x.com'] });
    const trust = rule('TRUST', 'EMAIL_LIST', { values: ['a@x.com'], version: 3 });
    expect(evaluate(compile([review]), event, noVelocity).decision).toBe('REVIEW');
    expect(evaluate(compile([review, block]), event, noVelocity).decision).toBe('BLOCK');
    const all = evaluate(compile([block, review, trust]), event, noVelocity);
    expect(all.decision).toBe('ALLOW');
    expect(all.rulesEvaluated).toBe(3);
    expect(all.fired.map((f) => [f.ruleId, f.version, f.action, f.matched])).toEqual([
      [block.id, 1, 'BLOCK', '12345678901'],
      [review.id, 1, 'REVIEW', 'x.com'],
      [trust.id, 3, 'ALLOW', 'a@x.com'],
    ]);
    expect(evaluate(compile([]), event, noVelocity)).toEqual({ decision: 'ALLOW', fired: [], rulesEvaluated: 0 });
  });

  test('send to case management turns a block into a review', () => {
    const event = payin(1, 0, { ip: '10.0.0.1' });
    const r = rule('BLOCK', 'IP_LIST', { values: ['10.0.0.1'], sendToCaseManagement: true });
    expect(evaluate(compile([r]), event, noVelocity)).toMatchObject({ decision: 'REVIEW', fired: [{ action: 'REVIEW' }] });
  });

  test('score, amount, 3-D Secure and device checks fire at their thresholds, and not without the subject', () => {
    const score = rule('ML_SCORE_CUTOFF', 'SCORE_AT_LEAST', { score: 80 });
    const amount = rule('ADDITIONAL_FEATURE', 'AMOUNT_AT_LEAST', { threshold: 5_000 });
    const auth = rule('ADDITIONAL_FEATURE', 'CARD_NOT_AUTHENTICATED');
    const device = rule('ADDITIONAL_FEATURE', 'NO_DEVICE');
    const c = compile([score, amount, auth, device]);
    const fired = (e: EngineEvent) => evaluate(c, e, noVelocity).fired.map((f) => [f.template, f.measured]);
    expect(fired(payin(1, 0, { score: 80, amount: 5_000, card: '411111-1111', authenticated: false, device: null }))).toEqual([
      ['SCORE_AT_LEAST', 80],
      ['AMOUNT_AT_LEAST', 5_000],
      ['CARD_NOT_AUTHENTICATED', null],
      ['NO_DEVICE', null],
    ]);
    expect(fired(payin(2, 0, { score: 79, amount: 4_999, card: '411111-1111', authenticated: true, device: 'dev-1' }))).toEqual([]);
    // No card: the 3-D Secure rule does not apply; no score: the cutoff does not either.
    expect(fired(payin(3, 0, { device: 'dev-1' }))).toEqual([]);
  });

  test('velocity fires when the measure reaches the threshold; the window is (t − duration, t]', () => {
    const r = rule('ORDER_VELOCITY', 'CARD_COUNT', { threshold: 3, duration: 10 });
    const c = compile([r]);
    const card = '411111-1111';
    const events = [payin(1, 0, { card }), payin(2, 5_000, { card }), payin(3, 10_000, { card }), payin(4, 10_001, { card })];
    const live = events.map((e, i) => evaluate(c, e, new LiveVelocityView(e, events.slice(0, i))));
    // At 10 s the first pay-in (0 s) is out of (0, 10]: 2, below 3; at 10.001 s: 5, 10 and 10.001 s = 3 → fires.
    expect(live.map((l) => l.fired[0]?.measured ?? null)).toEqual([null, null, null, 3]);
    // A pay-in without a card never fires a card rule.
    expect(evaluate(c, payin(5, 10_002), new LiveVelocityView(payin(5, 10_002), events)).fired).toEqual([]);
  });

  test('failures and chargebacks count only once they happened by t, and never the pay-in itself', () => {
    const failedRule = rule('BEHAVIOR_VELOCITY', 'DOCUMENT_FAILED', { threshold: 1, duration: 3_600 });
    const cbRule = rule('SMART_LIST', 'DOCUMENT_CHARGEBACK', { threshold: 1, duration: 3_600 });
    const c = compile([failedRule, cbRule]);
    const document = 'ABC1234';
    const first = payin(1, 0, { document, failedAt: T0 + 5_000, chargedBackAt: T0 + 20_000 });
    const second = payin(2, 4_000, { document, failedAt: T0 + 4_000 });
    const third = payin(3, 10_000, { document });
    const fourth = payin(4, 30_000, { document });
    const prior = [first, second, third, fourth];
    const measures = prior.map((e, i) =>
      evaluate(c, e, new LiveVelocityView(e, prior.slice(0, i))).fired.map((f) => [f.template, f.measured]),
    );
    expect(measures).toEqual([
      [],
      [],
      // At 10 s both earlier pay-ins had failed (4 s — the second at its own creation — and 5 s).
      [['DOCUMENT_FAILED', 2]],
      [
        ['DOCUMENT_FAILED', 2],
        ['DOCUMENT_CHARGEBACK', 1],
      ],
    ]);
  });
});

// ---- properties ---------------------------------------------------------------------------------

const DOCS = [null, 'DOC1', 'DOC2', 'DOC3'];
const EMAILS = [null, 'a@x.com', 'b@x.com', 'c@y.com'];
const CARDS = [null, '411111-0001', '411111-0002', '550000-0003'];
const IPS = [null, '10.0.0.1', '10.0.0.2'];
const DEVICES = [null, 'dev-1', 'dev-2', 'dev-3'];

const eventShape = fc.record({
  gap: fc.integer({ min: 0, max: 4_000 }),
  amount: fc.integer({ min: 1, max: 10_000 }),
  document: fc.constantFrom(...DOCS),
  email: fc.constantFrom(...EMAILS),
  card: fc.constantFrom(...CARDS),
  ip: fc.constantFrom(...IPS),
  device: fc.constantFrom(...DEVICES),
  score: fc.option(fc.integer({ min: 0, max: 100 })),
  authenticated: fc.boolean(),
  failedAfter: fc.option(fc.integer({ min: 0, max: 15_000 })),
  chargedBackAfter: fc.option(fc.integer({ min: 0, max: 15_000 })),
});

/** Pay-ins in creation order (ties in time broken by id), with random later failures and chargebacks. */
const streams = fc.array(eventShape, { minLength: 1, maxLength: 40 }).map((shapes) => {
  let at = 0;
  return shapes.map((s, i) => {
    at += s.gap;
    const createdAt = T0 + at;
    return {
      transactionId: i + 1,
      createdAt,
      amount: s.amount,
      document: s.document,
      email: s.email,
      emailDomain: s.email === null ? null : (s.email.split('@')[1] as string),
      card: s.card,
      bin: s.card === null ? null : (s.card.split('-')[0] as string),
      ip: s.ip,
      device: s.device,
      score: s.score,
      authenticated: s.card === null ? null : s.authenticated,
      failedAt: s.failedAfter === null ? null : createdAt + s.failedAfter,
      chargedBackAt: s.chargedBackAfter === null ? null : createdAt + s.chargedBackAfter,
    } satisfies EngineEvent;
  });
});

const SUBJECT_LIST: Subject[] = ['DOCUMENT', 'EMAIL', 'CARD', 'BIN', 'IP', 'DEVICE', 'EMAIL_DOMAIN'];
const measureSpec = fc.record({
  subject: fc.constantFrom(...SUBJECT_LIST),
  metric: fc.constantFrom<VelocityMetric>('COUNT', 'AMOUNT', 'DISTINCT', 'FAILED', 'CHARGEBACK'),
  counted: fc.constantFrom(...SUBJECT_LIST),
  duration: fc.integer({ min: 1, max: 20 }),
});

/** The definition, counted by brute force over the stream up to and including pay-in `i`. */
function bruteForce(
  events: readonly EngineEvent[],
  i: number,
  spec: { subject: Subject; metric: VelocityMetric; counted: Subject; duration: number },
) {
  const e = events[i] as EngineEvent;
  const value = subjectValue(e, spec.subject);
  const t = e.createdAt;
  const inWindow = events
    .slice(0, i + 1)
    .filter((x) => subjectValue(x, spec.subject) === value && x.createdAt > t - spec.duration * 1000 && x.createdAt <= t);
  const earlier = inWindow.filter((x) => x.transactionId !== e.transactionId);
  switch (spec.metric) {
    case 'COUNT':
      return inWindow.length;
    case 'AMOUNT':
      return inWindow.reduce((s, x) => s + x.amount, 0);
    case 'DISTINCT':
      return new Set(inWindow.map((x) => subjectValue(x, spec.counted)).filter((v) => v !== null)).size;
    case 'FAILED':
      return earlier.filter((x) => x.failedAt !== null && x.failedAt !== undefined && x.failedAt <= t).length;
    case 'CHARGEBACK':
      return earlier.filter((x) => x.chargedBackAt !== null && x.chargedBackAt !== undefined && x.chargedBackAt <= t).length;
  }
}

describe('properties', () => {
  test('both velocity views measure what a brute-force count over the stream measures', () => {
    fc.assert(
      fc.property(
        streams,
        fc.array(measureSpec, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (events, specs, seed) => {
          const windows = new Map<Subject, number>();
          for (const s of specs) windows.set(s.subject, Math.max(windows.get(s.subject) ?? 0, s.duration));
          const replayView = new ReplayVelocityView(windows);
          events.forEach((e, i) => {
            replayView.advance(e);
            // The live query's rows come in any order and may include the pay-in and later ones.
            const rows = [...events].sort((a, b) => ((a.transactionId * 7919 + seed) % 101) - ((b.transactionId * 7919 + seed) % 101));
            const live = new LiveVelocityView(e, rows);
            for (const spec of specs) {
              if (subjectValue(e, spec.subject) === null) continue;
              const expected = bruteForce(events, i, spec);
              expect(live.measure(spec.subject, spec.metric, spec.counted, spec.duration, e)).toBe(expected);
              expect(replayView.measure(spec.subject, spec.metric, spec.counted, spec.duration, e)).toBe(expected);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  const templateArb = fc.constantFrom(...RULE_TEMPLATES);
  const ruleArb = fc
    .record({
      template: templateArb,
      threshold: fc.integer({ min: 1, max: 4 }),
      amountThreshold: fc.integer({ min: 1, max: 15_000 }),
      duration: fc.integer({ min: 1, max: 20 }),
      score: fc.integer({ min: 1, max: 100 }),
      values: fc.subarray(
        [...DOCS, ...EMAILS, ...CARDS, ...IPS, ...DEVICES, 'x.com', 'y.com', '411111', '550000'].filter((v) => v !== null),
      ),
      send: fc.boolean(),
    })
    .map(
      (r): EngineRule => ({
        id: 0,
        version: 1,
        name: r.template.code,
        type: r.template.type,
        template: r.template.code,
        threshold: r.template.threshold === null ? null : r.template.threshold === 'CENTS' ? r.amountThreshold : r.threshold,
        duration: r.template.duration ? r.duration : null,
        score: r.template.score ? r.score : null,
        values: r.template.values === null ? [] : (r.values as string[]),
        sendToCaseManagement: r.send,
      }),
    );

  test('a replay decides every pay-in as the live decision did with the pay-ins before it', async () => {
    await fc.assert(
      fc.asyncProperty(streams, fc.array(ruleArb, { minLength: 1, maxLength: 12 }), async (events, drafts) => {
        const rules = drafts.map((r, i) => ({ ...r, id: i + 1 }));
        const compiled = compile(rules);
        const live = events.map((e, i) => evaluate(compiled, e, new LiveVelocityView(e, events.slice(0, i))));
        const replayed = [];
        for await (const { evaluation } of replay(compiled, events)) replayed.push(evaluation);
        expect(replayed).toEqual(live);
      }),
      { numRuns: 300 },
    );
  });

  test('a replay from an instant evaluates only the pay-ins from it, with the windows filled by the earlier ones', async () => {
    await fc.assert(
      fc.asyncProperty(streams, fc.array(ruleArb, { minLength: 1, maxLength: 8 }), fc.nat(), async (events, drafts, cut) => {
        const compiled = compile(drafts.map((r, i) => ({ ...r, id: i + 1 })));
        const from = (events[cut % events.length] as EngineEvent).createdAt;
        const expected = events
          .map((e, i) => ({ e, live: evaluate(compiled, e, new LiveVelocityView(e, events.slice(0, i))) }))
          .filter(({ e }) => e.createdAt >= from)
          .map(({ e, live }) => [e.transactionId, live]);
        const got = [];
        for await (const { event, evaluation } of replay(compiled, events, { from })) got.push([event.transactionId, evaluation]);
        expect(got).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  test('a replay refuses pay-ins out of creation order', async () => {
    const compiled = compile([rule('ORDER_VELOCITY', 'CARD_COUNT', { threshold: 2, duration: 60 })]);
    const run = async () => {
      for await (const _ of replay(compiled, [payin(2, 1_000, { card: '411111-1111' }), payin(1, 0, { card: '411111-1111' })])) {
        // consume
      }
    };
    await expect(run()).rejects.toThrow(/creation order/);
  });
});
