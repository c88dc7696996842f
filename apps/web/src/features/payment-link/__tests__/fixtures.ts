import type { InstallmentsPlan, PayerLink, PaymentLink, PaymentLinkCountryOptions } from '@andes/contract/payment-link/schemas';

/** 2026-01-15 12:00 UTC (09:00 in São Paulo). */
export const NOW = new Date('2026-01-15T12:00:00Z');

export const TOKEN = 'Abcdefghijklmnopqrstuvwxyz012345';

export function link(overrides: Partial<PaymentLink> = {}): PaymentLink {
  return {
    id: 501,
    linkId: 'PL0000000000000501',
    url: `http://localhost/pay/${TOKEN}`,
    country: 'BR',
    currency: 'BRL',
    productType: 'PIX',
    amount: 15_000,
    description: 'Invoice 2026-001',
    merchantReference: 'INV-001',
    installments: null,
    status: 'ACTIVE',
    expiresAt: '2026-01-18T12:00:00.000Z',
    createdAt: '2026-01-15T11:00:00.000Z',
    createdBy: 'demo.finance',
    paymentId: null,
    paymentTransactionId: null,
    paidAt: null,
    cancelledAt: null,
    appendices: [],
    batch: false,
    ...overrides,
  };
}

export const paidLink = link({
  id: 500,
  linkId: 'PL0000000000000500',
  url: 'http://localhost/pay/Zbcdefghijklmnopqrstuvwxyz012345',
  status: 'PAID',
  paymentId: 'PIX-BR-0077',
  paymentTransactionId: 77,
  paidAt: '2026-01-14T15:00:00.000Z',
  merchantReference: '',
});

export function pageOf(list: PaymentLink[]) {
  return { list, total: list.length, totalCapped: false, nextCursor: null };
}

export const BR_OPTIONS: PaymentLinkCountryOptions = {
  country: 'BR',
  currency: 'BRL',
  options: [
    { productType: 'PIX', label: 'PIX', minAmount: 100, maxAmount: null, installments: false },
    { productType: 'CARD', label: 'Card', minAmount: 500, maxAmount: 5_000_000, installments: true },
  ],
};

export const CL_OPTIONS: PaymentLinkCountryOptions = {
  country: 'CL',
  currency: 'CLP',
  options: [{ productType: 'CL_BANK_TRANSFER', label: 'CL bank transfer', minAmount: 100_000, maxAmount: null, installments: false }],
};

/** The plans of 100.00 BRL by card: 2 and 3 available, 24 too small. */
export function plansOf(total: number): InstallmentsPlan[] {
  return [
    { count: 2, installmentAmount: total / 2, firstAmount: total / 2, total, available: true, minTotal: 1_000 },
    { count: 3, installmentAmount: 3_334, firstAmount: total - 2 * 3_334, total, available: true, minTotal: 1_500 },
    { count: 24, installmentAmount: 417, firstAmount: total - 23 * 417, total, available: false, minTotal: 12_000 },
  ];
}

export function payerLink(overrides: Partial<PayerLink> = {}): PayerLink {
  return {
    merchantName: 'Andes Demo Store',
    country: 'BR',
    currency: 'BRL',
    productType: 'CARD',
    amount: 10_000,
    description: 'Invoice 2026-001',
    installments: null,
    status: 'ACTIVE',
    expiresAt: '2026-01-18T12:00:00.000Z',
    paidAt: null,
    appendices: [],
    payment: null,
    simulated: false,
    ...overrides,
  };
}
