import { ResultCode } from '@andes/contract/common/envelope';
import { payerAppendixDownload, payerLinkPay, payerLinkQuery } from '@andes/contract/payment-link/endpoints';
import { PAYMENT_LINK_PAGE_PATH, type PayerLink } from '@andes/contract/payment-link/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { spyObjectUrls } from '../../../test/object-urls.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { PAYER_PAGE_ROUTE } from '../routes.ts';
import { NOW, payerLink, TOKEN } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

/** No session: only the public calls answer (any other call fails the test). */
function publicCalls(routes: Routes) {
  return mockFetch(routes);
}

const PAGE = `/pay/${TOKEN}`;
const queries = (requests: RecordedRequest[]) => requests.filter((r) => r.path === payerLinkQuery.path);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payer page', () => {
  it('is routed where the contract says links point', () => {
    expect(PAYER_PAGE_ROUTE).toBe(`${PAYMENT_LINK_PAGE_PATH}/:token`);
  });

  it('shows an active link without sign-in: merchant, amount, description, expiry, plan, appendix, QR code and address', async () => {
    const requests = publicCalls({
      [payerLinkQuery.path]: () =>
        envelope(
          payerLink({
            installments: { count: 3, installmentAmount: 3_334, firstAmount: 3_332, total: 10_000, available: true, minTotal: 1_500 },
            appendices: [{ fileId: 'f_quotePDF00000000000001', name: 'quote.pdf' }],
          }),
        ),
      [payerAppendixDownload.path]: () => new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }),
    });
    spyObjectUrls();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(this.download);
    });
    renderApp(PAGE);
    expect(await screen.findByText('Payment to Andes Demo Store', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment to Andes Demo Store' })).toBeTruthy();
    expect(queries(requests).map((r) => r.body)).toEqual([{ token: TOKEN }]);
    expect(queries(requests)[0]?.headers.has('x-token')).toBe(false);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByText('R$ 100.00')).toBeTruthy();
    expect(screen.getByText('Invoice 2026-001')).toBeTruthy();
    expect(screen.getByText('Card')).toBeTruthy();
    expect(screen.getByText('3 × 33.34 BRL (first 33.32)')).toBeTruthy();
    expect(screen.getByText('Expires in 3 days')).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-18T12:00:00.000Z');
    expect(screen.getByRole('img', { name: 'QR code of this page' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Address of this page' }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/pay/${TOKEN}`,
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.queryByText('Pay with the simulator (R$ 100.00)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay R$ 100.00' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Download quote.pdf/ }));
    await waitFor(() => expect(saved).toEqual(['quote.pdf']));
    expect(requests.find((r) => r.path === payerAppendixDownload.path)?.body).toEqual({ token: TOKEN, fileId: 'f_quotePDF00000000000001' });
  });

  it('pays with the simulator: pending, asked again every 2 s, then paid', async () => {
    let polls = 0;
    const requests = publicCalls({
      [payerLinkQuery.path]: () => {
        polls += 1;
        if (polls === 1) return envelope(payerLink({ simulated: true }));
        if (polls === 2) return envelope(payerLink({ simulated: true, payment: 'PENDING' }));
        return envelope(payerLink({ simulated: true, status: 'PAID', paidAt: '2026-01-15T12:00:05.000Z', payment: null }));
      },
      [payerLinkPay.path]: () => envelope(payerLink({ simulated: true, payment: 'PENDING' })),
    });
    renderApp(PAGE);
    const pay = await screen.findByRole('button', { name: 'Pay with the simulator (R$ 100.00)' }, { timeout: 30_000 });
    expect(screen.getByText(/the simulator plays the payment provider's checkout/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(pay);
    expect(await screen.findByText('Payment in progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay with the simulator/ })).toBeNull();
    expect(requests.filter((r) => r.path === payerLinkPay.path).map((r) => r.body)).toEqual([{ token: TOKEN }]);
    expect(await screen.findByText('Paid', {}, { timeout: 8_000 })).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(/^Paid on 2026-01-15 \d\d:00:05/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says when the payment failed and offers the button again', async () => {
    let polls = 0;
    publicCalls({
      [payerLinkQuery.path]: () => {
        polls += 1;
        return envelope(payerLink(polls === 1 ? {} : { payment: 'FAILED' }));
      },
      [payerLinkPay.path]: () => envelope(payerLink({ payment: 'PENDING' })),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay R$ 100.00' }, { timeout: 30_000 }));
    expect(await screen.findByText('The payment failed — try again', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay R$ 100.00' })).toBeTruthy();
  });

  it.each<[PayerLink['status'], string, string]>([
    ['PAID', 'Paid', 'Paid on'],
    ['EXPIRED', 'This link has expired', 'Ask Andes Demo Store for a new link'],
    ['CANCELLED', 'This link was cancelled', 'Andes Demo Store cancelled it'],
  ])('a %s link says so, without a Pay button', async (status, title, text) => {
    publicCalls({
      [payerLinkQuery.path]: () => envelope(payerLink({ status, paidAt: status === 'PAID' ? '2026-01-14T15:00:00.000Z' : null })),
    });
    renderApp(PAGE);
    expect(await screen.findByText(title, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText(new RegExp(text))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByText(/^Expires in/)).toBeNull();
  });

  it('says an unknown link does not exist, and does not ask about a token that cannot be one', async () => {
    const requests = publicCalls({
      [payerLinkQuery.path]: () => envelope(null, ResultCode.NOT_FOUND, 'Payment link not found', { status: 404 }),
    });
    const view = renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not exist' }, { timeout: 30_000 })).toBeTruthy();
    expect(queries(requests)).toHaveLength(1);
    view.unmount();
    renderApp('/pay/not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not exist' })).toBeTruthy();
    expect(queries(requests)).toHaveLength(1);
  });

  it('keeps working when the server limits the rate: the message, then a retry', async () => {
    let calls = 0;
    publicCalls({
      [payerLinkQuery.path]: () => {
        calls += 1;
        return calls === 1
          ? envelope(null, ResultCode.RATE_LIMITED, 'Too many requests, please wait a minute', { status: 429 })
          : envelope(payerLink());
      },
    });
    renderApp(PAGE);
    expect(await screen.findByText('Too many requests, please wait a minute', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'The payment link could not be loaded' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('button', { name: 'Pay R$ 100.00' })).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    publicCalls({ [payerLinkQuery.path]: () => envelope(payerLink()) });
    useAppStore.setState({ language: 'zh-CN' });
    await i18n.changeLanguage('zh-CN');
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: '向 Andes Demo Store 付款' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('3天后过期')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('button', { name: '支付 R$ 100.00' })).toBeTruthy();
  });
});
