import { zoneOffsetMs } from '@andes/contract/common/dates';

/** A wall-clock date and time (`YYYY-MM-DDTHH:mm`) in the merchant's zone as the instant it names. */
export function zonedWallClockToInstant(local: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new RangeError(`Not a wall-clock time: ${local}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at the guess, then again at the corrected instant (across a change of offset).
  const first = asUtc - zoneOffsetMs(timeZone, asUtc);
  return new Date(asUtc - zoneOffsetMs(timeZone, first)).toISOString();
}

/** A digest of the time left before a quote expires. */
export interface Countdown {
  /** Whole seconds left (0 once expired). */
  seconds: number;
  expired: boolean;
  /** `mm:ss` (minutes may pass 59: a quote lasts at most an hour). */
  clock: string;
  /**
   * What screen readers are told: the time left in steps (every 30 s above a minute, every 10 s
   * below), so a polite live region speaks every few seconds at most, never each second.
   */
  announced: number;
}

export function countdownOf(expiresAt: string, now: Date | number): Countdown {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - Number(now)) / 1_000));
  const minutes = Math.floor(left / 60);
  const clock = `${String(minutes).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  const step = left > 60 ? 30 : 10;
  const announced = left === 0 ? 0 : Math.ceil(left / step) * step;
  return { seconds: left, expired: left === 0, clock, announced };
}
