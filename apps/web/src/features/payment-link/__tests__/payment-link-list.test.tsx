import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { paymentLinkCancel, paymentLinkList } from '@andes/contract/payment-link/endpoints';
import type { PaymentLinkListRequest } from '@andes/contract/payment-link/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { link, NOW, pageOf, paidLink } from './fixtures.ts';

const ALL = [
  'home',
  'payment:payment-link',
  'payment:payment-link:create',
  'payment:payment-link:cancel',
  'transactions:payment-link-detail',
];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[] = ALL, routes: Routes = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR'])),
    [paymentLinkList.path]: (request) => {
      const body = request.body as PaymentLinkListRequest;
      if (body.status === 'PAID') return envelope(pageOf([paidLink]));
      return envelope(pageOf([link(), paidLink]));
    },
    ...routes,
  });
}

const listBodies = (requests: RecordedRequest[]) => requests.filter((r) => r.path === paymentLinkList.path).map((r) => r.body);
const rowOf = (linkId: string) => screen.getByText(linkId).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment link list', () => {
  it('lists the links of the country with their fields, and links a paid one to its payment', async () => {
    const requests = signedIn();
    renderApp('/payment/payment-link');
    expect(await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(listBodies(requests)[0]).toEqual({ country: 'BR', pageSize: 20 });
    const active = rowOf('PL0000000000000501');
    for (const text of ['2026-01-15 08:00:00', 'PIX', 'R$ 150.00', 'Invoice 2026-001', 'INV-001', '2026-01-18 09:00:00']) {
      expect(within(active).getByText(text)).toBeTruthy();
    }
    expect(within(active).getByText('Active').getAttribute('data-status-color')).toBe('processing');
    const paid = rowOf('PL0000000000000500');
    expect(within(paid).getByText('Paid').getAttribute('data-status-color')).toBe('success');
    expect(within(paid).getByRole('link', { name: 'PIX-BR-0077' }).getAttribute('href')).toBe('/transactions/payment-link-detail/77');
    // Only an active link can be cancelled.
    expect(within(active).getByRole('button', { name: 'Cancel link PL0000000000000501' })).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: /^Cancel link/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Generate link/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Batch generate/ })).toBeTruthy();
  });

  it('filters by status through the URL', async () => {
    const requests = signedIn();
    const view = renderApp('/payment/payment-link');
    const user = userEvent.setup();
    await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 });
    const bar = screen.getByRole('form', { name: 'Search payment links' });
    await chooseOptions(user, within(bar).getByRole('combobox', { name: 'Status' }), ['Paid']);
    await user.click(within(bar).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(view.location()).toBe('/payment/payment-link?status=PAID'));
    await waitFor(() => expect(screen.queryByText('PL0000000000000501')).toBeNull());
    expect(listBodies(requests).at(-1)).toEqual({ country: 'BR', status: 'PAID', pageSize: 20 });
  });

  it('cancels an active link after asking', async () => {
    const cancelled = { ...link(), status: 'CANCELLED' as const, cancelledAt: NOW.toISOString() };
    const requests = signedIn(ALL, { [paymentLinkCancel.path]: () => envelope(cancelled) });
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Cancel link PL0000000000000501' }));
    const question = await dialogNamed('Cancel the link PL0000000000000501?');
    expect(within(question).getByText(/can no longer be paid/)).toBeTruthy();
    expect(requests.some((r) => r.path === paymentLinkCancel.path)).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Cancel link' }));
    await waitFor(() => expect(requests.filter((r) => r.path === paymentLinkCancel.path).map((r) => r.body)).toEqual([{ id: 501 }]));
    // The list reloads.
    await waitFor(() => expect(listBodies(requests).length).toBeGreaterThan(1));
  });

  it('hides generation and cancel without their buttons', async () => {
    signedIn(['home', 'payment:payment-link']);
    renderApp('/payment/payment-link');
    await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: /Generate link/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Batch generate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel link/ })).toBeNull();
    // Without the payment detail, the payment id is text.
    expect(within(rowOf('PL0000000000000500')).queryByRole('link', { name: 'PIX-BR-0077' })).toBeNull();
    expect(within(rowOf('PL0000000000000500')).getByText('PIX-BR-0077')).toBeTruthy();
  });

  it('copies a link, and shows its QR code with the address', async () => {
    signedIn();
    renderApp('/payment/payment-link');
    // user-event installs its own clipboard: set it up before spying on it
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Copy link PL0000000000000501' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link().url));
    expect(await screen.findByText('The link PL0000000000000501 was copied')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'QR code of PL0000000000000501' }));
    const modal = await dialogNamed('Link PL0000000000000501');
    const qr = within(modal).getByRole('img', { name: 'QR code of the link PL0000000000000501' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect((within(modal).getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe(link().url);
    expect(within(modal).getByRole('button', { name: /Download PNG/ })).toBeTruthy();
  });

  it('shows cards on a phone', async () => {
    installMatchMedia(390);
    signedIn();
    renderApp('/payment/payment-link');
    const card = (await screen.findByText('PL0000000000000501', undefined, { timeout: 30_000 })).closest('.ant-card') as HTMLElement;
    expect(card).toBeTruthy();
    expect(within(card).getByText('R$ 150.00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy link PL0000000000000501' })).toBeTruthy();
    expect(document.querySelector('.ant-table')).toBeNull();
  });
});
