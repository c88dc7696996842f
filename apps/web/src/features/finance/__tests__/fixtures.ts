import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { DownloadRecord, ExportPreflight } from '@andes/contract/download-center/schemas';
import { DailyReportPage, Reconciliation, ReportLink, type StatementLine, StatementPage, TaxDetail } from '@andes/contract/finance/schemas';
import { SubMerchantList } from '@andes/contract/sub-merchant/schemas';
import { permissionLoadOf } from '../../../test/fixtures.ts';

/**
 * Answers of the finance calls for the web tests, each parsed with the contract's schema when the
 * module loads: a fixture the server could not send fails here, not as a puzzling screen.
 */

/** "Now" of the finance tests: 2026-01-15 14:05 in São Paulo (UTC-3). */
export const NOW = new Date('2026-01-15T17:05:00.000Z');

/** The default period: the last week in São Paulo. */
export const WEEK = { from: '2026-01-08', to: '2026-01-15' } as const;

export function permissionsWithSubMerchants(
  codes: string[],
  countries: Parameters<typeof permissionLoadOf>[1] = ['BR', 'MX'],
): PermissionLoad {
  const load = permissionLoadOf(codes, countries);
  return { ...load, merchantInfo: { ...load.merchantInfo, subMerchantExist: true } };
}

export const subMerchants = SubMerchantList.parse([
  { subMerchantId: 31, subMerchantName: 'Andes Demo Marketplace' },
  { subMerchantId: 32, subMerchantName: 'Andes Demo Travel' },
]);

/** A pay-in settled: R$ 1,500.00 in, then its fee R$ 45.00 and VAT R$ 9.00 out. */
const payinLines: StatementLine[] = [
  {
    id: 903,
    bookedAt: '2026-01-14T15:30:00.000Z',
    localDate: '2026-01-14',
    type: 'FEE',
    event: 'PAYIN_SETTLED',
    item: 'VAT',
    category: 'TAX',
    transactionId: 14011,
    transactionUniqueId: 'PI2026011400011',
    merchantReference: 'order-7781',
    transactionType: 'PAY_IN',
    productType: 'PIX',
    reference: null,
    amountIn: 0,
    amountOut: 900,
    balanceAfter: 12_345_600,
  },
  {
    id: 902,
    bookedAt: '2026-01-14T15:30:00.000Z',
    localDate: '2026-01-14',
    type: 'FEE',
    event: 'PAYIN_SETTLED',
    item: 'FEE',
    category: 'FEE',
    transactionId: 14011,
    transactionUniqueId: 'PI2026011400011',
    merchantReference: 'order-7781',
    transactionType: 'PAY_IN',
    productType: 'PIX',
    reference: null,
    amountIn: 0,
    amountOut: 4_500,
    balanceAfter: 12_346_500,
  },
  {
    id: 901,
    bookedAt: '2026-01-14T15:30:00.000Z',
    localDate: '2026-01-14',
    type: 'SETTLE',
    event: 'PAYIN_SETTLED',
    item: 'AMOUNT',
    category: 'PAYIN',
    transactionId: 14011,
    transactionUniqueId: 'PI2026011400011',
    merchantReference: 'order-7781',
    transactionType: 'PAY_IN',
    productType: 'PIX',
    reference: null,
    amountIn: 150_000,
    amountOut: 0,
    balanceAfter: 12_351_000,
  },
  {
    id: 880,
    bookedAt: '2026-01-10T12:00:00.000Z',
    localDate: '2026-01-10',
    type: 'ACCOUNTING',
    event: 'GLOBAL_TRANSFER_OUT',
    item: 'AMOUNT',
    category: 'FX',
    transactionId: null,
    transactionUniqueId: null,
    merchantReference: null,
    transactionType: null,
    productType: null,
    reference: 'TO-20260110-0002',
    amountIn: 5_123_400,
    amountOut: 0,
    balanceAfter: 12_201_000,
  },
];

export function statementPage(lines: StatementLine[] = payinLines, nextCursor: string | null = null) {
  return StatementPage.parse({
    list: lines,
    total: lines.length,
    totalCapped: false,
    nextCursor,
    period: {
      accountNo: 'BR-PAYIN-000000000000000000021',
      currency: 'BRL',
      timezoneName: 'America/Sao_Paulo',
      range: WEEK,
      openingBalance: 7_077_600,
      credits: 5_273_400,
      debits: 5_400,
      closingBalance: 12_345_600,
      lineCount: 4,
    },
  });
}

export const smallExport = ExportPreflight.parse({
  rowCount: 4,
  totals: [{ currency: 'BRL', cents: 5_268_000 }],
  route: 'DIRECT',
  directMaxRows: 50_000,
});
export const largeExport = ExportPreflight.parse({
  rowCount: 61_234,
  totals: [{ currency: 'BRL', cents: 9_876_543_210 }],
  route: 'TASK',
  directMaxRows: 50_000,
});

export const statementTask = DownloadRecord.parse({
  id: 'dt_statementCsvFile000001',
  fileName: 'statement-PAY_IN-BR-2026-01-08-2026-01-15.csv',
  reportType: 'STATEMENT',
  format: 'csv',
  state: 'PENDING',
  creatorUserId: 7,
  creatorUsername: 'demo.finance',
  createdAt: '2026-01-15T17:05:00.000Z',
  startedAt: null,
  finishedAt: null,
  expiresAt: null,
  expired: false,
  size: null,
  rowsWritten: 0,
  rowsExpected: 61_234,
  expected: { rowCount: 61_234, totals: largeExport.totals },
  written: null,
  sha256: null,
  attempts: 0,
  failureReason: null,
  retryable: false,
});

