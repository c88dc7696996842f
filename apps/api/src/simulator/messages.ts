import type { PublishMessageRequest } from '@andes/contract/message/schemas';
import type { Rng } from './prng.ts';

/**
 * The provider's occasional announcements and messages (docs/decisions/0030): every so often the
 * simulator publishes one through the platform's publish call (contract `publishMessage`), an announcement to every merchant
 * or a message to one of the demo's merchants. Keys carry the run's tag and a counter, so a retried
 * publication is one message and two runs never collide.
 */

interface Template {
  kind: PublishMessageRequest['kind'];
  title: string;
  content: string;
}

const ANNOUNCEMENTS: readonly Template[] = [
  {
    kind: 'ANNOUNCEMENT',
    title: 'Card acquiring: 3-D Secure 2.3 rollout',
    content:
      'Card pay-ins move to 3-D Secure 2.3 over the coming weeks. Frictionless approvals should rise; no change is needed on your side.\nQuestions: open a support case of type OTHERS.',
  },
  {
    kind: 'ANNOUNCEMENT',
    title: 'Bank holiday settlements',
    content: 'Settlements due on the coming bank holiday are paid the next business day. Pay-ins and payouts keep working as usual.',
  },
  {
    kind: 'ANNOUNCEMENT',
    title: 'New fail-reason codes in reports',
    content: 'Rejected pay-ins now carry the issuer’s reason in the transaction list and in exported reports.',
  },
];

const MESSAGES: readonly Template[] = [
  {
    kind: 'MESSAGE',
    title: 'Unusual refund volume',
    content:
      'Refunds in the last 24 hours are twice your usual level. If this is expected (a campaign, a recall) nothing needs to be done.',
  },
  {
    kind: 'MESSAGE',
    title: 'Payout account running low',
    content:
      'At the current payout rate your payout account may not cover tomorrow’s payouts. Consider a top-up in Accounting → Payout Funding.',
  },
  {
    kind: 'MESSAGE',
    title: 'Your monthly volume report',
    content: 'Last month’s volume and approval rates are ready. See Revenue Assurance for the curves and the fail-reason ranking.',
  },
];

/** The next publication: an announcement to everybody one time in three, else a message to one merchant. */
export function planProviderMessage(rng: Rng, runTag: string, n: number, merchantCodes: readonly string[]): PublishMessageRequest {
  const toEverybody = merchantCodes.length === 0 || rng.chance(1 / 3);
  const template = rng.pick(toEverybody ? ANNOUNCEMENTS : MESSAGES);
  return {
    messageKey: `sim-${runTag}-${n}`,
    kind: template.kind,
    ...(toEverybody ? {} : { merchantCode: rng.pick(merchantCodes) }),
    title: template.title,
    content: template.content,
  };
}
