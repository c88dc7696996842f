import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { globalAccountInfo, globalStatementPage } from '@andes/contract/global/endpoints';
import type { GlobalAccountInfo, GlobalStatementLine, GlobalStatementRequest } from '@andes/contract/global/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const info: GlobalAccountInfo = {
  accountId: 900,
  accountNo: 'GL-USD-000000000000000000900',
  currency: 'USD',
  balance: 250_000_000,
  available: 240_000_000,
  unavailable: 10_000_000,
  last30Days: { topup: 300_000_000, transferOut: 60_000_000 },
  options: [
    { countryCode: 'BR', transactionTypeCode: 'PAY_IN' },
    { countryCode: 'MX', transactionTypeCode: 'PAY_OUT' },
  ],
  asOf: '2026-01-15T17:05:00.000Z',
};

const transfer: GlobalStatementLine = {
  id: 2,
  businessType: 'TRANSFER_OUT',
  reference: 'TO-20260114-0002',
  targetAccountNo: 'BR-PAYOUT-000000000000000000031',
  targetAccountType: 'PAY_OUT',
  targetCountry: 'BR',
  amount: -1_000_000,
  targetAmount: 5_123_400,
  targetCurrency: 'BRL',
  exchangeRate: '5.1234',
  startBalance: 251_000_000,
  endBalance: 250_000_000,
  createdAt: '2026-01-14T15:30:00.000Z',
};

const topup: GlobalStatementLine = {
  id: 1,
  businessType: 'TOPUP',
  reference: 'TU-20260110-0001',
  targetAccountNo: null,
  targetAccountType: null,
  targetCountry: null,
  amount: 100_000_000,
  targetAmount: null,
  targetCurrency: null,
  exchangeRate: null,
  startBalance: 151_000_000,
  endBalance: 251_000_000,
  createdAt: '2026-01-10T12:00:00.000Z',
};

const older: GlobalStatementLine = { ...topup, id: 3, reference: 'TU-20260109-0000', startBalance: 51_000_000, endBalance: 151_000_000 };

function signedIn() {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home', 'global-balance'], ['BR', 'MX'])),
    [globalAccountInfo.path]: () => envelope(info),
    [globalStatementPage.path]: (r: RecordedRequest) => {
      const request = r.body as GlobalStatementRequest;
      return envelope(
        request.cursor === 'c2'
          ? { list: [older], total: 3, totalCapped: false, nextCursor: null }
          : { list: [transfer, topup], total: 3, totalCapped: false, nextCursor: 'c2' },
      );
    },
  });
}

