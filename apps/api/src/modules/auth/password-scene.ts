import type { PasswordScene } from '@andes/contract/auth/schemas';
import { PASSWORD_MAX_AGE_DAYS, PASSWORD_WARN_DAYS } from '@andes/contract/common/constants';
import { DAY_MS } from '../../clock.ts';

export interface PasswordState {
  mustChangePassword: boolean;
  passwordChangedAt: Date;
}

/**
 * What sign-in and the current-user call report about a password: INITIAL before the first change,
 * EXPIRED after PASSWORD_MAX_AGE_DAYS, ABOUT2EXPIRE with the whole days left (rounded up) when at
 * most PASSWORD_WARN_DAYS remain, else NORMAL.
 */
export function passwordSceneOf(state: PasswordState, now: Date): { passwordScene: PasswordScene; passwordDaysLeft: number | null } {
  if (state.mustChangePassword) return { passwordScene: 'INITIAL', passwordDaysLeft: null };
  const msLeft = state.passwordChangedAt.getTime() + PASSWORD_MAX_AGE_DAYS * DAY_MS - now.getTime();
  if (msLeft <= 0) return { passwordScene: 'EXPIRED', passwordDaysLeft: null };
  const daysLeft = Math.ceil(msLeft / DAY_MS);
  if (daysLeft <= PASSWORD_WARN_DAYS) return { passwordScene: 'ABOUT2EXPIRE', passwordDaysLeft: daysLeft };
  return { passwordScene: 'NORMAL', passwordDaysLeft: null };
}

/** The reset scene a pending reset forces (200040), or null when the password is usable. */
export function pendingResetScene(state: PasswordState, now: Date): 'INITIAL' | 'EXPIRED' | null {
  const { passwordScene } = passwordSceneOf(state, now);
  return passwordScene === 'INITIAL' || passwordScene === 'EXPIRED' ? passwordScene : null;
}
