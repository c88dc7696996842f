import { ALARM_MESSAGES, type AlarmPerson, type BalanceAlarm, type BalanceAlarmUpdateRequest } from '@andes/contract/balance-alarm/schemas';
import type { StatusColor } from '@andes/contract/common/enums';
import { centsToUnitsString } from '@andes/contract/common/money';
import { normalizeAmountInput, parseAmountToCents } from '@andes/contract/common/validators';

/**
 * The pure logic of the balance alarms (docs/decisions/0033): an alarm's state as shown, what the
 * edit dialog holds and sends, and what saving a threshold would do at once (the server's rule).
 */

/** An alarm's state as the table shows it. */
export const ALARM_STATES = ['BELOW', 'OK', 'OFF'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_STATE_COLORS: Readonly<Record<AlarmState, StatusColor>> = {
  BELOW: 'error',
  OK: 'success',
  OFF: 'default',
};

export function alarmStateOf(alarm: Pick<BalanceAlarm, 'threshold' | 'below'>): AlarmState {
  if (alarm.threshold === null) return 'OFF';
  return alarm.below ? 'BELOW' : 'OK';
}

/** What the edit dialog holds: the switch, the threshold as typed (in units), the people chosen. */
export interface AlarmFormValues {
  on: boolean;
  threshold: string;
  subscriberIds: number[];
}

/**
 * The dialog's starting values: the threshold in units (`123450` → `1234.50`), and the people
 * notified who may still be (`dropped`: the others, who would make the save fail).
 */
export function alarmFormOf(alarm: BalanceAlarm, recipients: readonly AlarmPerson[]): { values: AlarmFormValues; dropped: AlarmPerson[] } {
  const allowed = new Set(recipients.map((r) => r.userId));
  return {
    values: {
      on: alarm.threshold !== null,
      threshold: alarm.threshold === null ? '' : centsToUnitsString(alarm.threshold),
      subscriberIds: alarm.subscribers.filter((s) => allowed.has(s.userId)).map((s) => s.userId),
    },
    dropped: alarm.subscribers.filter((s) => !allowed.has(s.userId)),
  };
}

/**
 * The cents of a typed threshold, by string arithmetic (`1,234.5` → 123450); null while it is not
 * an amount greater than 0.
 */
export function thresholdCentsOf(typed: string | undefined): number | null {
  const cents = parseAmountToCents(normalizeAmountInput(typed ?? ''));
  return cents !== null && cents >= 1 ? cents : null;
}

/** What is wrong with the threshold: nothing when the alarm is off; else required and greater than 0. */
export function thresholdProblem(on: boolean, typed: string | undefined): 'required' | 'invalid' | null {
  if (!on) return null;
  if ((typed ?? '').trim() === '') return 'required';
  return thresholdCentsOf(typed) === null ? 'invalid' : null;
}

/** The update call of the dialog's values, made on the version the list showed; null while the threshold is wrong. */
export function updateRequestOf(
  alarm: Pick<BalanceAlarm, 'accountId' | 'version'>,
  values: AlarmFormValues,
): BalanceAlarmUpdateRequest | null {
  const threshold = values.on ? thresholdCentsOf(values.threshold) : null;
  if (values.on && threshold === null) return null;
  return {
    accountId: alarm.accountId,
    threshold,
    subscriberIds: [...new Set(values.subscriberIds)],
    version: alarm.version,
  };
}

/**
 * What saving a threshold does at once, by the server's rule (the balance below the threshold
 * fires; at or above it does not): `fires` (notices and e-mails go out now), `recovers` (a fired
 * alarm ends), `staysBelow` (still fired, nobody notified again), `watching` (fires later, if the
 * balance falls below), `off`. A threshold that is not an amount yet says nothing (null).
 */
export type ThresholdOutcome = 'fires' | 'recovers' | 'staysBelow' | 'watching' | 'off';

export function thresholdOutcome(
  alarm: Pick<BalanceAlarm, 'available' | 'threshold' | 'below'>,
  on: boolean,
  thresholdCents: number | null,
): ThresholdOutcome | null {
  if (!on) return 'off';
  if (thresholdCents === null) return null;
  // Only an alarm that stays on keeps its fired state; one switched on starts from "not fired".
  const firedNow = alarm.threshold !== null && alarm.below;
  const below = alarm.available < thresholdCents;
  if (below) return firedNow ? 'staysBelow' : 'fires';
  return firedNow ? 'recovers' : 'watching';
}

/** The i18n key of a known server message of the alarms (shown in the interface language), else null. */
export function alarmMessageKey(serverText: string): `server.${keyof typeof ALARM_MESSAGES}` | null {
  for (const [key, text] of Object.entries(ALARM_MESSAGES) as [keyof typeof ALARM_MESSAGES, string][]) {
    if (text === serverText) return `server.${key}`;
  }
  return null;
}
