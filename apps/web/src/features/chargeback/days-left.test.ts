import { describe, expect, it } from 'vitest';
import { daysLeftBand, daysLeftText } from './days-left.ts';

describe('days left', () => {
  it('colours overdue and the last day red, ≤3 orange, ≤7 gold, else default', () => {
    expect([-3, -1, 0, 1].map(daysLeftBand)).toEqual(['red', 'red', 'red', 'red']);
    expect([2, 3].map(daysLeftBand)).toEqual(['orange', 'orange']);
    expect([4, 7].map(daysLeftBand)).toEqual(['gold', 'gold']);
    expect([8, 30].map(daysLeftBand)).toEqual(['default', 'default']);
    expect(daysLeftBand(null)).toBeNull();
  });

  it('says overdue, today, one day or n days', () => {
    expect(daysLeftText(-2)).toEqual({ key: 'overdue', count: 2 });
    expect(daysLeftText(0)).toEqual({ key: 'today', count: 0 });
    expect(daysLeftText(1)).toEqual({ key: 'one', count: 1 });
    expect(daysLeftText(12)).toEqual({ key: 'many', count: 12 });
    expect(daysLeftText(null)).toEqual({ key: 'answered', count: 0 });
  });
});
