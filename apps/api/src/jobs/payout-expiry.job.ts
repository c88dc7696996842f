import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { expireDuePayouts } from '../modules/payout/payout.service.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * The payout expiry (docs/decisions/0025): a payout nobody approved or refused within
 * PAYOUT_APPROVAL_EXPIRY_DAYS is cancelled and its money released — approval REJECTED ("Not
 * approved within 7 days"), transaction CANCELLED, reservation returned. Every five minutes (and
 * at a worker's start), one run at a time; each account's payouts in a transaction of their own,
 * conditional on PENDING, so a run repeated or racing an approver changes each payout once.
 */
export function payoutExpiryJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'payout-expiry',
    cron: '*/5 * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 15 * 60,
    async run() {
      const expired = await expireDuePayouts(deps.db, deps.clock);
      if (expired > 0) deps.log.info({ expired }, 'payouts expired');
    },
  });
}
