/** A time since, in its largest whole unit (what "time since the last reply" shows). */
export type Elapsed =
  | { unit: 'justNow'; count: 0 }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'days'; count: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Seconds elapsed as minutes (under an hour), hours (under a day) or days; under a minute is "just now". */
export function elapsedOf(seconds: number): Elapsed {
  const s = Math.max(0, Math.floor(seconds));
  if (s < MINUTE) return { unit: 'justNow', count: 0 };
  if (s < HOUR) return { unit: 'minutes', count: Math.floor(s / MINUTE) };
  if (s < DAY) return { unit: 'hours', count: Math.floor(s / HOUR) };
  return { unit: 'days', count: Math.floor(s / DAY) };
}

/** Seconds from an instant to now (0 when the instant is ahead: a clock a little off). */
export function secondsSince(instant: string, now: Date | number): number {
  return Math.max(0, Math.floor((Number(now) - Date.parse(instant)) / 1_000));
}

/**
 * The seconds since a side's last reply as the server counted them when it answered
 * (`secondsSince…Reply` against its `serverTime`), moved on by the time elapsed here since the
 * answer arrived (the browser's clock may differ from the server's: only its elapsed time is used).
 */
export function secondsNow(serverSeconds: number | null, receivedAt: number, now: Date | number): number | null {
  if (serverSeconds === null) return null;
  return serverSeconds + Math.max(0, Math.floor((Number(now) - receivedAt) / 1_000));
}
