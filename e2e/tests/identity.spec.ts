import { logout } from '@andes/contract/auth/endpoints';
import { ipRestrictionUpdate } from '@andes/contract/ip-trustlist/endpoints';
import { expect, test } from '@playwright/test';
import { call, createRole, createUser, signInToken, unique } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { linkMailedTo, outbox } from '../outbox.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { MfaPanel, MfaSettings } from '../pages/mfa.ts';
import { ForgotPasswordPage, ResetLinkPage } from '../pages/password-pages.ts';
import { RegisterAccountPage } from '../pages/register-account-page.ts';
import { RolesPage } from '../pages/roles-page.ts';
import { UsersPage } from '../pages/users-page.ts';
import { totp } from '../totp.ts';

const PASSWORD = 'Quetzal-Harbor-2026';

// These journeys sign in several times and walk through multi-step dialogs.
test.describe.configure({ timeout: 60_000 });

test('a prospective merchant applies for an account and gets a confirmation with its number', async ({ page }) => {
  const register = new RegisterAccountPage(page);
  await register.open();
  const email = `${unique('applicant.')}@example.com`;
  const number = await register.apply({
    companyName: 'Loja Azul Ltda',
    contactName: 'Marina Souza',
    email,
    countries: ['BR', 'MX'],
    products: ['payin', 'payout'],
    monthlyVolume: 'FROM_10K_TO_100K',
  });
  expect(number).toMatch(/^APP-\d{6}$/);
  await expect(register.confirmation).toContainText(email);
  await expect.poll(() => outbox().some((m) => m.to === email && m.subject.includes(number))).toBe(true);
});

test('binding MFA with a code from an authenticator, then signing in again with the code', async ({ page, request }) => {
  const admin = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const roleId = await createRole(request, admin, unique('e2e-mfa-'), ['home']);
  const username = unique('e2e.mfa.');
  const { displayName } = await createUser(request, admin, { username, password: PASSWORD, roleIds: [roleId] });

  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);

  const settings = new MfaSettings(page);
  await settings.open(displayName);
  const secret = await settings.startBinding();
  await settings.activate(totp(secret));
  const codes = await settings.saveRecoveryCodes();
  expect(codes).toHaveLength(10);
  await expect(settings.settings.getByRole('cell', { name: /^(On|已开启)$/ })).toBeVisible();
  await settings.settings.getByRole('button', { name: /^(Close|关闭)$/ }).click();
  await expect(settings.settings).toBeHidden();

  // Sign out, sign in: the MFA panel blocks the page until a code is given.
  await new AppShell(page).accountButton(displayName).click();
  await page.getByRole('menuitem', { name: /(Sign out|退出登录)$/ }).click();
  await expect(page).toHaveURL(/\/login\/form/);
  await login.signIn(username, PASSWORD);
  const panel = new MfaPanel(page);
  await panel.waitUntilOpen();
  await panel.enterCode(totp(secret, 10)); // five minutes ahead: outside the drift window
  await expect(panel.error).toHaveText('The verification code is incorrect!');
  // The activation used the current step; the next step's code is fresh (±1 step of drift).
  await panel.enterCode(totp(secret, 1));
  await expect(panel.root).toBeHidden();
  await new AppShell(page).waitUntilReady();
  await expect(page).toHaveURL(/\/home$/);
});

test('first sign-in forces a new password, then opens the app', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.reset.username, DEMO.reset.password);
  await expect(page).toHaveURL(/\/login\/resetPsw\?.*scene=initial/i);
  await page.getByLabel(/^(Current password|当前密码)$/).fill(DEMO.reset.password);
  await page.getByLabel(/^(New password|新密码)$/).fill(PASSWORD);
  await page.getByLabel(/^(Confirm password|确认密码)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Change password|修改密码|Save|保存)$/ }).click();
  await expect(page).toHaveURL(/\/home/);
  await new AppShell(page).waitUntilReady();
});

