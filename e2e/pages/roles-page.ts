import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './antd.ts';

/** `/access/role`: the role list and the editor with the permission tree. */
export class RolesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/access/role');
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table');
  }
  get addButton(): Locator {
    return this.page.getByRole('button', { name: /Add role|新增角色/ });
  }
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  /**
   * Adds a role granting the permissions with these labels (as the tree shows them, e.g.
   * `Create user`): checking one checks its screen and what it depends on.
   */
  async add(name: string, permissionLabels: readonly string[]): Promise<void> {
    await this.addButton.click();
    const drawer = dialog(this.page, /^(Add a role|新增角色)$/);
    await drawer.getByLabel(/^(Role name|角色名称)$/).fill(name);
    const tree = drawer.getByRole('tree');
    for (const label of permissionLabels) await tree.getByTitle(label, { exact: true }).click();
    await drawer.getByRole('button', { name: /^(Save|保存)$/ }).click();
    await expect(drawer).toBeHidden();
    await expect(this.row(name)).toBeVisible();
  }

  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^(Delete the role ${name}|删除角色 ${name})$`) }).click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Delete|删除)$/ })
      .click();
  }
}
