import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { sendDefenseReminders } from '../modules/chargeback/chargeback.reminders.ts';
import type { Mailer } from '../plugins/mail.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * The chargeback defence reminders (docs/decisions/0028): every hour (and at a worker's start),
 * one run at a time, the merchant's defenders are e-mailed 3 days and 1 day before the deadline of
 * each open chargeback — once each, however often the job runs or how many workers run it.
 */
export function chargebackReminderJob(deps: { db: Db; clock: Clock; mailer: Mailer; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'chargeback-reminder',
    cron: '0 * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    async run() {
      const reminded = await sendDefenseReminders(deps);
      if (reminded > 0) deps.log.info({ reminded }, 'chargeback defence reminders sent');
    },
  });
}
