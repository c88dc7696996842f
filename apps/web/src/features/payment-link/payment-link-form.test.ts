import { PAYMENT_LINK_MESSAGES } from '@andes/contract/payment-link/schemas';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import {
  amountProblem,
  generateRequest,
  keptInstallments,
  limitsOf,
  PAY_AT_ONCE,
  qrFileName,
  validAmountCents,
} from './payment-link-form.ts';

const pix = { productType: 'PIX' as const, label: 'PIX', minAmount: 100, maxAmount: null, installments: false };
const card = { productType: 'CARD' as const, label: 'Card', minAmount: 500, maxAmount: 5_000_000, installments: true };

describe('amount of a product option', () => {
  it('is required, a valid amount, and within the option’s range', () => {
    const limits = limitsOf('BRL', card);
    expect(limits).toEqual({ currency: 'BRL', minCents: 500, maxCents: 5_000_000 });
    expect(limitsOf('BRL', pix)).toEqual({ currency: 'BRL', minCents: 100 });
    expect(amountProblem(limits, undefined)).toBe('required');
    expect(amountProblem(limits, ' ')).toBe('required');
    expect(amountProblem(limits, '0')).toBe('invalid');
    expect(amountProblem(limits, '4.99')).toBe('range');
    expect(amountProblem(limits, '50000.01')).toBe('range');
    expect(amountProblem(limits, '5')).toBeNull();
    expect(validAmountCents(limits, '100.5')).toBe(10_050);
    expect(validAmountCents(limits, '1')).toBeNull();
  });
});

describe('generateRequest', () => {
  const values = { amount: '100', description: ' Invoice ', merchantReference: ' INV-1 ', expiryHours: 24, payerEmail: '' };

  it('sends cents, trimmed texts and the appendix ids; installments only for a card that offers them', () => {
    expect(
      generateRequest(
        'BR',
        pix,
        { ...values, installments: 3, appendixFileIds: [{ fileId: 'f_a', name: 'a.pdf', size: 1, contentType: 'application/pdf' }] },
        'req-12345678',
      ),
    ).toEqual({
      requestId: 'req-12345678',
      country: 'BR',
      productType: 'PIX',
      amount: 10_000,
      description: 'Invoice',
      merchantReference: 'INV-1',
      expiryHours: 24,
      appendixFileIds: ['f_a'],
      payerEmail: '',
    });
    expect(generateRequest('BR', card, { ...values, installments: 3 }, 'req-12345678')).toMatchObject({ installments: 3 });
    expect(generateRequest('BR', card, { ...values, installments: PAY_AT_ONCE }, 'req-12345678')).not.toHaveProperty('installments');
    expect(generateRequest('BR', card, { ...values, amount: '' }, 'req-12345678')).toBeNull();
  });
});

describe('keptInstallments', () => {
  const plans = [
    { count: 2, installmentAmount: 500, firstAmount: 500, total: 1000, available: true, minTotal: 1000 },
    { count: 3, installmentAmount: 334, firstAmount: 332, total: 1000, available: false, minTotal: 1500 },
  ];
  it('keeps an available plan and falls back to paying at once otherwise', () => {
    expect(keptInstallments(2, plans)).toBe(2);
    expect(keptInstallments(3, plans)).toBe(PAY_AT_ONCE);
    expect(keptInstallments(12, plans)).toBe(PAY_AT_ONCE);
    expect(keptInstallments(2, [])).toBe(PAY_AT_ONCE);
    expect(keptInstallments(undefined, plans)).toBe(PAY_AT_ONCE);
  });
});

describe('strings', () => {
  it('say the contract’s messages in its own words in English', () => {
    // The English strings as loaded by the app (the test setup loads every namespace).
    const en = i18n.getResourceBundle('en', 'paymentLink') as Record<string, string>;
    for (const [key, message] of Object.entries(PAYMENT_LINK_MESSAGES)) expect(en[`server.${key}`], key).toBe(message);
  });

  it('names a QR code file after the link', () => {
    expect(qrFileName('PL0000000000000501')).toBe('payment-link-PL0000000000000501.png');
  });
});
