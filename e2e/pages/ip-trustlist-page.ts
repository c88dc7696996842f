import { expect, type Locator, type Page } from '@playwright/test';
import { closeDropdown, dialog } from './antd.ts';

/** `/setting/ip-trustlist` and `/setting/service-list/dashboard|api`. */
export class IpTrustlistPage {
  constructor(private readonly page: Page) {}

  async openOverview(): Promise<void> {
    await this.page.goto('/setting/ip-trustlist');
    await expect(this.page.getByRole('heading', { name: /^(IP trust lists|IP 白名单)$/ })).toBeVisible();
  }

  async openList(type: 'dashboard' | 'api'): Promise<void> {
    await this.page.goto(`/setting/service-list/${type}`);
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table');
  }
  row(value: string): Locator {
    return this.table.getByRole('row').filter({ hasText: value });
  }
  /** The caller's address as the restriction card shows it. */
  get clientAddress(): Locator {
    return this.page.locator('.ant-descriptions').locator('code').first();
  }

  /** Adds comma-separated entries; the server's check runs first, then the save. */
  async add(addresses: string, remark = ''): Promise<void> {
    await this.page.getByRole('button', { name: /Add addresses|添加地址/ }).click();
    const modal = dialog(this.page, /^(Add to |添加到)/);
    await modal.getByLabel(/^(Addresses and blocks|地址和网段)$/).fill(addresses);
    if (remark) await modal.getByLabel(/^(Note|备注)$/).fill(remark);
    await modal.getByRole('button', { name: /^(Check and save|检查并保存)$/ }).click();
    // Either the check found nothing and the entries were saved, or it shows its findings and asks again.
    const confirm = modal.getByRole('button', { name: /^(Save|保存)$/ });
    const added = this.page.getByText(/^(Added \d+ entries|已添加 \d+ 个条目)/);
    await expect(confirm.or(added)).toBeVisible();
    if (await confirm.isVisible()) await confirm.click();
    await expect(added).toBeVisible();
    await expect(modal).toBeHidden();
  }

  async remove(value: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^(Delete|删除) ${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) }).click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Delete|删除)$/ })
      .click();
  }

  /** Sets who is held to the dashboard list: off, all users, or the given users (by username). */
  async setRestriction(mode: 'OFF' | 'ALL_USERS' | 'SELECTED_USERS', usernames: readonly string[] = []): Promise<void> {
    const label = {
      OFF: /^(Off: access from anywhere|关闭：任何地址均可访问)$/,
      ALL_USERS: /^(All users|所有用户)$/,
      SELECTED_USERS: /^(Selected users|指定用户)$/,
    }[mode];
    await this.page.getByRole('radio', { name: label }).check();
    if (mode === 'SELECTED_USERS') {
      const picker = this.page.getByRole('combobox', { name: /^(Restricted users|受限用户)$/ });
      for (const username of usernames) {
        await picker.fill(username);
        await this.page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
          .getByTitle(new RegExp(`\\(${username}\\)$`))
          .click();
      }
      await closeDropdown(this.page, picker);
    }
    await this.page.getByRole('button', { name: /^(Save|保存)$/ }).click();
  }
}
