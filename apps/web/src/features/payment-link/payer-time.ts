/** The unit and count of a "expires in …" phrase (Intl.RelativeTimeFormat takes them). */
export interface RelativeTime {
  value: number;
  unit: 'minute' | 'hour' | 'day';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How far `at` is from `now`, rounded down to the largest whole unit (at least 1 minute ahead):
 * 90 minutes → 1 hour, 50 hours → 2 days. Null once it is past.
 */
export function relativeTime(at: string, now: number): RelativeTime | null {
  const left = Date.parse(at) - now;
  if (!(left > 0)) return null;
  if (left >= DAY) return { value: Math.floor(left / DAY), unit: 'day' };
  if (left >= HOUR) return { value: Math.floor(left / HOUR), unit: 'hour' };
  return { value: Math.max(1, Math.floor(left / MINUTE)), unit: 'minute' };
}

/** The relative phrase in a language: "in 3 days", "3天后". */
export function relativePhrase(relative: RelativeTime, language: string): string {
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(relative.value, relative.unit);
}

/** The payer's own IANA time zone (the browser's), UTC when it does not say. */
export function payerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
