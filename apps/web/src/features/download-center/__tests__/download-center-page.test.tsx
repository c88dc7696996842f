import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import {
  downloadRecordDownload,
  downloadRecordPage,
  downloadTaskDelete,
  downloadTaskRetry,
} from '@andes/contract/download-center/endpoints';
import type { DownloadRecord } from '@andes/contract/download-center/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { completeRecord, expiredRecord, failedRecord, NOW, recordPage, runningRecord } from './fixtures.ts';

const CODES = ['home', 'download-center', 'download-center:delete'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], pages: () => DownloadRecord[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [downloadRecordPage.path]: () => envelope(recordPage(pages())),
    ...routes,
  });
}

const pageBodies = (requests: RecordedRequest[]) => requests.filter((r) => r.path === downloadRecordPage.path).map((r) => r.body);
const rowOf = (fileName: string) => screen.getByText(fileName).closest('tr') as HTMLElement;

let clicked: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('download center', () => {
  it('lists the tasks with their state, expiration, size and rows, and offers only the actions each allows', async () => {
    const requests = signedIn(CODES, () => [completeRecord(), failedRecord(), expiredRecord()]);
    renderApp('/download-center');
    // The first test of the file waits for the lazy page on a cold transform cache.
    expect(await screen.findByText('transactions-payin-BR-2026-01-14.csv', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(pageBodies(requests)[0]).toEqual({ pageSize: 20 });

    const complete = rowOf('transactions-payin-BR-2026-01-14.csv');
    for (const text of ['Transactions', 'CSV', 'Complete', 'demo.finance', '2026-01-14 09:00:00', 'Expires in 6 days', '1.5 MB', '1,234']) {
      expect(within(complete).getByText(text), text).toBeTruthy();
    }
    expect(screen.getByRole('columnheader', { name: 'Created (America/Sao_Paulo)' })).toBeTruthy();
    expect(within(complete).getByRole('button', { name: 'Download transactions-payin-BR-2026-01-14.csv' })).toBeTruthy();
    expect(within(complete).queryByRole('button', { name: /^Retry/ })).toBeNull();

    const failed = rowOf('transactions-payin-CO-2026-01-13.csv');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Retry transactions-payin-CO-2026-01-13.csv' })).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /^Download/ })).toBeNull();

    const expired = rowOf('transactions-payin-BR-2026-01-01.csv');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(within(expired).getByRole('button', { name: 'Delete transactions-payin-BR-2026-01-01.csv' })).toBeTruthy();
  }, 45_000);

  it('has no delete without the delete permission', async () => {
    signedIn(['home', 'download-center'], () => [completeRecord()]);
    renderApp('/download-center');
    expect(await screen.findByText('transactions-payin-BR-2026-01-14.csv')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('downloads a finished file through a one-time link the browser follows', async () => {
    const requests = signedIn(CODES, () => [completeRecord()], {
      [downloadRecordDownload.path]: () => envelope({ url: '/files/downloads/one-time-token', expiresAt: '2026-01-15T12:05:00.000Z' }),
    });
    renderApp('/download-center');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download transactions-payin-BR-2026-01-14.csv' }));
    await waitFor(() => expect(clicked).toEqual([`${window.location.origin}/files/downloads/one-time-token`]));
    expect(requests.find((r) => r.path === downloadRecordDownload.path)?.body).toEqual({ id: 'dt_completeCsvFile0000001' });
    expect(await screen.findByText('The download has started in your browser')).toBeTruthy();
  });

  it('shows the progress of a running task and polls until none runs, keeping the open proof', async () => {
    const running = runningRecord();
    const finished = { ...completeRecord(), id: running.id, fileName: running.fileName, format: 'xlsx' as const };
    // The task runs until the test lets it finish.
    let done = false;
    const requests = signedIn(CODES, () => (done ? [finished] : [running]));
    renderApp('/download-center');
    const progress = await screen.findByRole('progressbar', { name: 'Rows written of transactions-payout-MX-2026-01-15.xlsx' });
    expect(progress.getAttribute('aria-valuenow')).toBe('24');
    expect(progress.getAttribute('aria-valuetext')).toBe('12,000 of 50,000 rows');
    expect(within(rowOf('transactions-payout-MX-2026-01-15.xlsx')).getByText('In progress')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(rowOf('transactions-payout-MX-2026-01-15.xlsx')).getByRole('button', { name: /expand row/i }));
    const proof = await screen.findByRole('region', { name: 'Proof of completeness' });
    expect(within(proof).getByText("The file's figures are known once it is complete.")).toBeTruthy();

    // The poll (every 2 s) brings the finished task: the same row, its proof still open, now checked.
    done = true;
    const polled = pageBodies(requests).length;
    await waitFor(() => expect(pageBodies(requests).length).toBeGreaterThan(polled), { timeout: 5_000 });
    expect(await within(proof).findByText(/^Matches: the file holds exactly/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('region', { name: 'Proof of completeness' })).toBe(proof);

    // Nothing runs any more: no further reload.
    const settled = pageBodies(requests).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(pageBodies(requests)).toHaveLength(settled);
  });

  it('says when the file does not match the figures counted before it was written', async () => {
    const differs = completeRecord({
      written: {
        rowCount: 1233,
        totals: [
          { currency: 'BRL', cents: 123_456_789 },
          { currency: 'USD', cents: 49_000 },
        ],
      },
    });
    signedIn(CODES, () => [differs]);
    renderApp('/download-center');
    await screen.findByText(differs.fileName);
    const user = userEvent.setup();
    await user.click(within(rowOf(differs.fileName)).getByRole('button', { name: /expand row/i }));
    const proof = await screen.findByRole('region', { name: 'Proof of completeness' });
    expect(within(proof).getByRole('alert').textContent).toMatch(/^Does not match/);
    const line = (name: string) => within(proof).getByText(name).closest('tr') as HTMLElement;
    expect(within(line('Rows')).getByText('1,233')).toBeTruthy();
    expect(within(line('Rows')).getByText('Does not match')).toBeTruthy();
    expect(within(line('Total BRL')).getAllByText('R$ 1,234,567.89')).toHaveLength(2);
    expect(within(line('Total BRL')).getByText('Matches')).toBeTruthy();
    expect(within(line('Total USD')).getByText('US$ 490.00')).toBeTruthy();
    expect(within(line('Total USD')).getByText('Does not match')).toBeTruthy();
    expect(within(proof).getByText(differs.sha256 ?? '')).toBeTruthy();
  });

  it('retries a failed task and deletes one after confirming', async () => {
    const failed = failedRecord();
    const retryPath = endpointUrl(downloadTaskRetry, { id: failed.id });
    const deletePath = endpointUrl(downloadTaskDelete, { id: failed.id });
    const requests = signedIn(CODES, () => [failed], {
      [retryPath]: () => envelope({ ...failed, state: 'PENDING', retryable: false }),
      [deletePath]: () => envelope(null),
    });
    renderApp('/download-center');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Retry ${failed.fileName}` }));
    await waitFor(() => expect(requests.filter((r) => r.path === retryPath)).toHaveLength(1));
    expect(await screen.findByText(`${failed.fileName} is queued again`)).toBeTruthy();
    await waitFor(() => expect(pageBodies(requests)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: `Delete ${failed.fileName}` }));
    const question = await dialogNamed(`Delete ${failed.fileName}?`);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.path === deletePath)).toBe(false);

    await user.click(screen.getByRole('button', { name: `Delete ${failed.fileName}` }));
    const again = await dialogNamed(`Delete ${failed.fileName}?`);
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.filter((r) => r.path === deletePath)).toHaveLength(1));
    expect(await screen.findByText(`Deleted ${failed.fileName}`)).toBeTruthy();
  });

  it('filters by state with the radio tabs and by report type, in the URL', async () => {
    const requests = signedIn(CODES, () => [failedRecord()]);
    const app = renderApp('/download-center');
    await screen.findByText('transactions-payin-CO-2026-01-13.csv');
    const user = userEvent.setup();
    const tabs = screen.getByRole('radiogroup', { name: 'Task state' });
    expect((within(tabs).getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(tabs).getByText('Failed'));
    await waitFor(() => expect(app.location()).toBe('/download-center?state=FAIL'));
    await waitFor(() => expect(pageBodies(requests).at(-1)).toEqual({ state: 'FAIL', pageSize: 20 }));
    expect((within(tabs).getByRole('radio', { name: 'Failed' }) as HTMLInputElement).checked).toBe(true);

    // The filter bar's Search keeps the state tab.
    const filters = screen.getByRole('form', { name: 'Search download tasks' });
    await chooseOptions(user, within(filters).getByLabelText('Report type'), ['Transactions']);
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/download-center?state=FAIL&reportType=TRANSACTION'));
    await waitFor(() => expect(pageBodies(requests).at(-1)).toEqual({ state: 'FAIL', reportType: 'TRANSACTION', pageSize: 20 }));

    // Reset clears the filter bar's fields, not the tab.
    await user.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.location()).toBe('/download-center?state=FAIL'));
  });

  it('restores the filters from a link and drops an unknown state', async () => {
    const requests = signedIn(CODES, () => [completeRecord()]);
    renderApp('/download-center?state=DONE&reportType=TRANSACTION');
    await screen.findByText('transactions-payin-BR-2026-01-14.csv');
    expect(pageBodies(requests)[0]).toEqual({ reportType: 'TRANSACTION', pageSize: 20 });
    expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows cards on a phone, each with its proof behind a disclosure', async () => {
    installMatchMedia(390);
    signedIn(CODES, () => [completeRecord(), failedRecord()]);
    renderApp('/download-center');
    const list = await screen.findByRole('list', { name: 'Download tasks' });
    await within(list).findByText('transactions-payin-BR-2026-01-14.csv');
    expect(screen.queryByRole('columnheader', { name: 'File name' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Expires in 6 days')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: /Proof of completeness/ }));
    expect(await within(first).findByText(/^Matches: the file holds exactly/)).toBeTruthy();
  });

  it('says so when there is no task', async () => {
    signedIn(CODES, () => []);
    renderApp('/download-center');
    expect(await screen.findByText('No download tasks. Exports of large lists are prepared here.')).toBeTruthy();
  });
});
