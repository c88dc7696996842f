import { DEFENSE_REMINDER_DAYS } from '@andes/contract/risk/enums';
import type { Clock } from '../../clock.ts';
import { DAY_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { timeZoneOf } from './chargeback.core.ts';
import { reminderMail } from './chargeback.mails.ts';
import { claimReminders, defenders, findView, insertHistory } from './chargeback.repository.ts';

/**
 * The defence reminders (docs/decisions/0028): DEFENSE_REMINDER_DAYS (3 and 1) days before the
 * deadline of an open chargeback, the merchant's users who may defend it are e-mailed — once each.
 * The 1-day reminder is due when the deadline is within a day; the 3-day one when it is within 3
 * days but more than one (and the 1-day one was not sent). Each claim marks the rows in the same
 * UPDATE that selects them (two workers never both claim one), and the mails (the outbox) and the
 * REMINDED history rows commit with it; the mails are delivered after the commit.
 */

/** Chargebacks claimed per statement (a run repeats until none is due). */
const BATCH = 100;

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

/** Sends the reminders due now; answers how many chargebacks were reminded. */
export async function sendDefenseReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.clock();
  let reminded = 0;
  // The nearer reminder first: a chargeback due within a day gets the 1-day one, never both at once.
  const order = [...DEFENSE_REMINDER_DAYS].sort((a, b) => a - b) as (1 | 3)[];
  for (const days of order) {
    const afterMs = days === 1 ? 0 : DAY_MS;
    for (;;) {
      const mailIds: number[] = [];
      const claimed = await deps.db.transaction(async (tx) => {
        const rows = await claimReminders(tx, days, now, afterMs, BATCH);
        for (const row of rows) {
          const view = await findView(tx, row.id);
          const recipients = await defenders(tx, row.merchantId, row.country);
          for (const r of recipients) {
            const mail = reminderMail(
              {
                to: r.email,
                name: r.name,
                days,
                chargebackId: row.uniqueId,
                payinId: view?.payinUniqueId ?? '',
                merchantReference: view?.merchantReference ?? '',
                country: row.country,
                currency: row.currency,
                amount: row.amount,
                reasonCode: row.reasonCode,
                deadline: row.deadline,
                timeZone: timeZoneOf(row.country),
              },
              r.language,
            );
            mailIds.push(await deps.mailer.queue(mail, tx));
          }
          await insertHistory(tx, [
            {
              chargebackId: row.id,
              event: 'REMINDED',
              status: row.status,
              at: now,
              byUserId: null,
              byName: null,
              note: `${days === 1 ? '1 day' : `${days} days`} before the deadline: e-mailed ${recipients.length} user${recipients.length === 1 ? '' : 's'}`,
            },
          ]);
        }
        return rows.length;
      });
      for (const id of mailIds) deps.mailer.dispatch(id);
      reminded += claimed;
      if (claimed < BATCH) break;
    }
  }
  return reminded;
}
