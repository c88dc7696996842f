import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import type { ProductEntry } from '@andes/contract/home/schemas';
import type { ProductConfig } from '@andes/contract/product/schemas';
import { waitFor } from '@testing-library/react';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';

/** The BR product types the list answers: PIX (open), Boleto (not open), TED payouts (open). */
export const entries: ProductEntry[] = [
  { id: 1, code: 'PIX', product: 'payin', show: true, open: true },
  { id: 2, code: 'BOLETO', product: 'payin', show: false, open: false },
  { id: 3, code: 'TED', product: 'payout', show: true, open: true },
];

/** PIX: 2.49% + R$ 0.35, no VAT, D+1, 5% deposit for 90 days, R$ 1.00 – R$ 50,000.00 a payment. */
export const pixConfig: ProductConfig = {
  id: 1,
  country: 'BR',
  currency: 'BRL',
  product: 'payin',
  code: 'PIX',
  open: true,
  feeBps: 249,
  feeFixed: 35,
  vatBps: 0,
  settlementDays: 1,
  depositBps: 500,
  depositDays: 90,
  minAmount: 100,
  maxAmount: 5_000_000,
};

/** Boleto: not open, 1.5%, no deposit, no limit. */
export const boletoConfig: ProductConfig = {
  ...pixConfig,
  id: 2,
  code: 'BOLETO',
  open: false,
  feeBps: 150,
  feeFixed: 0,
  settlementDays: 2,
  depositBps: 0,
  depositDays: 0,
  minAmount: null,
  maxAmount: null,
};

/** TED payouts: R$ 2.50 + 0.5%, 16% VAT on the fee, at most R$ 100,000.00. */
export const tedConfig: ProductConfig = {
  ...pixConfig,
  id: 3,
  product: 'payout',
  code: 'TED',
  feeBps: 50,
  feeFixed: 250,
  vatBps: 1_600,
  settlementDays: 0,
  depositBps: 0,
  depositDays: 0,
  minAmount: null,
  maxAmount: 10_000_000,
};

export const configs: Record<number, ProductConfig> = { 1: pixConfig, 2: boletoConfig, 3: tedConfig };

/** Signs in with `codes` in BR and MX and answers the app's boot calls plus `routes`. */
export function signedIn(codes: string[], routes: Record<string, (r: RecordedRequest) => Response | Promise<Response>>) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX'])),
    ...routes,
  });
}

export const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

/** The card titled `name`. */
export function card(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-card')].find(
      (c) => c.querySelector(':scope > .ant-card-head .ant-card-head-title')?.textContent === name,
    );
    if (!found) throw new Error(`no card titled ${name}`);
    return found;
  });
}

/** The value of the row labelled `label` in antd Descriptions inside `root`. */
export function termOf(root: HTMLElement, label: string): string {
  const cell = [...root.querySelectorAll<HTMLElement>('.ant-descriptions-item-label')].find((l) => l.textContent === label);
  if (!cell) throw new Error(`no term ${label}`);
  return cell.nextElementSibling?.textContent ?? '';
}
