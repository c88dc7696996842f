import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { expect, test } from '@playwright/test';
import { call, signInToken } from '../api.ts';
import { parseCsv } from '../csv.ts';
import { DEMO } from '../demo-users.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { sendPlatformEvent } from '../platform.ts';

test('the pay-in list exports exactly its rows as a CSV a spreadsheet opens, times named in the zone', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/transactions/payin');
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const totalText = await page
    .getByText(/^Total [\d,]+\+?$/)
    .first()
    .innerText();
  const total = Number(totalText.replace(/[^\d]/g, ''));
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: /Export/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-payin-BR-.*\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(text.slice(1)).filter((r) => r.some((c) => c !== ''));
  expect(rows[0]?.join(',')).toContain('America/Sao_Paulo');
  expect(rows.length - 1).toBe(total);
});

test('a settled PIX pay-in offers the proof of its provider only, as a PDF', async ({ page, request }) => {
  const uniqueId = `E2E-PROOF-${randomUUID().slice(0, 8)}`;
  const occurredAt = new Date().toISOString();
  for (const event of [
    {
      eventId: `${uniqueId}.created`,
      type: 'transaction.created' as const,
      data: {
        uniqueId,
        merchantReference: `order-${uniqueId}`,
        transactionType: 'PAY_IN' as const,
        status: 'IN_PROGRESS' as const,
        country: 'BR' as const,
        currency: 'BRL' as const,
        productType: 'PIX' as const,
        amount: 45_678,
        payer: { name: 'Joana Lima', document: '52998224725', documentType: 'CPF', e2eId: `E2E${uniqueId.replace(/-/g, '')}` },
        // The provider that carried it: its receipt is the only proof offered (decision 0017).
        provider: 'bs2' as const,
      },
    },
    {
      eventId: `${uniqueId}.settled`,
      type: 'transaction.settled' as const,
      data: { uniqueId, fee: 457, vat: 0, availableAt: new Date(Date.now() + 86_400_000).toISOString() },
    },
  ]) {
    const res = await sendPlatformEvent(request, { ...event, merchantCode: 'ANDES-DEMO', occurredAt } as never);
    expect(res.code, res.msg).toBe(200);
  }
  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const found = await call(request, transactionPage, { list: 'payin', country: 'BR', uniqueId } as never, { token });
  const id = (found.data as { list: { id: number }[] }).list[0]?.id;
  expect(id).toBeGreaterThan(0);

  await signInAsAdmin(page, 'BR');
  await page.goto(`/transactions/detail/${id}`);
  await expect(page.getByRole('heading', { name: `Transaction ${uniqueId}` })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await expect(page.getByRole('button', { name: /^PIX proof/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'PIX proof (BS2)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1_000);
});
