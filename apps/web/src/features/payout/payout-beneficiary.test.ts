import { describe, expect, it } from 'vitest';
import { basePayout } from './__tests__/fixtures.ts';
import { documentKind } from './payout-beneficiary.ts';

describe('beneficiary document kind', () => {
  it('names the document by its type, or by its length in Brazil and Mexico', () => {
    const with_ = (country: 'BR' | 'MX' | 'CL' | 'CO', beneficiary: Record<string, string>) =>
      documentKind(basePayout({ country, beneficiary: { name: 'Ana', ...beneficiary } }));
    expect(with_('BR', { document: '12345678909' })).toBe('CPF');
    expect(with_('BR', { document: '55694732000110' })).toBe('CNPJ');
    expect(with_('MX', { document: 'GODE561231GR8' })).toBe('RFC');
    expect(with_('MX', { document: 'GODE561231HDFRRN09' })).toBe('CURP');
    expect(with_('CL', { document: '123456785' })).toBe('RUT');
    expect(with_('CO', { documentType: 'NIT', document: '9014586527' })).toBe('NIT');
    expect(with_('CO', {})).toBeNull();
  });
});
