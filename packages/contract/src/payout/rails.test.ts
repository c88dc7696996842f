import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../common/countries.ts';
import { railAmountMessage } from './amounts.ts';
import { beneficiaryKey, checkBeneficiary, isAbaRouting, PAYOUT_FIELD_MESSAGES, PAYOUT_RAILS, railOf, railsOf } from './rails.ts';
import { PayoutCreateRequest, PayoutDecisionRequest } from './schemas.ts';

const rail = (country: Parameters<typeof railOf>[0], productType: string) => {
  const r = railOf(country, productType);
  if (!r) throw new Error(`no rail ${country} ${productType}`);
  return r;
};

describe('payout rails', () => {
  it('offers at least one rail in every country, within sane limits', () => {
    for (const country of COUNTRIES) {
      expect(railsOf(country).length).toBeGreaterThan(0);
      for (const r of railsOf(country)) {
        expect(r.minCents).toBeGreaterThan(0);
        expect(r.maxCents).toBeGreaterThan(r.minCents);
        for (const f of r.optional) expect(r.fields).toContain(f);
      }
    }
    expect(new Set(PAYOUT_RAILS.map((r) => `${r.country}|${r.productType}`)).size).toBe(PAYOUT_RAILS.length);
  });

  it('accepts a PIX payout by CPF key and cleans the masks people type', () => {
    const checked = checkBeneficiary(rail('BR', 'PIX'), {
      name: ' Ana Souza ',
      document: '123.456.789-09',
      pixKeyType: 'document',
      pixKey: '123.456.789-09',
      email: 'Ana@Example.com',
    });
    expect(checked).toEqual({
      ok: true,
      value: { name: 'Ana Souza', document: '12345678909', pixKeyType: 'DOCUMENT', pixKey: '12345678909', email: 'ana@example.com' },
    });
  });

  it('accepts the alphanumeric CNPJ of July 2026 and refuses a wrong check digit', () => {
    const pix = rail('BR', 'PIX');
    expect(checkBeneficiary(pix, { name: 'Loja', document: '12ABC34501DE35', pixKeyType: 'EMAIL', pixKey: 'a@b.com' }).ok).toBe(true);
    const wrong = checkBeneficiary(pix, { name: 'Loja', document: '12ABC34501DE36', pixKeyType: 'EMAIL', pixKey: 'a@b.com' });
    expect(wrong).toEqual({ ok: false, errors: { document: PAYOUT_FIELD_MESSAGES.cpfCnpj } });
  });

  it('writes an 11-digit PIX phone key with +55 and refuses a random key that is not a UUID', () => {
    const pix = rail('BR', 'PIX');
    const phone = checkBeneficiary(pix, { name: 'Ana', document: '12345678909', pixKeyType: 'PHONE', pixKey: '(11) 98765-4321' });
    expect(phone.ok && phone.value.pixKey).toBe('+5511987654321');
    const random = checkBeneficiary(pix, { name: 'Ana', document: '12345678909', pixKeyType: 'RANDOM', pixKey: 'not-a-uuid' });
    expect(random).toEqual({ ok: false, errors: { pixKey: PAYOUT_FIELD_MESSAGES.pixKeyRandom } });
  });

  it('checks the CLABE check digit of SPEI payouts', () => {
    const spei = rail('MX', 'SPEI');
    expect(checkBeneficiary(spei, { name: 'Juan Pérez', accountNo: '032180000118359719' }).ok).toBe(true);
    expect(checkBeneficiary(spei, { name: 'Juan Pérez', accountNo: '032180000118359718' })).toEqual({
      ok: false,
      errors: { accountNo: PAYOUT_FIELD_MESSAGES.clabe },
    });
  });

  it('checks the document by its type in Colombia and the RUT in Chile', () => {
    const co = rail('CO', 'CO_BANK_TRANSFER');
    const base = { name: 'Empresa SAS', bankCode: '07', accountType: 'SAVINGS', accountNo: '12345678901' };
    expect(checkBeneficiary(co, { ...base, documentType: 'NIT', document: '901458652-7' }).ok).toBe(true);
    expect(checkBeneficiary(co, { ...base, documentType: 'NIT', document: '9014586528' })).toEqual({
      ok: false,
      errors: { document: PAYOUT_FIELD_MESSAGES.nit },
    });
    const cl = rail('CL', 'CL_BANK_TRANSFER');
    const cuenta = { name: 'María', bankCode: '012', accountType: 'VISTA', accountNo: '123456789' };
    expect(checkBeneficiary(cl, { ...cuenta, document: '12.345.678-5' }).ok).toBe(true);
    expect(checkBeneficiary(cl, { ...cuenta, document: '12.345.678-K' })).toEqual({
      ok: false,
      errors: { document: PAYOUT_FIELD_MESSAGES.rut },
    });
  });

  it('checks the ABA routing number of ACH payouts', () => {
    expect(isAbaRouting('011000015')).toBe(true);
    expect(isAbaRouting('011000016')).toBe(false);
    const ach = rail('US', 'BANK_TRANSFER');
    expect(checkBeneficiary(ach, { name: 'John Doe', bankCode: '011000016', accountType: 'CHECKING', accountNo: '123456789' })).toEqual({
      ok: false,
      errors: { bankCode: PAYOUT_FIELD_MESSAGES.usRouting },
    });
  });

  it('names every missing required field and leaves optional ones out', () => {
    const ted = rail('BR', 'TED');
    const checked = checkBeneficiary(ted, { name: 'Ana' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(Object.keys(checked.errors).sort()).toEqual(['accountNo', 'accountType', 'bankCode', 'branch', 'document']);
    }
  });

  it('gives one key to the same account however it was typed', () => {
    const spei = rail('MX', 'SPEI');
    const a = checkBeneficiary(spei, { name: 'Ana', accountNo: '032180000118359719' });
    const b = checkBeneficiary(spei, { name: 'Bob', accountNo: ' 0321 8000 0118 3597 19 ' });
    if (!a.ok || !b.ok) throw new Error('both valid');
    expect(beneficiaryKey('SPEI', a.value)).toBe(beneficiaryKey('SPEI', b.value));
  });
});

describe('payout requests', () => {
  const pix = {
    country: 'BR',
    productType: 'PIX',
    beneficiary: { name: 'Ana Souza', document: '12345678909', pixKeyType: 'EMAIL', pixKey: 'ana@example.com' },
  } as const;

  it('refuses an amount outside the rail with the min-to-max message of spec §5', () => {
    const result = PayoutCreateRequest.safeParse({ ...pix, amount: 999 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['amount'], message: railAmountMessage(rail('BR', 'PIX')) })]);
    expect(railAmountMessage(rail('BR', 'PIX'))).toBe('Amount must be between 10.00 and 50,000.00 BRL');
  });

  it('refuses a rail the country does not have, and names the beneficiary field in error', () => {
    expect(PayoutCreateRequest.safeParse({ ...pix, productType: 'SPEI', amount: 10_000 }).error?.issues[0]?.path).toEqual(['productType']);
    const bad = PayoutCreateRequest.safeParse({ ...pix, amount: 10_000, beneficiary: { ...pix.beneficiary, document: '11111111111' } });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['beneficiary', 'document'], message: PAYOUT_FIELD_MESSAGES.cpfCnpj }),
    ]);
  });

  it('takes a batch or chosen payouts, not both and not neither', () => {
    expect(PayoutDecisionRequest.safeParse({ country: 'BR', batchId: 1 }).success).toBe(true);
    expect(PayoutDecisionRequest.safeParse({ country: 'BR', ids: [1, 2] }).success).toBe(true);
    expect(PayoutDecisionRequest.safeParse({ country: 'BR', batchId: 1, ids: [2] }).success).toBe(false);
    expect(PayoutDecisionRequest.safeParse({ country: 'BR', ids: [] }).success).toBe(false);
    expect(PayoutDecisionRequest.safeParse({ country: 'BR', ids: [3, 3] }).success).toBe(false);
  });
});
