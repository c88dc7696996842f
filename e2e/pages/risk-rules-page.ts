import type { RuleType } from '@andes/contract/risk/enums';
import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './antd.ts';

/** The page of one rule type's rules (`/risk/risk-configure/detail/{type}`), its editor and drawers. */
export class RiskRulesPage {
  constructor(private readonly page: Page) {}

  /**
   * Opens a type's rules from the configuration cards, as a user does (a reload of the hidden type
   * page returns to home, spec §2), and narrows them to `keyword` when given.
   */
  async open(type: RuleType, keyword?: string): Promise<void> {
    await this.page.goto('/risk/risk-profiles');
    await this.page.getByTestId(`risk-type-${type}`).click();
    await expect(this.page).toHaveURL((url) => url.pathname === `/risk/risk-configure/detail/${type}`);
    await expect(this.page.getByRole('button', { name: 'Add rule' })).toBeVisible();
    if (keyword) {
      await this.page.getByRole('textbox', { name: 'Name or value' }).fill(keyword);
      await this.page.getByRole('button', { name: 'Search' }).click();
      await expect(this.page).toHaveURL((url) => url.searchParams.get('keyword') === keyword);
    }
  }

  /** The rule's row in the table, by its name. */
  row(name: string): Locator {
    return this.page.getByRole('main').locator('tr.ant-table-row', { hasText: name });
  }

  editor(title: string | RegExp = /^(New|Edit) .* rule$/): Locator {
    return dialog(this.page, title);
  }

  /** Adds a list rule of the type's first template (documents for block rules) through the editor. */
  async addListRule(typeTitle: string, name: string, values: readonly string[]): Promise<void> {
    await this.page.getByRole('button', { name: 'Add rule' }).click();
    const editor = this.editor(`New ${typeTitle} rule`);
    await editor.getByLabel('Name', { exact: true }).fill(name);
    for (const [index, value] of values.entries()) {
      if (index > 0) await editor.getByRole('button', { name: /^Add a row to / }).click();
      await editor.getByRole('textbox', { name: new RegExp(` ${index + 1}$`) }).fill(value);
    }
    await editor.getByRole('button', { name: 'Add rule' }).click();
    await expect(this.page.getByText(`Rule ${name} was added (v1)`)).toBeVisible();
    await expect(editor).toBeHidden();
  }

  /** Opens the replay drawer of a rule. */
  async openReplay(name: string): Promise<Locator> {
    await this.row(name)
      .getByRole('button', { name: `Replay rule ${name}` })
      .click();
    return dialog(this.page, `Replay ${name}`);
  }
}

/** The risk section of a transaction's page. */
export function riskSection(page: Page): Locator {
  return page.getByRole('main').locator('.ant-card', { has: page.getByText('Risk', { exact: true }) });
}
