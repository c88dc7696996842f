import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails the test server wrote to its outbox (start-server.mjs collects them from its log). */
export function outbox(): OutboxMail[] {
  const file = process.env.E2E_OUTBOX_FILE;
  if (!file) throw new Error('E2E_OUTBOX_FILE is not set (playwright.config.ts sets it)');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail);
}

/**
 * Waits for the newest e-mail to `to` whose subject matches and returns the first link in it. The
 * subject matters: an invitation and a reset link can both be on their way to one address, and the
 * log that feeds the outbox file may deliver them in either order.
 */
export async function linkMailedTo(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mail = outbox()
        .filter((m) => m.to === to && subject.test(m.subject))
        .at(-1);
      link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Waits for the newest e-mail to `to` whose subject matches and returns the 6-digit code in it. */
export async function codeMailedTo(to: string, subject: RegExp, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mail = outbox()
        .slice(after)
        .filter((m) => m.to === to && subject.test(m.subject))
        .at(-1);
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}
