import { topupPage as topupPageCall, withdrawalApprove, withdrawalPage as withdrawalPageCall } from '@andes/contract/accounting/endpoints';
import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, page, topup, withdrawal } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const rowOf = (requestNo: string) => screen.getByRole('link', { name: requestNo }).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request lists', { timeout: 60_000 }, () => {
  it('shows the top-ups of the selected country in the last week, with their fields, status and allowed actions', async () => {
    const requests = signedIn(
      ['home', 'accounting:payout-funding', 'accounting:funding-detail', 'accounting:funding:add', 'accounting:funding:revoke'],
      {
        [topupPageCall.path]: () =>
          envelope(page([topup(), topup({ id: 12, requestNo: 'TU2601150000012', status: 'COMPLETED', finalAmount: 99_500, actions: [] })])),
      },
    );
    renderApp('/accounting/payout-funding');
    expect(await screen.findByRole('link', { name: 'TU2601150000011' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === topupPageCall.path)?.body).toEqual({
      country: 'BR',
      pageSize: 20,
      range: { from: '2026-01-08', to: '2026-01-15' },
    });
    const open = rowOf('TU2601150000011');
    for (const text of ['Payout account', 'Payout', 'R$ 1,000.00', 'Processing', '2026-01-15 08:00:00']) {
      expect(within(open).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(open).getByRole('button', { name: 'Cancel request TU2601150000011' })).toBeTruthy();
    const done = rowOf('TU2601150000012');
    expect(within(done).getByText('Completed')).toBeTruthy();
    expect(within(done).getByText('R$ 995.00')).toBeTruthy();
    // A finished request offers nothing.
    expect(within(done).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('button', { name: /New top-up/ })).toBeTruthy();
    // The request number opens its page.
    expect(screen.getByRole('link', { name: 'TU2601150000011' }).getAttribute('href')).toBe('/accounting/funding-detail/11');
  });

  it('hides Add and the row actions from a user without their permission codes, whatever the row allows', async () => {
    signedIn(['home', 'accounting:payout-funding'], { [topupPageCall.path]: () => envelope(page([topup()])) });
    renderApp('/accounting/payout-funding');
    expect(await screen.findByText('TU2601150000011', {}, { timeout: 30_000 })).toBeTruthy();
    // No detail permission: the number is text, not a link.
    expect(screen.queryByRole('link', { name: 'TU2601150000011' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New top-up/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel request TU2601150000011' })).toBeNull();
  });

  it('offers a withdrawal waiting for a second person to approvers only, and approves it after asking', async () => {
    const requests = signedIn(
      ['home', 'accounting:withdrawal', 'accounting:withdraws-detail', 'accounting:withdrawal:approve', 'accounting:withdrawal:revoke'],
      {
        [withdrawalPageCall.path]: () =>
          envelope(page([withdrawal(), withdrawal({ id: 22, requestNo: 'WD2601150000022', approvalState: 'NONE', actions: ['CANCEL'] })])),
        [withdrawalApprove.path]: () => envelope({ ...withdrawal({ approvalState: 'APPROVED', actions: ['CANCEL'] }), history: [] }),
      },
    );
    renderApp('/accounting/withdraws-application');
    expect(await screen.findByRole('link', { name: 'WD2601150000021' }, { timeout: 30_000 })).toBeTruthy();
    const pending = rowOf('WD2601150000021');
    expect(within(pending).getByText('R$ 503.00')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Refuse WD2601150000021' })).toBeTruthy();
    // The second row's `actions` carry no approval.
    expect(within(rowOf('WD2601150000022')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(rowOf('WD2601150000022')).getByRole('button', { name: 'Cancel request WD2601150000022' })).toBeTruthy();
    // No withdrawal:add: no New button.
    expect(screen.queryByRole('button', { name: /New withdrawal/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(pending).getByRole('button', { name: 'Approve WD2601150000021' }));
    const [question] = await screen.findAllByText('Approve withdrawal WD2601150000021?');
    const dialog = question?.closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(requests.filter((r) => r.path === withdrawalApprove.path).map((r) => r.body)).toEqual([{ id: 21 }]));
    expect(await screen.findByText('WD2601150000021 was approved')).toBeTruthy();
  });

  it('filters the list by status, mode and request number', async () => {
    const requests = signedIn(['home', 'accounting:payout-funding'], { [topupPageCall.path]: () => envelope(page([topup()])) });
    renderApp('/accounting/payout-funding?status=COMPLETED&mode=MARKET_PLACE&keyword=TU26&range=2026-01-01~2026-01-10');
    expect(await screen.findByText('TU2601150000011', {}, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === topupPageCall.path)?.body).toEqual({
      country: 'BR',
      pageSize: 20,
      status: 'COMPLETED',
      mode: 'MARKET_PLACE',
      keyword: 'TU26',
      range: { from: '2026-01-01', to: '2026-01-10' },
    });
  });
});
