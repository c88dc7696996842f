import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { downloadRecordPage, transactionExportPreflight, transactionExportTaskCreate } from '@andes/contract/download-center/endpoints';
import type { ExportPreflight } from '@andes/contract/download-center/schemas';
import { transactionFileDownload, transactionPage, transactionSubMerchantQuery } from '@andes/contract/transaction/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed, footerButton } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { failedPayin, settledPayin } from './fixtures.ts';

const CODES = ['home', 'transactions:payin', 'transactions:export', 'download-center'];
type Routes = Parameters<typeof mockFetch>[0];

const large: ExportPreflight = {
  rowCount: 812_345,
  totals: [
    { currency: 'BRL', cents: 9_876_543_210 },
    { currency: 'USD', cents: 12_345 },
  ],
  route: 'TASK',
  // The server's threshold (ANDES_DIRECT_EXPORT_MAX_ROWS), not the default of 50,000.
  directMaxRows: 20_000,
};

const task = {
  id: 'dt_queuedCsvFile000000001',
  fileName: 'transactions-payin-BR-2026-01-15.csv',
  reportType: 'TRANSACTION',
  format: 'csv',
  state: 'PENDING',
  creatorUserId: 7,
  creatorUsername: 'demo.finance',
  createdAt: '2026-01-15T17:05:00.000Z',
  startedAt: null,
  finishedAt: null,
  expiresAt: null,
  expired: false,
  size: null,
  rowsWritten: 0,
  rowsExpected: 812_345,
  expected: { rowCount: 812_345, totals: large.totals },
  written: null,
  sha256: null,
  attempts: 0,
  failureReason: null,
  retryable: false,
};

function signedIn(codes: string[], preflight: ExportPreflight, routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX'])),
    [transactionSubMerchantQuery.path]: () => envelope([]),
    [transactionPage.path]: () => envelope({ list: [settledPayin, failedPayin], total: 10_000, totalCapped: true, nextCursor: 'c2' }),
    [transactionExportPreflight.path]: () => envelope(preflight),
    [downloadRecordPage.path]: () => envelope({ list: [task], total: 1, totalCapped: false, nextCursor: null }),
    ...routes,
  });
}

const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let saved: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:andes/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  clearDownloadCache();
  vi.useRealTimers();
});

