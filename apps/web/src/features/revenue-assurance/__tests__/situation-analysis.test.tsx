import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendWeekly,
  failReasonRanking,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import type { RevenueRequest } from '@andes/contract/revenue-assurance/schemas';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { funnel, funnelFigures, NOW, RANGE, ranking, trend, volume } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];
const CODES = ['home', 'revenue-assurance:situation-analysis', 'transactions:payin'];

function signedIn(routes: Routes = {}, codes = CODES) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [transactionPage.path]: () => envelope({ list: [], total: 0, totalCapped: false, nextCursor: null }),
    ...routes,
  });
}

/** The current range's funnel, and 80 → 75 → 60 → 48 the three days before. */
const funnelRoute = (r: RecordedRequest) =>
  envelope((r.body as RevenueRequest).range.from === RANGE.from ? funnel() : funnel(funnelFigures(80, 75, 60, 48)));

const answers: Routes = {
  [volumeSuccessCurve.path]: () => envelope(volume()),
  [approvalTrendDaily.path]: () => envelope(trend()),
  [approvalTrendWeekly.path]: () => envelope({ ...trend(), granularity: 'weekly' }),
  [approvalFunnel.path]: funnelRoute,
  [failReasonRanking.path]: () => envelope(ranking()),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('situation analysis', { timeout: 120_000 }, () => {
  it('shows the KPIs with their change, the funnel, the fail reasons and the curves’ spoken summaries, each figure linked to its transactions', async () => {
    const requests = signedIn(answers);
    renderApp(`/revenue-assurance/situation-analysis?range=${RANGE.from}~${RANGE.to}`);
    const kpis = await screen.findByRole('region', { name: 'Key figures' }, { timeout: 60_000 });
    // The funnel of the range and of the three days before it, for the change.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === approvalFunnel.path).map((r) => (r.body as RevenueRequest).range)).toEqual(
        expect.arrayContaining([RANGE, { from: '2026-01-09', to: '2026-01-11' }]),
      ),
    );
    expect(requests.find((r) => r.path === volumeSuccessCurve.path)?.body).toEqual({
      country: 'BR',
      range: RANGE,
      transactionType: 'PAY_IN',
      productTypes: [],
      granularity: 'daily',
    });
    expect(requests.find((r) => r.path === failReasonRanking.path)?.body).toMatchObject({ top: 10, range: RANGE });
    // Created 100 against 80, settled 60 against 48.
    expect(await within(kpis).findAllByText('+25.0% vs 2026-01-09 – 2026-01-11')).toHaveLength(2);
    expect(kpis.textContent).toContain('Created pay-ins100');
    expect(kpis.textContent).toContain('Settled pay-ins60');
    expect(kpis.textContent).toContain('Success rate60.00%');
    expect(kpis.textContent).toContain('Approval rate80.00%');
    // Success 60% against 48 ÷ 80 = 60%: no change; approval 80% against 60 ÷ 75 = 80%.
    expect(within(kpis).getAllByText('±0.00 pp vs 2026-01-09 – 2026-01-11')).toHaveLength(2);
    expect(within(kpis).getByRole('link', { name: 'View the 60 pay-ins settled of 2026-01-12 – 2026-01-14' }).getAttribute('href')).toBe(
      '/transactions/payin?createdAt=2026-01-12%7E2026-01-14&transactionType=PAY_IN&funnelStageMin=3',
    );

    // The funnel: each stage with its amount, step rate, share of created and drop-off.
    const funnelRegion = screen.getByRole('region', { name: 'Approval funnel' });
    const settledLink = await within(funnelRegion).findByRole('link', { name: 'View the 60 pay-ins settled of 2026-01-12 – 2026-01-14' });
    expect(cells(settledLink.closest('tr') as HTMLElement)).toEqual(['Settled', '60', 'R$ 6,000.00', '83.33%', '60.00%', '12 not settled']);
    const submitted = within(funnelRegion).getByRole('link', { name: 'View the 90 pay-ins submitted of 2026-01-12 – 2026-01-14' });
    expect(cells(submitted.closest('tr') as HTMLElement)).toEqual(['Submitted', '90', 'R$ 9,000.00', '90.00%', '90.00%', '10 abandoned']);
    expect(submitted.getAttribute('href')).toContain('funnelStageMin=1');
    // Per product type, each count opens that product type's transactions.
    const products = within(funnelRegion).getByRole('region', { name: 'Funnel by product type' });
    const cardAuthorised = within(products).getByRole('link', {
      name: 'View the 17 pay-ins authorised with Card of 2026-01-12 – 2026-01-14',
    });
    expect(cardAuthorised.getAttribute('href')).toBe(
      '/transactions/payin?createdAt=2026-01-12%7E2026-01-14&productTypes=CARD&transactionType=PAY_IN&funnelStageMin=2',
    );
    expect(
      within(funnelRegion).getByRole('img', {
        name: /^Approval funnel from 2026-01-12 to 2026-01-14: 100 pay-ins created, 90 submitted, 72 authorised, 60 settled; conversion 60\.00%\./,
      }),
    ).toBeTruthy();

    // Fail reasons: share, soft/hard, change from the previous range; the one without a reason is named.
    const reasons = screen.getByRole('region', { name: 'Fail reasons' });
    const funds = await within(reasons).findByRole('link', {
      name: 'View the 12 pay-ins failed with “Insufficient funds” of 2026-01-12 – 2026-01-14',
    });
    expect(cells(funds.closest('tr') as HTMLElement)).toEqual(['1', 'Insufficient funds', 'Soft', '12', '60.00%', '+50.0% (was 8)']);
    const none = within(reasons).getByRole('link', { name: /“\(no reason given\)”/ });
    expect(cells(none.closest('tr') as HTMLElement)).toEqual(['2', '(no reason given)', 'Hard', '5', '25.00%', 'New']);
    expect(none.getAttribute('href')).toContain('failReason=%28none%29');
    expect(within(reasons).getByText('20 failures in these dates (12 soft, 8 hard); 12 in 2026-01-09 – 2026-01-11.')).toBeTruthy();

    // The curves: a spoken summary each, the figures as a table.
    const volumeRegion = screen.getByRole('region', { name: 'Volume and success rate' });
    expect(
      (await within(volumeRegion).findByRole('img', { name: /^Volume and success rate from 2026-01-12/ })).getAttribute('aria-label'),
    ).toBe(
      'Volume and success rate from 2026-01-12 to 2026-01-14: 100 pay-ins created, 60 settled, success rate 60.00% (per period from 40.00% to 75.00%). Select a bar or point, or open the data table, to view its transactions.',
    );
    const user = userEvent.setup();
    await user.click(within(volumeRegion).getByRole('button', { name: 'Volume and success rate: figures and their transactions' }));
    const day = await within(volumeRegion).findByRole('link', { name: 'View the 20 pay-ins settled of 2026-01-13' });
    expect(day.getAttribute('href')).toBe('/transactions/payin?createdAt=2026-01-13%7E2026-01-13&transactionType=PAY_IN&funnelStageMin=3');
    const trendRegion = screen.getByRole('region', { name: 'Approval trend (Daily)' });
    expect(
      within(trendRegion).getByRole('img', {
        name: /72 of 90 submitted pay-ins authorised, approval rate 80\.00%; last period 73\.91% \(-6\.73 pp/,
      }),
    ).toBeTruthy();
  });

  it('opens a fail reason as the pay-in list with the same dates and reason, shown as filters and sent to the server', async () => {
    const requests = signedIn(answers);
    const view = renderApp(`/revenue-assurance/situation-analysis?range=${RANGE.from}~${RANGE.to}`);
    const reasons = await screen.findByRole('region', { name: 'Fail reasons' }, { timeout: 60_000 });
    const funds = await within(reasons).findByRole('link', { name: /“Insufficient funds”/ });
    await userEvent.setup().click(funds);
    await waitFor(() => expect(view.location()).toMatch(/^\/transactions\/payin\?/));
    const list = await waitFor(() => {
      const found = requests.filter((r) => r.path === transactionPage.path).at(-1);
      expect(found).toBeTruthy();
      return found?.body;
    });
    expect(list).toMatchObject({
      list: 'payin',
      country: 'BR',
      transactionType: 'PAY_IN',
      createdAt: { start: '2026-01-12T03:00:00.000Z', end: '2026-01-15T03:00:00.000Z' },
      failReason: 'Insufficient funds',
    });
    const bar = await screen.findByRole('list', { name: 'Applied filters' });
    expect(within(bar).getByText('Fail reason: Insufficient funds')).toBeTruthy();
    expect(within(bar).getByText('Submit time: 2026-01-12 – 2026-01-14')).toBeTruthy();
  });

  it('says so when the range has no transactions, and offers no link without the list’s permission', async () => {
    const empty = funnelFigures(0, 0, 0, 0);
    const zero = { count: 0, amount: 0 };
    signedIn(
      {
        ...answers,
        [approvalFunnel.path]: () => envelope({ currency: 'BRL', total: empty, byProductType: [] }),
        [volumeSuccessCurve.path]: () =>
          envelope({
            ...volume(),
            points: volume().points.map((p) => ({
              ...p,
              created: zero,
              submitted: zero,
              authorised: zero,
              settled: zero,
              successRate: null,
              approvalRate: null,
            })),
          }),
        [failReasonRanking.path]: () => envelope({ ...ranking(), total: zero, soft: zero, hard: zero, reasons: [] }),
      },
      ['home', 'revenue-assurance:situation-analysis'],
    );
    renderApp('/revenue-assurance/situation-analysis');
    expect(await screen.findByText('No failed pay-ins in these dates', {}, { timeout: 60_000 })).toBeTruthy();
    expect((await screen.findAllByText('No pay-ins in these dates')).length).toBeGreaterThanOrEqual(2);
    const kpis = screen.getByRole('region', { name: 'Key figures' });
    expect(within(kpis).getAllByText('—')).toHaveLength(2);
    expect(within(kpis).queryByRole('link')).toBeNull();
  });
});
