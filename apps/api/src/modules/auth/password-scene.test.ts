import { expect, test } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../clock.ts';
import { passwordSceneOf, pendingResetScene } from './password-scene.ts';

const now = new Date('2026-06-01T00:00:00Z');
const changed = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

test('a password that must be changed is INITIAL whatever its age', () => {
  expect(passwordSceneOf({ mustChangePassword: true, passwordChangedAt: changed(0) }, now)).toEqual({
    passwordScene: 'INITIAL',
    passwordDaysLeft: null,
  });
  expect(pendingResetScene({ mustChangePassword: true, passwordChangedAt: changed(200) }, now)).toBe('INITIAL');
});

test('NORMAL until 14 days are left, then ABOUT2EXPIRE with the days left, then EXPIRED at 90 days', () => {
  const scene = (daysAgo: number) => passwordSceneOf({ mustChangePassword: false, passwordChangedAt: changed(daysAgo) }, now);
  expect(scene(0)).toEqual({ passwordScene: 'NORMAL', passwordDaysLeft: null });
  expect(scene(75)).toEqual({ passwordScene: 'NORMAL', passwordDaysLeft: null });
  expect(scene(76)).toEqual({ passwordScene: 'ABOUT2EXPIRE', passwordDaysLeft: 14 });
  expect(scene(89)).toEqual({ passwordScene: 'ABOUT2EXPIRE', passwordDaysLeft: 1 });
  expect(scene(90)).toEqual({ passwordScene: 'EXPIRED', passwordDaysLeft: null });
  expect(passwordSceneOf({ mustChangePassword: false, passwordChangedAt: new Date(changed(90).getTime() + HOUR_MS) }, now)).toEqual({
    passwordScene: 'ABOUT2EXPIRE',
    passwordDaysLeft: 1,
  });
});

test('only INITIAL and EXPIRED are pending resets', () => {
  expect(pendingResetScene({ mustChangePassword: false, passwordChangedAt: changed(80) }, now)).toBeNull();
  expect(pendingResetScene({ mustChangePassword: false, passwordChangedAt: changed(91) }, now)).toBe('EXPIRED');
});
