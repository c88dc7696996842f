import type {
  AccountingRequest,
  AccountingRequestDetail,
  ExchangeAmountAnswer,
  ExchangeConfigAnswer,
  FeeCalculateAnswer,
  FeeConfigAnswer,
  RequestPage,
} from '@andes/contract/accounting/schemas';

/** "Now" of the accounting tests: 2026-01-15 09:00 in São Paulo. */
export const NOW = new Date('2026-01-15T12:00:00.000Z');
const MINUTE_MS = 60_000;
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

/** A top-up of R$ 1,000.00 to the payout account, waiting for the provider. */
export function topup(overrides: Partial<AccountingRequest> = {}): AccountingRequest {
  return {
    id: 11,
    requestNo: 'TU2601150000011',
    kind: 'TOPUP',
    country: 'BR',
    accountType: 'PAY_OUT',
    mode: 'PAY_OUT',
    status: 'PROCESSING',
    currency: 'BRL',
    requestAmount: 100_000,
    verifiedAmount: null,
    fee: null,
    feeLines: [],
    finalAmount: null,
    deductionAmount: null,
    receiptAmount: null,
    side: null,
    sellCurrency: null,
    buyCurrency: null,
    sellAmount: null,
    buyAmount: null,
    exchangeRate: null,
    rateExpiresAt: null,
    contractConfirmedAt: null,
    contractConfirmedBy: null,
    transferTime: at(-90 * MINUTE_MS),
    remittingBank: 'Banco do Brasil',
    beneficiaryAccount: null,
    proofFiles: [{ fileId: 'f_wire000000000000000000', name: 'wire.png', size: 20_480, contentType: 'image/png' }],
    remark: '',
    statusReason: null,
    target: null,
    subMerchantId: null,
    subMerchantName: null,
    approvalState: 'NONE',
    approvedBy: null,
    approvedAt: null,
    createdBy: 'Dana Finance',
    createdAt: at(-60 * MINUTE_MS),
    updatedAt: at(-60 * MINUTE_MS),
    actions: ['CANCEL'],
    ...overrides,
  };
}

/** The same top-up verified: R$ 990.00 received, R$ 5.00 fee, R$ 985.00 credited. */
export function completedTopup(): AccountingRequestDetail {
  return {
    ...topup({
      status: 'COMPLETED',
      verifiedAmount: 99_000,
      fee: 500,
      feeLines: [{ item: 'TOPUP_FEE', amount: 500 }],
      finalAmount: 98_500,
      receiptAmount: 98_500,
      updatedAt: at(-10 * MINUTE_MS),
      actions: [],
    }),
    history: [
      { event: 'CREATED', status: 'PROCESSING', at: at(-60 * MINUTE_MS), by: 'Dana Finance', reason: null },
      { event: 'VERIFIED', status: 'COMPLETED', at: at(-10 * MINUTE_MS), by: null, reason: null },
    ],
  };
}

/** A withdrawal of R$ 500.00 waiting for a second person. */
export function withdrawal(overrides: Partial<AccountingRequest> = {}): AccountingRequest {
  return topup({
    id: 21,
    requestNo: 'WD2601150000021',
    kind: 'WITHDRAWAL',
    accountType: 'PAY_IN',
    mode: 'PAY_IN',
    requestAmount: 50_000,
    fee: 300,
    feeLines: [{ item: 'WITHDRAWAL_FEE', amount: 300 }],
    deductionAmount: 50_300,
    transferTime: null,
    remittingBank: null,
    proofFiles: [],
    beneficiaryAccount: { holderName: 'Andes Demo Store', bankName: 'Itaú', accountNumber: '12345-6' },
    approvalState: 'PENDING',
    actions: ['CANCEL', 'APPROVE', 'REFUSE'],
    ...overrides,
  });
}

