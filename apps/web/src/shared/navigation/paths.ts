/** Public paths of the app; the authenticated ones come from the features' `routes.ts`. */
export const LOGIN_PATH = '/login';
export const LOGIN_FORM_PATH = '/login/form';
export const RESET_PASSWORD_PATH = '/login/resetPsw';
export const LOGIN_STATUS_PATH = '/login/status';
/** Forgot password: merchant code and account or e-mail (spec §2 `forgetPsw`). */
export const FORGOT_PASSWORD_PATH = '/login/forgetPsw';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/home';
/** The user's start screen: Home when their role allows it, else the first screen of their menu. */
export const START_PATH = '/';

/** Query parameter that carries the page to return to after signing in. */
export const REDIRECT_PARAM = 'redirectPath';
/** Query flag that hides the back button of a detail page opened in a new tab (spec §2). */
export const HIDE_BACK_PARAM = 'hideBack';

export function isLoginPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`);
}

/** `/login/form?redirectPath=<path>`: the sign-in form that returns to `returnTo` afterwards. */
export function loginFormPath(returnTo?: string): string {
  if (!returnTo || returnTo === '/' || isLoginPath(returnTo.split('?')[0] ?? '')) return LOGIN_FORM_PATH;
  return `${LOGIN_FORM_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`;
}

/**
 * Where to go after signing in: `redirectPath` when it is a path of this app (same origin, not a
 * login page, no scheme or protocol-relative trick), else the user's start screen (a role without
 * Home lands on its first screen, not on /404).
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return START_PATH;
  let url: URL;
  try {
    url = new URL(value, 'http://andes.invalid');
  } catch {
    return START_PATH;
  }
  if (url.origin !== 'http://andes.invalid' || isLoginPath(url.pathname)) return START_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `/login/resetPsw?scene=…`: the password change a sign-in or a call asked for, returning to
 * `returnTo` afterwards (login pages and `/` are not worth returning to).
 */
export function resetPasswordPath(scene: 'initial' | 'expired', returnTo?: string): string {
  const query = new URLSearchParams({ scene });
  const pathname = returnTo?.split('?')[0] ?? '';
  if (returnTo && pathname !== '/' && !isLoginPath(pathname)) query.set(REDIRECT_PARAM, returnTo);
  return `${RESET_PASSWORD_PATH}?${query.toString()}`;
}
