import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { installmentsPlanList, paymentLinkGenerate, paymentLinkList, paymentLinkProductList } from '@andes/contract/payment-link/endpoints';
import { type InstallmentsPlanRequest, PAYMENT_LINK_MESSAGES, type PaymentLinkGenerateRequest } from '@andes/contract/payment-link/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BR_OPTIONS, CL_OPTIONS, link, NOW, pageOf, plansOf } from './fixtures.ts';

const CODES = ['home', 'payment:payment-link', 'payment:payment-link:create'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(routes: Routes = {}, country: 'BR' | 'CL' = 'BR') {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES, [country])),
    [paymentLinkList.path]: () => envelope(pageOf([])),
    [paymentLinkProductList.path]: () => envelope({ list: [country === 'BR' ? BR_OPTIONS : CL_OPTIONS] }),
    [installmentsPlanList.path]: (request) => envelope({ list: plansOf((request.body as InstallmentsPlanRequest).amount) }),
    ...routes,
  });
}

async function openForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /Generate link/ }, { timeout: 30_000 }));
  const drawer = await dialogNamed('Generate a payment link');
  await within(drawer).findByRole('textbox', { name: 'Description' });
  return drawer;
}

const field = (drawer: HTMLElement, name: string) => within(drawer).getByRole('textbox', { name }) as HTMLInputElement;
const control = (drawer: HTMLElement, name: string) =>
  within(drawer).queryByRole('textbox', { name }) ?? within(drawer).getByRole('combobox', { name });
const itemOf = (drawer: HTMLElement, label: string) => control(drawer, label).closest('.ant-form-item') as HTMLElement;
const errorOf = (drawer: HTMLElement, label: string) =>
  waitFor(() => {
    const error = itemOf(drawer, label).querySelector('.ant-form-item-explain-error');
    if (!error) throw new Error(`no error under ${label}`);
    return error.textContent;
  });
const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

