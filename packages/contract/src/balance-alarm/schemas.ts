import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { InstantSchema, RecordId } from '../common/fields.ts';
import { CentsSchema, PositiveCentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';

/**
 * Balance alarms (docs/decisions/0033): a threshold on an account's available balance. When a
 * change of the balance takes it below the threshold, the alarm fires once — a message-center
 * notice and an e-mail to each subscriber — and fires again only after a change has taken the
 * balance back to the threshold or above (it recovers). Evaluated in the ledger's own write.
 */

/** Who may see the alarms (the Configure screen), and so be notified by them. */
export const ALARM_VIEW_PERMISSION = 'setting:configure' as const;

/** How many people one alarm notifies at most. */
export const ALARM_SUBSCRIBERS_MAX = 20;

export const ALARM_EVENT_KINDS = ['FIRED', 'RECOVERED'] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];
export const AlarmEventKindSchema = z.enum(ALARM_EVENT_KINDS);

export const AlarmPerson = z.object({ userId: RecordId, name: z.string() });
export type AlarmPerson = z.infer<typeof AlarmPerson>;

/** One local account of the country with its alarm (threshold null: no alarm). */
export const BalanceAlarm = z.object({
  accountId: RecordId,
  accountNo: z.string(),
  accountType: AccountTypeSchema,
  country: CountrySchema,
  currency: CurrencySchema,
  holderName: z.string(),
  subMerchant: z.boolean(),
  /** The available balance now (the balance the alarm watches). */
  available: CentsSchema,
  threshold: CentsSchema.nullable(),
  /** True while the available balance is below the threshold (the alarm has fired and not recovered). */
  below: z.boolean(),
  subscribers: z.array(AlarmPerson),
  /** Changes with every update: an update names the version it was made on (two editors do not overwrite each other). */
  version: z.number().int().min(0),
  updatedAt: InstantSchema.nullable(),
  updatedByName: z.string().nullable(),
  lastFiredAt: InstantSchema.nullable(),
});
export type BalanceAlarm = z.infer<typeof BalanceAlarm>;

export const BalanceAlarmListRequest = z.object({ country: CountrySchema });
export type BalanceAlarmListRequest = z.infer<typeof BalanceAlarmListRequest>;

export const BalanceAlarmList = z.object({
  list: z.array(BalanceAlarm),
  /** Who may be notified: the merchant's enabled users who may see this country's alarms. */
  recipients: z.array(AlarmPerson),
});
export type BalanceAlarmList = z.infer<typeof BalanceAlarmList>;

export const BalanceAlarmUpdateRequest = z.object({
  accountId: RecordId,
  /** The threshold in cents; null switches the alarm off. */
  threshold: PositiveCentsSchema.nullable(),
  subscriberIds: z
    .array(RecordId)
    .max(ALARM_SUBSCRIBERS_MAX, `At most ${ALARM_SUBSCRIBERS_MAX} people can be notified`)
    .refine((ids) => new Set(ids).size === ids.length, 'A person is listed twice'),
  /** The version the change was made on (from the list). */
  version: z.number().int().min(0),
});
export type BalanceAlarmUpdateRequest = z.infer<typeof BalanceAlarmUpdateRequest>;

/** One firing or recovery of an alarm. */
export const AlarmEvent = z.object({
  id: RecordId,
  accountId: RecordId,
  accountNo: z.string(),
  accountType: AccountTypeSchema,
  currency: CurrencySchema,
  kind: AlarmEventKindSchema,
  /** The available balance right after the change. */
  available: CentsSchema,
  threshold: CentsSchema,
  at: InstantSchema,
  /** How many people were notified (FIRED only; 0 for a recovery). */
  notified: z.number().int().min(0),
  /** When its e-mails were handed over for delivery; null while they wait (FIRED only). */
  mailedAt: InstantSchema.nullable(),
});
export type AlarmEvent = z.infer<typeof AlarmEvent>;

export const AlarmHistoryRequest = PageRequest.extend({
  country: CountrySchema,
  accountId: RecordId.optional(),
});
export type AlarmHistoryRequest = z.infer<typeof AlarmHistoryRequest>;

export const AlarmHistoryPage = pageOf(AlarmEvent);
export type AlarmHistoryPage = z.infer<typeof AlarmHistoryPage>;

/** The messages a caller can act on. */
export const ALARM_MESSAGES = {
  notFound: 'No such account',
  stale: 'Someone changed this alarm while you were editing it: reload it and make your change again',
  notRecipient: "Someone chosen cannot be notified: only enabled users who may see this country's alarms can (reload the list of people)",
} as const;
