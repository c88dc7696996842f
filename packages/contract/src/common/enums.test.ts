import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import {
  ENABLED_STATES,
  EnabledStateSchema,
  HOLD_FLAGS,
  HoldFlagSchema,
  isPreviewableImage,
  isVelocityConfigType,
  PAYMENT_LINK_MIN_AMOUNT_CENTS,
  PAYOUT_APPROVAL_STATUSES,
  PAYOUT_APPROVAL_TAB_STATUSES,
  PAYOUT_STATUSES,
  PRODUCT_TYPES,
  PRODUCT_TYPES_BY_COUNTRY,
  PRODUCTS,
  ProductTypeSchema,
  paymentLinkMinAmountCents,
  productTypesOf,
  RISK_CONFIG_TYPES,
  RiskConfigTypeSchema,
  STATUS_COLOR_NAMES,
  STATUS_COLORS,
  STATUS_SETS,
  type StatusSet,
  statusColor,
  TRANSACTION_STATUSES,
  TransactionStatusSchema,
  TransactionTypeSchema,
} from './enums.ts';

describe('product types (spec §1)', () => {
  it('lists every country of spec §1 with its own methods', () => {
    expect(PRODUCT_TYPES_BY_COUNTRY.MX).toEqual(['SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER', 'OXXO']);
    expect(PRODUCT_TYPES_BY_COUNTRY.BR).toEqual(['PIX', 'PIX_QR', 'TED', 'BOLETO', 'PIC_PAY']);
    expect(PRODUCT_TYPES_BY_COUNTRY.CO).toEqual(['PSE', 'NEQUI', 'BANK_BUTTON', 'EFECTY', 'BANCOLOMBIA_COLLECTION', 'CO_BANK_TRANSFER']);
    expect(PRODUCT_TYPES_BY_COUNTRY.CL).toHaveLength(12);
    expect(PRODUCT_TYPES_BY_COUNTRY.CL).toEqual(
      expect.arrayContaining(['CL_BANK_TRANSFER', 'MULTICAJA_TRANSFER', 'MULTICAJA_CASH', 'PAGO46']),
    );
    expect(PRODUCT_TYPES_BY_COUNTRY.PE).toEqual(['PAGO_EFECTIVO', 'BCP', 'PAYVALIDA', 'PE_BANK_TRANSFER']);
    expect(PRODUCT_TYPES_BY_COUNTRY.OTHER).toEqual(['CARD', 'PAYPAL', 'MERCADO_PAGO', 'AME_QR', 'PAY_CASH', 'BANK_TRANSFER', 'WALLET']);
  });

  it('gives the US and South Africa the generic methods', () => {
    expect(PRODUCT_TYPES_BY_COUNTRY.US).toEqual(PRODUCT_TYPES_BY_COUNTRY.OTHER);
    expect(PRODUCT_TYPES_BY_COUNTRY.ZA).toEqual(PRODUCT_TYPES_BY_COUNTRY.OTHER);
  });

  it('has every code once, in SNAKE_CASE, and every code belongs to a country list', () => {
    expect(new Set(PRODUCT_TYPES).size).toBe(PRODUCT_TYPES.length);
    for (const code of PRODUCT_TYPES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
    const listed = new Set(Object.values(PRODUCT_TYPES_BY_COUNTRY).flat());
    expect([...listed].sort()).toEqual([...PRODUCT_TYPES].sort());
  });

  it('offers a country its own methods first, then the generic ones, without repeats', () => {
    const br = productTypesOf('BR');
    expect(br.slice(0, 5)).toEqual(PRODUCT_TYPES_BY_COUNTRY.BR);
    expect(br).toContain('CARD');
    expect(br).not.toContain('SPEI');
    expect(productTypesOf('US')).toEqual(PRODUCT_TYPES_BY_COUNTRY.OTHER);
    for (const c of COUNTRIES) expect(new Set(productTypesOf(c)).size).toBe(productTypesOf(c).length);
  });

  it('accepts known codes and refuses others in the schema', () => {
    expect(ProductTypeSchema.safeParse('PIX_QR').success).toBe(true);
    expect(ProductTypeSchema.safeParse('pix').success).toBe(false);
  });

  it('keeps the payment-link minimums of spec §5 in cents', () => {
    expect(paymentLinkMinAmountCents('BR', 'PIX')).toBe(100);
    expect(paymentLinkMinAmountCents('BR', 'TED')).toBe(100);
    expect(paymentLinkMinAmountCents('MX', 'SPEI')).toBe(100);
    expect(paymentLinkMinAmountCents('CO', 'CO_BANK_TRANSFER')).toBe(100);
    expect(paymentLinkMinAmountCents('CL', 'CL_BANK_TRANSFER')).toBe(100_000);
    expect(paymentLinkMinAmountCents('BR', 'BOLETO')).toBeNull();
    expect(paymentLinkMinAmountCents('US', 'CARD')).toBeNull();
    for (const [country, table] of Object.entries(PAYMENT_LINK_MIN_AMOUNT_CENTS)) {
      for (const type of Object.keys(table ?? {})) {
        expect(PRODUCT_TYPES_BY_COUNTRY[country as keyof typeof PRODUCT_TYPES_BY_COUNTRY]).toContain(type);
      }
    }
  });

  it('names the three products as route segments', () => {
    expect(PRODUCTS).toEqual(['payin', 'payout', 'marketplace']);
  });
});

describe('entity enumerations (spec §3)', () => {
  it('keeps the numeric flags of the wire', () => {
    expect(HOLD_FLAGS).toEqual({ ON_HOLD: 1, UNHOLD: 2 });
    expect(ENABLED_STATES).toEqual({ ENABLE: 1, DISABLE: 0 });
    expect(HoldFlagSchema.safeParse(1).success).toBe(true);
    expect(HoldFlagSchema.safeParse(2).success).toBe(true);
    expect(HoldFlagSchema.safeParse(0).success).toBe(false);
    expect(HoldFlagSchema.safeParse('1').success).toBe(false);
    expect(EnabledStateSchema.safeParse(0).success).toBe(true);
    expect(EnabledStateSchema.safeParse(2).success).toBe(false);
  });

  it('codes the twelve risk configuration types in kebab-case for the detail route', () => {
    expect(RISK_CONFIG_TYPES).toHaveLength(12);
    for (const t of RISK_CONFIG_TYPES) expect(t).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(RiskConfigTypeSchema.safeParse('ml-score-cutoff').success).toBe(true);
    expect(RiskConfigTypeSchema.safeParse('ML_SCORE_CUTOFF').success).toBe(false);
    expect(RISK_CONFIG_TYPES.filter(isVelocityConfigType)).toEqual([
      'order-velocity',
      'persona-velocity',
      'device-velocity',
      'behavior-velocity',
    ]);
  });

  it('refuses values outside a set', () => {
    expect(TransactionTypeSchema.safeParse('CHARGE_BACK').success).toBe(true);
    expect(TransactionTypeSchema.safeParse('CHARGEBACK').success).toBe(false);
    expect(TransactionStatusSchema.safeParse('CANCELED').success).toBe(false);
  });

  it.each([
    ['receipt.PNG', true],
    ['scan.tiff', true],
    ['logo.svg', true],
    ['archive.tar.gz', false],
    ['statement.pdf', false],
    ['png', false],
    ['image.', false],
    ['photo.jpeg', true],
  ])('previews %s as an image: %s', (name, expected) => {
    expect(isPreviewableImage(name)).toBe(expected);
  });
});

describe('status sets (spec §4)', () => {
  it('has the transaction statuses of the spec', () => {
    expect(TRANSACTION_STATUSES).toHaveLength(11);
    expect(TRANSACTION_STATUSES).toContain('INITIAL_STATUS');
    expect(TRANSACTION_STATUSES).toContain('CHARGED_BACK');
  });

  it('names the seventh payout status', () => {
    expect(PAYOUT_STATUSES).toHaveLength(7);
    expect(PAYOUT_STATUSES).toEqual(
      expect.arrayContaining(['WAITING', 'IN_PROGRESS', 'SETTLED', 'FAILED', 'REJECTED', 'PENDING', 'CANCELLED']),
    );
  });

  it('splits the approval statuses over the two tabs without overlap', () => {
    const listed = [...PAYOUT_APPROVAL_TAB_STATUSES.PENDING, ...PAYOUT_APPROVAL_TAB_STATUSES.APPROVED];
    expect([...listed].sort()).toEqual([...PAYOUT_APPROVAL_STATUSES].sort());
  });

  it('has no repeated status in any set', () => {
    for (const values of Object.values(STATUS_SETS)) expect(new Set(values).size).toBe(values.length);
  });
});

describe('status colours', () => {
  const sets = Object.keys(STATUS_SETS) as StatusSet[];

  it('gives every status of every set exactly one known colour', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...sets].sort());
    for (const set of sets) {
      const colors: Record<string, string> = STATUS_COLORS[set];
      expect(Object.keys(colors).sort()).toEqual([...STATUS_SETS[set]].sort());
      for (const color of Object.values(colors)) expect(STATUS_COLOR_NAMES).toContain(color);
    }
  });

  it('shows a good end green and a bad end red', () => {
    expect(statusColor('transaction', 'SETTLED')).toBe('success');
    expect(statusColor('transaction', 'FAILED')).toBe('error');
    expect(statusColor('withdrawal', 'PAYMENT_FAILED')).toBe('error');
    expect(statusColor('exchange', 'WAIT_PROOF')).toBe('warning');
    expect(statusColor('downloadTask', 'IN_PROGRESS')).toBe('processing');
    expect(statusColor('chargeback', 'DEFENSE_WON')).toBe('success');
  });

  it('falls back to default for a status the set does not know', () => {
    expect(statusColor('topup', 'SOMETHING_NEW')).toBe('default');
    expect(statusColor('case', 'toString')).toBe('default');
  });
});
