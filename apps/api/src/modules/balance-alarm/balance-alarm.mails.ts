import type { AccountType } from '@andes/contract/account/enums';
import type { Language } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type Mailer, type OutgoingMail, paragraphMail } from '../../plugins/mail.ts';
import { accountFacts, alarmRecipients, claimUnmailed, markMailed } from './balance-alarm.repository.ts';

/**
 * The e-mail of a fired balance alarm, in the recipient's language: which account, its balance and
 * the threshold, and where to change the alarm. No amount of another account, nothing secret.
 */
export interface AlarmMail {
  to: string;
  name: string;
  accountNo: string;
  country: string;
  accountType: AccountType;
  currency: Currency;
  available: number;
  threshold: number;
}

const TEXTS: Record<Language, (m: AlarmMail, balance: string, threshold: string) => { subject: string; lines: string[] }> = {
  en: (m, balance, threshold) => ({
    subject: `Low balance: ${m.accountNo}`,
    lines: [
      `Hello ${m.name},`,
      `The available balance of account ${m.accountNo} (${m.country} ${m.accountType}) is ${balance}, below its alarm threshold of ${threshold}.`,
      'You will not be told again until the balance has recovered to the threshold and fallen below it once more. Settings › Configure in Andes shows the alarm and its history.',
      '— Andes',
    ],
  }),
  'zh-CN': (m, balance, threshold) => ({
    subject: `余额不足：${m.accountNo}`,
    lines: [
      `${m.name}，您好：`,
      `账户 ${m.accountNo}（${m.country} ${m.accountType}）的可用余额为 ${balance}，低于预警阈值 ${threshold}。`,
      '在余额恢复到阈值以上并再次低于阈值之前，您不会再收到此提醒。可在 Andes 的“设置 › 配置”中查看预警及其历史。',
      '— Andes',
    ],
  }),
};

export function alarmMail(m: AlarmMail, language: Language): OutgoingMail {
  const { subject, lines } = TEXTS[language](m, formatCents(m.available, m.currency), formatCents(m.threshold, m.currency));
  return paragraphMail(m.to, subject, lines);
}

/** FIRED events mailed per transaction (a run repeats until none is left). */
const BATCH = 50;

export interface AlarmMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

/**
 * Hands the e-mails of fired alarms to the mailer: for each FIRED event not yet mailed, one
 * message to each user it notified who can still be notified and has an address, queued in the
 * transaction that marks the event mailed (so each is sent once, however many workers run this),
 * then delivered after the commit. Answers how many events were mailed.
 */
export async function mailFiredAlarms(deps: AlarmMailDeps): Promise<number> {
  let done = 0;
  for (;;) {
    const mailIds: number[] = [];
    const claimed = await deps.db.transaction(async (tx) => {
      const events = await claimUnmailed(tx, BATCH);
      for (const e of events) {
        const account = await accountFacts(tx, e.accountId);
        if (!account) continue;
        const recipients = await alarmRecipients(tx, e.merchantId, account.country, account.holderId, e.notifiedIds);
        for (const r of recipients) {
          if (r.email === '') continue;
          const mail = alarmMail(
            {
              to: r.email,
              name: r.name,
              accountNo: account.accountNo,
              country: account.country,
              accountType: account.accountType,
              currency: account.currency as Currency,
              available: e.available,
              threshold: e.threshold,
            },
            r.language,
          );
          mailIds.push(await deps.mailer.queue(mail, tx));
        }
      }
      await markMailed(
        tx,
        events.map((e) => e.id),
        deps.clock(),
      );
      return events.length;
    });
    for (const id of mailIds) deps.mailer.dispatch(id);
    done += claimed;
    if (claimed < BATCH) return done;
  }
}