/** An offline exchange with a quote of 5.1234 BRL per USD expiring in `expiresInMs`. */
export function quotedExchange(expiresInMs: number, overrides: Partial<AccountingRequestDetail> = {}): AccountingRequestDetail {
  return {
    ...topup({
      id: 31,
      requestNo: 'EX2601150000031',
      kind: 'EXCHANGE',
      accountType: 'PAY_OUT',
      mode: 'OFFLINE',
      status: 'WAIT_CONFIRM_CONTRACT',
      currency: 'USD',
      requestAmount: 10_000,
      side: 'SELL',
      sellCurrency: 'USD',
      buyCurrency: 'BRL',
      sellAmount: 10_000,
      buyAmount: 51_234,
      exchangeRate: '5.1234',
      rateExpiresAt: at(expiresInMs),
      actions: ['CONFIRM_CONTRACT', 'CANCEL'],
    }),
    history: [
      { event: 'CREATED', status: 'WAIT_PROOF', at: at(-30 * MINUTE_MS), by: 'Dana Finance', reason: null },
      { event: 'PROOF_SUBMITTED', status: 'WAIT_EXCHANGE_RATE', at: at(-20 * MINUTE_MS), by: 'Dana Finance', reason: null },
      { event: 'RATE_QUOTED', status: 'WAIT_CONFIRM_CONTRACT', at: at(-1 * MINUTE_MS), by: null, reason: null },
    ],
    ...overrides,
  };
}

export function page(list: AccountingRequest[]): RequestPage {
  return { list, total: list.length, totalCapped: false, nextCursor: null };
}

export const BALANCE = { accountType: 'PAY_OUT' as const, currency: 'BRL' as const, available: 1_000_000, reserved: 0 };

export function feeConfig(overrides: Partial<FeeConfigAnswer> = {}): FeeConfigAnswer {
  return {
    country: 'BR',
    mode: 'PAY_OUT',
    currency: 'BRL',
    perRequestFee: 500,
    smallTransferThreshold: 10_000,
    smallTransferFee: 200,
    minAmount: 1_000,
    maxAmount: 100_000_000,
    approvalThreshold: null,
    receivingAccount: {
      bankName: 'Banco Andes',
      holderName: 'Andes Pagamentos Ltda',
      accountNumber: '0001-123456-7',
      currency: 'BRL',
      referenceHint: 'Write the request number (TU…) in the reference',
    },
    balance: BALANCE,
    ...overrides,
  };
}

/** The fee of a top-up of `amount` cents: R$ 5.00 per top-up, credited amount − fee. */
export function topupFee(amount: number): FeeCalculateAnswer {
  return {
    currency: 'BRL',
    amount,
    lines: [{ item: 'TOPUP_FEE', amount: 500 }],
    fee: 500,
    total: amount - 500,
    availableBefore: BALANCE.available,
    availableAfter: BALANCE.available + amount - 500,
    needsApproval: false,
    problem: null,
  };
}

export function exchangeConfig(overrides: Partial<ExchangeConfigAnswer> = {}): ExchangeConfigAnswer {
  return {
    country: 'BR',
    mode: 'PAY_IN',
    sellCurrency: 'BRL',
    buyCurrency: 'USD',
    indicativeRate: '5.2',
    indicativeRateAt: at(-MINUTE_MS),
    minSellAmount: 10_000,
    maxSellAmount: 100_000_000,
    receivingAccount: null,
    sellBalance: { accountType: 'PAY_IN', currency: 'BRL', available: 2_000_000, reserved: 0 },
    buyBalance: { accountType: null, currency: 'USD', available: 50_000, reserved: 0 },
    ...overrides,
  };
}

export function exchangeAnswer(sellAmount: number): ExchangeAmountAnswer {
  const buyAmount = Math.floor((sellAmount * 10) / 52);
  return {
    sellCurrency: 'BRL',
    buyCurrency: 'USD',
    sellAmount,
    buyAmount,
    rate: '5.2',
    rateKind: 'INDICATIVE',
    rateExpiresAt: null,
    sellAvailableBefore: 2_000_000,
    sellAvailableAfter: 2_000_000 - sellAmount,
    buyAvailableBefore: 50_000,
    buyAvailableAfter: 50_000 + buyAmount,
    problem: null,
  };
}