async function fill(user: UserEvent, drawer: HTMLElement, amount = '150') {
  await user.type(field(drawer, 'Amount (BRL)'), amount);
  await user.type(field(drawer, 'Description'), 'Invoice 2026-001');
  await user.type(field(drawer, 'Merchant reference (optional)'), 'INV-001');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('generate a payment link', () => {
  it('labels each product with its minimum and holds the amount to it, normalising what is typed', async () => {
    const requests = signedIn();
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    expect(bodies(requests, paymentLinkProductList.path)).toEqual([{ country: 'BR' }]);
    expect(within(drawer).getByText('At least 1.00 BRL')).toBeTruthy();
    // The expiry defaults to 3 days.
    expect(within(itemOf(drawer, 'Expires after')).getByText('3 days')).toBeTruthy();

    const amount = field(drawer, 'Amount (BRL)');
    await user.type(amount, '1２。3４5');
    expect(amount.value).toBe('12.34');
    await user.clear(amount);
    await user.type(amount, '0.5');
    await user.tab();
    expect(await errorOf(drawer, 'Amount (BRL)')).toBe('Minimum amount is 1.00 BRL');

    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Product' }), ['Card (minimum R$ 5.00)']);
    // The hint gives the card's limits as soon as it is chosen.
    expect(await within(drawer).findByText('From 5.00 to 50,000.00 BRL')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));
    expect(await errorOf(drawer, 'Description')).toBe('Please enter what the payer pays for');
    expect(await errorOf(drawer, 'Amount (BRL)')).toBe('Amount must be between 5.00 and 50,000.00 BRL');
    expect(bodies(requests, paymentLinkGenerate.path)).toEqual([]);
  });

  it('shows the minimum of a Chilean bank transfer', async () => {
    signedIn({}, 'CL');
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    expect(within(drawer).getByText('CL bank transfer (minimum CLP$ 1,000.00)')).toBeTruthy();
    await user.type(field(drawer, 'Amount (CLP)'), '999.99');
    await user.tab();
    expect(await errorOf(drawer, 'Amount (CLP)')).toBe('Minimum amount is 1,000.00 CLP');
  });

  it('offers installments only for a card, with the plans of the amount', async () => {
    let generated: PaymentLinkGenerateRequest | null = null;
    const requests = signedIn({
      [paymentLinkGenerate.path]: (request) => {
        generated = request.body as PaymentLinkGenerateRequest;
        return envelope(link({ productType: 'CARD', amount: 10_000, installments: 3 }));
      },
    });
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    expect(within(drawer).queryByRole('combobox', { name: 'Installments (optional)' })).toBeNull();
    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Product' }), ['Card (minimum R$ 5.00)']);
    expect(await within(drawer).findByRole('combobox', { name: 'Installments (optional)' })).toBeTruthy();
    expect(within(itemOf(drawer, 'Installments (optional)')).getByText('Pay at once')).toBeTruthy();
    expect(within(drawer).getByText('Enter the amount to see the installment plans.')).toBeTruthy();

    await fill(user, drawer, '100');
    await waitFor(() =>
      expect(bodies(requests, installmentsPlanList.path)).toContainEqual({ country: 'BR', productType: 'CARD', amount: 10_000 }),
    );
    await user.click(within(drawer).getByRole('combobox', { name: 'Installments (optional)' }));
    const listbox = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      if (!open?.textContent?.includes('3 × 33.34 BRL (first 33.32)')) throw new Error('no plans yet');
      return open;
    });
    expect(within(listbox).getByTitle('2 × 50.00 BRL')).toBeTruthy();
    const tooSmall = within(listbox).getByTitle('24 × 4.17 BRL (first 4.09) — needs at least R$ 120.00');
    expect(tooSmall.getAttribute('aria-disabled') ?? tooSmall.className).toMatch(/true|disabled/);
    await user.click(within(listbox).getByTitle('3 × 33.34 BRL (first 33.32)'));
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));
    await waitFor(() => expect(generated).not.toBeNull());
    expect(generated).toMatchObject({ productType: 'CARD', amount: 10_000, installments: 3 });
  });

  it('puts the server’s field errors on their fields', async () => {
    signedIn({
      [paymentLinkGenerate.path]: () =>
        envelope(
          {
            issues: [
              { path: 'merchantReference', message: 'This reference is used by another link' },
              { path: 'productType', message: PAYMENT_LINK_MESSAGES.productNotOffered },
            ],
          },
          ResultCode.VALIDATION_FAILED,
          'merchantReference: used',
          { status: 400 },
        ),
    });
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    await fill(user, drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));
    expect(await errorOf(drawer, 'Merchant reference (optional)')).toBe('This reference is used by another link');
    expect(await errorOf(drawer, 'Product')).toBe('This product does not take payment links in this country');
  });

  it('sends one request id per opening: a retry reuses it, "generate another" makes a new one', async () => {
    const answers = [
      () => envelope(null, ResultCode.INTERNAL_ERROR, 'Something went wrong on our side', { status: 500 }),
      () => envelope(link()),
      () => envelope(link({ id: 502, linkId: 'PL0000000000000502' })),
    ];
    const requests = signedIn({
      [paymentLinkGenerate.path]: () => {
        const next = answers.shift();
        if (!next) throw new Error('generated too often');
        return next();
      },
    });
    renderApp('/payment/payment-link');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    await fill(user, drawer);
    await user.type(field(drawer, "Payer's e-mail (optional)"), 'payer@example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));
    expect(await within(drawer).findByText('Something went wrong on our side')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));

    expect(await within(drawer).findByText('Payment link generated')).toBeTruthy();
    expect((within(drawer).getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe(link().url);
    expect(within(drawer).getByRole('img', { name: 'QR code of the link PL0000000000000501' })).toBeTruthy();
    const [first, retry] = bodies(requests, paymentLinkGenerate.path) as PaymentLinkGenerateRequest[];
    expect(first).toEqual({
      requestId: first?.requestId,
      country: 'BR',
      productType: 'PIX',
      amount: 15_000,
      description: 'Invoice 2026-001',
      merchantReference: 'INV-001',
      expiryHours: 72,
      appendixFileIds: [],
      payerEmail: 'payer@example.com',
    });
    expect(first?.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(retry?.requestId).toBe(first?.requestId);

    await user.click(within(drawer).getByRole('button', { name: 'Generate another' }));
    await fill(user, drawer, '20');
    await user.click(within(drawer).getByRole('button', { name: 'Generate link' }));
    expect(await within(drawer).findByText(/PL0000000000000502/)).toBeTruthy();
    const third = bodies(requests, paymentLinkGenerate.path)[2] as PaymentLinkGenerateRequest;
    expect(third.requestId).not.toBe(first?.requestId);
  });
});
