import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { mailFiredAlarms } from '../modules/balance-alarm/balance-alarm.mails.ts';
import type { Mailer } from '../plugins/mail.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * The e-mails of fired balance alarms (docs/decisions/0033): every minute (and at a worker's
 * start), one run at a time. The notice is posted in the transaction that crossed the threshold;
 * the e-mails follow within the minute, each sent once.
 */
export function balanceAlarmMailJob(deps: { db: Db; clock: Clock; mailer: Mailer; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'balance-alarm-mail',
    cron: '* * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    async run() {
      const mailed = await mailFiredAlarms(deps);
      if (mailed > 0) deps.log.info({ mailed }, 'balance alarm e-mails queued');
    },
  });
}
