import type { PageLoader } from '../../shared/routing/route-entry.ts';

/** The public pages under /login, each its own chunk; the app mounts them (spec §2 public routes). */
export const loginPages = {
  layout: () => import('./pages/login-layout.tsx').then((m) => ({ default: m.LoginLayout })),
  form: () => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
  resetPassword: () => import('./pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
  status: () => import('./pages/login-status-page.tsx').then((m) => ({ default: m.LoginStatusPage })),
  forgotPassword: () => import('./pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
  resetLink: () => import('./pages/reset-link-page.tsx').then((m) => ({ default: m.ResetLinkPage })),
  registerAccount: () => import('./pages/register-account-page.tsx').then((m) => ({ default: m.RegisterAccountPage })),
} satisfies Record<string, PageLoader>;