const reconciliationBase = {
  currency: 'BRL',
  timezoneName: 'America/Sao_Paulo',
  range: WEEK,
  checkedAt: '2026-01-15T17:05:00.000Z',
} as const;

export const balanced = Reconciliation.parse({
  ...reconciliationBase,
  rows: [
    { category: 'PAYIN', count: 1, statement: 150_000, postings: 150_000, transactions: 150_000, difference: 0 },
    { category: 'FEE', count: 1, statement: -4_500, postings: -4_500, transactions: -4_500, difference: 0 },
    { category: 'FX', count: 1, statement: 5_123_400, postings: 5_123_400, transactions: null, difference: 0 },
  ],
  chain: { openingBalance: 7_077_600, movements: 5_268_000, closingBalance: 12_345_600, brokenDays: [] },
  balanced: true,
});

export const unbalanced = Reconciliation.parse({
  ...reconciliationBase,
  rows: [
    { category: 'PAYIN', count: 1, statement: 150_000, postings: 149_000, transactions: 150_000, difference: 1_000 },
    { category: 'FEE', count: 1, statement: -4_500, postings: -4_500, transactions: -4_500, difference: 0 },
  ],
  chain: { openingBalance: 7_077_600, movements: 5_268_000, closingBalance: 12_346_600, brokenDays: ['2026-01-12', '2026-01-14'] },
  balanced: false,
});

export const periodTaxes = TaxDetail.parse({
  currency: 'BRL',
  timezoneName: 'America/Sao_Paulo',
  range: WEEK,
  transaction: null,
  rows: [
    { item: 'FEE', event: 'PAYIN_SETTLED', amount: 4_500, count: 1 },
    { item: 'VAT', event: 'PAYIN_SETTLED', amount: 900, count: 1 },
    { item: 'FEE', event: 'REFUND', amount: -1_000, count: 1 },
  ],
  totals: { fee: 3_500, vat: 900, total: 4_400 },
});

export const transactionTaxes = TaxDetail.parse({
  currency: 'BRL',
  timezoneName: 'America/Sao_Paulo',
  range: null,
  transaction: {
    id: 14011,
    uniqueId: 'PI2026011400011',
    merchantReference: 'order-7781',
    transactionType: 'PAY_IN',
    amount: 150_000,
    fee: 4_500,
    vat: 900,
  },
  rows: [
    { item: 'FEE', event: 'PAYIN_SETTLED', amount: 4_500, count: 1 },
    { item: 'VAT', event: 'PAYIN_SETTLED', amount: 900, count: 1 },
  ],
  totals: { fee: 4_500, vat: 900, total: 5_400 },
});

const reportHead = {
  currency: 'BRL',
  timezoneName: 'America/Sao_Paulo',
  range: { from: '2026-01-13', to: '2026-01-15' },
  accountNo: 'BR-PAYIN-000000000000000000021',
  total: 3,
  nextCursor: null,
} as const;

const moneyDay = (date: string, opening: number | null, closing: number | null, payin: number, fee: number) => ({
  date,
  openingBalance: opening,
  closingBalance: closing,
  payin,
  payout: 0,
  refund: 0,
  chargeback: 0,
  fee: -fee,
  tax: 0,
  fx: 0,
  other: 0,
  net: payin - fee,
  payinCount: payin === 0 ? 0 : 2,
  payoutCount: 0,
  refundCount: 0,
  chargebackCount: 0,
});

/** The account statement report of three days, newest first, consolidated with the sub-merchants. */
export const moneyReport = DailyReportPage.parse({
  kind: 'MONEY',
  billType: 'ACCOUNT',
  ...reportHead,
  divided: false,
  list: [
    moneyDay('2026-01-15', 12_000_000, 12_345_600, 400_000, 54_400),
    moneyDay('2026-01-14', 11_000_000, 12_000_000, 1_020_000, 20_000),
    moneyDay('2026-01-13', 11_000_000, 11_000_000, 0, 0),
  ],
  totals: {
    ...moneyDay('', 11_000_000, 12_345_600, 1_420_000, 74_400),
    payinCount: 4,
  },
});

/** The same days on the payment-link page: the money of payment-link pay-ins, no balances. */
export const paymentLinkReport = DailyReportPage.parse({
  ...moneyReport,
  billType: 'PAYMENT_LINK',
  divided: true,
  list: moneyReport.list.map((row) => ({ ...row, openingBalance: null, closingBalance: null })),
  totals: { ...moneyReport.totals, openingBalance: null, closingBalance: null },
});

export const transactionReport = DailyReportPage.parse({
  kind: 'TRANSACTIONS',
  billType: 'TRANSACTION',
  ...reportHead,
  divided: true,
  list: [
    {
      date: '2026-01-15',
      count: 40,
      amount: 2_000_000,
      successCount: 38,
      successAmount: 1_900_000,
      failedCount: 2,
      fee: 57_000,
      vat: 11_400,
    },
    {
      date: '2026-01-14',
      count: 25,
      amount: 1_250_000,
      successCount: 25,
      successAmount: 1_250_000,
      failedCount: 0,
      fee: 37_500,
      vat: 7_500,
    },
    { date: '2026-01-13', count: 0, amount: 0, successCount: 0, successAmount: 0, failedCount: 0, fee: 0, vat: 0 },
  ],
  totals: { count: 65, amount: 3_250_000, successCount: 63, successAmount: 3_150_000, failedCount: 2, fee: 94_500, vat: 18_900 },
});

export const reportLink = ReportLink.parse({
  url: '/files/reports/rl_0123456789abcdefghijkl',
  expiresAt: '2026-01-16T17:05:00.000Z',
});
