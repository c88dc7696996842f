import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { payoutApprove, payoutPage as payoutPageCall, payoutRefuse } from '@andes/contract/payout/endpoints';
import { PAYOUT_MESSAGES, type PayoutDecisionAnswer, type PayoutPageRequest } from '@andes/contract/payout/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed, footerButton } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { basePayout, NOW, payoutPage, tedPayout } from './fixtures.ts';

const CODES = ['home', 'payment:payout', 'payment:payout:approve'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(routes: Routes = {}, codes = CODES) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [payoutPageCall.path]: (request) => {
      const body = request.body as PayoutPageRequest;
      if (body.id === 102) return envelope(payoutPage([], { detail: { ...tedPayout(), history: [] } }));
      if (body.batchId === 12) {
        const pending = { batchId: 12, currency: 'BRL' as const, count: 3, amount: 750_000, fee: 1_500, vat: 300 };
        return envelope(payoutPage([tedPayout()], { batchPending: pending }));
      }
      return envelope(payoutPage([basePayout(), tedPayout()]));
    },
    ...routes,
  });
}

const pageBodies = (requests: RecordedRequest[]) => requests.filter((r) => r.path === payoutPageCall.path).map((r) => r.body);
const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payout approval', () => {
  it('shows the figures of the chosen payouts and approves them, saying in words which were left and why', async () => {
    const answer: PayoutDecisionAnswer = {
      decided: 1,
      amount: 15_000,
      skipped: [
        { id: 102, uniqueId: 'PO2026011500102', reason: 'OWN_PAYOUT' },
        { id: 103, uniqueId: 'PO2026011500103', reason: 'NOT_PENDING' },
        { id: 104, uniqueId: null, reason: 'NOT_FOUND' },
      ],
    };
    const requests = signedIn({ [payoutApprove.path]: () => envelope(answer) });
    renderApp('/payment/payout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose PO2026011500101' }, { timeout: 30_000 }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose PO2026011500102' }));

    const panel = screen.getByRole('region', { name: 'Approval of the chosen payouts' });
    expect(within(panel).getByText('Payouts chosen: 2')).toBeTruthy();
    const brl = within(panel).getByRole('cell', { name: 'BRL' }).closest('tr') as HTMLElement;
    expect([...brl.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'BRL',
      '2',
      'R$ 2,650.00',
      'R$ 6.50',
      'R$ 1.30',
      'R$ 2,657.80',
    ]);
    const figure = (label: string) => within(panel).getByText(label).closest('.ant-descriptions-item')?.textContent;
    expect(figure('Available now (approving keeps it)')).toBe('Available now (approving keeps it)R$ 10,000.00');
    expect(figure('Available if refused')).toBe('Available if refusedR$ 12,657.80');
    expect(figure('Reserved now')).toBe('Reserved nowR$ 2,657.80');

    await user.click(within(panel).getByRole('button', { name: /Approve/ }));
    const dialog = await dialogNamed('Approve 2 payout(s)?');
    expect(within(dialog).getByText('2 payout(s): R$ 2,650.00, R$ 2,657.80 with fees and VAT')).toBeTruthy();
    await user.click(footerButton(dialog, 'Approve'));

    expect(await screen.findByText('Payouts approved: 1 (R$ 150.00)')).toBeTruthy();
    expect(
      screen.getByText('Left as they were, created by you: someone else must approve or refuse them (1): PO2026011500102'),
    ).toBeTruthy();
    expect(screen.getByText('Left as they were, already approved or refused (1): PO2026011500103')).toBeTruthy();
    expect(screen.getByText('Left as they were, not found (1): #104')).toBeTruthy();
    expect(bodiesOf(requests, payoutApprove.path)).toEqual([{ country: 'BR', ids: [101, 102] }]);
    // The choice is cleared and the list reloaded.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Approval of the chosen payouts' })).toBeNull());
    await waitFor(() => expect(pageBodies(requests).length).toBeGreaterThan(1));
    expect((screen.getByRole('checkbox', { name: 'Choose PO2026011500101' }) as HTMLInputElement).checked).toBe(false);
  });

  it('refuses with a reason, and shows the four-eyes refusal itself (the call suppresses the generic error)', async () => {
    let refusals = 0;
    const requests = signedIn({
      [payoutRefuse.path]: () => {
        refusals += 1;
        return refusals === 1
          ? envelope(null, ResultCode.FORBIDDEN, PAYOUT_MESSAGES.ownPayout, { status: 403 })
          : envelope({ decided: 1, amount: 250_000, skipped: [] } satisfies PayoutDecisionAnswer);
      },
    });
    renderApp('/payment/payout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose PO2026011500102' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Approval of the chosen payouts' })).getByRole('button', { name: /Refuse/ }),
    );
    const dialog = await dialogNamed('Refuse 1 payout(s)?');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong beneficiary');
    await user.click(footerButton(dialog, 'Refuse'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PAYOUT_MESSAGES.ownPayout);
    // Said once, in the dialog: no generic message besides.
    expect(screen.getAllByText(PAYOUT_MESSAGES.ownPayout)).toHaveLength(1);
    await user.click(footerButton(dialog, 'Refuse'));
    expect(await screen.findByText('Payouts refused: 1 (R$ 2,500.00)')).toBeTruthy();
    expect(bodiesOf(requests, payoutRefuse.path)).toEqual([
      { country: 'BR', ids: [102], reason: 'Wrong beneficiary' },
      { country: 'BR', ids: [102], reason: 'Wrong beneficiary' },
    ]);
  });

  it('chooses a whole batch from a payout’s detail and decides it by its id', async () => {
    const requests = signedIn({ [payoutApprove.path]: () => envelope({ decided: 3, amount: 750_000, skipped: [] }) });
    const view = renderApp('/payment/payout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PO2026011500102' }));
    const drawer = await dialogNamed('Payout detail');
    expect(await within(drawer).findByText('File january.xlsx')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Choose batch #12 for approval' }));
    await waitFor(() => expect(view.location()).toBe('/payment/payout?batchId=12'));
    const panel = await screen.findByRole('region', { name: 'Approval of the chosen payouts' });
    // The server's sum of the batch's pending payouts, not the rows of the page shown.
    expect(await within(panel).findByText('Batch #12: 3 pending payouts')).toBeTruthy();
    expect(pageBodies(requests)).toContainEqual({ country: 'BR', tab: 'PENDING', batchId: 12, pageSize: 10 });
    expect(await within(panel).findByText('R$ 7,518.00')).toBeTruthy();
    // The whole batch is chosen: no row checkboxes meanwhile.
    expect(screen.queryByRole('checkbox', { name: /^Choose PO/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: /Approve/ }));
    await user.click(footerButton(await dialogNamed('Approve 3 payout(s)?'), 'Approve'));
    expect(await screen.findByText('Payouts approved: 3 (R$ 7,500.00)')).toBeTruthy();
    expect(bodiesOf(requests, payoutApprove.path)).toEqual([{ country: 'BR', batchId: 12 }]);
  });

  it('offers no choosing to users without the approve permission', async () => {
    signedIn({}, ['home', 'payment:payout']);
    renderApp('/payment/payout');
    await screen.findByRole('button', { name: 'PO2026011500101' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
