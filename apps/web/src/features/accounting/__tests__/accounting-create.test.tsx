import {
  approvalFileUpload,
  exchangeAmount,
  exchangeConfig as exchangeConfigCall,
  exchangePage,
  subTransferCalculate,
  subTransferPage,
  topupConfig,
  topupCreate,
  topupFee as topupFeeCall,
  topupPage,
  withdrawalConfig,
  withdrawalFee,
  withdrawalPage,
} from '@andes/contract/accounting/endpoints';
import type { FeeCalculateRequest, SubTransferCalculateRequest, TopupCreateRequest } from '@andes/contract/accounting/schemas';
import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { completedTopup, exchangeAnswer, exchangeConfig, feeConfig, NOW, page, topupFee } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const groupNamed = (name: string) => screen.getByRole('group', { name });
const figure = (group: HTMLElement, label: string) => {
  const cell = within(group).getByText(label).closest('tr');
  if (!cell) throw new Error(`no row ${label}`);
  return cell.textContent ?? '';
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('create dialogs', { timeout: 60_000 }, () => {
  it('a top-up shows where to wire with a copy button, the fee and the balance before and after, and is sent once in cents with its proof', async () => {
    const requests = signedIn(['home', 'accounting:payout-funding', 'accounting:funding-detail', 'accounting:funding:add'], {
      [topupPage.path]: () => envelope(page([])),
      [topupConfig.path]: () => envelope(feeConfig()),
      [topupFeeCall.path]: (request) => envelope(topupFee((request.body as FeeCalculateRequest).amount)),
      [topupCreate.path]: () => envelope({ request: completedTopup(), duplicate: false }),
    });
    const uploads = mockXhr();
    renderApp('/accounting/payout-funding?dialog=create');
    const drawer = await dialogNamed('New top-up');
    const user = userEvent.setup();
    // The provider's receiving account, with its number to copy.
    await within(drawer).findByText('Banco Andes');
    expect(within(drawer).getByRole('textbox', { name: 'Account number' })).toHaveProperty('value', '0001-123456-7');
    expect(within(drawer).getByRole('button', { name: /Copy/ })).toBeTruthy();

    const amount = within(drawer).getByRole('textbox', { name: 'Amount (BRL)' }) as HTMLInputElement;
    await user.type(amount, '1000.129');
    expect(amount.value).toBe('1000.12');
    await waitFor(() => expect(requests.some((r) => r.path === topupFeeCall.path)).toBe(true));
    expect(requests.filter((r) => r.path === topupFeeCall.path).at(-1)?.body).toEqual({ country: 'BR', mode: 'PAY_OUT', amount: 100_012 });
    const figures = await waitFor(() => groupNamed('Fee and balance'));
    expect(figure(figures, 'Top-up fee')).toContain('R$ 5.00');
    expect(figure(figures, 'Credited if verified')).toContain('R$ 995.12');
    expect(figure(figures, 'Available before')).toContain('R$ 10,000.00');
    expect(figure(figures, 'Available after')).toContain('R$ 10,995.12');

    await user.type(within(drawer).getByRole('textbox', { name: 'Remitting bank' }), 'Banco do Brasil');
    // The proof is required.
    await user.click(within(drawer).getByRole('button', { name: 'Request top-up' }));
    expect(await within(drawer).findByText('Please upload the attachment')).toBeTruthy();
    await user.upload(within(drawer).getByTestId('uploader-input'), new File(['12345'], 'wire.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads[0]?.path).toBe(approvalFileUpload.path));
    act(() =>
      uploads[0]?.respondEnvelope({ files: [{ fileId: 'f_proof00000000000000000', name: 'wire.png', size: 5, contentType: 'image/png' }] }),
    );
    await within(drawer).findByText('Uploaded');
    await user.dblClick(within(drawer).getByRole('button', { name: 'Request top-up' }));
    await waitFor(() => expect(requests.filter((r) => r.path === topupCreate.path).length).toBeGreaterThan(0));
    const creations = requests.filter((r) => r.path === topupCreate.path).map((r) => r.body as TopupCreateRequest);
    expect(new Set(creations.map((c) => c.requestId)).size).toBe(1);
    expect(creations[0]).toMatchObject({
      country: 'BR',
      mode: 'PAY_OUT',
      amount: 100_012,
      remittingBank: 'Banco do Brasil',
      proofFileIds: ['f_proof00000000000000000'],
      // 09:00 in São Paulo, now.
      transferTime: '2026-01-15T12:00:00.000Z',
    });
    expect(await screen.findByText(/Top-up TU2601150000011 was requested/)).toBeTruthy();
  });

  it('a withdrawal says when the amount needs a second person and stops on the problem the server reports', async () => {
    signedIn(['home', 'accounting:withdrawal', 'accounting:withdrawal:add'], {
      [withdrawalPage.path]: () => envelope(page([])),
      [withdrawalConfig.path]: () => envelope(feeConfig({ mode: 'PAY_IN', receivingAccount: null, approvalThreshold: 100_000 })),
      [withdrawalFee.path]: (request) => {
        const amount = (request.body as FeeCalculateRequest).amount;
        return envelope({
          ...topupFee(amount),
          lines: [{ item: 'WITHDRAWAL_FEE', amount: 300 }],
          fee: 300,
          total: amount + 300,
          availableAfter: 1_000_000 - amount - 300,
          needsApproval: amount > 100_000,
          problem:
            amount + 300 > 1_000_000
              ? 'The available balance (R$ 10,000.00) does not cover this request with its fee (R$ 20,003.00); nothing was reserved'
              : null,
        });
      },
    });
    renderApp('/accounting/withdraws-application?dialog=create');
    const drawer = await dialogNamed('New withdrawal');
    const user = userEvent.setup();
    expect(await within(drawer).findByText("Withdrawals above R$ 1,000.00 need a second person's approval.")).toBeTruthy();
    const amount = within(drawer).getByRole('textbox', { name: 'Amount (BRL)' });
    await user.type(amount, '2000');
    const figures = await waitFor(() => groupNamed('Fee and balance'));
    await waitFor(() => expect(figure(figures, 'Total reserved')).toContain('R$ 2,003.00'));
    expect(figure(figures, 'Available after')).toContain('R$ 7,997.00');
    expect(within(drawer).getByText(/needs a second person's approval/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20000');
    expect(await within(drawer).findByText(/does not cover this request with its fee \(R\$ 20,003.00\)/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Request withdrawal' })).toHaveProperty('disabled', true);
  });

  it('a sub-merchant transfer shows both balances before and after once the sub-merchant and the amount are chosen', async () => {
    const requests = signedIn(['home', 'setting:sub-merchant', 'setting:sub-merchant:add'], {
      [subTransferPage.path]: () => envelope(page([])),
      [subMerchantList.path]: () =>
        envelope([
          { subMerchantId: 31, subMerchantName: 'Andes Demo Marketplace' },
          { subMerchantId: 32, subMerchantName: 'Andes Demo Travel' },
        ]),
      [subTransferCalculate.path]: (request) => {
        const { amount } = request.body as SubTransferCalculateRequest;
        return envelope({
          currency: 'BRL',
          amount,
          sourceAvailableBefore: 500_000,
          sourceAvailableAfter: 500_000 - amount,
          targetAvailableBefore: 20_000,
          targetAvailableAfter: 20_000 + amount,
          problem:
            amount > 500_000
              ? 'The available balance (R$ 5,000.00) does not cover this request with its fee (R$ 6,000.00); nothing was reserved'
              : null,
        });
      },
    });
    renderApp('/setting/sub-merchant?dialog=create');
    const drawer = await dialogNamed('New transfer');
    const user = userEvent.setup();
    expect(within(drawer).getByText('Choose the sub-merchant and enter the amount to see both balances after.')).toBeTruthy();
    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Sub-merchant' }), ['Andes Demo Travel']);
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount (BRL)' }), '1500');
    const figures = await waitFor(() => groupNamed('Fee and balance'));
    await waitFor(() => expect(figure(figures, 'From: available after')).toContain('R$ 3,500.00'));
    expect(figure(figures, 'From: available before')).toContain('R$ 5,000.00');
    expect(figure(figures, 'To: available before')).toContain('R$ 200.00');
    expect(figure(figures, 'To: available after (once completed)')).toContain('R$ 1,700.00');
    expect(requests.filter((r) => r.path === subTransferCalculate.path).at(-1)?.body).toEqual({
      country: 'BR',
      target: 'SUB',
      subMerchantId: 32,
      accountType: 'PAY_IN',
      amount: 150_000,
    });
    await user.clear(within(drawer).getByRole('textbox', { name: 'Amount (BRL)' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount (BRL)' }), '6000');
    expect(await within(drawer).findByText(/does not cover this request/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Request transfer' })).toHaveProperty('disabled', true);
  });

  it('an exchange shows the other side at the indicative rate with the balances of both accounts', async () => {
    const requests = signedIn(['home', 'accounting:exchange', 'accounting:exchange:add'], {
      [exchangePage.path]: () => envelope(page([])),
      [exchangeConfigCall.path]: () => envelope(exchangeConfig()),
      [exchangeAmount.path]: (request) => envelope(exchangeAnswer((request.body as { amount: number }).amount)),
    });
    renderApp('/accounting/exchange?dialog=create');
    const drawer = await dialogNamed('New exchange');
    const user = userEvent.setup();
    await within(drawer).findByText(/Sell BRL, buy USD/);
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount to sell (BRL)' }), '520');
    const figures = await waitFor(() => groupNamed('Amounts and balances'));
    expect(figure(figures, 'Amount bought')).toContain('US$ 100.00');
    expect(figure(figures, 'Exchange rate')).toContain('5.2 BRL per 1 USD');
    expect(figure(figures, 'Exchange rate')).toContain('Indicative rate');
    expect(figure(figures, 'Sold from: available after')).toContain('R$ 19,480.00');
    expect(requests.filter((r) => r.path === exchangeAmount.path).at(-1)?.body).toEqual({
      country: 'BR',
      mode: 'PAY_IN',
      side: 'SELL',
      amount: 52_000,
    });
  });
});
