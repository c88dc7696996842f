import { productCalculationRules, settingProductList } from '@andes/contract/product/endpoints';
import { payinSettlement, payoutCharge } from '@andes/contract/product/pricing';
import type { CalculationRules, CalculationRulesRequest } from '@andes/contract/product/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bodies, configs, entries, signedIn } from './product-fixture.ts';

/** The rules as the API answers them: the example computed by the contract's pricing functions. */
function rulesOf(request: CalculationRulesRequest): CalculationRules {
  const config = configs[request.id];
  if (!config) throw new Error(`no product ${request.id}`);
  const amount = request.amount ?? 100_000;
  if (config.product === 'payin') {
    const s = payinSettlement(amount, config);
    const capped = s.fee < config.feeFixed + Math.floor((amount * config.feeBps + 5_000) / 10_000);
    return {
      config,
      steps: ['FEE', ...(capped ? (['FEE_CAP'] as const) : []), 'VAT', 'NET', 'DEPOSIT', 'PENDING', 'AVAILABLE'],
      example: { amount, fee: s.fee, vat: s.vat, net: s.net, deposit: s.deposit, pending: s.pending },
    };
  }
  const { fee, vat } = payoutCharge(amount, config);
  return { config, steps: ['FEE', 'VAT', 'PAYOUT_TOTAL'], example: { amount, fee, vat, net: amount + fee + vat, deposit: 0, pending: 0 } };
}

function productList(
  rules: (r: RecordedRequest) => Response | Promise<Response> = (r) => envelope(rulesOf(r.body as CalculationRulesRequest)),
) {
  return signedIn(['setting:product-list'], {
    [settingProductList.path]: () => envelope({ list: [entries[2], entries[0], entries[1]] }),
    [productCalculationRules.path]: rules,
  });
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const stepsOf = (drawer: HTMLElement, heading: string | RegExp) =>
  within(within(drawer).getByRole('list', { name: heading }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Product list', () => {
  it('lists the country’s product types, pay-ins first, with their product and whether each is open', async () => {
    const requests = productList();
    renderApp('/setting/product-list');
    expect(await screen.findByRole('heading', { name: 'Product List' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('PIX');
    expect(bodies(requests, settingProductList.path)).toEqual([{ country: 'BR' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product group', 'Product type', 'Open', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['PIX', 'Boleto', 'TED']);
    expect(within(rowOf(table, 'Boleto')).getByText('Pay-in')).toBeTruthy();
    expect(within(rowOf(table, 'Boleto')).getByText('Not open').getAttribute('data-status-color')).toBe('default');
    expect(within(rowOf(table, 'TED')).getByText('Payout')).toBeTruthy();
    expect(within(rowOf(table, 'TED')).getByText('Open').getAttribute('data-status-color')).toBe('success');
    expect(within(table).getByRole('button', { name: 'Calculation rules of TED' })).toBeTruthy();
  });

  it('words a pay-in’s rules with the example’s figures', async () => {
    const requests = productList();
    const app = renderApp('/setting/product-list');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Calculation rules of PIX' }));
    await waitFor(() => expect(app.location()).toBe('/setting/product-list?dialog=rules&id=1'));
    const drawer = await dialogNamed('PIX: calculation rules');
    await within(drawer).findByRole('list', { name: 'How a pay-in of R$ 1,000.00 is settled' });
    expect(bodies(requests, productCalculationRules.path)).toEqual([{ id: 1 }]);
    expect(within(drawer).getByText('2.49% + R$ 0.35')).toBeTruthy();
    expect(within(drawer).getByText('5% of the net for 90 days')).toBeTruthy();
    expect(stepsOf(drawer, 'How a pay-in of R$ 1,000.00 is settled')).toEqual([
      'Fee: 2.49% of the amount + R$ 0.35 = R$ 25.25',
      'VAT: 0% of the fee = R$ 0.00',
      'Net to you: amount − fee − VAT = R$ 974.75',
      'Deposit: 5% of the net, held 90 days = R$ 48.73',
      'Pending until D+1: R$ 926.02',
      'Available on the settlement day',
    ]);
  });

  it('words a payout’s rules, and says when the fee is capped at half the amount', async () => {
    productList();
    renderApp('/setting/product-list?dialog=rules&id=3');
    const drawer = await dialogNamed('TED: calculation rules');
    const heading = 'How a payout of R$ 1,000.00 is charged';
    await within(drawer).findByRole('list', { name: heading });
    expect(stepsOf(drawer, heading)).toEqual([
      'Fee: 0.5% of the amount + R$ 2.50 = R$ 7.50',
      'VAT: 16% of the fee = R$ 1.20',
      'Taken from your payout balance: amount + fee + VAT = R$ 1,008.70',
    ]);

    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Calculation rules of PIX' }));
    const pix = await dialogNamed('PIX: calculation rules');
    const amount = within(pix).getByLabelText('Try another amount (BRL)');
    await user.type(amount, '0.6');
    await user.click(within(pix).getByRole('button', { name: 'Calculate' }));
    const small = 'How a pay-in of R$ 0.60 is settled';
    await within(pix).findByRole('list', { name: small });
    expect(stepsOf(pix, small)[0]).toBe('Fee: 2.49% of the amount + R$ 0.35 = R$ 0.30 (at most half the amount)');
  });

  it('sends the merchant’s amount as exact cents, keeping the previous figures while it loads', async () => {
    let release: () => void = () => {};
    const requests = productList(async (r) => {
      const request = r.body as CalculationRulesRequest;
      if (request.amount !== undefined) await new Promise<void>((resolve) => (release = resolve));
      return envelope(rulesOf(request));
    });
    renderApp('/setting/product-list?dialog=rules&id=1');
    const drawer = await dialogNamed('PIX: calculation rules');
    await within(drawer).findByRole('list', { name: 'How a pay-in of R$ 1,000.00 is settled' });
    const user = userEvent.setup();
    const amount = within(drawer).getByLabelText('Try another amount (BRL)') as HTMLInputElement;

    await user.click(within(drawer).getByRole('button', { name: 'Calculate' }));
    expect(await within(drawer).findByText('Enter an amount above zero, with at most two decimals')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    await user.type(amount, '1,234.567');
    expect(amount.value).toBe('1234.56');
    await user.click(within(drawer).getByRole('button', { name: 'Calculate' }));
    await waitFor(() => expect(bodies(requests, productCalculationRules.path)).toEqual([{ id: 1 }, { id: 1, amount: 123_456 }]));
    expect(amount.getAttribute('aria-invalid')).toBe('false');
    // Still the previous example while the new one loads.
    expect(within(drawer).getByRole('list', { name: 'How a pay-in of R$ 1,000.00 is settled' })).toBeTruthy();
    release();
    const heading = 'How a pay-in of R$ 1,234.56 is settled';
    await within(drawer).findByRole('list', { name: heading });
    expect(stepsOf(drawer, heading)).toEqual([
      'Fee: 2.49% of the amount + R$ 0.35 = R$ 31.09',
      'VAT: 0% of the fee = R$ 0.00',
      'Net to you: amount − fee − VAT = R$ 1,203.47',
      'Deposit: 5% of the net, held 90 days = R$ 60.17',
      'Pending until D+1: R$ 1,143.30',
      'Available on the settlement day',
    ]);
  });

  it('shows the rows as cards on a phone', async () => {
    installMatchMedia(390);
    productList();
    renderApp('/setting/product-list');
    const cards = await screen.findByRole('list', { name: 'Products' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByRole('button', { name: 'Calculation rules of Boleto' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();
  });
});
