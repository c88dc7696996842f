import { expect, type Page } from '@playwright/test';

/** The sign-in form at /login/form. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(redirectPath?: string): Promise<void> {
    const query = redirectPath ? `?redirectPath=${encodeURIComponent(redirectPath)}` : '';
    await this.page.goto(`/login/form${query}`);
    await expect(this.username).toBeVisible();
  }

  get username() {
    return this.page.getByLabel(/^(Username|用户名)$/);
  }
  get password() {
    return this.page.getByLabel(/^(Password|密码)$/);
  }
  get submit() {
    return this.page.getByRole('button', { name: /^(Sign in|登录)$/ });
  }
  get error() {
    return this.page.getByRole('alert');
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}
