import { railOf } from '@andes/contract/payout/rails';
import { PayoutCreateRequest, PayoutRequestId } from '@andes/contract/payout/schemas';
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../shared/form/request-id.ts';
import { amountProblem, beneficiaryOf, formPathOf, singlePayoutRequest } from './payout-form.ts';

const spei = railOf('MX', 'SPEI');
const pix = railOf('BR', 'PIX');
if (!spei || !pix) throw new Error('rails missing');

describe('single payout form', () => {
  it('makes request ids the contract takes, a new one each time', () => {
    const a = newRequestId();
    expect(PayoutRequestId.safeParse(a).success).toBe(true);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(a);
  });

  it('says what is wrong with an amount for the rail', () => {
    expect(amountProblem(spei, '')).toBe('required');
    expect(amountProblem(spei, '  ')).toBe('required');
    expect(amountProblem(spei, '.')).toBe('invalid');
    expect(amountProblem(spei, '0')).toBe('invalid');
    expect(amountProblem(spei, '99.99')).toBe('range');
    expect(amountProblem(spei, '100')).toBeNull();
    expect(amountProblem(spei, '500000.00')).toBeNull();
    expect(amountProblem(spei, '500000.01')).toBe('range');
  });

  it('sends the rail fields only, trimmed, and the amount in cents; the contract accepts it', () => {
    const request = singlePayoutRequest('MX', spei, {
      productType: 'SPEI',
      amount: '1234.5',
      merchantReference: '  ',
      beneficiary: { name: ' Ana Lima ', accountNo: '032180000118359719', document: '', pixKey: 'left over from PIX' },
    });
    expect(request).toEqual({
      country: 'MX',
      productType: 'SPEI',
      amount: 123_450,
      beneficiary: { name: 'Ana Lima', accountNo: '032180000118359719' },
    });
    expect(PayoutCreateRequest.safeParse({ ...request, dryRun: true }).success).toBe(true);
    expect(singlePayoutRequest('MX', spei, { amount: 'x' })).toBeNull();
    expect(beneficiaryOf(pix, undefined)).toEqual({});
    expect(
      beneficiaryOf(pix, {
        name: 'Ana',
        document: '123.456.789-09',
        pixKeyType: 'email',
        pixKey: ' Ana@Example.com ',
        phone: '(11) 98765-4321',
      }),
    ).toEqual({ name: 'Ana', document: '12345678909', pixKeyType: 'EMAIL', pixKey: 'ana@example.com', phone: '11987654321' });
  });

  it('finds the form field of a server issue', () => {
    expect(formPathOf('beneficiary.document')).toEqual(['beneficiary', 'document']);
    expect(formPathOf('amount')).toEqual(['amount']);
    expect(formPathOf('merchantReference')).toEqual(['merchantReference']);
    expect(formPathOf('beneficiary.iban')).toBeNull();
    expect(formPathOf('verifyCode')).toBeNull();
    expect(formPathOf('amount.x')).toBeNull();
  });
});
