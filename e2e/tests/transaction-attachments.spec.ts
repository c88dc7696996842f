import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import type { TransactionPage } from '@andes/contract/transaction/schemas';
import { expect, test } from '@playwright/test';
import { call, signInToken } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { TransactionDetailPage } from '../pages/transactions-page.ts';
import { seedTransaction } from '../platform.ts';

// A 1 × 1 PNG, and a small CSV the platform attached to the transaction.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const CSV = 'invoice,amount\r\nINV-1,12.34\r\n';

test('a transaction shows its attached image as a thumbnail that opens a preview, and downloads its other files', async ({
  page,
  request,
}) => {
  // US pay-ins: a list no other browser test reads.
  const uniqueId = `E2E-ATT-${randomUUID().slice(0, 8)}`;
  await seedTransaction(
    request,
    {
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'US',
      currency: 'USD',
      productType: 'PAYPAL',
      amount: 1_234,
      attachments: [
        { name: 'receipt.png', contentBase64: PNG },
        { name: 'invoice.csv', contentBase64: Buffer.from(CSV).toString('base64') },
      ],
    },
    'SETTLED',
  );
  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const found = await call(request, transactionPage, { list: 'payin', country: 'US', uniqueId, pageSize: 10 } as never, { token });
  const id = (found.data as TransactionPage).list[0]?.id;
  expect(id).toBeDefined();

  await signInAsAdmin(page, 'US');
  await page.goto(`/transactions/detail/${id}`);
  await expect(new TransactionDetailPage(page).heading(uniqueId)).toBeVisible();

  const images = page.getByRole('list', { name: 'Images' });
  const thumbnail = images.getByRole('img', { name: 'receipt.png' });
  await expect(thumbnail).toBeVisible();
  // The bytes came through the authenticated call, as an object URL, and the browser could draw them.
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumbnail.evaluate((img) => (img as { naturalWidth?: number }).naturalWidth)).toBe(1);
  await thumbnail.click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();

  const files = page.getByRole('list', { name: 'Files' });
  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download invoice.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoice.csv');
  expect(readFileSync(await download.path(), 'utf8')).toBe(CSV);
});
