import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { expireDueQuotes } from '../modules/accounting/exchange.service.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * The exchange quote expiry (docs/decisions/0027): an exchange whose quoted rate ran out before
 * the merchant confirmed the contract goes back to WAIT_EXCHANGE_RATE (history QUOTE_EXPIRED) and
 * is offered to the provider again for a new quote. Every minute (quotes live minutes), one run at
 * a time; each request in a transaction of its own, conditional on its status and expiry, so a run
 * repeated or racing a confirmation changes each request once.
 */
export function quoteExpiryJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'quote-expiry',
    cron: '* * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    async run() {
      const expired = await expireDueQuotes(deps.db, deps.clock());
      if (expired > 0) deps.log.info({ expired }, 'exchange quotes expired');
    },
  });
}
