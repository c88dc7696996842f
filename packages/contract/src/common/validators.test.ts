import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, MAX_AMOUNT_CENTS } from './constants.ts';
import {
  AMOUNT_INVALID_MESSAGE,
  AMOUNT_REQUIRED_MESSAGE,
  amountCentsSchema,
  amountInputSchema,
  amountRangeMessage,
  CpfCnpjSchema,
  canAddAttachment,
  canAddListRow,
  canRemoveListRow,
  EMAIL_INVALID_MESSAGE,
  EmailSchema,
  isAttachmentSizeOk,
  isBatchUploadFileName,
  isCompleteMfaCode,
  isCpfOrCnpj,
  isPayoutPhone,
  isStrongPassword,
  isValidEmail,
  isValidListEntry,
  LIST_ENTRY_REQUIRED_MESSAGE,
  LIST_ENTRY_TOO_LONG_MESSAGE,
  ListEntrySchema,
  listEntryError,
  MfaCodeSchema,
  NewPasswordPairSchema,
  NewPasswordSchema,
  normalizeAmountInput,
  normalizeMfaCode,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGES,
  PayoutPhoneSchema,
  parseAmountToCents,
  UPLOAD_SIZE_EXCEED_KEY,
  unmetPasswordRules,
} from './validators.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('new password', () => {
  it('accepts 8 characters with upper, lower and a number', () => {
    expect(unmetPasswordRules('Abcdefg1')).toEqual([]);
    expect(isStrongPassword('Abcdefg1')).toBe(true);
  });

  it.each([
    ['', ['MIN_LENGTH', 'UPPERCASE', 'LOWERCASE', 'DIGIT']],
    ['Abcdef1', ['MIN_LENGTH']],
    ['abcdefg1', ['UPPERCASE']],
    ['ABCDEFG1', ['LOWERCASE']],
    ['Abcdefgh', ['DIGIT']],
    ['12345678', ['UPPERCASE', 'LOWERCASE']],
    [`Aa1${'x'.repeat(126)}`, ['MAX_LENGTH']],
  ])('lists the unmet rules of %j', (password, rules) => {
    expect(unmetPasswordRules(password)).toEqual(rules);
  });

  it('counts letters of any script and characters, not UTF-16 units', () => {
    expect(unmetPasswordRules('Ñandú123')).toEqual([]);
    expect(unmetPasswordRules('Aa1😀😀😀😀')).toEqual(['MIN_LENGTH']);
  });

  it('gives one message per unmet rule in the schema', () => {
    const result = NewPasswordSchema.safeParse('abc');
    expect(messagesOf(result).map((m) => m.message)).toEqual([
      PASSWORD_RULE_MESSAGES.MIN_LENGTH,
      PASSWORD_RULE_MESSAGES.UPPERCASE,
      PASSWORD_RULE_MESSAGES.DIGIT,
    ]);
    expect(PASSWORD_RULE_MESSAGES.MIN_LENGTH).toBe('At least 8 characters');
  });

  it('reports a confirmation that does not match on confirmPassword', () => {
    expect(NewPasswordPairSchema.safeParse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).success).toBe(true);
    const result = NewPasswordPairSchema.safeParse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' });
    expect(messagesOf(result)).toEqual([{ path: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE }]);
  });

  it('reports the mismatch alongside a weak password, for the form to show both', () => {
    const result = NewPasswordPairSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abd' });
    const paths = messagesOf(result).map((m) => m.path);
    expect(paths).toContain('newPassword');
    expect(paths).toContain('confirmPassword');
  });
});

describe('email', () => {
  it.each([
    'user@example.com',
    'first.last@mail.example.com.br',
    'under_score@example.io',
    'a@b.中国',
    'name@公司.中国',
    'x@y.abcdef',
    'plus+tag@example.com',
    'dash-name@my-domain.co',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'a@b.c',
    'a@b.abcdefg',
    'a@b.中国中国',
    'a@b.中',
    'a@b.c1',
    'no-at-sign.com',
    '@example.com',
    'user@',
    'user@com',
    'user@@example.com',
    'a@b@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@exa mple.com',
    'us er@example.com',
    'usér@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    '',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('trims the input and shows the spec message', () => {
    expect(EmailSchema.parse('  user@example.com ')).toBe('user@example.com');
    expect(messagesOf(EmailSchema.safeParse('a@b.c'))).toEqual([{ path: '', message: 'Please enter the correct email' }]);
    expect(EMAIL_INVALID_MESSAGE).toBe('Please enter the correct email');
  });
});

