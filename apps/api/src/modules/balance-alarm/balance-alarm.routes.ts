import { balanceAlarmHistory, balanceAlarmList, balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { balanceAlarmMailJob } from '../../jobs/balance-alarm-mail.job.ts';
import { BalanceAlarmService } from './balance-alarm.service.ts';

/** Wiring of the balance-alarm endpoints and the job that e-mails fired alarms. */
export function registerBalanceAlarmRoutes(app: FastifyInstance): void {
  const { db, clock, activity, jobs, mailer } = app.andes;
  const service = new BalanceAlarmService(db, clock, activity);
  jobs.define(balanceAlarmMailJob({ db, clock, mailer, log: app.log.child({ module: 'balance-alarm' }) }));
  registerEndpoint(app, balanceAlarmList, ({ auth, body }) => service.list(auth, body));
  registerEndpoint(app, balanceAlarmUpdate, ({ auth, body, request }) =>
    service.update(auth, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );
  registerEndpoint(app, balanceAlarmHistory, ({ auth, body }) => service.history(auth, body));
}
