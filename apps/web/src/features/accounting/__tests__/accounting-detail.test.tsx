import { approvalFileDownload, contractConfirm, exchangeQuery, topupQuery } from '@andes/contract/accounting/endpoints';
import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { countdownOf } from '../accounting-form.ts';
import { accountingMessageOf } from '../accounting-messages.ts';
import { completedTopup, NOW, quotedExchange } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const EXCHANGE_CODES = [
  'home',
  'accounting:exchange',
  'accounting:exchange-detail',
  'accounting:exchange:add',
  'accounting:exchange:revoke',
];

afterEach(() => {
  vi.useRealTimers();
});

describe('countdown', () => {
  it('ticks mm:ss and tells screen readers only in steps', () => {
    const expires = new Date(NOW.getTime() + 125_000).toISOString();
    expect(countdownOf(expires, NOW)).toEqual({ seconds: 125, expired: false, clock: '02:05', announced: 150 });
    expect(countdownOf(expires, NOW.getTime() + 1_000).announced).toBe(150);
    expect(countdownOf(expires, NOW.getTime() + 35_000).announced).toBe(90);
    expect(countdownOf(expires, NOW.getTime() + 70_000)).toMatchObject({ clock: '00:55', announced: 60 });
    expect(countdownOf(expires, NOW.getTime() + 124_500)).toMatchObject({ seconds: 1, announced: 10 });
    expect(countdownOf(expires, NOW.getTime() + 200_000)).toEqual({ seconds: 0, expired: true, clock: '00:00', announced: 0 });
  });

  it('reads the contract’s messages with their figures back into keys', () => {
    expect(accountingMessageOf('This request is COMPLETED: it can no longer be changed that way')).toEqual({
      key: 'notAllowed',
      args: ['COMPLETED'],
    });
    expect(accountingMessageOf('Refused by Ana Admin')).toEqual({ key: 'refusedBy', args: ['Ana Admin'] });
    expect(accountingMessageOf('Refused by Ana Admin: too much')).toEqual({ key: 'refusedBy', args: ['Ana Admin', 'too much'] });
    expect(accountingMessageOf('The quoted rate has expired; a new rate has been requested')).toEqual({ key: 'quoteExpired', args: [] });
    expect(accountingMessageOf('Something else')).toBeNull();
  });
});

describe('request detail', { timeout: 60_000 }, () => {
  it('shows every field of a completed top-up and its history, without actions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const requests = signedIn(['home', 'accounting:payout-funding', 'accounting:funding-detail', 'accounting:funding:revoke'], {
      [topupQuery.path]: () => envelope(completedTopup()),
      [approvalFileDownload.path]: () => new Response('\u0089PNG', { headers: { 'content-type': 'image/png' } }),
    });
    renderApp('/accounting/funding-detail/11');
    expect(await screen.findByRole('heading', { name: 'Top-up TU2601150000011' }, { timeout: 30_000 })).toBeTruthy();
    const main = screen.getByRole('main');
    for (const text of ['R$ 1,000.00', 'R$ 990.00', 'R$ 5.00', 'Banco do Brasil', 'wire.png', 'Verified', 'Requested']) {
      expect(within(main).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(main).getAllByText('R$ 985.00').length).toBeGreaterThan(0);
    expect(within(main).getByText('Final amount credited')).toBeTruthy();
    expect(within(main).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    // The proof is previewed from the bytes the authenticated download call answered.
    const thumbnail = await within(main).findByRole('button', { name: 'Preview wire.png' });
    await waitFor(() => expect(within(thumbnail).getByRole('img', { name: 'wire.png' }).getAttribute('src')).toMatch(/^blob:/));
    expect(requests.filter((r) => r.path === approvalFileDownload.path).map((r) => r.body)).toEqual([
      { id: 11, fileId: 'f_wire000000000000000000' },
    ]);
  });

  it('counts down to the quote’s expiry, confirms the rate seen, and disables the button once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const requests = signedIn(EXCHANGE_CODES, {
      [exchangeQuery.path]: () => envelope(quotedExchange(65_000)),
      [endpointUrl(contractConfirm, { id: 31 })]: () => envelope(quotedExchange(65_000, { status: 'PROCESSING', actions: [] })),
    });
    renderApp('/accounting/exchange-detail/31');
    expect(await screen.findByRole('heading', { name: 'Exchange EX2601150000031' }, { timeout: 30_000 })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Quoted rate' });
    expect(within(panel).getByText('5.1234 BRL per 1 USD')).toBeTruthy();
    expect(within(panel).getByText('US$ 100.00')).toBeTruthy();
    expect(within(panel).getByText('R$ 512.34')).toBeTruthy();
    expect(screen.getByTestId('quote-countdown').textContent).toBe('01:05');
    const spoken = screen.getByTestId('quote-countdown-spoken');
    expect(spoken.getAttribute('aria-live')).toBe('polite');
    expect(spoken.textContent).toBe('1 min 30 s left to confirm');

    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('quote-countdown').textContent).toBe('01:02');
    // The spoken text has not changed: not every second.
    expect(spoken.textContent).toBe('1 min 30 s left to confirm');
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByTestId('quote-countdown').textContent).toBe('00:56');
    expect(spoken.textContent).toBe('1 min 0 s left to confirm');

    const confirm = within(panel).getByRole('button', { name: 'Confirm contract at 5.1234' });
    act(() => confirm.click());
    await waitFor(() =>
      expect(requests.filter((r) => r.path === endpointUrl(contractConfirm, { id: 31 })).map((r) => r.body)).toEqual([{ rate: '5.1234' }]),
    );
  });

  it('says a new rate is being requested once the quote has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    signedIn(EXCHANGE_CODES, { [exchangeQuery.path]: () => envelope(quotedExchange(2_000)) });
    renderApp('/accounting/exchange-detail/31');
    const panel = await screen.findByRole('region', { name: 'Quoted rate' }, { timeout: 30_000 });
    const confirm = within(panel).getByRole('button', { name: 'Confirm contract at 5.1234' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('quote-countdown').textContent).toBe('00:00');
    expect(confirm.disabled).toBe(true);
    expect(within(panel).getByText(/a new rate is being requested/)).toBeTruthy();
    expect(screen.getByTestId('quote-countdown-spoken').textContent).toBe('The quote has expired');
  });

  it('hides the confirm and cancel buttons from a user without the exchange add and revoke codes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signedIn(['home', 'accounting:exchange', 'accounting:exchange-detail'], {
      [exchangeQuery.path]: () => envelope(quotedExchange(600_000)),
    });
    renderApp('/accounting/exchange-detail/31');
    const panel = await screen.findByRole('region', { name: 'Quoted rate' }, { timeout: 30_000 });
    expect(within(panel).queryByRole('button', { name: /Confirm contract/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });
});
