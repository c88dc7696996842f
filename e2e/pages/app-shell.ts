import type { Country } from '@andes/contract/common/countries';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from '../demo-users.ts';
import { LoginPage } from './login-page.ts';

/** The signed-in layout: side menu, country selector, language switch, account menu. */
export class AppShell {
  constructor(private readonly page: Page) {}

  get desktopLayout(): Locator {
    return this.page.getByTestId('app-layout-desktop');
  }
  get mobileLayout(): Locator {
    return this.page.getByTestId('app-layout-mobile');
  }
  get mainMenu(): Locator {
    return this.page.getByRole('navigation', { name: /^(Main menu|主菜单)$/ });
  }
  get countrySelect(): Locator {
    return this.page.getByLabel(/^(Country|国家)$/);
  }
  get languageSwitch(): Locator {
    return this.page.getByLabel(/^(Language|语言)$/);
  }
  /**
   * The account menu's button, named by the signed-in user's name it shows (desktop), or "Account"
   * where it shows only its icon (phones).
   */
  accountButton(displayName: string): Locator {
    return this.page
      .getByRole('button', { name: displayName, exact: true })
      .or(this.page.getByRole('button', { name: /^(Account|账号)$/ }));
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.desktopLayout.or(this.mobileLayout)).toBeVisible();
  }

  /** Labels of the links in the side menu (groups expanded). */
  async menuLabels(): Promise<string[]> {
    await expect(this.mainMenu).toBeVisible();
    const groups = this.mainMenu.locator('[role="menuitem"][aria-expanded="false"]');
    for (let n = await groups.count(); n > 0; n = await groups.count()) {
      await groups.first().click();
    }
    const links = this.mainMenu.getByRole('link');
    return (await links.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** The session token the web app keeps in the browser. */
  async token(): Promise<string> {
    const raw: string | null = await this.page.evaluate("window.localStorage.getItem('andes')");
    const parsed = raw ? (JSON.parse(raw) as { state?: { token?: string } }) : {};
    const token = parsed.state?.token;
    if (!token) throw new Error('no token in the browser store');
    return token;
  }
}

/** Signs the demo merchant's admin in through the login form and picks `country` in the shell (desktop layout). */
export async function signInAsAdmin(page: Page, country: Country): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  const shell = new AppShell(page);
  await shell.waitUntilReady();
  await shell.countrySelect.selectOption(country);
  return shell;
}
