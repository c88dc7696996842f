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

/** Records the messages of a document into the tab's session storage (a page script). */
const MESSAGE_RECORDER = `{
  const KEY = '__andesMessages';
  const seen = () => JSON.parse(sessionStorage.getItem(KEY) || '[]');
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-message-notice')) {
      const text = (notice.textContent || '').trim();
      const list = seen();
      if (text !== '' && !list.includes(text)) sessionStorage.setItem(KEY, JSON.stringify([...list, text]));
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}`;

/**
 * Keeps the text of every antd message (toast) this tab shows from now on — on the page shown and
 * on every page it loads later — even one that is gone again: a short message (the 1.5 s "session
 * expired") can come and go between two looks of a loaded machine, or just before a reload. Read
 * them with `messagesShown`.
 */
export async function recordMessages(page: Page): Promise<void> {
  await page.addInitScript(MESSAGE_RECORDER);
  await page.evaluate(MESSAGE_RECORDER);
}

/** The messages this tab has shown since recordMessages (a page script: this project has no DOM types). */
export async function messagesShown(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`JSON.parse(sessionStorage.getItem('__andesMessages') || '[]')`);
}
