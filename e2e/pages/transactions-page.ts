import { type InstantRange, localDateRangeToUtc } from '@andes/contract/common/dates';
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions } from './antd.ts';

/** "Total 1,234" of the pager, as a number. */
function totalOf(text: string): number {
  const match = /^Total ([\d,]+)$/.exec(text.trim());
  if (!match?.[1]) throw new Error(`not a list total: "${text}"`);
  return Number(match[1].replace(/,/g, ''));
}

/** `2026-11-15 – 2026-11-22` (or one day) of a date-range chip or field, read as the instants the server searches. */
export function createdRangeOf(text: string, timeZone: string): InstantRange {
  const dates = text.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const from = dates[0];
  const to = dates[1] ?? from;
  if (!from || !to) throw new Error(`no dates in "${text}"`);
  return localDateRangeToUtc(timeZone, from, to);
}

/**
 * A desktop transaction list (`/transactions/payin`, `payout`, … `holding-page`): the simple search
 * bar with its chips, the table and the keyset pager. Lists are kept alive, so lists visited before
 * stay in the page, hidden: every locator here keeps to the list shown.
 */
export class TransactionListPage {
  /** `name`: the list's title as the page header shows it ("Pay-in", "Payment link"…). */
  constructor(
    private readonly page: Page,
    readonly name: string,
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 4, name: this.name, exact: true });
  }
  get searchBar(): Locator {
    return this.page.getByRole('region', { name: `Search ${this.name}` });
  }
  get table(): Locator {
    return this.page.getByRole('main').getByRole('table');
  }
  /** Data rows of the page shown (not antd's measuring row). */
  get rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }
  get pager(): Locator {
    return this.page.getByRole('main').getByRole('navigation', { name: 'Pages' });
  }
  get totalText(): Locator {
    return this.pager.getByText(/^Total [\d,]+\+?$/);
  }
  get pageNumber(): Locator {
    return this.pager.getByText(/^Page \d+$/);
  }

  /** Waits for the list's rows, then returns the total the pager shows. */
  async total(): Promise<number> {
    await expect(this.totalText).toBeVisible();
    return totalOf(await this.totalText.innerText());
  }

  /** A chip of an applied filter ("Status: Failed"), by its field's label. */
  chip(label: string): Locator {
    return this.searchBar.getByRole('button', { name: new RegExp(`^Edit filter ${label}: `) });
  }

  /** Adds a filter with the search bar: picks the field, chooses the options, applies. */
  async filter(fieldLabel: string, optionLabels: readonly string[]): Promise<void> {
    const editor = this.searchBar.getByRole('group', { name: fieldLabel });
    // Picking the field opens its editor. On a loaded machine the pick and the helper's blur that
    // closes the drop-down can land so that the editor is not open: pick again until it is.
    await expect(async () => {
      if ((await editor.count()) === 0) {
        await chooseOptions(this.page, this.searchBar.getByRole('combobox', { name: 'Add filter' }), [fieldLabel]);
      }
      await expect(editor).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await chooseOptions(this.page, editor.getByRole('combobox', { name: fieldLabel }), optionLabels);
    await editor.getByRole('button', { name: 'Apply' }).click();
    await expect(editor).toHaveCount(0);
    await expect(this.chip(fieldLabel)).toHaveText(`${fieldLabel}: ${optionLabels.join(', ')}`);
  }

  /** The submit-time range the list searches (its chip, the one-week default unless changed), as instants. */
  async createdRange(timeZone: string): Promise<InstantRange> {
    return createdRangeOf(await this.chip('Submit time').innerText(), timeZone);
  }

  /** The cells of one column in the rows shown, by the column's header. */
  async column(title: string): Promise<Locator> {
    const headers = (await this.table.locator('thead th').allInnerTexts()).map((t) => t.trim());
    const index = headers.indexOf(title);
    if (index < 0) throw new Error(`no column "${title}" in ${headers.join(' | ')}`);
    return this.rows.locator(`td:nth-child(${index + 1})`);
  }

  /** The link of a row that opens its detail. */
  detailLink(uniqueId: string): Locator {
    return this.table.getByRole('link', { name: `Open transaction ${uniqueId}`, exact: true });
  }
  /** The link of a row that opens its detail in a new tab. */
  newTabLink(uniqueId: string): Locator {
    return this.table.getByRole('link', { name: `Open in new tab ${uniqueId}`, exact: true });
  }

  /** Unique ids of the rows shown. */
  async uniqueIds(): Promise<string[]> {
    return (await (await this.column('Unique id')).allInnerTexts()).map((t) => t.trim());
  }
}

/** A transaction's detail page (`/transactions/detail/:id`, `payment-link-detail`, `shopify-detail`, …). */
export class TransactionDetailPage {
  constructor(private readonly page: Page) {}

  heading(uniqueId: string): Locator {
    return this.page.getByRole('heading', { level: 4, name: `Transaction ${uniqueId}`, exact: true });
  }
  get backButton(): Locator {
    return this.page.getByRole('button', { name: 'Back', exact: true });
  }
  /** A titled card of the page ("Overview", "Store order", "History (…)"). */
  section(title: string | RegExp): Locator {
    return this.page
      .getByRole('main')
      .locator('.ant-card')
      .filter({ has: this.page.locator('.ant-card-head-title').getByText(title, { exact: typeof title === 'string' }) });
  }
  /** The value next to a label in a section's description list. */
  field(section: Locator, label: string): Locator {
    return section
      .locator('.ant-descriptions-item')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('.ant-descriptions-item-content');
  }
  /** The history's entries, oldest first. */
  get historyEntries(): Locator {
    return this.section(/^History \(/).locator('.ant-timeline-item');
  }
}

/** A transaction list on a phone: cards with infinite scroll, and the filter sheet. */
export class MobileTransactionList {
  constructor(
    private readonly page: Page,
    readonly name: string,
  ) {}

  get list(): Locator {
    return this.page.getByRole('main').getByRole('list', { name: this.name, exact: true });
  }
  /** The cards shown (one list item each). */
  get cards(): Locator {
    return this.list.locator(':scope > li');
  }
  /** The status tag in each card's head. */
  get cardStatuses(): Locator {
    return this.cards.locator('.ant-card-head [data-status-color]');
  }
  get filtersButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Filters', exact: true });
  }
  get sheet(): Locator {
    return this.page.getByRole('dialog', { name: 'Filters' });
  }
  get noMore(): Locator {
    return this.page.getByRole('main').getByText('No more data', { exact: true });
  }

  /** Opens the filter sheet, ticks these options of a multi-select field, confirms; returns the submit-time range the sheet held. */
  async filter(fieldLabel: string, optionLabels: readonly string[], timeZone: string): Promise<InstantRange> {
    await this.filtersButton.click();
    await expect(this.sheet).toBeVisible();
    const from = await this.sheet.getByLabel('Submit time Start date').inputValue();
    const to = await this.sheet.getByLabel('Submit time End date').inputValue();
    const options = this.sheet.getByRole('group', { name: fieldLabel, exact: true });
    for (const label of optionLabels) await options.getByRole('checkbox', { name: label, exact: true }).check();
    await expect(this.sheet.getByText(`${optionLabels.length} selected`, { exact: true }).first()).toBeVisible();
    await this.sheet.getByRole('button', { name: 'Confirm' }).click();
    await expect(this.sheet).toBeHidden();
    return localDateRangeToUtc(timeZone, from, to);
  }
}
