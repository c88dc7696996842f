import { expect, type Locator, type Page } from '@playwright/test';

/** `/login/forgetPsw`: merchant code and account or e-mail. */
export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login/forgetPsw');
    await expect(this.merchantCode).toBeVisible();
  }

  get merchantCode(): Locator {
    return this.page.getByLabel(/^(Merchant code|商户编号)$/);
  }
  get account(): Locator {
    return this.page.getByLabel(/^(Username or e-mail|用户名或邮箱)$/);
  }
  /** The confirmation shown whatever the outcome. */
  get sent(): Locator {
    return this.page.getByRole('status');
  }

  async request(merchantCode: string, account: string): Promise<void> {
    await this.merchantCode.fill(merchantCode);
    await this.account.fill(account);
    await this.page.getByRole('button', { name: /^(Send the link|发送链接)$/ }).click();
    await expect(this.sent).toBeVisible();
  }
}

/** `/login/reset-password?token=…`: a one-time reset link. */
export class ResetLinkPage {
  constructor(private readonly page: Page) {}

  async open(link: string): Promise<void> {
    await this.page.goto(link);
  }

  get newPassword(): Locator {
    return this.page.getByLabel(/^(New password|新密码)$/);
  }
  get confirmPassword(): Locator {
    return this.page.getByLabel(/^(Confirm password|确认密码)$/);
  }
  get error(): Locator {
    return this.page.getByRole('alert');
  }

  async setPassword(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.page.getByRole('button', { name: /^(Set password|设置密码)$/ }).click();
  }
}
