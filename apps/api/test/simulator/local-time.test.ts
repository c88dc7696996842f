import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { localDateOf, zoneOffsetMs } from '@andes/contract/common/dates';
import { expect, test } from 'vitest';
import { localDate, localHour } from '../../src/simulator/local-time.ts';

const HOUR = 3_600_000;
const ZONES = [...new Set(Object.values(COUNTRY_INFO).map((c) => c.timezoneName))];

test('the cached local date and hour are the contract’s, every hour of a year in every zone (both daylight-saving changes included)', () => {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2026, 0, 1);
  const wrong: string[] = [];
  for (const tz of ZONES) {
    for (let t = from; t < to; t += HOUR) {
      const date = localDateOf(tz, t);
      const hour = new Date(t + zoneOffsetMs(tz, t)).getUTCHours();
      if (localDate(tz, t) !== date || localHour(tz, t) !== hour) wrong.push(`${tz} ${new Date(t).toISOString()}`);
      // The last millisecond of the hour too (the caches are per hour and per day).
      const end = t + HOUR - 1;
      if (localDate(tz, end) !== localDateOf(tz, end)) wrong.push(`${tz} ${new Date(end).toISOString()}`);
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
});
