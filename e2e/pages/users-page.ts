import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions, dialog } from './antd.ts';

export interface NewUser {
  username: string;
  displayName: string;
  email: string;
  roles: string[];
  /** Country options as shown, like `Brazil (BR)`. */
  countries: string[];
}

/** `/access/user`: the user list, its drawers and the reset-link hand-over. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/access/user${query}`);
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table');
  }
  get filters(): Locator {
    return this.page.getByRole('form', { name: /^(Search users|查询用户)$/ });
  }
  get addButton(): Locator {
    return this.page.getByRole('button', { name: /Add user|新增用户/ });
  }
  row(username: string): Locator {
    return this.table.getByRole('row').filter({ hasText: username });
  }
  stateSwitch(username: string): Locator {
    return this.page.getByRole('switch', { name: new RegExp(`^(State of ${username}|${username} 的状态)$`) });
  }

  async search(username: string): Promise<void> {
    await this.filters.getByLabel(/^(Username|用户名)$/).fill(username);
    await this.filters.getByRole('button', { name: /^(Search|查询)$/ }).click();
  }

  /** Adds a user; returns the one-time password link shown to hand over. */
  async add(user: NewUser): Promise<string> {
    await this.addButton.click();
    const drawer = dialog(this.page, /^(Add a user|新增用户)$/);
    await drawer.getByLabel(/^(Username|用户名)$/).fill(user.username);
    await drawer.getByLabel(/^(Name|姓名)$/).fill(user.displayName);
    await drawer.getByLabel(/^(E-mail|邮箱)$/).fill(user.email);
    await chooseOptions(this.page, drawer.getByLabel(/^(Roles|角色)$/), user.roles);
    await chooseOptions(this.page, drawer.getByLabel(/^(Countries|国家)$/), user.countries);
    await drawer.getByRole('button', { name: /^(Save|保存)$/ }).click();
    return this.handedOverLink();
  }

  /** Issues an admin reset link for a user; returns it. */
  async resetPassword(username: string): Promise<string> {
    await this.page.getByRole('button', { name: new RegExp(`^(Reset password of ${username}|重置密码：${username})$`) }).click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Reset password|重置密码)$/ })
      .click();
    return this.handedOverLink();
  }

  async setEnabled(username: string, enabled: boolean): Promise<void> {
    const toggle = this.stateSwitch(username);
    if ((await toggle.getAttribute('aria-checked')) === String(enabled)) return;
    await toggle.click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: enabled ? /^(Enable|启用)$/ : /^(Disable|停用)$/ })
      .click();
    await expect(toggle).toHaveAttribute('aria-checked', String(enabled));
  }

  private async handedOverLink(): Promise<string> {
    const field = this.page.getByLabel(/^(Password link|密码链接)$/);
    await expect(field).toBeVisible();
    const link = await field.inputValue();
    await this.page.getByRole('button', { name: /^(Done|完成)$/ }).click();
    return link;
  }
}
