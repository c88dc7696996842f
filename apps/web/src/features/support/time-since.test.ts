import { describe, expect, it } from 'vitest';
import { elapsedOf, secondsNow, secondsSince } from './time-since.ts';

describe('time since the last reply', () => {
  it('is said in its largest whole unit', () => {
    expect(elapsedOf(0)).toEqual({ unit: 'justNow', count: 0 });
    expect(elapsedOf(59)).toEqual({ unit: 'justNow', count: 0 });
    expect(elapsedOf(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(elapsedOf(3_599)).toEqual({ unit: 'minutes', count: 59 });
    expect(elapsedOf(3_600)).toEqual({ unit: 'hours', count: 1 });
    expect(elapsedOf(86_399)).toEqual({ unit: 'hours', count: 23 });
    expect(elapsedOf(86_400 * 3 + 5)).toEqual({ unit: 'days', count: 3 });
    expect(elapsedOf(-5)).toEqual({ unit: 'justNow', count: 0 });
  });

  it('counts from an instant, never below zero', () => {
    const now = Date.parse('2026-01-15T12:00:00.000Z');
    expect(secondsSince('2026-01-15T11:58:30.000Z', now)).toBe(90);
    expect(secondsSince('2026-01-15T12:00:10.000Z', now)).toBe(0);
  });

  it('moves the server’s count on by the time elapsed here since its answer', () => {
    expect(secondsNow(null, 1_000, 61_000)).toBeNull();
    expect(secondsNow(100, 1_000, 61_000)).toBe(160);
    expect(secondsNow(100, 61_000, 1_000)).toBe(100);
  });
});
