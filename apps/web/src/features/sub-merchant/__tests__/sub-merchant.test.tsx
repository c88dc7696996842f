import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { subAccountPage, subAccountSummary, subAccountSummaryDownload } from '@andes/contract/sub-merchant/endpoints';
import { SubAccountPage, SubAccountSummary, type SubAccountSummaryRequest } from '@andes/contract/sub-merchant/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const NOW = new Date('2026-01-15T17:05:00.000Z');
const WEEK = { from: '2026-01-08', to: '2026-01-15' };
const CODES = ['home', 'sub-merchant', 'sub-merchant:summary'];

const accounts = SubAccountPage.parse({
  list: [
    {
      subMerchantId: 31,
      subMerchantName: 'Andes Demo Marketplace',
      subMerchantCode: 'ANDES-MKT',
      country: 'BR',
      currency: 'BRL',
      accountNo: 'BR-PAYIN-000000000000000000031',
      balance: 1_234_500,
      available: 1_000_000,
      pending: 234_500,
    },
    {
      subMerchantId: 31,
      subMerchantName: 'Andes Demo Marketplace',
      subMerchantCode: 'ANDES-MKT',
      country: 'MX',
      currency: 'MXN',
      accountNo: 'MX-PAYIN-31',
      balance: 50_000,
      available: 50_000,
      pending: 0,
    },
  ],
  total: 2,
  totalCapped: false,
  nextCursor: null,
});

const day = (date: string, begin: number, payin: number, payout: number, fee: number) => ({
  date,
  beginBalance: begin,
  payin,
  refund: 0,
  chargeback: 0,
  payout: -payout,
  withdrawal: 0,
  fee: -fee,
  tax: 0,
  other: 0,
  endBalance: begin + payin - payout - fee,
});

function summaryOf(request: SubAccountSummaryRequest) {
  const mx = request.country === 'MX';
  return SubAccountSummary.parse({
    subMerchantId: 31,
    subMerchantName: 'Andes Demo Marketplace',
    country: request.country,
    currency: mx ? 'MXN' : 'BRL',
    timezoneName: mx ? 'America/Mexico_City' : 'America/Sao_Paulo',
    accountNo: mx ? 'MX-PAYIN-31' : 'BR-PAYIN-000000000000000000031',
    range: request.range ?? WEEK,
    rows: [day('2026-01-15', 1_100_000, 200_000, 50_000, 15_500), day('2026-01-14', 1_000_000, 100_000, 0, 0)],
    totals: { ...day('', 1_000_000, 300_000, 50_000, 15_500), date: undefined },
  });
}

function signedIn(user = demoUser) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(user),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES, ['BR', 'MX'])),
    [subAccountPage.path]: () => envelope(accounts),
    [subAccountSummary.path]: (r) => envelope(summaryOf(r.body as SubAccountSummaryRequest)),
    [subAccountSummaryDownload.path]: () =>
      new Response('Date,Begin balance\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sub-merchant-31-BR.csv"' },
      }),
  });
}

const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
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

