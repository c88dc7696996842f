import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { claimDefenses } from '@andes/contract/platform/endpoints';
import type { ChargebackClaim, PlatformEventInput } from '@andes/contract/platform/schemas';
import type { ChargebackReasonCode } from '@andes/contract/risk/enums';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { seedTransaction, sendPlatformEvent } from '../platform.ts';

/** The chargeback list (`/risk/chargeback-represent`): its deadline board and its rows. */
export class ChargebackListPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/risk/chargeback-represent');
    await expect(this.page.getByRole('heading', { name: 'Chargeback Represent' })).toBeVisible();
  }

  /** A bucket of the deadline board ("Due this week"), a toggle button. */
  bucket(label: string): Locator {
    return this.page.getByRole('region', { name: 'Deadline board' }).getByRole('button', { name: new RegExp(`^${label}`) });
  }

  /** The row of a chargeback, by its merchant reference. */
  row(merchantReference: string): Locator {
    return this.page.getByRole('main').locator('tr.ant-table-row', { hasText: merchantReference });
  }

  async openDetail(merchantReference: string): Promise<ChargebackDetailPage> {
    await this.row(merchantReference)
      .getByRole('link', { name: `Open chargeback ${merchantReference}` })
      .click();
    const detail = new ChargebackDetailPage(this.page);
    await expect(detail.heading(merchantReference)).toBeVisible();
    return detail;
  }
}

/** A chargeback's page: its fields, checklist, defence form and accept button. */
export class ChargebackDetailPage {
  constructor(private readonly page: Page) {}

  heading(merchantReference: string): Locator {
    return this.page.getByRole('heading', { name: `Chargeback ${merchantReference}` });
  }

  get checklist(): Locator {
    return this.page.getByRole('list', { name: 'Evidence checklist' });
  }

  /** A field of the description list, by its label. */
  field(label: string): Locator {
    return this.page
      .getByRole('main')
      .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::*[1]');
  }

  /** Fills the defence form, uploads the appendices and submits it. */
  async defend(description: string, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.page.getByLabel('Defence description').fill(description);
    await this.page.getByTestId('uploader-input').setInputFiles(files);
    await expect(this.page.getByText('Uploaded')).toHaveCount(files.length);
    await this.page.getByRole('button', { name: 'Submit defence' }).click();
    await expect(this.page.getByText(/^The defence of .+ was submitted$/)).toBeVisible();
  }
}

/** A one-page PDF: an appendix the server identifies as a PDF from its bytes. */
export const EVIDENCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A unique id for this run (reruns never collide). */
export const runId = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();

/**
 * A settled Visa card pay-in of the demo merchant in Brazil and its chargeback, as the platform
 * reports them (`transaction.created`, `transaction.settled`, `transaction.charged_back`).
 */
export async function seedChargeback(
  request: APIRequestContext,
  opts: {
    uniqueId: string;
    chargebackId: string;
    merchantReference: string;
    reasonCode: ChargebackReasonCode;
    respondBy?: string;
    amount?: number;
  },
): Promise<void> {
  const amount = opts.amount ?? 12_345;
  await seedTransaction(
    request,
    {
      uniqueId: opts.uniqueId,
      merchantReference: opts.merchantReference,
      transactionType: 'PAY_IN',
      country: 'BR',
      currency: 'BRL',
      productType: 'CARD',
      amount,
      card: { brand: 'VISA', holder: 'Ana Souza', bin: '411111', last4: '1111' },
    },
    'SETTLED',
  );
  const event = {
    eventId: `${opts.chargebackId}.charged_back`,
    type: 'transaction.charged_back',
    occurredAt: new Date().toISOString(),
    merchantCode: 'ANDES-DEMO',
    data: {
      uniqueId: opts.uniqueId,
      chargebackId: opts.chargebackId,
      amount,
      fee: 1_500,
      reason: 'Cardholder does not recognise the payment',
      reasonCode: opts.reasonCode,
      ...(opts.respondBy ? { respondBy: opts.respondBy } : {}),
    },
  } as PlatformEventInput;
  const answer = await sendPlatformEvent(request, event);
  if (answer.code !== 200) throw new Error(`chargeback ${opts.chargebackId} refused: ${answer.code} ${answer.msg}`);
}

/** Claims the defences waiting for the provider (as the platform polls for them). */
export async function claimChargebackDefenses(request: APIRequestContext): Promise<ChargebackClaim['list']> {
  const token = process.env.E2E_PLATFORM_TOKEN;
  if (!token) throw new Error('E2E_PLATFORM_TOKEN is not set (playwright.config.ts sets it)');
  const res = await request.post(endpointUrl(claimDefenses), {
    data: { limit: 100, leaseSeconds: 60 },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: ChargebackClaim };
  if (body.code !== 200) throw new Error(`claim refused: ${body.code} ${body.msg}`);
  return body.data.list;
}

/** Reports the network's decision on a defended chargeback. */
export async function sendChargebackOutcome(
  request: APIRequestContext,
  chargebackId: string,
  outcome: 'chargeback.won' | 'chargeback.lost',
): Promise<void> {
  const event = {
    eventId: `${chargebackId}.${outcome}`,
    type: outcome,
    occurredAt: new Date().toISOString(),
    merchantCode: 'ANDES-DEMO',
    data: { chargebackId },
  } as PlatformEventInput;
  const answer = await sendPlatformEvent(request, event);
  if (answer.code !== 200) throw new Error(`${outcome} of ${chargebackId} refused: ${answer.code} ${answer.msg}`);
}
