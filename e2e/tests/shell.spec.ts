import { expect, test } from '@playwright/test';
import { DEMO } from '../demo-users.ts';
import { messagesShown, recordMessages } from '../pages/antd.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';

test.describe('sign-in and permission-driven navigation', () => {
  const cases = [
    {
      user: DEMO.admin,
      menus: [
        'Home',
        'User',
        'Role',
        'Activity Log',
        'Pay-in',
        'Payout',
        'Marketplace',
        'Payment Link',
        'Shopify',
        'Shoplazza',
        // Setting → Services, Product List, Configure (balance alarms), Deposit, Sub-merchant (its transfers) and IP Trustlist.
        'Services',
        'Product List',
        'Configure',
        'Deposit',
        'Sub-merchant',
        'IP Trustlist',
        // Finance → Pay-in, Payout, Marketplace; Reports → the six report pages.
        'Pay-in',
        'Payout',
        'Marketplace',
        'Pay-in',
        'Payout',
        'Marketplace',
        'Payment Link',
        'Shopify',
        'Shoplazza',
        // Risk.
        'Case Management',
        'Configure',
        'Performance',
        'Chargeback Represent',
        // Payment → Payout and Payment Link (the transactions' ones above are Transactions → …).
        'Payout',
        'Payment Link',
        // Support Center.
        'Cases',
        // Accounting.
        'Payout Funding',
        'Withdrawal',
        'Exchange',
        // Revenue Assurance.
        'Situation Analysis',
        'Tokenization',
        'Global Balance',
        'Download Center',
        'Message Center',
        'Sub Merchant',
      ],
      countries: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'],
    },
    {
      user: DEMO.finance,
      // Transactions, Finance and Reports.
      menus: [
        'Home',
        'Pay-in',
        'Payout',
        'Marketplace',
        'Pay-in',
        'Payout',
        'Marketplace',
        'Pay-in',
        'Payout',
        'Marketplace',
        'Payment Link',
        'Shopify',
        'Shoplazza',
        'Global Balance',
        'Download Center',
      ],
      countries: ['BR', 'MX', 'CO'],
    },
    // Transactions → Payout, Payment → Payout, and Accounting → Payout Funding and Withdrawal.
    { user: DEMO.payout, menus: ['Home', 'Payout', 'Payout', 'Payout Funding', 'Withdrawal'], countries: ['BR', 'MX'] },
    { user: DEMO.market, menus: ['Home', 'Pay-in'], countries: ['BR', 'MX'] },
  ];
  for (const c of cases) {
    test(`${c.user.username} sees the menus and countries their role allows`, async ({ page }) => {
      const login = new LoginPage(page);
      const shell = new AppShell(page);
      await login.open();
      await login.signIn(c.user.username, c.user.password);
      await expect(page).toHaveURL(/\/home$/);
      await shell.waitUntilReady();
      expect(await shell.menuLabels()).toEqual(c.menus);
      const options = shell.countrySelect.locator('option');
      await expect(options).toHaveCount(c.countries.length);
      const values: (string | null)[] = [];
      for (let i = 0; i < c.countries.length; i += 1) values.push(await options.nth(i).getAttribute('value'));
      expect(values).toEqual(c.countries);
    });
  }

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.finance.username, 'not-the-password');
    await expect(login.error).toContainText(/incorrect|wrong|invalid/i);
    await expect(page).toHaveURL(/\/login\/form/);
  });

  test('an app path without a session goes to the login form with redirectPath, and back after sign-in', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\/form\?redirectPath=%2Fhome/);
    const login = new LoginPage(page);
    await login.signIn(DEMO.admin.username, DEMO.admin.password);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('unknown paths go to /404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
  });
});

test.describe('session, language and country', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.admin.username, DEMO.admin.password);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an ended session returns to the login form with redirectPath, and back after sign-in', async ({ page, request }) => {
    const shell = new AppShell(page);
    await shell.waitUntilReady();
    await page.goto('/home?tab=overview');
    await shell.waitUntilReady();
    const token = await shell.token();
    const { logout } = await import('@andes/contract/auth/endpoints');
    await recordMessages(page);
    // Nothing of the app runs while the session ends: an answer in flight could otherwise end it in
    // the app and clear the token just before a reload, which then finds no session and no message.
    await page.goto('about:blank');
    const res = await request.post(logout.path, { headers: { token }, data: {} });
    expect((await res.json()).code).toBe(200);
    await page.goto('/home?tab=overview');
    await expect(page).toHaveURL(/\/login\/form\?redirectPath=%2Fhome%3Ftab%3Doverview/);
    // The message shows for 1.5 s: the tab keeps what it showed, so a slow look cannot miss it.
    await expect.poll(() => messagesShown(page)).toContainEqual(expect.stringMatching(/session expired, please log in again/i));
    const login = new LoginPage(page);
    await login.signIn(DEMO.admin.username, DEMO.admin.password);
    await expect(page).toHaveURL(/\/home\?tab=overview$/);
  });

  test('the language switch changes the interface and survives a reload', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.waitUntilReady();
    await shell.languageSwitch.selectOption('zh-CN');
    await expect(shell.mainMenu.getByRole('link', { name: '首页' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.reload();
    await expect(shell.mainMenu.getByRole('link', { name: '首页' })).toBeVisible();
  });

  test('the country switch changes currency and time zone and survives a reload', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.waitUntilReady();
    await shell.countrySelect.selectOption('MX');
    const main = page.getByRole('main');
    await expect(main).toContainText('MXN');
    await expect(main).toContainText('America/Mexico_City');
    await page.reload();
    await shell.waitUntilReady();
    await expect(main).toContainText('MXN');
    await expect(main).toContainText('America/Mexico_City');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a phone-sized viewport gets the mobile layout with the menu in a drawer', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.finance.username, DEMO.finance.password);
    const shell = new AppShell(page);
    await expect(shell.mobileLayout).toBeVisible();
    await expect(shell.desktopLayout).toHaveCount(0);
    await page.getByRole('button', { name: /^(Open menu|打开菜单)$/ }).click();
    await expect(shell.mainMenu.getByRole('link', { name: 'Home' })).toBeVisible();
  });
});
