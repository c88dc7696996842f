import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { DAILY_REPORT_TIMEOUT_MS } from '@andes/contract/common/constants';
import { dailyReportDownload, dailyReportLink, dailyReportPage } from '@andes/contract/finance/endpoints';
import type { DailyReportRequest } from '@andes/contract/finance/schemas';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed, footerButton } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  moneyReport,
  NOW,
  paymentLinkReport,
  permissionsWithSubMerchants,
  reportLink,
  subMerchants,
  transactionReport,
  WEEK,
} from './fixtures.ts';

const CODES = ['home', 'reports:payin', 'reports:payment-link'];

function signedIn(load: PermissionLoad = permissionLoadOf(CODES, ['BR', 'MX']), routes: Parameters<typeof mockFetch>[0] = {}) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(load),
    [subMerchantList.path]: () => envelope(subMerchants),
    [dailyReportPage.path]: (r) => {
      const { billType } = r.body as DailyReportRequest;
      return envelope(billType === 'TRANSACTION' ? transactionReport : billType === 'PAYMENT_LINK' ? paymentLinkReport : moneyReport);
    },
    ...routes,
  });
}

const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);
const reportBodies = (requests: RecordedRequest[]) => bodiesOf(requests, dailyReportPage.path) as DailyReportRequest[];
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowOf = (date: string) => screen.getByText(date, { selector: 'time' }).closest('tr') as HTMLElement;
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((header) => header.textContent);
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

let saved: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
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
  vi.restoreAllMocks();
});

