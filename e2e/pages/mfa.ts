import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './antd.ts';
import { AppShell } from './app-shell.ts';

/** The two-factor code dialog that blocks the page when the server asks for the code (200023). */
export class MfaPanel {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return dialog(this.page, /^(Two-factor authentication|双重身份验证)$/);
  }
  get code(): Locator {
    return this.root.getByLabel(/^(Verification code|验证码)$/);
  }
  get recoveryCode(): Locator {
    return this.root.getByLabel(/^(Recovery code|恢复码)$/);
  }
  get error(): Locator {
    return this.root.getByRole('alert');
  }

  async waitUntilOpen(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  /** Types the code; the panel submits by itself at 6 digits and, when right, reloads the page. */
  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
  }

  async useRecoveryCode(code: string): Promise<void> {
    await this.root.getByRole('button', { name: /^(Use a recovery code instead|改用恢复码)$/ }).click();
    await this.recoveryCode.fill(code);
    await this.root.getByRole('button', { name: /^(Verify|验证)$/ }).click();
  }
}

/** Two-factor settings from the account menu, and the 3-step binding dialog. */
export class MfaSettings {
  constructor(private readonly page: Page) {}

  get settings(): Locator {
    return dialog(this.page, /^(Two-factor authentication|双重身份验证)$/);
  }
  get binding(): Locator {
    return dialog(this.page, /^(Turn on two-factor authentication|开启双重身份验证)$/);
  }
  get secret(): Locator {
    return this.binding.getByLabel(/^(Setup key|设置密钥)$/);
  }
  get recoveryCodes(): Locator {
    return this.page.getByRole('list', { name: /^(Recovery codes|恢复码)$/ }).getByRole('listitem');
  }

  /** Opens the settings from the account menu of the user called `displayName`. */
  async open(displayName: string): Promise<void> {
    await new AppShell(this.page).accountButton(displayName).click();
    await this.page.getByRole('menuitem', { name: /(Two-factor authentication|双重身份验证)$/ }).click();
    await expect(this.settings).toBeVisible();
  }

  /** Steps 1 and 2 of the binding: returns the secret shown for manual entry. */
  async startBinding(): Promise<string> {
    await this.settings.getByRole('button', { name: /^(Turn on|开启)$/ }).click();
    await this.binding.getByRole('button', { name: /^(Next|下一步)$/ }).click();
    await expect(this.secret).toBeVisible();
    const secret = await this.secret.inputValue();
    await this.binding.getByRole('button', { name: /^(Next|下一步)$/ }).click();
    return secret;
  }

  /** Step 3: the activation code; on success the recovery codes show. */
  async activate(code: string): Promise<void> {
    await this.binding.getByLabel(/^(Activation code|激活码)$/).fill(code);
  }

  /** Reads the recovery codes, ticks "I have saved these codes" and closes. */
  async saveRecoveryCodes(): Promise<string[]> {
    await expect(this.recoveryCodes.first()).toBeVisible();
    const codes = (await this.recoveryCodes.allInnerTexts()).map((c) => c.trim());
    await this.page.getByRole('checkbox', { name: /^(I have saved these codes|我已保存这些恢复码)$/ }).check();
    await this.page.getByRole('button', { name: /^(Done|完成)$/ }).click();
    return codes;
  }

  async turnOff(code: string): Promise<void> {
    await this.settings.getByRole('button', { name: /^(Turn off|关闭)$/ }).click();
    await this.settings.getByLabel(/^(Verification code|验证码)$/).fill(code);
  }
}
