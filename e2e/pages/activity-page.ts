import { type Download, expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions } from './antd.ts';

/** `/access/activity`: the activity log, its filters and the CSV export. */
export class ActivityPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/access/activity${query}`);
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table');
  }
  get filters(): Locator {
    return this.page.getByRole('form', { name: /^(Filter the activity log|筛选操作日志)$/ });
  }
  get exportButton(): Locator {
    return this.page.getByRole('button', { name: /Export CSV|导出 CSV/ });
  }
  /** Rows of the log whose event label is `event`, as shown. */
  rowsOf(event: string): Locator {
    return this.table.getByRole('row').filter({ hasText: event });
  }

  async filter(options: { actor?: string; events?: string[]; outcome?: string }): Promise<void> {
    if (options.actor !== undefined) await this.filters.getByLabel(/^(User|用户)$/).fill(options.actor);
    if (options.events) await chooseOptions(this.page, this.filters.getByLabel(/^(Events|事件)$/), options.events);
    if (options.outcome) await chooseOptions(this.page, this.filters.getByLabel(/^(Outcome|结果)$/), [options.outcome]);
    await this.filters.getByRole('button', { name: /^(Search|查询)$/ }).click();
  }

  /** Exports the filtered log; resolves with the browser download. */
  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.exportButton.click();
    return download;
  }
}
