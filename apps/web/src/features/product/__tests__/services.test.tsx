import { productConfigDetails, settingProductList } from '@andes/contract/product/endpoints';
import type { ProductIdRequest } from '@andes/contract/product/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bodies, card, configs, entries, signedIn, termOf } from './product-fixture.ts';

function services(list = entries) {
  return signedIn(['setting:services'], {
    [settingProductList.path]: () => envelope({ list }),
    [productConfigDetails.path]: (r) => envelope(configs[(r.body as ProductIdRequest).id]),
  });
}

function itemOf(list: HTMLElement, name: string): HTMLElement {
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name));
  if (!item) throw new Error(`no item ${name}`);
  return item;
}

describe('Services', () => {
  it('groups the country’s product types by product, each open or not', async () => {
    const requests = services();
    renderApp('/setting/information-service');
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeTruthy();
    const payin = within(await card('Pay-in')).getByRole('list', { name: 'Pay-in' });
    expect(bodies(requests, settingProductList.path)).toEqual([{ country: 'BR' }]);

    const pix = itemOf(payin, 'PIX');
    expect(within(pix).getByText('Open').getAttribute('data-status-color')).toBe('success');
    expect(within(pix).queryByText('Ask your account manager to open it')).toBeNull();
    const boleto = itemOf(payin, 'Boleto');
    expect(within(boleto).getByText('Not open').getAttribute('data-status-color')).toBe('default');
    expect(within(boleto).getByText('Ask your account manager to open it')).toBeTruthy();

    const payout = within(await card('Payout')).getByRole('list', { name: 'Payout' });
    expect(within(payout).getAllByRole('listitem')).toHaveLength(1);
    expect(within(itemOf(payout, 'TED')).getByText('Open')).toBeTruthy();
    // No marketplace product: no Marketplace card.
    expect(screen.queryByText('Marketplace')).toBeNull();
  });

  it('opens a product’s terms in a drawer named in the URL', async () => {
    const requests = services();
    const app = renderApp('/setting/information-service');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details of PIX' }));
    await waitFor(() => expect(app.location()).toBe('/setting/information-service?dialog=details&id=1'));
    const drawer = await dialogNamed('PIX: terms');
    await within(drawer).findByText('2.49% + R$ 0.35');
    expect(bodies(requests, productConfigDetails.path)).toEqual([{ id: 1 }]);
    expect(termOf(drawer, 'Status')).toBe('Open');
    expect(termOf(drawer, 'Fee')).toBe('2.49% + R$ 0.35');
    expect(termOf(drawer, 'VAT on the fee')).toBe('0%');
    expect(termOf(drawer, 'Settlement')).toBe('D+1 business day(s)');
    expect(termOf(drawer, 'Deposit')).toBe('5% of the net for 90 days');
    expect(termOf(drawer, 'Limits per payment')).toBe('R$ 1.00 – R$ 50,000.00');
  });

  it('shows a payout’s and a closed product’s terms, reopened from the URL', async () => {
    services();
    renderApp('/setting/information-service?dialog=details&id=3');
    const ted = await dialogNamed('TED: terms');
    await within(ted).findByText('0.5% + R$ 2.50');
    expect(termOf(ted, 'VAT on the fee')).toBe('16%');
    expect(termOf(ted, 'Deposit')).toBe('None');
    expect(termOf(ted, 'Limits per payment')).toBe('Up to R$ 100,000.00');
    expect(within(ted).queryByText('Settlement')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(ted).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Details of Boleto' }));
    const boleto = await dialogNamed('Boleto: terms');
    await within(boleto).findByText('1.5%');
    expect(termOf(boleto, 'Status')).toBe('Not open');
    expect(termOf(boleto, 'Settlement')).toBe('D+2 business day(s)');
    expect(termOf(boleto, 'Limits per payment')).toBe('No limit');
    expect(within(boleto).getByText('Ask your account manager to open it')).toBeTruthy();
  });

  it('says so when the country has no product', async () => {
    services([]);
    renderApp('/setting/information-service');
    expect(await screen.findByText('No product in this country yet')).toBeTruthy();
  });
});