async function exportAs(format: 'CSV' | 'Excel (XLSX)') {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  // The first list of a file waits for the lazy page on a cold transform cache.
  await screen.findByText('PI20260114000011', undefined, { timeout: 30_000 });
  await user.click(await screen.findByRole('button', { name: /Export/ }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
  return { user, dialog: await dialogNamed(`Export ${format}`) };
}

describe('export dialog', () => {
  it('counts a small export, shows its rows and totals, and downloads it at once as before', async () => {
    const small: ExportPreflight = { rowCount: 2, totals: [{ currency: 'BRL', cents: 1_284_567 }], route: 'DIRECT', directMaxRows: 50_000 };
    const requests = signedIn(CODES, small, {
      [transactionFileDownload.path]: () =>
        new Response('Unique id\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="transactions-payin-BR-2026-01-15.csv"' },
        }),
    });
    renderApp('/transactions/payin?statuses=SETTLED');
    const { dialog } = await exportAs('CSV');
    expect(await within(dialog).findByText('R$ 12,845.67')).toBeTruthy();
    expect(within(dialog).getByText('Rows').closest('tr')?.textContent).toContain('2');
    await waitFor(() => expect(saved).toEqual(['transactions-payin-BR-2026-01-15.csv']));
    expect(await within(dialog).findByText('The file has been downloaded.')).toBeTruthy();

    const [counted] = bodiesOf(requests, transactionExportPreflight.path);
    expect(counted).toMatchObject({ list: 'payin', country: 'BR', statuses: ['SETTLED'], format: 'csv', language: 'en' });
    expect(bodiesOf(requests, transactionFileDownload.path)).toEqual([counted]);
    expect(within(dialog).queryByRole('button', { name: 'Prepare in the download center' })).toBeNull();
    expect(bodiesOf(requests, transactionExportTaskCreate.path)).toEqual([]);
  }, 45_000);

  it('sends a large export to the download center with one idempotency key per opening, and links there', async () => {
    let fail = true;
    const requests = signedIn(CODES, large, {
      [transactionExportTaskCreate.path]: () => {
        if (fail) {
          fail = false;
          return envelope(null, ResultCode.CONFLICT, 'The download center is busy, try again');
        }
        return envelope(task);
      },
    });
    const app = renderApp('/transactions/payin?statuses=SETTLED');
    const { user, dialog } = await exportAs('CSV');

    expect(await within(dialog).findByText('812,345')).toBeTruthy();
    expect(within(dialog).getByText('R$ 98,765,432.10')).toBeTruthy();
    expect(within(dialog).getByText('US$ 123.45')).toBeTruthy();
    expect(within(dialog).getByText(/^More than 20,000 rows: the file will be prepared in the download center/)).toBeTruthy();
    expect(bodiesOf(requests, transactionFileDownload.path)).toEqual([]);

    // A failed try and the retry carry the same key: the server makes one task.
    const confirm = within(dialog).getByRole('button', { name: 'Prepare in the download center' });
    await user.click(confirm);
    expect(await screen.findByText('The download center is busy, try again')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Prepare in the download center' }));
    expect(await within(dialog).findByText('transactions-payin-BR-2026-01-15.csv is being prepared in the download center.')).toBeTruthy();

    const created = bodiesOf(requests, transactionExportTaskCreate.path) as { idempotencyKey: string }[];
    expect(created).toHaveLength(2);
    const [counted] = bodiesOf(requests, transactionExportPreflight.path);
    const { idempotencyKey, ...filter } = created[0] as { idempotencyKey: string };
    expect(filter).toEqual(counted);
    expect(idempotencyKey).toMatch(UUID);
    expect(created[1]?.idempotencyKey).toBe(idempotencyKey);

    await user.click(within(dialog).getByRole('link', { name: 'Open the download center' }));
    await waitFor(() => expect(app.location()).toBe('/download-center'));
    expect(await screen.findByText('transactions-payin-BR-2026-01-15.csv')).toBeTruthy();
  });

  it('queues nothing when cancelled, says where to ask without the download center, and makes a new key per opening', async () => {
    const requests = signedIn(['home', 'transactions:payin', 'transactions:export'], large, {
      [transactionExportTaskCreate.path]: () => envelope(task),
    });
    renderApp('/transactions/payin');
    const first = await exportAs('Excel (XLSX)');
    await first.user.click(await within(first.dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(requests, transactionExportTaskCreate.path)).toEqual([]);

    const second = await exportAs('Excel (XLSX)');
    await second.user.click(await within(second.dialog).findByRole('button', { name: 'Prepare in the download center' }));
    expect(await within(second.dialog).findByText(/ask an administrator for access to the download center/)).toBeTruthy();
    expect(within(second.dialog).queryByRole('link')).toBeNull();
    await second.user.click(footerButton(second.dialog, 'Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Another opening is another export: a new key.
    const third = await exportAs('Excel (XLSX)');
    await third.user.click(await within(third.dialog).findByRole('button', { name: 'Prepare in the download center' }));
    await waitFor(() => expect(bodiesOf(requests, transactionExportTaskCreate.path)).toHaveLength(2));
    const [one, two] = bodiesOf(requests, transactionExportTaskCreate.path) as { idempotencyKey: string; format: string }[];
    expect(one?.format).toBe('xlsx');
    expect(one?.idempotencyKey).toMatch(UUID);
    expect(two?.idempotencyKey).toMatch(UUID);
    expect(two?.idempotencyKey).not.toBe(one?.idempotencyKey);
  });
});
