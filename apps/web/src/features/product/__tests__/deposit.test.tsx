import { depositConfigList } from '@andes/contract/product/endpoints';
import type { DepositConfigList } from '@andes/contract/product/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bodies, card, pixConfig, signedIn } from './product-fixture.ts';

const held: DepositConfigList = {
  list: [pixConfig, { ...pixConfig, id: 4, code: 'PIX_QR', depositBps: 1_050, depositDays: 30 }],
  accounts: [
    {
      accountId: 31,
      accountNo: 'BR-PAYIN-0031',
      accountType: 'PAY_IN',
      holderName: 'Andes Demo Store',
      subMerchant: false,
      depositHeld: 4_873,
    },
    { accountId: 33, accountNo: 'BR-MKT-0033', accountType: 'MARKET_PLACE', holderName: 'Loja Filial', subMerchant: true, depositHeld: 0 },
  ],
  releases: [
    { date: '2026-04-10', amount: 1_500_000 },
    { date: '2026-04-11', amount: 2_373 },
  ],
};

function deposit(answer: DepositConfigList) {
  return signedIn(['setting:deposit'], { [depositConfigList.path]: () => envelope(answer) });
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('Deposit', () => {
  it('shows the deposit terms, what each account holds and the next releases', async () => {
    const requests = deposit(held);
    renderApp('/setting/deposit');
    expect(await screen.findByRole('heading', { name: 'Deposit' })).toBeTruthy();

    const terms = within(await card('Deposit terms')).getByRole('list', { name: 'Deposit terms' });
    expect(bodies(requests, depositConfigList.path)).toEqual([{ country: 'BR' }]);
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['PIX: 5% of the net, held 90 days', 'PIX QR code: 10.5% of the net, held 30 days']);

    const table = within(await card('Held now')).getByRole('table', { name: 'Held now' });
    const payin = rowOf(table, 'BR-PAYIN-0031');
    expect(within(payin).getByText('Andes Demo Store')).toBeTruthy();
    expect(within(payin).getByText('Pay-in account')).toBeTruthy();
    expect(within(payin).getByText('R$ 48.73')).toBeTruthy();
    expect(within(payin).queryByText('Sub-merchant')).toBeNull();
    const market = rowOf(table, 'BR-MKT-0033');
    expect(within(market).getByText('Loja Filial')).toBeTruthy();
    expect(within(market).getByText('Sub-merchant')).toBeTruthy();
    expect(within(market).getByText('R$ 0.00')).toBeTruthy();

    const releases = await card('Next releases');
    expect(within(releases).getByRole('img', { name: 'R$ 15,023.73 to be released over 2 dates, the first on 2026-04-10' })).toBeTruthy();
    const figures = within(releases).getByRole('table', { name: 'Deposit released by date' });
    expect(
      within(figures)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateReleased', '2026-04-10R$ 15,000.00', '2026-04-11R$ 23.73']);
  });

  it('says so when no product holds a deposit and nothing is held', async () => {
    deposit({ list: [], accounts: [], releases: [] });
    renderApp('/setting/deposit');
    const terms = await card('Deposit terms');
    expect(await within(terms).findByText('No product of this country holds a deposit')).toBeTruthy();
    expect(within(await card('Held now')).getByText('This country has no accounts yet.')).toBeTruthy();
    const releases = await card('Next releases');
    expect(within(releases).getByText('Nothing is held: no deposit to release')).toBeTruthy();
    expect(within(releases).queryByRole('img')).toBeNull();
  });

  it('shows the accounts as cards on a phone', async () => {
    installMatchMedia(390);
    deposit(held);
    renderApp('/setting/deposit');
    const cards = within(await card('Held now')).getByRole('list', { name: 'Held now' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('R$ 48.73')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Held now' })).toBeNull();
  });
});
