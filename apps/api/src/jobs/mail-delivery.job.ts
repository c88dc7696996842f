import type { Mailer } from '../plugins/mail.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * Another try at a message whose delivery failed (the mail server was down or refused it): after
 * a minute, then with the delay doubling, five more times (about half an hour in all). The first
 * attempt happens in the request's process right after its transaction commits, so that a reset
 * link arrives at once; the row's `sent_at` makes every attempt after a success a no-op.
 */
export function mailDeliveryJob(mailer: Mailer): JobDefinition<{ mailId: number }> {
  return defineJob<{ mailId: number }>({
    name: 'mail-delivery',
    retryLimit: 5,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    async run({ mailId }) {
      await mailer.attempt(mailId);
    },
  });
}
