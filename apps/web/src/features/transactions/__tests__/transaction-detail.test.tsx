import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
import { shopifyQuery } from '@andes/contract/shopify/endpoints';
import { transactionAttachmentDownload, transactionQuery } from '@andes/contract/transaction/endpoints';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { payinDetail } from './fixtures.ts';

function signedIn() {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () =>
      envelope(
        permissionLoadOf(
          ['home', 'transactions:payin', 'transactions:detail', 'transactions:shopify', 'transactions:shopify-detail'],
          ['BR'],
        ),
      ),
    [transactionQuery.path]: () => envelope(payinDetail),
    [transactionAttachmentDownload.path]: () => new Response('\u0089PNG', { headers: { 'content-type': 'image/png' } }),
    [shopifyQuery.path]: () =>
      envelope({
        ...payinDetail,
        id: 40,
        uniqueId: 'PI-SHOP-40',
        storeOrder: { platform: 'SHOPIFY', shopDomain: 'demo.myshopify.com', orderId: '5001', orderName: '#1001' },
      }),
  });
}

const value = (section: HTMLElement, label: string) =>
  (within(section).getByText(label).closest('.ant-descriptions-item') as HTMLElement).querySelector('.ant-descriptions-item-content')
    ?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('transaction detail', () => {
  it('shows every field, the payer, the card, attachments, refunds and the history', async () => {
    const requests = signedIn();
    renderApp('/transactions/detail/11');
    expect(await screen.findByRole('heading', { name: 'Transaction PI20260114000011' })).toBeTruthy();
    expect(requests.find((r: RecordedRequest) => r.path === transactionQuery.path)?.body).toEqual({ id: 11 });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();

    const section = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
    const overview = section('Overview');
    expect(value(overview, 'Merchant reference')).toBe('ORD-1001');
    expect(value(overview, 'Product type')).toBe('PIX');
    expect(within(overview).getByText('Settled').getAttribute('data-status-color')).toBe('success');
    expect(value(overview, 'Transfer status')).toBe('Available');
    expect(value(overview, 'Submit time (America/Sao_Paulo, UTC-3)')).toBe('2026-01-14 12:30:00');
    expect(value(overview, 'Status reason')).toBe('--');

    const amounts = section('Amounts');
    expect(value(amounts, 'Amount')).toBe('R$ 12,345.67');
    expect(value(amounts, 'Fee')).toBe('R$ 123.46');
    expect(value(amounts, 'VAT')).toBe('R$ 12.35');
    expect(value(amounts, 'Net amount')).toBe('R$ 12,209.86');
    expect(value(amounts, 'Exchange rate')).toBe('5.1234');
    expect(value(amounts, 'Refund status')).toBe('Partly refunded');
    expect(value(amounts, 'Refunded amount')).toBe('R$ 1,000.00');

    const payer = section('Payer');
    expect(value(payer, 'PIX key')).toBe('maria@example.com');
    expect(value(payer, 'PIX key type')).toBe('E-mail');
    expect(value(payer, 'Bank')).toBe('Banco do Brasil (001)');
    expect(value(payer, 'Branch')).toBe('1234');
    expect(value(payer, 'E2E id')).toBe('E1234567820260114153000000000011');

    const card = section('Card');
    expect(value(card, 'BIN')).toBe('411111');
    expect(value(card, 'Last 4')).toBe('1111');
    expect(value(card, 'Expiry')).toBe('09/28');
    expect(value(card, '3DS')).toBe('version 2.2.0, ECI 05, authenticated');

    // Attachments: the image as a thumbnail, the PDF as a download (transaction-attachments.test.tsx has the rest).
    expect(within(screen.getByRole('list', { name: 'Images' })).getByText('receipt.PNG')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Files' })).getByRole('button', { name: 'Download invoice.pdf' })).toBeTruthy();

    const refund = (screen.getByRole('link', { name: 'RF20260115000012' }).closest('tr') as HTMLElement).textContent;
    expect(refund).toContain('Refund');
    expect(refund).toContain('Customer request');

    const history = section('History (America/Sao_Paulo, UTC-3)');
    expect(within(history).getByText('2026-01-14 12:30:00')).toBeTruthy();
    expect(within(history).getByText('Created')).toBeTruthy();
    expect(within(history).getByText('Amount: R$ 1,000.00')).toBeTruthy();
    expect(within(history).getByText('Reference: RF20260115000012')).toBeTruthy();
  });

  it('hides the back button in a new tab and shows a store order of its own call', async () => {
    signedIn();
    renderApp('/transactions/shopify-detail/40?hideBack=1');
    expect(await screen.findByRole('heading', { name: 'Transaction PI-SHOP-40' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    const store = screen.getByText('Store order').closest('.ant-card') as HTMLElement;
    expect(within(store).getByText('demo.myshopify.com')).toBeTruthy();
    expect(within(store).getByText('#1001')).toBeTruthy();
  });

  it('shows the link of a payment-link payment: id, description, reference and the installment plan in exact cents', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () =>
        envelope(permissionLoadOf(['home', 'transactions:payment-link', 'transactions:payment-link-detail'], ['BR'])),
      [paymentLinkQuery.path]: () =>
        envelope({
          ...payinDetail,
          id: 77,
          uniqueId: 'PI-LINK-77',
          productType: 'CARD',
          amount: 10_000,
          paymentLinkId: 'PL0000000000000501',
          paymentLink: {
            linkId: 'PL0000000000000501',
            description: 'Invoice 2026-001',
            merchantReference: 'INV-001',
            amount: 10_000,
            installments: { count: 3, installmentAmount: 3_334, firstAmount: 3_332 },
            createdAt: '2026-01-15T11:00:00.000Z',
          },
        }),
    });
    renderApp('/transactions/payment-link-detail/77');
    expect(await screen.findByRole('heading', { name: 'Transaction PI-LINK-77' })).toBeTruthy();
    const link = screen.getByText('Payment link', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    expect(value(link, 'Link id')).toBe('PL0000000000000501');
    expect(value(link, 'Link description')).toBe('Invoice 2026-001');
    expect(value(link, 'Link merchant reference')).toBe('INV-001');
    expect(value(link, 'Link amount')).toBe('R$ 100.00');
    expect(value(link, 'Installment plan')).toBe('3 × 33.34 BRL (first 33.32)');
    expect(value(link, 'Link created (America/Sao_Paulo, UTC-3)')).toBe('2026-01-15 08:00:00');
  });

  it('has no payment-link section for another payment', async () => {
    signedIn();
    renderApp('/transactions/detail/11');
    expect(await screen.findByRole('heading', { name: 'Transaction PI20260114000011' })).toBeTruthy();
    expect(screen.queryByText('Payment link', { selector: '.ant-card-head-title' })).toBeNull();
  });
});
