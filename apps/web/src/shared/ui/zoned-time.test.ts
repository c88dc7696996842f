import { describe, expect, it } from 'vitest';
import { zonedClock } from './zoned-time.ts';

describe('zoned clock', () => {
  it('gives the local hour and minute and the offset at that instant', () => {
    expect(zonedClock('2026-01-15T17:05:30Z', 'America/Sao_Paulo')).toEqual({ time: '14:05', zone: 'UTC-3' });
    expect(zonedClock(Date.parse('2026-01-15T17:05:30Z'), 'Asia/Kolkata')).toEqual({ time: '22:35', zone: 'UTC+5:30' });
  });

  it('follows daylight saving time', () => {
    // Santiago is UTC-3 in January (summer) and UTC-4 in July.
    expect(zonedClock('2026-01-15T12:00:00Z', 'America/Santiago')).toEqual({ time: '09:00', zone: 'UTC-3' });
    expect(zonedClock('2026-07-15T12:00:00Z', 'America/Santiago')).toEqual({ time: '08:00', zone: 'UTC-4' });
  });
});
