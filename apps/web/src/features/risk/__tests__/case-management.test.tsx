import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { reviewDecide, reviewPage } from '@andes/contract/risk/endpoints';
import { type ReviewDecideRequest, type ReviewPageRequest, RISK_MESSAGES } from '@andes/contract/risk/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, page, reviewItem } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const rowOf = (uniqueId: string) => {
  const row = screen.getByRole('link', { name: uniqueId }).closest('tr');
  if (!row) throw new Error(`no row ${uniqueId}`);
  return row;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('case management', { timeout: 60_000 }, () => {
  it('lists the waiting pay-ins with what fired, and approves one once with a note', async () => {
    const approved = reviewItem({
      review: {
        status: 'APPROVED',
        by: 'demo.finance',
        at: NOW.toISOString(),
        note: 'Known customer',
        expiresAt: '2026-01-22T11:00:00.000Z',
      },
    });
    const requests = signedIn(['home', 'risk:case-management', 'risk:review:decide', 'transactions:detail'], {
      [reviewPage.path]: (r) => envelope(page((r.body as ReviewPageRequest).status === 'APPROVED' ? [approved] : [reviewItem()])),
      [reviewDecide.path]: () => envelope(approved),
    });
    renderApp('/risk/case-management');
    const user = userEvent.setup();
    const row = await waitFor(() => rowOf('PI20260115000077'));
    expect(within(row).getByRole('link', { name: 'PI20260115000077' }).getAttribute('href')).toBe('/transactions/detail/77');
    expect(row.textContent).toContain('R$ 2,500.00');
    expect(row.textContent).toContain('Maria Souza');
    expect(row.textContent).toContain('411111******1111');
    expect(row.textContent).toContain('72');
    expect(row.textContent).toContain('Fast cards');
    expect(row.textContent).toContain('Order velocity · v2');
    expect(row.textContent).toContain('Measured 6');
    expect(row.textContent).toMatch(/Expires\s*2026-01-22/);
    expect(requests.find((r) => r.path === reviewPage.path)?.body).toMatchObject({ country: 'BR', status: 'PENDING' });

    await user.click(within(row).getByRole('button', { name: 'Approve pay-in PI20260115000077' }));
    const dialog = await dialogNamed('Approve pay-in PI20260115000077?');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '  Known customer ');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Pay-in PI20260115000077 was approved')).toBeTruthy();
    const decisions = requests.filter((r) => r.path === reviewDecide.path).map((r) => r.body as ReviewDecideRequest);
    expect(decisions).toEqual([{ transactionId: 77, decision: 'APPROVE', note: 'Known customer' }]);

    // The approved tab: who decided, when and why; no more actions.
    await user.click(screen.getByText('Approved', { selector: 'span' }));
    await waitFor(() => expect(requests.filter((r) => r.path === reviewPage.path).at(-1)?.body).toMatchObject({ status: 'APPROVED' }));
    const done = await waitFor(() => rowOf('PI20260115000077'));
    await waitFor(() => expect(done.textContent).toContain('Known customer'));
    expect(done.textContent).toContain('demo.finance');
    expect(within(done).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('shows a refusal in the dialog (already decided by someone else) and sends no note when none is typed', async () => {
    const requests = signedIn(['home', 'risk:case-management', 'risk:review:decide'], {
      [reviewPage.path]: () => envelope(page([reviewItem()])),
      [reviewDecide.path]: () => envelope(null, ResultCode.CONFLICT, RISK_MESSAGES.reviewDecided('APPROVED')),
    });
    renderApp('/risk/case-management');
    const user = userEvent.setup();
    await screen.findByText('PI20260115000077');
    // Without the transaction detail permission the id is not a link.
    expect(screen.queryByRole('link', { name: 'PI20260115000077' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject pay-in PI20260115000077' }));
    const dialog = await dialogNamed('Reject pay-in PI20260115000077?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This pay-in was already approved')).toBeTruthy();
    expect(requests.find((r) => r.path === reviewDecide.path)?.body).toEqual({ transactionId: 77, decision: 'REJECT' });
  });

  it('offers no decision without the risk:review:decide button', async () => {
    signedIn(['home', 'risk:case-management'], { [reviewPage.path]: () => envelope(page([reviewItem()])) });
    renderApp('/risk/case-management');
    await screen.findByText('PI20260115000077');
    expect(screen.queryByRole('button', { name: /Approve pay-in|Reject pay-in/ })).toBeNull();
  });
});