const statementBodies = (requests: RecordedRequest[]) => requests.filter((r) => r.path === globalStatementPage.path).map((r) => r.body);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('global balance', () => {
  it('shows the global account in USD, where its funds can go, and the statement in the selected zone', async () => {
    const requests = signedIn();
    renderApp('/global-balance');
    const account = await screen.findByText('Global account');
    const card = account.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('as of 14:05 UTC-3')).toBeTruthy();
    expect(within(card).getByText('Account GL-USD-000***000000900 · USD')).toBeTruthy();
    const figure = (label: string) => within(card).getByText(label).closest('.ant-card') as HTMLElement;
    expect(within(figure('Balance')).getByText('US$ 2.5M')).toBeTruthy();
    expect(within(figure('Balance')).getByText('US$ 2,500,000.00')).toBeTruthy();
    expect(within(figure('Available')).getByText('US$ 2,400,000.00')).toBeTruthy();
    expect(within(figure('Unavailable')).getByText('US$ 100,000.00')).toBeTruthy();
    expect(within(figure('Top-ups, last 30 days')).getByText('US$ 3,000,000.00')).toBeTruthy();
    expect(within(figure('Transfers out, last 30 days')).getByText('US$ 600,000.00')).toBeTruthy();
    expect(within(card).getByText('Brazil · Pay-in account')).toBeTruthy();
    expect(within(card).getByText('Mexico · Payout account')).toBeTruthy();

    expect(await screen.findByRole('columnheader', { name: 'Time (America/Sao_Paulo, UTC-3)' })).toBeTruthy();
    const row = (await screen.findByText('TO-20260114-0002')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Transfer out',
      'TO-20260114-0002',
      'BR-PAYOUT-***000000031 (Payout account)',
      'Brazil',
      '-US$ 10,000.00',
      'R$ 51,234.00',
      '5.1234',
      'US$ 2,510,000.00',
      'US$ 2,500,000.00',
      '2026-01-14 12:30:00',
    ]);
    const topupRow = screen.getByText('TU-20260110-0001').closest('tr') as HTMLElement;
    expect(
      within(topupRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Top-up',
      'TU-20260110-0001',
      '--',
      '--',
      '+US$ 1,000,000.00',
      '--',
      '--',
      'US$ 1,510,000.00',
      'US$ 2,510,000.00',
      '2026-01-10 09:00:00',
    ]);
    expect(statementBodies(requests)[0]).toEqual({
      range: { from: '2026-01-08', to: '2026-01-15' },
      timezoneName: 'America/Sao_Paulo',
      pageSize: 20,
    });
  });

  it('pages the statement by cursor, keeping the page in the URL', async () => {
    const requests = signedIn();
    const app = renderApp('/global-balance');
    await screen.findByText('TO-20260114-0002');
    expect(screen.getByText('Total 3')).toBeTruthy();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('TU-20260109-0000')).toBeTruthy();
    expect(app.location()).toBe('/global-balance?page=2&cursor=c2');
    expect(statementBodies(requests).at(-1)).toMatchObject({ cursor: 'c2', pageSize: 20 });
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('TO-20260114-0002')).toBeTruthy();
    expect(app.location()).toBe('/global-balance');
  });

  it('puts the filters into the URL and the request', async () => {
    const requests = signedIn();
    const app = renderApp('/global-balance?from=2026-01-01&to=2026-01-10');
    await screen.findByText('TO-20260114-0002');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const filters = screen.getByRole('form', { name: 'Filter the statement' });
    await chooseOptions(user, within(filters).getByLabelText('Business type'), ['Transfer out']);
    await chooseOptions(user, within(filters).getByLabelText('Target country'), ['Brazil']);
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(app.location()).toBe('/global-balance?from=2026-01-01&to=2026-01-10&businessType=TRANSFER_OUT&targetCountry=BR'),
    );
    await waitFor(() =>
      expect(statementBodies(requests).at(-1)).toEqual({
        businessType: 'TRANSFER_OUT',
        targetCountry: 'BR',
        range: { from: '2026-01-01', to: '2026-01-10' },
        timezoneName: 'America/Sao_Paulo',
        pageSize: 20,
      }),
    );
    await user.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.location()).toBe('/global-balance?from=2026-01-08&to=2026-01-15'));
  });

  it('lists the statement as cards on mobile', async () => {
    installMatchMedia(390);
    signedIn();
    renderApp('/global-balance');
    const reference = await screen.findByText('TO-20260114-0002');
    expect(reference.closest('.ant-table')).toBeNull();
    const card = reference.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Transfer out')).toBeTruthy();
    expect(within(card).getByText('-US$ 10,000.00')).toBeTruthy();
    expect(within(card).getByText('R$ 51,234.00')).toBeTruthy();
    expect(within(card).getByText('2026-01-14 12:30:00')).toBeTruthy();
    expect(screen.getByText('Times in America/Sao_Paulo, UTC-3')).toBeTruthy();
    // The date picker keeps its name without the visible label that would not fit.
    expect(screen.getAllByLabelText('Dates (America/Sao_Paulo)').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    signedIn();
    renderApp('/global-balance');
    await screen.findByText('TO-20260114-0002');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByText('全球账户')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '时间（America/Sao_Paulo, UTC-3）' })).toBeTruthy();
    expect(screen.getAllByText('转出').length).toBeGreaterThan(0);
  });
});
