import { describe, expect, it } from 'vitest';
import { AccountApplicationRequest } from './schemas.ts';

const valid = {
  requestId: '0b8f7a52-4f7e-4c55-9f1e-6a3a5a1b2c3d',
  companyName: 'Loja Azul Ltda',
  contactName: 'Marina Souza',
  email: 'marina@lojaazul.com.br',
  countries: ['BR', 'MX'],
  products: ['payin'],
  monthlyVolume: 'FROM_10K_TO_100K',
};

describe('AccountApplicationRequest', () => {
  it('accepts a complete application and defaults the optional fields', () => {
    const parsed = AccountApplicationRequest.parse(valid);
    expect(parsed).toMatchObject({ phone: '', website: '', message: '' });
  });

  it('names each missing or wrong field with a message a person can act on', () => {
    const result = AccountApplicationRequest.safeParse({ ...valid, companyName: ' ', email: 'marina@', countries: [], phone: 'call me' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      companyName: 'Please enter the company name',
      email: 'Please enter the correct email',
      countries: 'Choose at least one country',
      phone: 'Please enter a valid phone number',
    });
  });

  it('refuses a request without the idempotency id', () => {
    const { requestId: _omit, ...rest } = valid;
    expect(AccountApplicationRequest.safeParse(rest).success).toBe(false);
  });
});
