import type { DeadlineBucket } from '@andes/contract/risk/enums';

/**
 * How urgent a chargeback's deadline looks (issue #13): overdue or at most one day left is red,
 * at most three days orange, at most seven gold, anything further the default colour. Answered
 * chargebacks (days left null) have no band.
 */
export type DaysLeftBand = 'red' | 'orange' | 'gold' | 'default';

export function daysLeftBand(daysLeft: number | null): DaysLeftBand | null {
  if (daysLeft === null) return null;
  if (daysLeft <= 1) return 'red';
  if (daysLeft <= 3) return 'orange';
  if (daysLeft <= 7) return 'gold';
  return 'default';
}

/** The i18n key and count of a days-left figure: overdue by n days, today, one day, n days, or answered. */
export function daysLeftText(daysLeft: number | null): { key: 'overdue' | 'today' | 'one' | 'many' | 'answered'; count: number } {
  if (daysLeft === null) return { key: 'answered', count: 0 };
  if (daysLeft < 0) return { key: 'overdue', count: -daysLeft };
  if (daysLeft === 0) return { key: 'today', count: 0 };
  if (daysLeft === 1) return { key: 'one', count: 1 };
  return { key: 'many', count: daysLeft };
}

/** The colour of a deadline board bucket (the band its chargebacks are in). */
export const BUCKET_BAND: Readonly<Record<DeadlineBucket, DaysLeftBand>> = {
  OVERDUE: 'red',
  TODAY: 'red',
  THIS_WEEK: 'orange',
  LATER: 'default',
};
