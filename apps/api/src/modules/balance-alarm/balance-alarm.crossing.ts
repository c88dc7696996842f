import { ALARM_VIEW_PERMISSION } from '@andes/contract/balance-alarm/schemas';
import type { Currency } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import { permissionEntry } from '@andes/contract/permissions/registry';
import type { Db } from '../../db/client.ts';
import { postNotice } from '../message/notices.ts';
import { accountFacts, alarmRecipients, flipAlarm, insertAlarmEvent } from './balance-alarm.repository.ts';

/**
 * A write that took an account's available balance across its alarm's threshold (docs/decisions/0033):
 * `below` is the side it is on now.
 */
export interface Crossing {
  accountId: number;
  available: number;
  threshold: number;
  below: boolean;
  /** The ledger entry that crossed; null when the threshold itself moved across the balance. */
  entryId: number | null;
  at: Date;
}

/** Where a balance-alarm notice leads: the Configure screen's route in the permission registry. */
export const ALARM_NOTICE_LINK = permissionEntry(ALARM_VIEW_PERMISSION).route;

/**
 * Records crossings in the transaction that made them, under the account's row lock: the alarm's
 * state flips (only if it is still on the other side, so a crossing is recorded once), a FIRED or
 * RECOVERED event is written, and a firing posts a message-center notice to each subscriber who may
 * still see the alarm. The e-mails follow from the event (balance-alarm-mail job). Nothing is
 * queried when there is no crossing: the ledger's write calls this with none on almost every posting.
 */
export async function alarmsCrossed(tx: Db, crossings: readonly Crossing[]): Promise<void> {
  for (const c of crossings) {
    const alarm = await flipAlarm(tx, c.accountId, c.threshold, c.below, c.at);
    if (!alarm) continue;
    const account = await accountFacts(tx, c.accountId);
    if (!account) throw new Error(`balance alarm of account ${c.accountId}: not a local account`);
    const notified = c.below ? await alarmRecipients(tx, alarm.merchantId, account.country, account.holderId, alarm.subscriberIds) : [];
    const eventId = await insertAlarmEvent(tx, {
      accountId: c.accountId,
      merchantId: alarm.merchantId,
      country: account.country,
      kind: c.below ? 'FIRED' : 'RECOVERED',
      available: c.available,
      threshold: c.threshold,
      entryId: c.entryId,
      at: c.at,
      notifiedIds: notified.map((r) => r.userId),
    });
    if (!c.below) continue;
    const currency = account.currency as Currency;
    const params = {
      account: `${account.accountNo} (${account.country} ${account.accountType})`,
      balance: formatCents(c.available, currency),
      threshold: formatCents(c.threshold, currency),
    };
    await postNotice(tx, {
      merchantId: alarm.merchantId,
      userIds: notified.map((r) => r.userId),
      category: 'BALANCE_ALARM',
      key: `balance-alarm:${eventId}`,
      title: `Low balance: ${params.account}`,
      content: `The balance of ${params.account} is ${params.balance}, below its alarm threshold of ${params.threshold}.`,
      link: ALARM_NOTICE_LINK,
      params,
      at: c.at,
    });
  }
}
