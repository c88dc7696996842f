import { expect, type Locator, type Page } from '@playwright/test';

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * Closes an open Select dropdown by leaving its input, and waits until it is gone. On a loaded
 * machine the blur can land before the Select took the focus back from the option just clicked,
 * and the dropdown stays open: then, in a drawer or modal, it clicks the dialog's title (outside
 * every field), elsewhere it leaves the input again.
 */
export async function closeDropdown(page: Page, combobox: Locator): Promise<void> {
  const open = page.locator(OPEN_DROPDOWN);
  await combobox.blur();
  const closed = await expect(open)
    .toHaveCount(0, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (closed) return;
  const title = combobox.locator('xpath=ancestor::*[@role="dialog"][1]').locator('.ant-drawer-title, .ant-modal-title');
  if ((await title.count()) > 0) await title.first().click();
  else {
    await combobox.focus();
    await combobox.blur();
  }
  await expect(open).toHaveCount(0);
}

/**
 * Picks options of an antd Select by their labels (typing to narrow long, virtual lists). In a
 * multiple Select each pick is checked: a click that lands while the options are drawn again (their
 * data refreshed as the drawer opens) is lost, as it would be for a person, who clicks again.
 */
export async function chooseOptions(page: Page, combobox: Locator, labels: readonly string[]): Promise<void> {
  await combobox.click();
  // A single choice closes the list at once; a multiple one keeps it open and shows each choice as a tag.
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select-multiple ")][1]');
  const multiple = (await select.count()) > 0;
  const dropdown = page.locator(OPEN_DROPDOWN);
  for (const label of labels) {
    const option = dropdown.getByTitle(label, { exact: true });
    if ((await option.count()) === 0) await combobox.fill(label);
    if (!multiple) {
      await option.click();
      continue;
    }
    const tag = select.getByTitle(label, { exact: true });
    await expect(async () => {
      if ((await tag.count()) > 0) return;
      if ((await option.count()) === 0) {
        // Scrolled out of the virtual list, or the list closed: bring the option back.
        if ((await dropdown.count()) === 0) await combobox.click();
        await combobox.fill(label);
      }
      if (!/\bant-select-item-option-selected\b/.test((await option.getAttribute('class')) ?? '')) await option.click();
      await expect(tag).toHaveCount(1, { timeout: 1_000 });
    }).toPass();
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
