import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { tokenizationStatistics } from '@andes/contract/revenue-assurance/endpoints';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, RANGE, tokenization } from './fixtures.ts';

function signedIn() {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home', 'revenue-assurance:tokenization', 'transactions:payin'])),
    [tokenizationStatistics.path]: () => envelope(tokenization()),
    [transactionPage.path]: () => envelope({ list: [], total: 0, totalCapped: false, nextCursor: null }),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tokenization', { timeout: 120_000 }, () => {
  it('compares card pay-ins with a network token and with the card number, each figure opening its pay-ins', async () => {
    const requests = signedIn();
    const view = renderApp(`/revenue-assurance/tokenization?range=${RANGE.from}~${RANGE.to}&granularity=weekly`);
    const kpis = await screen.findByRole('region', { name: 'Key figures' }, { timeout: 60_000 });
    expect(requests.find((r) => r.path === tokenizationStatistics.path)?.body).toEqual({
      country: 'BR',
      range: RANGE,
      productTypes: [],
      granularity: 'weekly',
    });
    // 18 of 30 card pay-ins with a token; 15 of 16 approved with it, 7 of 10 with the card number.
    expect(kpis.textContent).toContain('Token share60.00%');
    expect(kpis.textContent).toContain('Approval rate with token93.75%');
    expect(kpis.textContent).toContain('Approval rate with PAN70.00%');
    expect(kpis.textContent).toContain('Token uplift+23.75 pp');

    const totals = screen.getByRole('region', { name: 'Token and PAN in these dates' });
    const token = within(totals).getByRole('link', { name: 'View the 18 card pay-ins with a network token of 2026-01-12 – 2026-01-14' });
    expect(token.getAttribute('href')).toBe('/transactions/payin?createdAt=2026-01-12%7E2026-01-14&transactionType=PAY_IN&cardToken=TOKEN');
    const pan = within(totals).getByRole('link', {
      name: 'View the 7 authorised card pay-ins with the card number of 2026-01-12 – 2026-01-14',
    });
    expect(pan.getAttribute('href')).toBe(
      '/transactions/payin?createdAt=2026-01-12%7E2026-01-14&transactionType=PAY_IN&funnelStageMin=2&cardToken=PAN',
    );
    expect(
      within(pan.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Card number (PAN)', '12', 'R$ 1,200.00', '10', '7', '70.00%']);

    const approval = screen.getByRole('region', { name: 'Approval rate with and without a token' });
    expect(
      within(approval).getByRole('img', {
        name: /^Approval rate from 2026-01-12 to 2026-01-14: 93\.75% with a network token, 70\.00% with the card number\./,
      }),
    ).toBeTruthy();
    expect(
      within(approval).getByRole('table', { name: /^Approval rate with a network token and with the card number per period/ }),
    ).toBeTruthy();

    // The authorised PAN pay-ins: the list shows and sends both conditions.
    await userEvent.setup().click(pan);
    await waitFor(() => expect(view.location()).toMatch(/^\/transactions\/payin\?/));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === transactionPage.path).at(-1)?.body).toMatchObject({
        createdAt: { start: '2026-01-12T03:00:00.000Z', end: '2026-01-15T03:00:00.000Z' },
        cardToken: 'PAN',
        funnelStageMin: 2,
      }),
    );
    const chips = await screen.findByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByText('Card credential: Card number (PAN)')).toBeTruthy();
    expect(within(chips).getByText('Funnel stage: Authorised or further')).toBeTruthy();
  });
});
