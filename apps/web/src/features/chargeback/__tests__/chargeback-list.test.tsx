import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { chargebackPage, chargebackSummary } from '@andes/contract/risk/endpoints';
import type { ChargebackPageRequest } from '@andes/contract/risk/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { at, chargeback, NOW, page, summary } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const CODES = [
  'home',
  'risk:chargeback-represent',
  'risk:chargeback-represent-detail',
  'risk:chargeback:defense',
  'risk:chargeback:accept',
];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const ROWS = [
  chargeback({ id: 1, merchantReference: 'order-overdue', daysLeft: -2, bucket: 'OVERDUE', deadline: at(-2) }),
  chargeback({ id: 2, merchantReference: 'order-today', daysLeft: 0, bucket: 'TODAY', deadline: at(0) }),
  chargeback({ id: 3, merchantReference: 'order-three', daysLeft: 3, bucket: 'THIS_WEEK', deadline: at(3) }),
  chargeback({ id: 4, merchantReference: 'order-week', daysLeft: 7, bucket: 'THIS_WEEK', deadline: at(7) }),
  chargeback({ id: 5, merchantReference: 'order-later', daysLeft: 12, bucket: 'LATER', deadline: at(12) }),
  chargeback({
    id: 6,
    merchantReference: 'order-defended',
    daysLeft: null,
    bucket: null,
    status: 'UNDER_DEFENSE',
    defenseDate: at(-1),
    actions: [],
  }),
];

const rowOf = (ref: string) => screen.getByRole('link', { name: `Open chargeback ${ref}` }).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chargeback list', { timeout: 60_000 }, () => {
  it('shows the summary, the deadline board and the chargebacks with their fields and days-left bands', async () => {
    const requests = signedIn(CODES, {
      [chargebackSummary.path]: () => envelope(summary()),
      [chargebackPage.path]: () => envelope(page(ROWS)),
    });
    renderApp('/risk/chargeback-represent');
    expect(await screen.findByRole('link', { name: 'Open chargeback order-overdue' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === chargebackPage.path)?.body).toEqual({ country: 'BR', pageSize: 20 });
    expect(requests.find((r) => r.path === chargebackSummary.path)?.body).toEqual({ country: 'BR' });

    // The summary: per status count and amount, and the win rate.
    const summaryRegion = screen.getByRole('region', { name: 'Summary' });
    expect(within(summaryRegion).getByText('4 chargebacks')).toBeTruthy();
    expect(within(summaryRegion).getByText('Under defence')).toBeTruthy();
    expect(within(summaryRegion).getByText('75.0%')).toBeTruthy();
    // The board.
    const board = screen.getByRole('region', { name: 'Deadline board' });
    const thisWeek = within(board).getByRole('button', { name: /^Due this week/ });
    expect(thisWeek.getAttribute('aria-pressed')).toBe('false');
    expect(thisWeek.textContent).toContain('R$ 700.00');
    expect(thisWeek.textContent).toContain('Deadline within 7 days');

    // Every spec field of a row.
    const open = rowOf('order-three');
    for (const text of ['R$ 250.00', 'Fraud', 'Cardholder does not recognise the payment', '3 days', 'Charged back']) {
      expect(within(open).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(open).getByText('2025-12-31 09:00:00')).toBeTruthy();
    expect(within(open).getByText('2026-01-18 09:00:00')).toBeTruthy();
    // Days left coloured: overdue and today red, ≤3 orange, ≤7 gold, further default; none once answered.
    const band = (ref: string) => rowOf(ref).querySelector('[data-band]')?.getAttribute('data-band') ?? null;
    expect(band('order-overdue')).toBe('red');
    expect(within(rowOf('order-overdue')).getByText('Overdue by 2 d')).toBeTruthy();
    expect(band('order-today')).toBe('red');
    expect(within(rowOf('order-today')).getByText('Today')).toBeTruthy();
    expect(band('order-three')).toBe('orange');
    expect(band('order-week')).toBe('gold');
    expect(band('order-later')).toBe('default');
    expect(band('order-defended')).toBeNull();
    expect(within(rowOf('order-defended')).getByText('2026-01-14 09:00:00')).toBeTruthy();
  });

  it('filters the list by a board bucket, and shows every chargeback again when it is chosen again', async () => {
    const requests = signedIn(CODES, {
      [chargebackSummary.path]: () => envelope(summary()),
      [chargebackPage.path]: (request) => {
        const bucket = (request.body as ChargebackPageRequest).bucket;
        return envelope(page(bucket ? ROWS.filter((r) => r.bucket === bucket) : ROWS));
      },
    });
    const view = renderApp('/risk/chargeback-represent');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Open chargeback order-later' }, { timeout: 30_000 });
    const today = () => screen.getByRole('button', { name: /^Due today/ });
    await user.click(today());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open chargeback order-later' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Open chargeback order-today' })).toBeTruthy();
    expect(requests.filter((r) => r.path === chargebackPage.path).at(-1)?.body).toEqual({ country: 'BR', pageSize: 20, bucket: 'TODAY' });
    expect(view.location()).toContain('bucket=TODAY');
    expect(today().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Showing open chargebacks Due today, nearest deadline first.')).toBeTruthy();

    await user.click(today());
    await screen.findByRole('link', { name: 'Open chargeback order-later' });
    expect(requests.filter((r) => r.path === chargebackPage.path).at(-1)?.body).toEqual({ country: 'BR', pageSize: 20 });
    expect(view.location()).not.toContain('bucket=');
  });

  it('sends the status, reason code and keyword filters', async () => {
    const requests = signedIn(CODES, {
      [chargebackSummary.path]: () => envelope(summary()),
      [chargebackPage.path]: () => envelope(page([])),
    });
    renderApp('/risk/chargeback-represent?status=UNDER_DEFENSE&reasonCode=NOT_RECEIVED&keyword=order-9&range=2026-01-01~2026-01-10');
    expect(await screen.findByText('No chargebacks match these filters', {}, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === chargebackPage.path)?.body).toEqual({
      country: 'BR',
      pageSize: 20,
      status: 'UNDER_DEFENSE',
      reasonCode: 'NOT_RECEIVED',
      keyword: 'order-9',
      range: { from: '2026-01-01', to: '2026-01-10' },
    });
  });
});
