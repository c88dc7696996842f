import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { payoutPage as payoutPageCall } from '@andes/contract/payout/endpoints';
import type { PayoutPageRequest } from '@andes/contract/payout/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { basePayout, NOW, payoutPage, settledDetail, tedPayout } from './fixtures.ts';

const CODES = ['home', 'payment:payout', 'payment:payout:create', 'payment:payout:approve', 'transactions:detail'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [payoutPageCall.path]: (request) => {
      const body = request.body as PayoutPageRequest;
      if (body.id !== undefined) return envelope(payoutPage([], { detail: body.id === 101 ? settledDetail() : null }));
      if (body.tab === 'APPROVED') return envelope(payoutPage([settledDetail()]));
      return envelope(payoutPage([basePayout(), tedPayout()]));
    },
    ...routes,
  });
}

const listBodies = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === payoutPageCall.path && (r.body as PayoutPageRequest).id === undefined).map((r) => r.body);
const rowOf = (uniqueId: string) => screen.getByRole('button', { name: uniqueId }).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payout list', () => {
  it('shows the pending payouts of the selected country with the spec fields, the balance, and the Approved tab', async () => {
    const requests = signedIn(CODES);
    renderApp('/payment/payout');
    // The first test of the file waits for the lazy page on a cold transform cache.
    expect(await screen.findByRole('button', { name: 'PO2026011500101' }, { timeout: 30_000 })).toBeTruthy();
    expect(listBodies(requests)[0]).toEqual({ country: 'BR', tab: 'PENDING', pageSize: 20 });

    const pix = rowOf('PO2026011500101');
    for (const text of [
      'Ana Lima',
      'CPF 12345678909',
      'ana@example.com',
      'PIX key: E-mail',
      'R$ 150.00',
      'R$ 1.50',
      'Pending',
      'PIX',
      '2026-01-15 08:00:00',
    ]) {
      expect(within(pix).getByText(text), text).toBeTruthy();
    }
    expect(within(pix).getByText('Pending').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('warning');
    const ted = rowOf('PO2026011500102');
    for (const text of ['Bruno Costa', 'CNPJ 55694732000110', '123456-7', 'Checking · Bank 001 · Agency 1234', 'R$ 2,500.00', 'TED']) {
      expect(within(ted).getByText(text), text).toBeTruthy();
    }
    expect(screen.getByRole('columnheader', { name: 'Created (America/Sao_Paulo)' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Approved or refused/ })).toBeNull();
    expect(screen.getByText('R$ 10,000.00')).toBeTruthy();
    expect(screen.getByText('R$ 2,657.80')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Approval' })).getByText('Approved'));
    expect(await screen.findByText('Settled')).toBeTruthy();
    expect(listBodies(requests).at(-1)).toEqual({ country: 'BR', tab: 'APPROVED', pageSize: 20 });
    expect(screen.getByRole('columnheader', { name: 'Approved or refused (America/Sao_Paulo)' })).toBeTruthy();
    expect(within(rowOf('PO2026011500101')).getByText('2026-01-15 08:30:00')).toBeTruthy();
    // No choosing of rows on the Approved tab.
    expect(screen.queryByRole('checkbox', { name: /^Choose/ })).toBeNull();
  }, 45_000);

  it('searches by keyword, status, channel and created dates, kept in the URL', async () => {
    const requests = signedIn(CODES);
    const view = renderApp('/payment/payout?keyword=Ana&status=PENDING&productType=TED&created=2026-01-10~2026-01-15');
    await screen.findByRole('button', { name: 'PO2026011500101' });
    expect(listBodies(requests)[0]).toEqual({
      country: 'BR',
      tab: 'PENDING',
      keyword: 'Ana',
      status: 'PENDING',
      productType: 'TED',
      createdFrom: '2026-01-10T03:00:00.000Z',
      createdTo: '2026-01-16T02:59:59.999Z',
      pageSize: 20,
    });
    const form = screen.getByRole('form', { name: 'Search payouts' });
    expect((within(form).getByRole('textbox', { name: 'Keyword' }) as HTMLInputElement).value).toBe('Ana');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listBodies(requests).at(-1)).toEqual({ country: 'BR', tab: 'PENDING', pageSize: 20 }));
    expect(view.location()).toBe('/payment/payout');
    await user.type(within(form).getByRole('textbox', { name: 'Keyword' }), 'PO2026011500102');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listBodies(requests).at(-1)).toMatchObject({ keyword: 'PO2026011500102' }));
  });

  it('says when no payout waits for approval, and offers creation only to holders of the create permission', async () => {
    signedIn(['home', 'payment:payout'], { [payoutPageCall.path]: () => envelope(payoutPage([])) });
    renderApp('/payment/payout');
    expect(await screen.findByText('No payout waits for approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New payout/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Batch payouts/ })).toBeNull();
  });

  it('opens a payout in a drawer: every field, the beneficiary, the approval, the history and the transaction', async () => {
    const requests = signedIn(CODES);
    const view = renderApp('/payment/payout?tab=APPROVED');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PO2026011500101' }));
    const drawer = await dialogNamed('Payout detail');
    expect(view.location()).toBe('/payment/payout?tab=APPROVED&dialog=detail&id=101');
    await within(drawer).findByText('ref-101');
    expect(requests.find((r) => (r.body as PayoutPageRequest).id === 101)?.body).toEqual({ country: 'BR', id: 101, pageSize: 10 });
    const row = (label: string) => within(drawer).getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;
    expect(within(row('Amount')).getByText('R$ 150.00')).toBeTruthy();
    expect(within(row('Fee')).getByText('R$ 1.50')).toBeTruthy();
    expect(within(row('VAT')).getByText('R$ 0.30')).toBeTruthy();
    expect(within(row('Total reserved')).getByText('R$ 151.80')).toBeTruthy();
    expect(within(row('Payment channel')).getByText('PIX')).toBeTruthy();
    expect(within(row('Created')).getByText('paula.operator, 2026-01-15 08:00:00 (UTC-3)')).toBeTruthy();
    expect(within(row('PIX key')).getByText('ana@example.com')).toBeTruthy();
    expect(within(row('Phone')).getByText('11987654321')).toBeTruthy();
    expect(within(row('Approved or refused by')).getByText('alice.approver')).toBeTruthy();
    expect(within(row('Approved or refused at')).getByText('2026-01-15 08:30:00 (UTC-3)')).toBeTruthy();
    expect(within(row('Approval')).getByText('Approved')).toBeTruthy();
    for (const event of ['Created', 'Approved', 'In progress', 'Settled'])
      expect(within(drawer).getAllByText(event).length).toBeGreaterThan(0);
    const settled = within(drawer).getByText('2026-01-15 08:50:00').closest('span') as HTMLElement;
    expect(settled.textContent).toBe('2026-01-15 08:50:00 · the platform');
    expect(within(drawer).getByText('Transaction: Settled')).toBeTruthy();
    const link = within(drawer).getByRole('link', { name: 'Open transaction PO2026011500101' });
    expect(link.getAttribute('href')).toBe('/transactions/detail/9001');
    // A decided payout offers no batch choice.
    expect(within(drawer).queryByRole('button', { name: /for approval/ })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Show batch #11' }));
    await waitFor(() => expect(view.location()).toBe('/payment/payout?tab=APPROVED&batchId=11'));
    expect(await screen.findByText('Batch #11')).toBeTruthy();
    expect(listBodies(requests).at(-1)).toEqual({ country: 'BR', tab: 'APPROVED', batchId: 11, pageSize: 20 });
  });

  it('shows cards on a phone, with the status and the amount', async () => {
    installMatchMedia(390);
    signedIn(CODES);
    renderApp('/payment/payout');
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'PO2026011500101' })).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('R$ 150.00')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByRole('checkbox', { name: 'Choose PO2026011500101' })).toBeTruthy();
    expect(document.querySelector('.ant-table')).toBeNull();
  });
});
