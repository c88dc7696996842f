import { describe, expect, test } from 'vitest';
import { addFigures, dailyPoints, datesOf, hourPoints, ZERO_FIGURES } from './home-figures.ts';

describe('home figures', () => {
  test('datesOf lists every date of the range, across a month end and a leap day', () => {
    expect(datesOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesOf('2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
  });

  test('dailyPoints zero-fills the dates without figures', () => {
    const figures = { count: 3, amount: 1_500, successCount: 2, successAmount: 1_000 };
    expect(dailyPoints('2026-03-01', '2026-03-03', new Map([['2026-03-02', figures]]))).toEqual([
      { date: '2026-03-01', ...ZERO_FIGURES },
      { date: '2026-03-02', ...figures },
      { date: '2026-03-03', ...ZERO_FIGURES },
    ]);
  });

  test('hourPoints runs from hour 0 to the last hour, zero-filled', () => {
    const points = hourPoints(3, new Map([[2, { count: 1, amount: 99 }]]));
    expect(points).toEqual([
      { hour: 0, count: 0, amount: 0 },
      { hour: 1, count: 0, amount: 0 },
      { hour: 2, count: 1, amount: 99 },
      { hour: 3, count: 0, amount: 0 },
    ]);
    expect(hourPoints(23, new Map())).toHaveLength(24);
  });

  test('addFigures adds each figure', () => {
    expect(
      addFigures(
        { count: 1, amount: 2, successCount: 3, successAmount: 4 },
        { count: 10, amount: 20, successCount: 30, successAmount: 40 },
      ),
    ).toEqual({ count: 11, amount: 22, successCount: 33, successAmount: 44 });
  });
});
