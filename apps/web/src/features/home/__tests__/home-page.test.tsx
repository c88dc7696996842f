import { accountList } from '@andes/contract/account/endpoints';
import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import type { Country } from '@andes/contract/common/countries';
import {
  accountingCalendar,
  amountSummary,
  balanceDetail,
  balanceQuery,
  dayOfHistory,
  pendingBalanceInfo,
  productLineChart,
  productList,
  productPieChart,
  realTimeLineChart,
  transactionLineChart,
  unreadMessageCount,
} from '@andes/contract/home/endpoints';
import type { BalanceDetailRequest, ChartRangeRequest } from '@andes/contract/home/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { brazil, type HomeFixture, mexico, quiet } from './fixtures.ts';

type Fixtures = Partial<Record<Country, HomeFixture>>;

function countryOf(request: RecordedRequest): Country {
  return (request.body as { country: Country }).country;
}

function homeRoutes(fixtures: Fixtures) {
  const of = (request: RecordedRequest): HomeFixture => {
    const fixture = fixtures[countryOf(request)];
    if (!fixture) throw new Error(`no fixture for ${countryOf(request)}`);
    return fixture;
  };
  return {
    [balanceQuery.path]: (r: RecordedRequest) => envelope(of(r).balance),
    [balanceDetail.path]: (r: RecordedRequest) => envelope(of(r).detail[(r.body as BalanceDetailRequest).accountType]),
    [accountList.path]: (r: RecordedRequest) => envelope(of(r).accounts),
    [pendingBalanceInfo.path]: (r: RecordedRequest) => envelope(of(r).pending),
    [productList.path]: (r: RecordedRequest) => envelope(of(r).products),
    [transactionLineChart.path]: (r: RecordedRequest) => {
      const { from, to } = r.body as ChartRangeRequest;
      return envelope(of(r).line(from, to));
    },
    [amountSummary.path]: (r: RecordedRequest) => envelope(of(r).summary),
    [productPieChart.path]: (r: RecordedRequest) => envelope(of(r).pie),
    [productLineChart.path]: (r: RecordedRequest) => {
      const { from, to } = r.body as ChartRangeRequest;
      return envelope(of(r).productLine(from, to));
    },
    [realTimeLineChart.path]: (r: RecordedRequest) => envelope(of(r).realTime),
    [dayOfHistory.path]: (r: RecordedRequest) => envelope(of(r).history),
    [accountingCalendar.path]: (r: RecordedRequest) => envelope(of(r).calendar((r.body as { month: string }).month)),
    [unreadMessageCount.path]: () => envelope({ count: 4 }),
  };
}

function signedIn(codes: string[], fixtures: Fixtures, countries: Country[] = ['BR', 'MX']) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, countries)),
    ...homeRoutes(fixtures),
  });
}

/** The card (or section) whose title is `name`. */
async function card(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-card')].find(
      (c) => c.querySelector(':scope > .ant-card-head .ant-card-head-title')?.textContent === name,
    );
    if (!found) throw new Error(`no card titled ${name}`);
    return found;
  });
}

/** The exact amount a descriptions list shows for `label`. */
function figure(container: HTMLElement, label: string): string | null | undefined {
  const item = [...container.querySelectorAll('.ant-descriptions-item')].find(
    (node) => node.querySelector('.ant-descriptions-item-label')?.textContent === label,
  );
  return item?.querySelector('.ant-descriptions-item-content')?.textContent;
}