describe('daily reports', () => {
  it('shows the account statement day by day, newest first, with the period’s totals, the zone and the consolidation', async () => {
    const requests = signedIn();
    renderApp('/reports/payin');
    // The first test of the file waits for the lazy page on a cold transform cache.
    expect(await screen.findByRole('heading', { name: 'Pay-in reports' }, { timeout: 30_000 })).toBeTruthy();
    await screen.findByText('2026-01-15', { selector: 'time' });
    expect(reportBodies(requests)[0]).toEqual({ country: 'BR', accountType: 'PAY_IN', billType: 'ACCOUNT', range: WEEK, pageSize: 20 });

    const tabs = screen.getByRole('radiogroup', { name: 'Report' });
    expect((within(tabs).getByRole('radio', { name: 'Account statement' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Days in America/Sao_Paulo (UTC-3)')).toBeTruthy();
    expect(screen.getByText('Account BR-PAYIN-0***000000021')).toBeTruthy();
    expect(screen.getByText('Consolidated with sub-merchants')).toBeTruthy();
    expect(headers()).toEqual([
      'Date',
      'Opening balance',
      'Pay-ins',
      'Payouts',
      'Refunds',
      'Chargebacks',
      'Fees',
      'Taxes',
      'FX',
      'Other',
      'Net',
      'Closing balance',
    ]);
    // Newest first.
    const dates = [...document.querySelectorAll('tbody time')].map((time) => time.textContent);
    expect(dates).toEqual(['2026-01-15', '2026-01-14', '2026-01-13']);
    expect(cellsOf(rowOf('2026-01-14'))).toEqual([
      '2026-01-14',
      'R$ 110,000.00',
      'R$ 10,200.00Count: 2',
      'R$ 0.00',
      'R$ 0.00',
      'R$ 0.00',
      '-R$ 200.00',
      'R$ 0.00',
      'R$ 0.00',
      'R$ 0.00',
      'R$ 10,000.00',
      'R$ 120,000.00',
    ]);
    const totals = screen.getByText('Total').closest('tr') as HTMLElement;
    expect(totals.closest('tfoot')).toBeTruthy();
    expect(cellsOf(totals).slice(0, 3)).toEqual(['Total', 'R$ 110,000.00', 'R$ 14,200.00Count: 4']);
    expect(cellsOf(totals).at(-1)).toBe('R$ 123,456.00');
    // The chart of the days shown, with its figures as text for screen readers.
    expect(
      screen.getByRole('img', { name: /^Net per day for 3 days, 2026-01-13 to 2026-01-15; net of the whole period R\$ 13,456.00/ }),
    ).toBeTruthy();
  }, 45_000);

  it('switches the bill type with the tabs: the transaction report', async () => {
    const requests = signedIn();
    const view = renderApp('/reports/payin');
    await screen.findByText('2026-01-15', { selector: 'time' });
    await user().click(within(screen.getByRole('radiogroup', { name: 'Report' })).getByText('Transaction report'));
    await waitFor(() => expect(headers()).toContain('Success rate'));
    expect(reportBodies(requests).at(-1)).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      billType: 'TRANSACTION',
      range: WEEK,
      pageSize: 20,
    });
    expect(view.location()).toBe('/reports/payin?billType=TRANSACTION');
    expect(cellsOf(rowOf('2026-01-15'))).toEqual([
      '2026-01-15',
      '40',
      'R$ 20,000.00',
      '38',
      '95.0%',
      'R$ 19,000.00',
      '2',
      'R$ 570.00',
      'R$ 114.00',
    ]);
    expect(cellsOf(rowOf('2026-01-13'))[4]).toBe('--');
    expect(cellsOf(screen.getByText('Total').closest('tr') as HTMLElement).slice(0, 5)).toEqual([
      'Total',
      '65',
      'R$ 32,500.00',
      '63',
      '96.9%',
    ]);
    expect(screen.queryByText('Consolidated with sub-merchants')).toBeNull();
  });

  it('reports the payment-link money on the payment-link page, without balances', async () => {
    const requests = signedIn();
    renderApp('/reports/payment-link?range=2026-01-13~2026-01-15');
    await screen.findByText('2026-01-15', { selector: 'time' });
    expect(reportBodies(requests)[0]).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      billType: 'PAYMENT_LINK',
      range: { from: '2026-01-13', to: '2026-01-15' },
      pageSize: 20,
    });
    expect(headers()).not.toContain('Opening balance');
    expect(headers()).not.toContain('Closing balance');
    expect(screen.getByRole('radio', { name: 'Account statement' })).toBeTruthy();
  });

  it('sends the holder a merchant user picks', async () => {
    const requests = signedIn(permissionsWithSubMerchants(CODES));
    renderApp('/reports/payin');
    const holder = await screen.findByRole('combobox', { name: 'Account holder' });
    await chooseOptions(user(), holder, ['Andes Demo Marketplace (sub-merchant)']);
    await waitFor(() => expect(reportBodies(requests).at(-1)).toMatchObject({ billType: 'ACCOUNT', subMerchantId: 31 }));
  });

  it('downloads the whole period of the report shown (binary, with the daily report’s timeout)', async () => {
    expect(dailyReportDownload.timeoutMs).toBe(DAILY_REPORT_TIMEOUT_MS);
    const requests = signedIn(undefined, {
      [dailyReportDownload.path]: () =>
        new Response('PK\u0003\u0004', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="report-TRANSACTION-PAY_IN-BR.xlsx"',
          },
        }),
    });
    renderApp('/reports/payin?billType=TRANSACTION');
    await screen.findByText('2026-01-15', { selector: 'time' });
    const u = user();
    await u.click(screen.getByRole('button', { name: /Download/ }));
    await u.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['report-TRANSACTION-PAY_IN-BR.xlsx']));
    expect(bodiesOf(requests, dailyReportDownload.path)).toEqual([
      { country: 'BR', accountType: 'PAY_IN', billType: 'TRANSACTION', range: WEEK, format: 'xlsx', language: 'en' },
    ]);
  });

  it('makes a share link: shows its URL to copy, when it expires and that it works once', async () => {
    const requests = signedIn(undefined, { [dailyReportLink.path]: () => envelope(reportLink) });
    const view = renderApp('/reports/payin');
    await screen.findByText('2026-01-15', { selector: 'time' });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Share link' }));
    const dialog = await dialogNamed('Share this report');
    expect(view.location()).toBe('/reports/payin?dialog=share');
    await u.click(within(dialog).getByText('CSV'));
    await u.click(footerButton(dialog, 'Create link'));
    const url = (await within(dialog).findByRole('textbox', { name: 'Report link' })) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/files/reports/rl_0123456789abcdefghijkl`);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(dialog).getByText('The link works once: after the first download it no longer opens.')).toBeTruthy();
    expect(within(dialog).getByText('Expires at 2026-01-16 14:05:00, America/Sao_Paulo (UTC-3).')).toBeTruthy();
    expect(bodiesOf(requests, dailyReportLink.path)).toEqual([
      { country: 'BR', accountType: 'PAY_IN', billType: 'ACCOUNT', range: WEEK, format: 'csv', language: 'en' },
    ]);
  });
});
