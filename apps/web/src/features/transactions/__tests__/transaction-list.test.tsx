import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { transactionAdvancedPage, transactionPage, transactionSubMerchantQuery } from '@andes/contract/transaction/endpoints';
import type { TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { failedPayin, olderPayin, settledPayin } from './fixtures.ts';

const CODES = [
  'home',
  'transactions:payin',
  'transactions:payout',
  'transactions:detail',
  'transactions:deep-query',
  'transactions:holding-page',
];

function signedIn(codes = CODES) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX'])),
    [transactionSubMerchantQuery.path]: () => envelope([]),
    [transactionPage.path]: (r: RecordedRequest) => {
      const request = r.body as TransactionAdvancedPageRequest;
      return envelope(
        request.cursor === 'c2'
          ? { list: [olderPayin], total: 10_000, totalCapped: true, nextCursor: null }
          : { list: [settledPayin, failedPayin], total: 10_000, totalCapped: true, nextCursor: 'c2' },
      );
    },
    [transactionAdvancedPage.path]: () => envelope({ list: [settledPayin], total: 1, totalCapped: false, nextCursor: null }),
  });
}

const bodies = (requests: RecordedRequest[], path = transactionPage.path) => requests.filter((r) => r.path === path).map((r) => r.body);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('transaction lists', () => {
  it('lists pay-ins with amounts, status colours and times in the selected zone, one week back by default', async () => {
    const requests = signedIn();
    renderApp('/transactions/payin');
    const row = (await screen.findByText('PI20260114000011')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Submit time (America/Sao_Paulo, UTC-3)' })).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'PI20260114000011',
      'ORD-1001',
      'Merchant',
      'Pay-in',
      'PIX',
      'R$ 12,345.67',
      'R$ 123.46',
      'Settled',
      'Unhold',
      'Partly refunded',
      '2026-01-14 12:30:00',
      '2026-01-14 12:31:05',
      'Maria Souza',
      '',
    ]);
    expect(within(row).getByText('Settled').getAttribute('data-status-color')).toBe('success');
    const failed = screen.getByText('PI20260113000010').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed').getAttribute('data-status-color')).toBe('error');
    expect(within(failed).getByText('On hold')).toBeTruthy();
    expect(within(failed).getByText('Loja Centro')).toBeTruthy();
    expect(screen.getByText('Total 10,000+')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open transaction PI20260114000011' }).getAttribute('href')).toBe(
      '/transactions/detail/11',
    );
    expect(within(row).getByRole('link', { name: 'Open in new tab PI20260114000011' }).getAttribute('href')).toBe(
      '/transactions/detail/11?hideBack=1',
    );
    expect(bodies(requests)[0]).toEqual({
      list: 'payin',
      country: 'BR',
      pageSize: 20,
      statuses: [],
      productTypes: [],
      createdAt: { start: '2026-01-08T03:00:00.000Z', end: '2026-01-16T03:00:00.000Z' },
    });
  });

  it('puts a filter chip into the URL and into the request, and a reload restores it', async () => {
    const requests = signedIn();
    const app = renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Add filter' }), ['Merchant reference']);
    const editor = screen.getByRole('group', { name: 'Merchant reference' });
    await user.type(within(editor).getByRole('textbox', { name: 'Merchant reference' }), 'ORD-1001{Enter}');
    await waitFor(() => expect(app.location()).toContain('merchantReference=ORD-1001'));
    expect(screen.getByRole('button', { name: 'Edit filter Merchant reference: ORD-1001' })).toBeTruthy();
    await waitFor(() => expect(bodies(requests).at(-1)).toMatchObject({ list: 'payin', country: 'BR', merchantReference: 'ORD-1001' }));

    app.unmount();
    const reloaded = renderApp('/transactions/payin?merchantReference=ORD-1001&statuses=SETTLED,FAILED&amount=10.00~200.50');
    await screen.findByText('PI20260114000011');
    expect(screen.getByRole('button', { name: 'Edit filter Status: Settled, Failed' })).toBeTruthy();
    await waitFor(() =>
      expect(bodies(requests).at(-1)).toMatchObject({
        merchantReference: 'ORD-1001',
        statuses: ['SETTLED', 'FAILED'],
        amountMin: 1000,
        amountMax: 20050,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove filter Status' }));
    await waitFor(() => expect(reloaded.location()).not.toContain('statuses'));
    await waitFor(() => expect(bodies(requests).at(-1)).toMatchObject({ statuses: [] }));
  });

  it('pages by the next cursor', async () => {
    const requests = signedIn();
    const app = renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('PI20260112000009')).toBeTruthy();
    expect(app.location()).toBe('/transactions/payin?page=2&cursor=c2');
    expect(bodies(requests).at(-1)).toMatchObject({ list: 'payin', cursor: 'c2', pageSize: 20 });
  });

  it('lists pay-ins as cards on mobile and loads more on demand', async () => {
    installMatchMedia(390);
    const requests = signedIn();
    renderApp('/transactions/payin');
    const link = await screen.findByRole('link', { name: 'Open transaction PI20260114000011' });
    expect(link.closest('.ant-table')).toBeNull();
    const card = link.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('R$ 12,345.67')).toBeTruthy();
    expect(within(card).getByText('Settled').getAttribute('data-status-color')).toBe('success');
    expect(within(card).getByText('Maria Souza')).toBeTruthy();
    expect(screen.getByText('Times in America/Sao_Paulo, UTC-3')).toBeTruthy();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('PI20260112000009')).toBeTruthy();
    expect(bodies(requests).at(-1)).toMatchObject({ cursor: 'c2' });
    expect(screen.getByText('PI20260114000011')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await dialogNamed('Filters');
    await user.click(within(sheet).getByRole('checkbox', { name: 'Failed' }));
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies(requests).at(-1)).toMatchObject({ statuses: ['FAILED'] }));
  });

  it('asks the holding page for transactions on hold, and the deep query for all time once an identifier is given', async () => {
    const requests = signedIn();
    const app = renderApp('/transactions/holding-page');
    await screen.findByText('PI20260114000011');
    expect(bodies(requests).at(-1)).toMatchObject({ list: 'holding-page', holdStatus: 1 });
    app.unmount();

    renderApp('/transactions/deep-query/payout?uniqueId=PI20260114000011');
    await screen.findByText('PI20260114000011');
    expect(bodies(requests, transactionAdvancedPage.path).at(-1)).toEqual({
      list: 'payout',
      country: 'BR',
      pageSize: 20,
      statuses: [],
      productTypes: [],
      uniqueId: 'PI20260114000011',
      deep: true,
    });
  });

  it('speaks Chinese', async () => {
    signedIn();
    renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('columnheader', { name: '提交时间（America/Sao_Paulo, UTC-3）' })).toBeTruthy();
    expect(screen.getAllByText('已结算').length).toBeGreaterThan(0);
  });
});
