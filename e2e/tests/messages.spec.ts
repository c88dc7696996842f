import { announcementList, messageList } from '@andes/contract/message/endpoints';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { call, signInToken } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { publishAsProvider, readAllAnnouncements } from '../messages.ts';
import { AppShell } from '../pages/app-shell.ts';
import { runId } from '../pages/chargeback-pages.ts';
import { LoginPage } from '../pages/login-page.ts';

/*
 * The message center (issue #14; docs/decisions/0030): the provider publishes through the internal
 * API, the announcement shows after sign-in until it is marked read, and a message read in the
 * message center lowers Home's unread count. Everything is published to CONDOR, whose admin no
 * other test signs in as: the demo admin's sessions in parallel tests never meet these messages.
 */

const SHOTS = '.tsbuild/message-shots';

async function signInAsCondor(page: Page): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.condor.username, DEMO.condor.password);
  const shell = new AppShell(page);
  await shell.waitUntilReady();
  return shell;
}

/** Home's "Unread messages: n". */
async function unreadOnHome(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /Unread messages: |未读消息/ });
  await expect(status).toBeVisible();
  const text = (await status.innerText()).replace(/,/g, '');
  const n = /(\d+)\s*$/.exec(text.trim())?.[1] ?? /(\d+)/.exec(text)?.[1];
  if (n === undefined) throw new Error(`no count in "${text}"`);
  return Number(n);
}

test.beforeEach(async ({ request }) => {
  // Only what this test publishes is unread among the announcements.
  await readAllAnnouncements(request, DEMO.condor.username, DEMO.condor.password);
});

test('an announcement published by the provider shows after sign-in, as text, until it is marked read', async ({ page, request }) => {
  const id = runId('ANN');
  const title = `Scheduled maintenance ${id}`;
  await publishAsProvider(request, {
    messageKey: `e2e-${id}`,
    kind: 'ANNOUNCEMENT',
    merchantCode: 'CONDOR',
    title,
    content: 'SPEI payouts pause on Sunday 02:00–04:00.\n<b>Pay-ins</b> are not affected.',
  });

  await signInAsCondor(page);
  const dialog = page.getByRole('dialog', { name: /Announcements/ });
  await expect(dialog).toBeVisible();
  const item = dialog.getByRole('region', { name: title });
  await expect(item).toBeVisible();
  // HTML in the provider's text is shown as text, never rendered; the line break is kept.
  await expect(item).toContainText('<b>Pay-ins</b> are not affected.');
  await expect(item.locator('b')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/announcement-dialog-desktop-en.png` });

  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(dialog).toBeHidden();

  // Loaded again: the announcements are asked for again, and none is unread.
  const asked = page.waitForResponse((r) => r.url().endsWith(announcementList.path));
  await page.reload();
  await asked;
  await new AppShell(page).waitUntilReady();
  await expect(page.getByRole('dialog', { name: /Announcements/ })).toHaveCount(0);
});

test('a message read in the message center lowers the unread count on Home', async ({ page, request }) => {
  const id = runId('MSG');
  const title = `Settlement calendar ${id}`;
  await publishAsProvider(request, {
    messageKey: `e2e-${id}`,
    kind: 'MESSAGE',
    merchantCode: 'CONDOR',
    title,
    content: 'Mexican settlements move to D+1 from Monday.\nColombian settlements are unchanged.',
  });

  const shell = await signInAsCondor(page);
  await page.goto('/home');
  await shell.waitUntilReady();
  const before = await unreadOnHome(page);
  expect(before).toBeGreaterThan(0);

  await page.goto('/message-center');
  const list = page.getByRole('main');
  const link = list.getByRole('link', { name: `Open ${title}` });
  await expect(link).toBeVisible();
  // Unread: bold, with the dot.
  await expect(link.locator('[data-unread="true"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/message-center-desktop-en.png`, fullPage: true });
  await link.click();

  await expect(page).toHaveURL(/\/message-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('message-content')).toHaveText(
    'Mexican settlements move to D+1 from Monday.\nColombian settlements are unchanged.',
  );
  await page.screenshot({ path: `${SHOTS}/message-detail-desktop-en.png`, fullPage: true });

  await page.goto('/home');
  await shell.waitUntilReady();
  try {
    await expect.poll(() => unreadOnHome(page)).toBe(before - 1);
  } catch (error) {
    // Once failed on a loaded PostgreSQL run: say which messages were unread then.
    throw new Error(`${String(error)}\nunread now: ${JSON.stringify(await unreadTitles(request))}`);
  }
});

/** The titles of CONDOR's admin's unread messages and announcements, as the server lists them. */
async function unreadTitles(request: APIRequestContext): Promise<string[]> {
  const token = await signInToken(request, DEMO.condor.username, DEMO.condor.password);
  const titles: string[] = [];
  for (const endpoint of [messageList, announcementList] as const) {
    const page = await call(request, endpoint, { pageSize: 100, read: 'UNREAD' }, { token });
    titles.push(...((page.data as { list: { title: string }[] } | null)?.list ?? []).map((m) => m.title));
  }
  return titles;
}
