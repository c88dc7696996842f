import type { Country } from '@andes/contract/common/countries';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { casePage, caseSave } from '@andes/contract/support/endpoints';
import type { CasePage, CaseSaveResult } from '@andes/contract/support/schemas';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { call } from '../api.ts';
import { sendPlatformEvent } from '../platform.ts';

/** A case's page (`/support-center/case-detail/:id`): its fields, status, thread and actions. */
export class CaseDetailPage {
  constructor(private readonly page: Page) {}

  /** The heading "Case CS…"; its text names the case number. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 4, name: /^Case CS[0-9]{8}[0-9A-Z]{6}$/ });
  }

  /** The case number the heading shows. */
  async caseNo(): Promise<string> {
    await expect(this.heading).toBeVisible();
    const text = (await this.heading.innerText()).trim();
    const caseNo = /^Case (CS[0-9]{8}[0-9A-Z]{6})$/.exec(text)?.[1];
    if (!caseNo) throw new Error(`no case number in "${text}"`);
    return caseNo;
  }

  /** A field of the case's description list, by its label. */
  field(label: string): Locator {
    return this.page
      .getByRole('main')
      .getByRole('region', { name: 'Case details' })
      .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::*[1]');
  }

  get thread(): Locator {
    return this.page.getByRole('main').getByRole('list', { name: 'Conversation' });
  }

  get transaction(): Locator {
    return this.page.getByRole('main').getByRole('region', { name: 'Linked transaction' });
  }

  /** Closes or reopens the case through its dialog, with instructions. */
  async decide(action: 'Close case' | 'Reopen case', instructions: string): Promise<void> {
    await this.page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: new RegExp(`^${action} CS`) });
    await expect(dialog).toBeVisible();
    // Without instructions, nothing is sent.
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog.getByText('Give the instructions (why)')).toBeVisible();
    await dialog.getByLabel('Instructions').fill(instructions);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The provider's support desk answers a case (`case.replied`), as the platform would. */
export async function sendCaseReply(
  request: APIRequestContext,
  opts: { caseNo: string; eventId: string; responder: string; content: string; status?: 'PROCESSING' | 'SOLVED' },
): Promise<void> {
  const event = {
    eventId: opts.eventId,
    type: 'case.replied',
    occurredAt: new Date().toISOString(),
    merchantCode: 'ANDES-DEMO',
    data: {
      caseNo: opts.caseNo,
      responder: opts.responder,
      content: opts.content,
      ...(opts.status ? { status: opts.status } : {}),
    },
  } as PlatformEventInput;
  const answer = await sendPlatformEvent(request, event);
  if (answer.code !== 200) throw new Error(`case.replied of ${opts.caseNo} refused: ${answer.code} ${answer.msg}`);
}

/**
 * The id of an open (PENDING) case of the country — the newest, or one opened for the check when
 * the country has none — for pages that need a case (its page, its edit form).
 */
export async function openCaseId(request: APIRequestContext, token: string, country: Country): Promise<number> {
  const listed = await call(request, casePage, { country, status: 'PENDING', pageSize: 10 } as never, { token });
  if (listed.code !== 200) throw new Error(`${casePage.path} refused: ${listed.code} ${listed.msg}`);
  const row = (listed.data as CasePage).list[0];
  if (row) return row.id;
  const made = await call(
    request,
    caseSave,
    {
      idempotencyKey: `a11y-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`,
      country,
      caseType: 'OTHERS',
      title: 'A question for the accessibility check',
      description: 'Opened by the accessibility check.',
      fileIds: [],
    },
    { token },
  );
  if (made.code !== 200) throw new Error(`${caseSave.path} refused: ${made.code} ${made.msg}`);
  return (made.data as CaseSaveResult).case.id;
}
