import { type FullConfig, request } from '@playwright/test';
import { DEMO } from './demo-users.ts';
import { readAllAnnouncements } from './messages.ts';

/**
 * Runs once the test server is up (Playwright starts the web server before the global set-up).
 * The demo seeds unread announcements, which the app shows in a dialog after sign-in (spec §2):
 * they are marked read for the demo admin, whom most tests sign in as, so no test meets the dialog
 * unless it publishes an announcement itself (messages.spec.ts does, to another merchant).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    await readAllAnnouncements(context, DEMO.admin.username, DEMO.admin.password);
  } finally {
    await context.dispose();
  }
}
