import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isClabe, isCnpj, isCpf, isNit, isPixRandomKey, isRut, stripDocumentMask } from './documents.ts';

// Vectors of ../shared/reference/modules-anchors.md (Rails), recomputed there, and of the registers' own examples.
describe('CPF', () => {
  it.each([
    ['123.456.789-09', true],
    ['529.982.247-25', true],
    ['012.345.678-90', true],
    ['111.111.111-11', false],
    ['123.456.789-01', false],
    ['123.456.789-00', false],
  ])('%s → %s', (typed, ok) => {
    expect(isCpf(stripDocumentMask(typed))).toBe(ok);
  });
  it('refuses masks, letters and other lengths', () => {
    for (const value of ['123.456.789-09', '1234567890', '123456789090', '1234567890A', '']) expect(isCpf(value)).toBe(false);
  });
});

describe('CNPJ, numeric and alphanumeric (July 2026)', () => {
  it.each([
    ['55.694.732/0001-10', true],
    ['12.345.678/0001-95', true],
    ['12.ABC.345/01DE-35', true],
    ['12.ABC.345/01DE-36', false],
    ['12.345.678/0001-99', false],
    ['00.000.000/0000-00', false],
  ])('%s → %s', (typed, ok) => {
    expect(isCnpj(stripDocumentMask(typed))).toBe(ok);
  });
  it('the alphanumeric body of the reference gets the check digits 35; letters count as ASCII − 48', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('556947320001')).toBe('10');
  });
  it('every body of 12 letters or digits with its check digits is a CNPJ, and a changed last digit is not', () => {
    const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(
      fc.property(fc.array(char, { minLength: 12, maxLength: 12 }), (chars) => {
        const body = chars.join('');
        fc.pre(!/^(\d)\1{11}$/.test(body));
        const dv = cnpjCheckDigits(body);
        expect(isCnpj(body + dv)).toBe(true);
        const other = String((Number(dv[1]) + 1) % 10);
        expect(isCnpj(body + dv[0] + other)).toBe(false);
      }),
    );
  });
  it('check digits are never letters, and lower-case is not the stored form', () => {
    expect(isCnpj('12ABC34501DE3A')).toBe(false);
    expect(isCnpj('12abc34501de35')).toBe(false);
  });
});

describe('CLABE', () => {
  it.each([
    ['032180000118359719', true],
    ['032180000118359710', false],
    ['03218000011835971', false],
    ['0321800001183597190', false],
  ])('%s → %s', (value, ok) => {
    expect(isClabe(value)).toBe(ok);
  });
  it('exactly one check digit fits each 17-digit body', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{17}$/), (body) => {
        expect([...'0123456789'].filter((d) => isClabe(body + d))).toHaveLength(1);
      }),
    );
  });
});

describe('NIT (Colombia)', () => {
  it.each([
    ['901458652-7', true],
    ['901458652-3', false],
    ['800197268-4', true],
    ['12345', false],
  ])('%s → %s', (typed, ok) => {
    expect(isNit(stripDocumentMask(typed))).toBe(ok);
  });
});

describe('RUT (Chile)', () => {
  it.each([
    ['12.345.678-5', true],
    ['11.111.111-1', true],
    ['12.345.678-K', false],
    ['12.345.678-4', false],
  ])('%s → %s', (typed, ok) => {
    expect(isRut(stripDocumentMask(typed))).toBe(ok);
  });
  it('exactly one check character fits each body, K among them', () => {
    let sawK = false;
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{6,7}$/), (body) => {
        const fits = [...'0123456789K'].filter((d) => isRut(body + d));
        expect(fits).toHaveLength(1);
        if (fits[0] === 'K') sawK = true;
      }),
      { numRuns: 500 },
    );
    expect(sawK).toBe(true);
  });
});

describe('PIX random key', () => {
  it('is a lower-case UUID with dashes', () => {
    expect(isPixRandomKey('7d9f0335-8dcc-4054-9bf9-0dbd61d36906')).toBe(true);
    expect(isPixRandomKey('7D9F0335-8DCC-4054-9BF9-0DBD61D36906')).toBe(false);
    expect(isPixRandomKey('7d9f03358dcc40549bf90dbd61d36906')).toBe(false);
  });
});
