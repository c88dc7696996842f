import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens an antd Select (by its combobox) and picks the options with these labels. */
export async function chooseOptions(user: UserEvent, combobox: HTMLElement, labels: readonly string[]): Promise<void> {
  await user.click(combobox);
  for (const label of labels) {
    const listbox = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      if (!open) throw new Error('no open select dropdown');
      return open;
    });
    // Long lists are virtual: an option far down is not rendered until the search narrows the list.
    if (!within(listbox).queryByTitle(label) && !(combobox as HTMLInputElement).readOnly) {
      await user.type(combobox, label);
    }
    await user.click(await within(listbox).findByTitle(label));
  }
  // Close the list by clicking outside it (Escape would also close a drawer around the select).
  await user.click(document.body);
}

/**
 * The open dialog (modal or drawer) whose title is `name`. antd's ids are all `test-id` under
 * test, so `aria-labelledby` cannot tell dialogs apart: the title element is read instead.
 */
export function dialogNamed(name: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((dialog) => {
      const title = dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent ?? '';
      return typeof name === 'string' ? title === name : name.test(title);
    });
    if (!found) throw new Error(`no dialog titled ${String(name)}`);
    return found;
  });
}

/** A button of a dialog's footer (antd also names the × of the title bar "Close"). */
export function footerButton(dialog: HTMLElement, name: string): HTMLElement {
  const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer, .ant-drawer-footer');
  if (!footer) throw new Error('the dialog has no footer');
  return within(footer).getByRole('button', { name });
}