const lastBody = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).at(-1)?.body;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 14:05 in São Paulo (UTC-3), 11:05 in Mexico City (UTC-6).
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('home page', () => {
  it('shows the country’s balances in its currency, abbreviated with the exact amount, and when they were read', async () => {
    signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    expect(await screen.findByText('Welcome, Dana Finance')).toBeTruthy();
    expect(screen.getByText('Andes Demo Store (M0001)')).toBeTruthy();
    expect(screen.getByText('Brazil (BR)')).toBeTruthy();
    expect(screen.getByText('BRL')).toBeTruthy();
    expect(screen.getByText('America/Sao_Paulo (UTC-3)')).toBeTruthy();
    const balances = await card('Balances in Brazil');
    expect(await within(balances).findByText('as of 14:05 UTC-3')).toBeTruthy();
    const available = within(balances).getAllByText('Available')[0]?.closest('.ant-card') as HTMLElement;
    expect(within(available).getByText('R$ 1.31M')).toBeTruthy();
    expect(within(available).getByText('R$ 1,311,111.10')).toBeTruthy();
    const onHold = within(balances).getAllByText('On hold')[0]?.closest('.ant-card') as HTMLElement;
    // Below 1,000 units the amount is shown exactly.
    expect(within(onHold).getByText('R$ 400.00')).toBeTruthy();
    const byType = within(balances).getByRole('table');
    const payIn = within(byType).getByRole('button', { name: 'Pay-in account' }).closest('tr') as HTMLElement;
    const cells = within(payIn)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Account type, balance, available, unavailable, pending, on hold, withdrawable, exchangeable, deposit held.
    expect(cells).toEqual([
      'Pay-in account',
      'R$ 1,235,967.89',
      'R$ 1,234,567.89',
      'R$ 1,400.00',
      'R$ 25,000.00',
      'R$ 400.00',
      'R$ 1,234,567.89',
      'R$ 1,234,567.89',
      'R$ 1,000.00',
    ]);
    expect(within(byType).getByRole('button', { name: 'Marketplace account' })).toBeTruthy();
  });

  it('shows pending money, products, the summary and the charts’ figures as text', async () => {
    const requests = signedIn(['home'], { BR: brazil() });
    renderApp('/home');

    const pending = await card('Pending money');
    expect(await within(pending).findByText('Transactions on hold: 3')).toBeTruthy();
    expect(
      within(pending).getByRole('img', { name: /R\$ 25,000\.00 becomes available over 2 dates, the first on 2026-01-16/ }),
    ).toBeTruthy();
    const upcoming = within(pending).getByRole('table', { name: 'Pending money by the date it becomes available' });
    expect(within(upcoming).getByRole('row', { name: '2026-01-16 R$ 15,000.00 12' })).toBeTruthy();

    const products = await card('Products');
    const payin = await within(products).findByRole('region', { name: 'Pay-in' });
    expect(within(payin).getByText('PIX').nextElementSibling?.textContent).toBe('Open');
    expect(within(payin).getByText('Boleto').nextElementSibling?.textContent).toBe('Closed');
    expect(within(payin).queryByText('PicPay')).toBeNull();
    expect(within(within(products).getByRole('region', { name: 'Payout' })).getByText('TED')).toBeTruthy();

    const transactions = await card('Transactions');
    const perDay = await within(transactions).findByRole('table', { name: 'Pay-in per day, 2026-01-08 to 2026-01-15' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(9);
    expect(within(perDay).getByRole('row', { name: '2026-01-08 10 R$ 1,000.00' })).toBeTruthy();
    expect(lastBody(requests, transactionLineChart.path)).toEqual({
      country: 'BR',
      from: '2026-01-08',
      to: '2026-01-15',
      product: 'payin',
    });
    expect(lastBody(requests, amountSummary.path)).toEqual({ country: 'BR', from: '2026-01-08', to: '2026-01-15' });

    const summary = within(transactions).getByRole('region', { name: 'Amount summary, all products' });
    const payinCard = (await within(summary).findAllByText('Pay-in'))[0]?.closest('.ant-card') as HTMLElement;
    expect(within(payinCard).getByText('R$ 876,543.21')).toBeTruthy();
    expect(within(payinCard).getByText('110 of 120 succeeded')).toBeTruthy();
    expect(within(within(summary).getByText('Fees').closest('.ant-card') as HTMLElement).getByText('R$ 4,567.89')).toBeTruthy();

    const pie = within(transactions).getByRole('region', { name: 'By product type' });
    expect(
      await within(pie).findByRole('img', { name: 'Pay-in amount by product type: PIX R$ 800,000.00, Boleto R$ 187,654.32' }),
    ).toBeTruthy();
    const productLines = within(transactions).getByRole('region', { name: 'Product types per day' });
    const lines = await within(productLines).findByRole('table', { name: /Pay-in amount per product type and day/ });
    expect(within(lines).getByRole('row', { name: '2026-01-15 R$ 5,000.00 R$ 700.00' })).toBeTruthy();

    const realTime = await card('Today in real time');
    expect(
      await within(realTime).findByRole('img', {
        name: 'Successful amount today until 14:00: R$ 4,500.00; yesterday until the same hour: R$ 2,000.00, whole day: R$ 2,500.00',
      }),
    ).toBeTruthy();

    const history = await card('Day of history');
    expect(await within(history).findByText('2026-01-14 compared with 2026-01-07, the same weekday a week before')).toBeTruthy();
    const payinRow = within(history).getByText('Pay-in').closest('tr') as HTMLElement;
    expect(within(payinRow).getByText('R$ 11,250.00')).toBeTruthy();
    expect(within(payinRow).getByText('+12.5%')).toBeTruthy();
    expect(within(within(history).getByText('Payout').closest('tr') as HTMLElement).getAllByText('no comparison').length).toBeGreaterThan(
      0,
    );
    expect(lastBody(requests, dayOfHistory.path)).toEqual({ country: 'BR', date: '2026-01-14' });

    const calendar = await screen.findByRole('region', { name: 'Accounting calendar' });
    expect(await within(calendar).findByText('January 2026')).toBeTruthy();
    const days = within(calendar).getByRole('table', { name: 'Settled money released or scheduled per day of January 2026' });
    expect(within(days).getByRole('row', { name: '2026-01-05 R$ 12,345.00 R$ 0.00 4' })).toBeTruthy();
    expect(within(days).getByRole('row', { name: '2026-01-20 R$ 0.00 R$ 20,000.00 6' })).toBeTruthy();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    expect(await within(calendar).findByText('December 2025')).toBeTruthy();
    expect(lastBody(requests, accountingCalendar.path)).toEqual({ country: 'BR', month: '2025-12' });
  });

  it('asks for another product when one is chosen', async () => {
    const requests = signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    const transactions = await card('Transactions');
    await within(transactions).findByRole('table', { name: /Pay-in per day/ });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(transactions).getByRole('radio', { name: 'Payout' }).closest('label') as HTMLElement);
    expect(await within(transactions).findByRole('table', { name: 'Payout per day, 2026-01-08 to 2026-01-15' })).toBeTruthy();
    expect(lastBody(requests, transactionLineChart.path)).toEqual({
      country: 'BR',
      from: '2026-01-08',
      to: '2026-01-15',
      product: 'payout',
    });
    expect(lastBody(requests, productPieChart.path)).toEqual({ country: 'BR', from: '2026-01-08', to: '2026-01-15', product: 'payout' });
  });

  it('refreshes the figures every 30 seconds, so they move as the platform’s events arrive', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
    const br = brazil();
    const requests = signedIn(['home'], { BR: br });
    renderApp('/home');
    const balances = await card('Balances in Brazil');
    await within(balances).findAllByText('Available');
    const available = () => within(balances).getAllByText('Available')[0]?.closest('.ant-card') as HTMLElement;
    expect(within(available()).getByText('R$ 1,311,111.10')).toBeTruthy();
    const before = requests.filter((r) => r.path === balanceQuery.path).length;

    br.balance = { ...br.balance, total: { ...br.balance.total, available: 131_211_110 }, asOf: '2026-01-15T17:05:30.000Z' };
    vi.advanceTimersByTime(30_000);
    expect(await within(available()).findByText('R$ 1,312,111.10')).toBeTruthy();
    expect(requests.filter((r) => r.path === balanceQuery.path).length).toBe(before + 1);
  });

  it('opens an account type per holder in a drawer', async () => {
    signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Pay-in account' }));
    const drawer = await dialogNamed('Pay-in account by holder');
    expect(await within(drawer).findByText('Andes Demo Brasil')).toBeTruthy();
    expect(within(drawer).getByText('Sub-merchant')).toBeTruthy();
    // The merchant's 28-character account number is masked (first 10, ***, last 9).
    expect(within(drawer).getByText('Account number: BR-PAYIN-0***000000011')).toBeTruthy();
    const merchant = within(drawer).getByText('Andes Demo Store').closest('.ant-card') as HTMLElement;
    expect(figure(merchant, 'Available')).toBe('R$ 1,000,000.00');
    expect(figure(merchant, 'Deposit held')).toBe('R$ 1,000.00');
    const sub = within(drawer).getByText('Andes Demo Brasil').closest('.ant-card') as HTMLElement;
    expect(figure(sub, 'Available')).toBe('R$ 234,567.89');
    expect(figure(sub, 'Pending')).toBe('R$ 5,000.00');
    const total = within(drawer).getByText('Total').closest('.ant-card') as HTMLElement;
    expect(figure(total, 'Available')).toBe('R$ 1,234,567.89');
  });

  it('switches country: the figures, the currency and the zone change', async () => {
    const requests = signedIn(['home'], { BR: brazil(), MX: mexico() });
    renderApp('/home');
    await card('Balances in Brazil');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'MX');
    const balances = await card('Balances in Mexico');
    expect(await within(balances).findByText('as of 11:05 UTC-6')).toBeTruthy();
    const available = within(balances).getAllByText('Available')[0]?.closest('.ant-card') as HTMLElement;
    expect(within(available).getByText('MXN$ 555,000.00')).toBeTruthy();
    expect(within(balances).queryByText(/R\$/)).toBeNull();
    expect(await within(await card('Products')).findByText('SPEI')).toBeTruthy();
    expect(lastBody(requests, balanceQuery.path)).toEqual({ country: 'MX' });
    // The date range is recomputed in Mexico City's zone (the same dates here).
    expect(lastBody(requests, transactionLineChart.path)).toEqual({
      country: 'MX',
      from: '2026-01-08',
      to: '2026-01-15',
      product: 'payin',
    });
  });

  it('speaks Chinese after switching language', async () => {
    signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    await card('Balances in Brazil');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const balances = await card('巴西余额');
    expect(within(balances).getByText('截至 14:05 UTC-3')).toBeTruthy();
    expect(within(balances).getAllByText('可用余额').length).toBeGreaterThan(0);
    expect(within(balances).getByRole('button', { name: '收款账户' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: '收款每日交易，2026-01-08 至 2026-01-15' })).toBeTruthy();
    expect(screen.getByText('冻结交易数：3')).toBeTruthy();
  });

  it('shows empty states when the country has no activity', async () => {
    signedIn(['home'], { BR: quiet('BR', 'BRL') });
    renderApp('/home');
    const pending = await card('Pending money');
    expect(await within(pending).findAllByText('No pending money is waiting to become available')).toBeTruthy();
    expect(within(pending).queryByRole('img')).toBeNull();
    expect(await within(await card('Products')).findByText('No product in this country yet')).toBeTruthy();
    const transactions = await card('Transactions');
    expect(await within(transactions).findAllByText('No transactions in these dates')).toHaveLength(3);
    expect(await within(await card('Today in real time')).findByText('No successful transactions today or yesterday')).toBeTruthy();
    expect(await within(await card('Day of history')).findByText('No transactions that day or a week before')).toBeTruthy();
    expect(await screen.findByText('Nothing released or scheduled in January 2026')).toBeTruthy();
    expect(await within(await card('Accounts')).findByText('No account in this country yet')).toBeTruthy();
  });

  it('shows the unread messages only to users who may open the message center', async () => {
    const requests = signedIn(['home', 'message-center'], { BR: brazil() });
    const first = renderApp('/home');
    expect(await screen.findByText('Unread messages: 4')).toBeTruthy();
    first.unmount();
    requests.length = 0;

    signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    await card('Balances in Brazil');
    expect(screen.queryByText(/Unread messages/)).toBeNull();
    expect(requests.some((r) => r.path === unreadMessageCount.path)).toBe(false);
  });

  it('mentions two-factor authentication while it is off, and an account without country', async () => {
    signedIn(['home'], { BR: brazil() });
    const first = renderApp('/home');
    expect(await screen.findByText(/Protect your account with two-factor authentication/)).toBeTruthy();
    first.unmount();
    signedIn(['home'], {}, []);
    renderApp('/home');
    expect(await screen.findByText(/no authorised country yet/)).toBeTruthy();
  });

  it('shows a call’s failure in its card and the other figures still', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope(permissionLoadOf(['home'], ['BR'])),
      ...homeRoutes({ BR: brazil() }),
      [pendingBalanceInfo.path]: () => envelope(null, 500100, 'Pending figures are not available'),
    });
    renderApp('/home');
    const pending = await card('Pending money');
    expect(await within(pending).findByRole('alert')).toBeTruthy();
    expect(within(pending).getByText('Pending figures are not available')).toBeTruthy();
    const balances = await card('Balances in Brazil');
    const available = (await within(balances).findAllByText('Available'))[0]?.closest('.ant-card') as HTMLElement;
    expect(within(available).getByText('R$ 1.31M')).toBeTruthy();
  });

  it('lays out one column on mobile with the drawer as a bottom sheet', async () => {
    installMatchMedia(390);
    signedIn(['home'], { BR: brazil() });
    renderApp('/home');
    const balances = await card('Balances in Brazil');
    const payIn = await within(balances).findByText('Pay-in account', { selector: '.ant-card-head-title' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(payIn.closest('.ant-card') as HTMLElement).getByRole('button', { name: 'By holder' }));
    await dialogNamed('Pay-in account by holder');
    expect(document.querySelector('.ant-drawer-bottom')).not.toBeNull();
    // Sections in one column; the short figure cards two by two.
    expect((await card('Pending money')).closest('.ant-col')?.classList.contains('ant-col-24')).toBe(true);
    expect((await card('Products')).closest('.ant-col')?.classList.contains('ant-col-24')).toBe(true);
    const available = within(balances).getAllByText('Available')[0]?.closest('.ant-col') as HTMLElement;
    expect(available.classList.contains('ant-col-12')).toBe(true);
  });
});
