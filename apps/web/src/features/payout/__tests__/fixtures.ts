import type {
  Payout,
  PayoutBatchCheck,
  PayoutCreateAnswer,
  PayoutDetail,
  PayoutPage,
  PayoutQuote,
  PayoutVerifyCodeSent,
} from '@andes/contract/payout/schemas';

/** "Now" of the payout tests: 2026-01-15 09:00 in São Paulo. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
const MINUTE_MS = 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

/** A pending PIX payout of R$ 150.00 (fee R$ 1.50, VAT R$ 0.30) to Ana Lima, created by someone else. */
export function basePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: 101,
    batchId: 11,
    uniqueId: 'PO2026011500101',
    transactionId: 9001,
    merchantReference: 'ref-101',
    country: 'BR',
    currency: 'BRL',
    productType: 'PIX',
    method: 'PIX',
    amount: 15_000,
    fee: 150,
    vat: 30,
    status: 'PENDING',
    approvalStatus: 'PENDING',
    statusReason: null,
    beneficiary: {
      name: 'Ana Lima',
      document: '12345678909',
      pixKeyType: 'EMAIL',
      pixKey: 'ana@example.com',
      email: 'ana@example.com',
      phone: '11987654321',
    },
    duplicateConfirmed: false,
    createdBy: 'paula.operator',
    createdAt: at(-60 * MINUTE_MS),
    approvedBy: null,
    approvedAt: null,
    expiresAt: at(7 * 24 * 60 * MINUTE_MS),
    settledAt: null,
    fileName: null,
    ...overrides,
  };
}

/** A TED payout of R$ 2,500.00 to a bank account, from a file of batch 12. */
export function tedPayout(overrides: Partial<Payout> = {}): Payout {
  return basePayout({
    id: 102,
    batchId: 12,
    uniqueId: 'PO2026011500102',
    transactionId: 9002,
    merchantReference: 'ref-102',
    productType: 'TED',
    method: 'TED',
    amount: 250_000,
    fee: 500,
    vat: 100,
    beneficiary: {
      name: 'Bruno Costa',
      document: '55694732000110',
      bankCode: '001',
      branch: '1234',
      accountType: 'CHECKING',
      accountNo: '123456-7',
    },
    fileName: 'january.xlsx',
    ...overrides,
  });
}

/** The payout of `basePayout` approved and settled, with its history. */
export function settledDetail(overrides: Partial<PayoutDetail> = {}): PayoutDetail {
  return {
    ...basePayout({
      status: 'SETTLED',
      approvalStatus: 'APPROVED',
      approvedBy: 'alice.approver',
      approvedAt: at(-30 * MINUTE_MS),
      settledAt: at(-10 * MINUTE_MS),
    }),
    history: [
      { event: 'CREATED', at: at(-60 * MINUTE_MS), by: 'paula.operator', transactionStatus: 'CREATED', reason: null },
      { event: 'APPROVED', at: at(-30 * MINUTE_MS), by: 'alice.approver', transactionStatus: null, reason: null },
      { event: 'IN_PROGRESS', at: at(-20 * MINUTE_MS), by: null, transactionStatus: 'IN_PROGRESS', reason: null },
      { event: 'SETTLED', at: at(-10 * MINUTE_MS), by: null, transactionStatus: 'SETTLED', reason: null },
    ],
    ...overrides,
  };
}

export const BALANCE = { currency: 'BRL' as const, available: 1_000_000, reserved: 265_780 };

/** A page of the payout list, with the BRL payout balance. */
export function payoutPage(list: Payout[], extra: Partial<PayoutPage> = {}): PayoutPage {
  return { list, total: list.length, totalCapped: false, nextCursor: null, balance: BALANCE, detail: null, batchPending: null, ...extra };
}

/** The quote of one payout of `amount` cents (fee 1 %, VAT 20 % of the fee) on a balance of R$ 10,000.00. */
export function quoteOf(amount: number, overrides: Partial<PayoutQuote> = {}): PayoutQuote {
  const fee = Math.round(amount / 100);
  const vat = Math.round(fee / 5);
  const total = amount + fee + vat;
  return {
    currency: 'BRL',
    count: 1,
    amount,
    fee,
    vat,
    total,
    availableBefore: BALANCE.available,
    availableAfter: BALANCE.available - total,
    sufficient: total <= BALANCE.available,
    ...overrides,
  };
}

export function createAnswer(amount: number, payout: Payout | null = null, extra: Partial<PayoutCreateAnswer> = {}): PayoutCreateAnswer {
  return { quote: quoteOf(amount), duplicates: [], payout, ...extra };
}

export const CODE_SENT: PayoutVerifyCodeSent = {
  sentTo: 'pa***@andes-demo.test',
  expiresAt: at(10 * MINUTE_MS),
  resendAt: at(MINUTE_MS),
};

/** The dry run of a file of 5 rows: 3 valid (one a duplicate of a pending payout), 2 with errors. */
export function batchCheck(overrides: Partial<PayoutBatchCheck> = {}): PayoutBatchCheck {
  return {
    fileName: 'january.xlsx',
    total: 5,
    ok: 3,
    failed: 2,
    quote: quoteOf(300_000, { count: 3 }),
    maxRows: 5000,
    rows: [
      {
        rowNumber: 3,
        productType: 'PIX',
        name: 'Carla Dias',
        amount: 10_000,
        errors: [
          'CPF or CNPJ: Enter a valid CPF (11 digits) or CNPJ (14 letters and digits), with its check digits and without dots, slashes or dashes',
        ],
        duplicate: null,
      },
      {
        rowNumber: 4,
        productType: 'TED',
        name: 'Davi Melo',
        amount: null,
        errors: ['Amount: Please enter a valid amount'],
        duplicate: null,
      },
      {
        rowNumber: 6,
        productType: 'PIX',
        name: 'Ana Lima',
        amount: 15_000,
        errors: [],
        duplicate: { uniqueId: 'PO2026011500101', rowNumber: null, createdAt: at(-60 * MINUTE_MS), status: 'PENDING' },
      },
    ],
    ...overrides,
  };
}