describe('MFA code', () => {
  it.each([
    ['123456', '123456'],
    ['12 34 56', '123456'],
    ['123-456-789', '123456'],
    ['abc', ''],
    ['１２３４５６', '123456'],
    ['code: 0012', '0012'],
  ])('keeps %j as %j', (input, kept) => {
    expect(normalizeMfaCode(input)).toBe(kept);
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteMfaCode('123456')).toBe(true);
    expect(isCompleteMfaCode('12345')).toBe(false);
    expect(isCompleteMfaCode('1234567')).toBe(false);
    expect(isCompleteMfaCode('12345a')).toBe(false);
    expect(MfaCodeSchema.safeParse('000000').success).toBe(true);
    expect(messagesOf(MfaCodeSchema.safeParse('12'))[0]?.message).toBe('Please enter the 6-digit verification code');
  });

  it('always yields at most six ASCII digits, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        const code = normalizeMfaCode(input);
        expect(code).toMatch(/^[0-9]{0,6}$/);
        expect(normalizeMfaCode(code)).toBe(code);
      }),
    );
  });
});

describe('CPF/CNPJ', () => {
  it.each([
    ['12345678909', true],
    ['12345678901', false],
    ['12345678000195', true],
    ['12345678000199', false],
    ['12ABC34501DE35', true],
    ['12abc34501de35', false],
    ['1234567890', false],
    ['123456789012', false],
    ['123.456.789-01', false],
    ['12.345.678/0001-95', false],
    ['1234567890a', false],
    ['１２３４５６７８９０１', false],
    ['', false],
  ])('%j → %s', (document, ok) => {
    expect(isCpfOrCnpj(document)).toBe(ok);
  });

  it('explains the rule in the schema', () => {
    expect(messagesOf(CpfCnpjSchema.safeParse('123'))[0]?.message).toBe(
      'Enter a valid CPF (11 digits) or CNPJ (14 letters and digits), with its check digits and without dots, slashes or dashes',
    );
    expect(CpfCnpjSchema.parse(' 12345678909 ')).toBe('12345678909');
  });
});

describe('payout phone', () => {
  it.each([
    ['11987654321', true],
    ['+5511987654321', true],
    ['+12025550123', true],
    ['+27821234567', true],
    ['+12345678', true],
    ['+123456789012345', true],
    ['1198765432', false],
    ['119876543210', false],
    ['+1234567', false],
    ['+1234567890123456', false],
    ['+0511987654321', false],
    ['5511987654321', false],
    ['+55 11 98765-4321', false],
    ['(11) 98765-4321', false],
    ['', false],
  ])('%j → %s', (phone, ok) => {
    expect(isPayoutPhone(phone)).toBe(ok);
  });

  it('tells how to write it', () => {
    expect(messagesOf(PayoutPhoneSchema.safeParse('12345'))[0]?.message).toContain('country code');
  });
});

describe('amount input normaliser', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['R$ 12', '12'],
    ['12。5', '12.5'],
    ['12．5', '12.5'],
    ['１２．５', '12.5'],
    ['.5', '5'],
    ['..5', '5'],
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['1.239', '1.23'],
    ['12.', '12.'],
    ['-12', '12'],
    ['abc', ''],
    ['', ''],
    ['007.10', '007.10'],
  ])('%j → %j', (raw, kept) => {
    expect(normalizeAmountInput(raw)).toBe(kept);
  });

  const typed = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', '。', '．', '５', 'a', ' ', '-', ',', '€') });

  it('yields digits with at most one dot and two decimals, never a leading dot', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        expect(normalizeAmountInput(raw)).toMatch(/^(?:[0-9]+(?:\.[0-9]{0,2})?)?$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const once = normalizeAmountInput(raw);
        expect(normalizeAmountInput(once)).toBe(once);
      }),
    );
  });

  it('keeps what is already a valid amount', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,12}(\.[0-9]{1,2})?$/), (amount) => {
        expect(normalizeAmountInput(amount)).toBe(amount);
      }),
    );
  });
});

describe('parseAmountToCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.05', 5],
    ['0.1', 10],
    ['000.10', 10],
    [' 7.5 ', 750],
    ['1.15', 115],
    ['90071992547409.91', MAX_AMOUNT_CENTS],
  ])('%j → %d', (text, cents) => {
    expect(parseAmountToCents(text)).toBe(cents);
  });

  it.each(['', '.', '.5', '1.234', '-1', '+1', '1e3', '1,000', 'abc', '90071992547409.92', '99999999999999999999'])(
    'refuses %j',
    (text) => {
      expect(parseAmountToCents(text)).toBeNull();
    },
  );

  it('is exact where float arithmetic is not (0.29 × 100 = 28.999…)', () => {
    expect(parseAmountToCents('0.29')).toBe(29);
    expect(parseAmountToCents('1.10')).toBe(110);
    expect(parseAmountToCents('4.35')).toBe(435);
  });
});

