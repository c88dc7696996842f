import { expect, type Locator, type Page } from '@playwright/test';

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** Closes an open Select dropdown by leaving its input, and waits until it is gone. */
export async function closeDropdown(page: Page, combobox: Locator): Promise<void> {
  await combobox.blur();
  await expect(page.locator(OPEN_DROPDOWN)).toHaveCount(0);
}

/** Picks options of an antd Select by their labels (typing to narrow long, virtual lists). */
export async function chooseOptions(page: Page, combobox: Locator, labels: readonly string[]): Promise<void> {
  await combobox.click();
  for (const label of labels) {
    const dropdown = page.locator(OPEN_DROPDOWN);
    const option = dropdown.getByTitle(label, { exact: true });
    if ((await option.count()) === 0) await combobox.fill(label);
    await option.click();
  }
  await closeDropdown(page, combobox);
}

/** The open modal or drawer with this title. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}