describe('sub-merchants', () => {
  it('lists the sub-accounts with their balances, searchable, and each row leads to its daily summary', async () => {
    const requests = signedIn();
    const app = renderApp('/sub-merchant');
    // The first test of the file waits for the lazy page on a cold transform cache.
    const link = await screen.findByRole('link', { name: 'Andes Demo Marketplace, daily summary in Brazil' }, { timeout: 30_000 });
    expect(bodiesOf(requests, subAccountPage.path)[0]).toEqual({ pageSize: 20 });
    expect(cellsOf(link.closest('tr') as HTMLElement)).toEqual([
      'Andes Demo Marketplace',
      '31',
      'ANDES-MKT',
      'Brazil',
      'BR-PAYIN-0***000000031',
      'R$ 12,345.00',
      'R$ 10,000.00',
      'R$ 2,345.00',
    ]);
    expect(link.getAttribute('href')).toBe('/sub-merchant/sub-account/summary/31?country=BR');

    const form = screen.getByRole('form', { name: 'Search sub-merchants' });
    const u = user();
    await u.type(within(form).getByRole('textbox', { name: 'Name or id' }), 'Demo');
    await chooseOptions(u, within(form).getByRole('combobox', { name: 'Country' }), ['Mexico']);
    await u.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(bodiesOf(requests, subAccountPage.path).at(-1)).toEqual({ keyword: 'Demo', country: 'MX', pageSize: 20 }));

    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await u.click(screen.getByRole('link', { name: 'Andes Demo Marketplace, daily summary in Mexico' }));
    await waitFor(() => expect(app.location()).toBe('/sub-merchant/sub-account/summary/31?country=MX'));
    expect(await screen.findByRole('heading', { name: 'Daily summary: Andes Demo Marketplace' })).toBeTruthy();
  }, 45_000);

  it('shows a sub-merchant’s days newest first with the period’s totals and the zone, by country and period', async () => {
    const requests = signedIn();
    const app = renderApp('/sub-merchant/sub-account/summary/31?country=BR');
    expect(await screen.findByRole('heading', { name: 'Daily summary: Andes Demo Marketplace' })).toBeTruthy();
    expect(bodiesOf(requests, subAccountSummary.path)[0]).toEqual({ subMerchantId: 31, country: 'BR', range: WEEK });
    expect(screen.getByText('America/Sao_Paulo (UTC-3)')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Date (America/Sao_Paulo)' })).toBeTruthy();
    const dates = [...document.querySelectorAll('tbody time')].map((time) => time.textContent);
    expect(dates).toEqual(['2026-01-15', '2026-01-14']);
    expect(cellsOf(screen.getByText('2026-01-15', { selector: 'time' }).closest('tr') as HTMLElement)).toEqual([
      '2026-01-15',
      'R$ 11,000.00',
      'R$ 2,000.00',
      'R$ 0.00',
      'R$ 0.00',
      '-R$ 500.00',
      'R$ 0.00',
      '-R$ 155.00',
      'R$ 0.00',
      'R$ 0.00',
      'R$ 12,345.00',
    ]);
    const totals = screen.getByText('Total').closest('tr') as HTMLElement;
    expect(totals.closest('tfoot')).toBeTruthy();
    expect(cellsOf(totals)).toEqual([
      'Total',
      'R$ 10,000.00',
      'R$ 3,000.00',
      'R$ 0.00',
      'R$ 0.00',
      '-R$ 500.00',
      'R$ 0.00',
      '-R$ 155.00',
      'R$ 0.00',
      'R$ 0.00',
      'R$ 12,345.00',
    ]);

    const u = user();
    const form = screen.getByRole('form', { name: 'Country and period' });
    await chooseOptions(u, within(form).getByRole('combobox', { name: 'Country' }), ['Mexico']);
    await waitFor(() =>
      expect(bodiesOf(requests, subAccountSummary.path).at(-1)).toEqual({ subMerchantId: 31, country: 'MX', range: WEEK }),
    );
    expect(app.location()).toBe('/sub-merchant/sub-account/summary/31?country=MX');
    expect(await screen.findByText(/^America\/Mexico_City \(UTC-6\)$/)).toBeTruthy();

    await u.click(screen.getByRole('button', { name: /Download/ }));
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toEqual(['sub-merchant-31-BR.csv']));
    expect(bodiesOf(requests, subAccountSummaryDownload.path)).toEqual([
      { subMerchantId: 31, country: 'MX', range: WEEK, format: 'csv', language: 'en' },
    ]);
  });

  it('reads the period of a link, and shows the days as cards on a phone', async () => {
    installMatchMedia(390);
    const requests = signedIn({ ...demoUser, subMerchantId: 31 });
    renderApp('/sub-merchant/sub-account/summary/31?country=BR&range=2026-01-01~2026-01-15');
    const list = await screen.findByRole('region', { name: 'Days of the period' });
    expect(bodiesOf(requests, subAccountSummary.path)[0]).toEqual({
      subMerchantId: 31,
      country: 'BR',
      range: { from: '2026-01-01', to: '2026-01-15' },
    });
    const cards = list.querySelectorAll('.ant-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByText('Total')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('2026-01-15')).toBeTruthy();
  });

  it('opens no summary of an id that is not one', async () => {
    signedIn();
    const app = renderApp('/sub-merchant/sub-account/summary/abc');
    await waitFor(() => expect(app.location()).toBe('/404'));
  });
});
