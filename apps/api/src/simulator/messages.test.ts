import { PublishMessageRequest } from '@andes/contract/message/schemas';
import { describe, expect, it } from 'vitest';
import { planProviderMessage } from './messages.ts';
import { Rng } from './prng.ts';

describe("the simulator's provider messages", () => {
  it('are valid publications with a key per run and counter, to everybody or to one of the merchants', () => {
    const rng = new Rng('messages-test');
    const planned = Array.from({ length: 60 }, (_, i) => planProviderMessage(rng, 'abc123', i + 1, ['ANDES-DEMO', 'CONDOR']));
    for (const p of planned) expect(PublishMessageRequest.safeParse(p).success, JSON.stringify(p)).toBe(true);
    expect(new Set(planned.map((p) => p.messageKey)).size).toBe(60);
    const announcements = planned.filter((p) => p.kind === 'ANNOUNCEMENT');
    expect(announcements.length).toBeGreaterThan(5);
    for (const a of announcements) expect(a.merchantCode).toBeUndefined();
    const messages = planned.filter((p) => p.kind === 'MESSAGE');
    expect(new Set(messages.map((m) => m.merchantCode))).toEqual(new Set(['ANDES-DEMO', 'CONDOR']));
  });

  it('are announcements only when there is no merchant to write to', () => {
    const p = planProviderMessage(new Rng('x'), 't', 1, []);
    expect(p.kind).toBe('ANNOUNCEMENT');
    expect(p.merchantCode).toBeUndefined();
  });
});