test('forgot password: the e-mailed link sets a new password that then signs in', async ({ page, request }) => {
  const admin = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const roleId = await createRole(request, admin, unique('e2e-forgot-'), ['home']);
  const username = unique('e2e.forgot.');
  await createUser(request, admin, { username, password: PASSWORD, roleIds: [roleId] });

  const forgot = new ForgotPasswordPage(page);
  await forgot.open();
  await forgot.request('ANDES-DEMO', username);
  const link = await linkMailedTo(`${username}@example.com`, /^(Reset your Andes password|重置您的 Andes 密码)$/);
  expect(link).toContain('/login/reset-password?token=');

  const reset = new ResetLinkPage(page);
  await reset.open(link);
  await reset.setPassword('Condor-Valley-2027');
  await expect(page).toHaveURL(/\/login\/form/);
  const login = new LoginPage(page);
  await login.signIn(username, 'Condor-Valley-2027');
  await expect(page).toHaveURL(/\/home$/);

  // The link works once.
  await reset.open(link);
  await expect(reset.error).toBeVisible();
});

test('an admin creates a role and a user, who then sees only those menus and buttons', async ({ page, browser }) => {
  // Two sign-ins, a role, a user and a password set through the reset link (three argon2 hashes):
  // 33 s on a busy CI machine before, 60 s once when it was busier still.
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  await expect(page).toHaveURL(/\/home$/);

  const roleName = unique('Auditor ');
  const roles = new RolesPage(page);
  await roles.open();
  await roles.add(roleName, ['View user', 'Activity Log']);

  const username = unique('e2e.auditor.');
  const users = new UsersPage(page);
  await users.open();
  const link = await users.add({
    username,
    displayName: 'Audrey Auditor',
    email: `${username}@example.com`,
    roles: [roleName],
    countries: ['Brazil (BR)'],
  });

  const context = await browser.newContext();
  const auditor = await context.newPage();
  const reset = new ResetLinkPage(auditor);
  await reset.open(link);
  await reset.setPassword(PASSWORD);
  const auditorLogin = new LoginPage(auditor);
  await expect(auditor).toHaveURL(/\/login\/form/);
  await auditorLogin.signIn(username, PASSWORD);
  const shell = new AppShell(auditor);
  await shell.waitUntilReady();
  expect(await shell.menuLabels()).toEqual(['User', 'Activity Log']);
  const auditorUsers = new UsersPage(auditor);
  await auditorUsers.open();
  await expect(auditorUsers.row(username)).toBeVisible();
  await expect(auditorUsers.addButton).toHaveCount(0);
  await expect(auditor.getByRole('button', { name: new RegExp(`^(Reset password of ${DEMO.admin.username})$`) })).toHaveCount(0);
  await context.close();
});

test('with the restriction on, a sign-in from an untrusted address is refused', async ({ browser, request }) => {
  const admin = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const roleId = await createRole(request, admin, unique('e2e-ip-'), ['home']);
  const username = unique('e2e.ip.');
  const { id } = await createUser(request, admin, { username, password: PASSWORD, roleIds: [roleId] });
  const on = await call(request, ipRestrictionUpdate, { mode: 'SELECTED_USERS', userIds: [id] }, { token: admin });
  expect(on.code).toBe(200);
  try {
    const outside = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.50' } });
    const page = await outside.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(username, PASSWORD);
    await expect(page).toHaveURL(/\/login\/status\?.*reason=ip/);
    await outside.close();

    // From the office (the seeded trusted loopback) the same user signs in.
    const office = await browser.newContext();
    const officePage = await office.newPage();
    const officeLogin = new LoginPage(officePage);
    await officeLogin.open();
    await officeLogin.signIn(username, PASSWORD);
    await expect(officePage).toHaveURL(/\/home$/);
    await office.close();
  } finally {
    await call(request, ipRestrictionUpdate, { mode: 'OFF', userIds: [] }, { token: admin });
    await call(request, logout, {}, { token: admin });
  }
});
