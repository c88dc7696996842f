import type { OfferedCase, PlatformEventInput } from '@andes/contract/platform/schemas';
import { type PlannedEvent, REAL_TIME, type Timing } from './lifecycle.ts';
import { Rng } from './prng.ts';

/**
 * The provider's support desk (docs/decisions/0029): a pure, seeded model like risk.ts. A case
 * offered by the claim is answered by an agent: a new case (PENDING) is first taken up
 * (`case.status_changed` PROCESSING, a few minutes later), then answered (`case.replied`, within
 * the hour); a merchant's reply or a reopened case gets an answer. About half the answers to a
 * merchant's follow-up, and a third of the first answers, say the case is SOLVED.
 *
 * Event ids are derived from the case number and the merchant's latest message: an offer made
 * again (its lease ran out) plans the same events, which Andes applies once.
 */

const MINUTE = 60_000;
/** From the offer to the agent taking the case up, and to the answer. */
const ACK_DELAY: readonly [number, number] = [2 * MINUTE, 10 * MINUTE];
const ANSWER_DELAY: readonly [number, number] = [15 * MINUTE, 60 * MINUTE];

const AGENTS = ['Camila Duarte', 'Diego Herrera', 'Lucía Méndez', 'Rafael Costa', 'Sofía Rojas', 'Thiago Lima'] as const;

const FIRST_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  TRANSACTIONS: [
    'We checked the transaction with the acquirer: it is confirmed on our side and the status in the dashboard is now up to date.',
    'The payer’s bank confirmed the transfer. It was delayed by the bank’s batch processing; no action is needed from you.',
    'We asked the network for the transaction trace. We will update this case as soon as we receive it (usually within one business day).',
  ],
  FINANCE: [
    'The settlement of that day was split in two batches; the second one was credited the next business day. The statement now shows both.',
    'We reviewed the fee applied: it follows your current pricing. The breakdown is in the daily finance report of that date.',
  ],
  BALANCE: [
    'The amount is held as a rolling reserve and will be released on the date shown in the balance detail.',
    'The balance difference comes from a refund processed on the same day. The statement lists both movements.',
  ],
  OTHERS: [
    'Thank you for reaching out. We have forwarded your request to the responsible team and will reply here.',
    'Done: the change you asked for is now active on your account.',
  ],
};

const FOLLOW_UPS = [
  'Thanks for the details. We checked again and corrected the record; please confirm on your side.',
  'We escalated this to the acquirer’s operations team. We will keep you posted in this case.',
  'Understood. The information you sent was enough: the issue is fixed now.',
];

/** A stable hash of the merchant's latest message (what this answer is an answer to). */
function turnOf(offer: OfferedCase): string {
  const last = offer.lastMerchantMessage;
  return last === null ? 'open' : `${last.kind.toLowerCase()}-${Date.parse(last.at).toString(36)}`;
}

function between(rng: Rng, [lo, hi]: readonly [number, number]): number {
  return lo + Math.floor(rng.next() * (hi - lo));
}

/** The events that answer an offered case: taken up (a new case), then answered. */
export function planCaseAnswer(offer: OfferedCase, at: number, timing: Timing = REAL_TIME): PlannedEvent[] {
  const turn = turnOf(offer);
  const rng = new Rng(`case#${offer.caseNo}#${turn}`);
  const agent = rng.pick(AGENTS);
  const events: PlannedEvent[] = [];
  let when = at;
  const occurred = (t: number) => new Date(t).toISOString();
  const isNew = offer.status === 'PENDING';
  if (isNew) {
    when += Math.max(1, timing.compress(between(rng, ACK_DELAY)));
    const ack: PlatformEventInput = {
      eventId: `${offer.caseNo}.${turn}.ack`,
      type: 'case.status_changed',
      occurredAt: occurred(when),
      merchantCode: offer.merchantCode,
      data: { caseNo: offer.caseNo, status: 'PROCESSING', note: `${agent} is looking into this case.` },
    };
    events.push({ at: when, event: ack });
  }
  when += Math.max(1, timing.compress(between(rng, ANSWER_DELAY)));
  const pool = isNew ? (FIRST_ANSWERS[offer.caseType] ?? FIRST_ANSWERS.OTHERS ?? []) : FOLLOW_UPS;
  const solved = rng.next() < (isNew ? 1 / 3 : 1 / 2);
  const reply: PlatformEventInput = {
    eventId: `${offer.caseNo}.${turn}.reply`,
    type: 'case.replied',
    occurredAt: occurred(when),
    merchantCode: offer.merchantCode,
    data: {
      caseNo: offer.caseNo,
      responder: agent,
      content: rng.pick(pool),
      status: solved ? 'SOLVED' : 'PROCESSING',
    },
  };
  events.push({ at: when, event: reply });
  return events;
}
