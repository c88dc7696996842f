import { expect, type Locator, type Page } from '@playwright/test';

/** `/home`: the selected country's balances, pending money and charts. */
export class HomePage {
  constructor(private readonly page: Page) {}

  /** The card whose header says `title`. */
  section(title: string | RegExp): Locator {
    return this.page.locator('.ant-card').filter({ has: this.page.locator('.ant-card-head-title', { hasText: title }) });
  }

  /** The balances card of a country, by its name in the interface language ("Brazil", "巴西"). */
  balances(countryName: string | RegExp): Locator {
    return this.section(countryName);
  }

  /** The exact cents of one figure card ("Pending") of a section, as the page shows it. */
  figure(section: Locator, label: string | RegExp): Locator {
    return section
      .locator('.ant-statistic')
      .filter({ has: this.page.locator('.ant-statistic-title', { hasText: label }) })
      .locator('[data-amount]')
      .first();
  }

  async centsOf(section: Locator, label: string | RegExp): Promise<number> {
    const figure = this.figure(section, label);
    await expect(figure).toBeVisible();
    return Number(await figure.getAttribute('data-amount'));
  }

  /** The hidden data table a chart carries for screen readers, by its caption. */
  chartTable(caption: string | RegExp): Locator {
    return this.page.getByRole('table', { name: caption, includeHidden: true });
  }
}