describe('amount schemas', () => {
  const brl = { currency: 'BRL' as const, minCents: 100 };
  const clp = { currency: 'CLP' as const, minCents: 100_000, maxCents: 500_000_000 };

  it('words the range messages of spec §5', () => {
    expect(amountRangeMessage(brl)).toBe('Minimum amount is 1.00 BRL');
    expect(amountRangeMessage(clp)).toBe('Amount must be between 1,000.00 and 5,000,000.00 CLP');
  });

  it('checks cents against the limits', () => {
    const schema = amountCentsSchema(brl);
    expect(schema.safeParse(100).success).toBe(true);
    expect(messagesOf(schema.safeParse(99))).toEqual([{ path: '', message: 'Minimum amount is 1.00 BRL' }]);
    expect(schema.safeParse(1.5).success).toBe(false);
    const ranged = amountCentsSchema(clp);
    expect(ranged.safeParse(500_000_000).success).toBe(true);
    expect(messagesOf(ranged.safeParse(500_000_001))[0]?.message).toBe(amountRangeMessage(clp));
    expect(messagesOf(ranged.safeParse(99_999))[0]?.message).toBe(amountRangeMessage(clp));
  });

  it('parses typed text to cents', () => {
    const schema = amountInputSchema(brl);
    expect(schema.parse('1')).toBe(100);
    expect(schema.parse('1234.5')).toBe(123450);
    expect(messagesOf(schema.safeParse(''))[0]?.message).toBe(AMOUNT_REQUIRED_MESSAGE);
    expect(messagesOf(schema.safeParse('1.234'))[0]?.message).toBe(AMOUNT_INVALID_MESSAGE);
    expect(messagesOf(schema.safeParse('0.99'))[0]?.message).toBe('Minimum amount is 1.00 BRL');
  });

  it('refuses limits that make no sense', () => {
    expect(() => amountCentsSchema({ currency: 'BRL', minCents: 0 })).toThrow(RangeError);
    expect(() => amountCentsSchema({ currency: 'BRL', minCents: 500, maxCents: 100 })).toThrow(RangeError);
  });
});

describe('list input', () => {
  it('requires a non-blank entry of at most 128 characters', () => {
    expect(listEntryError('10.0.0.1')).toBeNull();
    expect(listEntryError('   ')).toBe(LIST_ENTRY_REQUIRED_MESSAGE);
    expect(listEntryError('x'.repeat(128))).toBeNull();
    expect(listEntryError(`  ${'x'.repeat(128)}  `)).toBeNull();
    expect(listEntryError('x'.repeat(129))).toBe(LIST_ENTRY_TOO_LONG_MESSAGE);
    expect(isValidListEntry('')).toBe(false);
    expect(ListEntrySchema.parse('  a  ')).toBe('a');
    expect(messagesOf(ListEntrySchema.safeParse('y'.repeat(129)))[0]?.message).toBe('At most 128 characters');
  });

  it('adds only from the last row and always keeps one row', () => {
    expect(canAddListRow(2, 3)).toBe(true);
    expect(canAddListRow(1, 3)).toBe(false);
    expect(canAddListRow(0, 0)).toBe(false);
    expect(canRemoveListRow(1)).toBe(false);
    expect(canRemoveListRow(2)).toBe(true);
  });
});

describe('attachments', () => {
  it('takes a file of up to 10485760 bytes', () => {
    expect(isAttachmentSizeOk(0)).toBe(true);
    expect(isAttachmentSizeOk(ATTACHMENT_MAX_BYTES)).toBe(true);
    expect(isAttachmentSizeOk(10_485_760)).toBe(true);
    expect(isAttachmentSizeOk(10_485_761)).toBe(false);
    expect(isAttachmentSizeOk(-1)).toBe(false);
    expect(isAttachmentSizeOk(Number.NaN)).toBe(false);
    expect(UPLOAD_SIZE_EXCEED_KEY).toBe('uploadSizeExceed');
  });

  it('takes three files by default', () => {
    expect(canAddAttachment(2)).toBe(true);
    expect(canAddAttachment(3)).toBe(false);
    expect(canAddAttachment(0, 1)).toBe(true);
    expect(canAddAttachment(1, 1)).toBe(false);
  });

  it.each([
    ['payouts.xlsx', true],
    ['PAYOUTS.XLSX', true],
    ['payouts.xls', false],
    ['payouts.csv', false],
    ['.xlsx', false],
    ['payouts.xlsx.exe', false],
  ])('batch tool takes %s: %s', (name, ok) => {
    expect(isBatchUploadFileName(name)).toBe(ok);
  });
});
