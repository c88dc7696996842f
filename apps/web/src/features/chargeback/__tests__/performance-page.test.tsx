import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { performanceDaily, performanceRing, performanceWeekly } from '@andes/contract/risk/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { curve, NOW, ring } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home', 'risk:performance'])),
    ...routes,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('risk performance', { timeout: 60_000 }, () => {
  it('shows the outcomes ring with its table, and the chargeback curve with the networks’ thresholds and a spoken summary', async () => {
    const requests = signedIn({
      [performanceRing.path]: () => envelope(ring()),
      [performanceDaily.path]: () => envelope(curve()),
      [performanceWeekly.path]: () => envelope({ ...curve(), points: curve().points.slice(0, 1) }),
    });
    const view = renderApp('/risk/performance?productType=CARD&cardBrand=VISA');
    const ringRegion = await screen.findByRole('region', { name: 'Pay-in outcomes' }, { timeout: 30_000 });
    const week = { from: '2026-01-08', to: '2026-01-15' };
    const expected = { country: 'BR', range: week, productType: 'CARD', cardBrand: 'VISA' };
    await waitFor(() => expect(requests.find((r) => r.path === performanceRing.path)?.body).toEqual(expected));
    expect(requests.find((r) => r.path === performanceDaily.path)?.body).toEqual(expected);
    // The legend table: counts, amounts and shares, with the total.
    await within(ringRegion).findAllByText('Approved');
    const approved = within(ringRegion)
      .getAllByText('Approved')
      .find((el) => el.closest('.ant-table'))
      ?.closest('tr') as HTMLElement;
    expect(approved.textContent).toContain('80');
    expect(approved.textContent).toContain('R$ 8,000.00');
    expect(approved.textContent).toContain('80.00%');
    expect(
      within(ringRegion).getByRole('img', { name: /Ring chart of 100 pay-ins from 2026-01-08 to 2026-01-15: Approved 80 \(80\.00%\)/ }),
    ).toBeTruthy();

    const curveRegion = screen.getByRole('region', { name: 'Chargeback rate' });
    const chart = await within(curveRegion).findByRole('img', { name: /Chargeback rate by count from 2026-01-08 to 2026-01-15/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Chargeback rate by count from 2026-01-08 to 2026-01-15: 1 chargebacks on 90 settled pay-ins, highest rate 2.00%. 1 periods are above the lowest threshold (1.50%).',
    );
    const thresholds = within(curveRegion).getByRole('list', { name: 'Card network thresholds' });
    expect(
      within(thresholds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Visa VAMP excessive: 1.50% of transactions, from 1,500 chargebacks a month',
      'Mastercard ECM: 1.50% of transactions, from 100 chargebacks a month',
      'Mastercard HECM: 3.00% of transactions, from 300 chargebacks a month',
    ]);
    // The data table for screen readers.
    expect(within(curveRegion).getByRole('table', { name: 'Chargebacks per period from 2026-01-08 to 2026-01-15' })).toBeTruthy();

    // Weekly, by amount: kept in the URL; the thresholds (count ratios) are explained, not drawn.
    const user = userEvent.setup();
    await user.click(within(curveRegion).getByText('Weekly'));
    await waitFor(() => expect(requests.some((r) => r.path === performanceWeekly.path)).toBe(true));
    await user.click(within(curveRegion).getByText('By amount'));
    expect(view.location()).toContain('granularity=weekly');
    expect(view.location()).toContain('basis=AMOUNT');
    expect(await within(curveRegion).findByText(/thresholds are ratios by count/)).toBeTruthy();
    expect(within(curveRegion).queryByRole('list', { name: 'Card network thresholds' })).toBeNull();
  });

  it('says so when the period has no pay-ins', async () => {
    signedIn({
      [performanceRing.path]: () => envelope(ring(true)),
      [performanceDaily.path]: () =>
        envelope({
          ...curve(),
          points: curve().points.map((p) => ({
            ...p,
            transactions: 0,
            volume: 0,
            chargebacks: 0,
            chargebackAmount: 0,
            rateByCount: 0,
            rateByAmount: 0,
          })),
        }),
    });
    renderApp('/risk/performance');
    expect(await screen.findByText('No pay-ins in this period', {}, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findByText('No settled pay-ins or chargebacks in this period')).toBeTruthy();
  });
});
