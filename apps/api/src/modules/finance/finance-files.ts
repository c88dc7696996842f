import type { Language } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';
import type { DailyMoneyRow, DailyTransactionRow, StatementLine } from '@andes/contract/finance/schemas';
import type { SubAccountSummaryRow } from '@andes/contract/sub-merchant/schemas';
import type { FigureRow } from '../download-center/report-writer.ts';
import type { ExportColumn, FrameLine, LocalizedText } from '../transaction-files/export/columns.ts';

/**
 * The files of the finance calls (docs/decisions/0026): columns as data (the transaction export's
 * kinds: amounts in currency units, times in the account's zone named in the header, enumerations
 * as labels of the file's language) and the heading every file starts with — what it is, whose
 * account, currency, zone and period — written before the column header. The download center's
 * writer adds the trailer (row count, sum per currency, SHA-256 of the data lines): each row's
 * `amount` is its signed movement, so a file's total is closing − opening of what it lists.
 */

const label = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });

const TYPE_LABELS = {
  SETTLE: label('Settle', '结算'),
  FEE: label('Fee', '费用'),
  ACCOUNTING: label('Accounting', '账务'),
};

const EVENT_LABELS = {
  PAYIN_SETTLED: label('Pay-in settled', '代收结算'),
  REFUND: label('Refund', '退款'),
  CHARGEBACK: label('Chargeback', '拒付'),
  PAYOUT_SETTLED: label('Payout settled', '代付结算'),
  GLOBAL_TOPUP: label('Global top-up', '全球账户充值'),
  GLOBAL_TRANSFER_OUT: label('Global transfer', '全球账户转出'),
  TOPUP_CREDITED: label('Top-up credited', '充值入账'),
  WITHDRAWAL_SETTLED: label('Withdrawal paid', '提现完成'),
  EXCHANGE_SETTLED: label('Exchange settled', '换汇完成'),
  SUB_TRANSFER_SETTLED: label('Sub-merchant transfer', '子商户划转'),
  ADJUSTMENT: label('Adjustment', '调整'),
};

const ITEM_LABELS = {
  AMOUNT: label('Amount', '金额'),
  FEE: label('Fee', '手续费'),
  VAT: label('VAT', '增值税'),
};

const CATEGORY_LABELS = {
  PAYIN: label('Pay-in', '代收'),
  PAYOUT: label('Payout', '代付'),
  REFUND: label('Refund', '退款'),
  CHARGEBACK: label('Chargeback', '拒付'),
  FEE: label('Fee', '手续费'),
  TAX: label('Tax', '税费'),
  FX: label('FX', '换汇'),
  TOPUP: label('Top-up', '充值'),
  WITHDRAWAL: label('Withdrawal', '提现'),
  TRANSFER: label('Transfer', '转账'),
  ADJUSTMENT: label('Adjustment', '调整'),
};

const TRANSACTION_TYPE_LABELS = {
  PAY_IN: label('Pay-in', '代收'),
  PAY_OUT: label('Payout', '代付'),
  MARKET_PLACE_ORDERS: label('Marketplace order', '市场订单'),
  REFUND: label('Refund', '退款'),
  CHARGE_BACK: label('Chargeback', '拒付'),
};

/** A statement line as a file row: the line, its signed amount and currency (the proof's figures). */
export type StatementFileRow = StatementLine & FigureRow & { amount: number; currency: Currency };

export const STATEMENT_COLUMNS: readonly ExportColumn<StatementFileRow>[] = [
  { key: 'bookedAt', header: label('Booked at', '记账时间'), kind: 'instant' },
  { key: 'localDate', header: label('Date', '日期'), kind: 'text' },
  { key: 'type', header: label('Type', '类型'), kind: 'status', labels: TYPE_LABELS },
  { key: 'event', header: label('Business event', '业务事件'), kind: 'status', labels: EVENT_LABELS },
  { key: 'item', header: label('Item', '项目'), kind: 'status', labels: ITEM_LABELS },
  { key: 'category', header: label('Category', '分类'), kind: 'status', labels: CATEGORY_LABELS },
  { key: 'transactionUniqueId', header: label('Unique ID', '唯一编号'), kind: 'text' },
  { key: 'merchantReference', header: label('Merchant reference', '商户订单号'), kind: 'text' },
  { key: 'transactionType', header: label('Transaction type', '交易类型'), kind: 'status', labels: TRANSACTION_TYPE_LABELS },
  { key: 'productType', header: label('Product type', '产品类型'), kind: 'text' },
  { key: 'reference', header: label('Reference', '参考号'), kind: 'text' },
  { key: 'amountIn', header: label('In', '收入'), kind: 'amount' },
  { key: 'amountOut', header: label('Out', '支出'), kind: 'amount' },
  { key: 'amount', header: label('Amount', '金额'), kind: 'amount' },
  { key: 'balanceAfter', header: label('Balance after', '余额'), kind: 'amount' },
  { key: 'currency', header: label('Currency', '币种'), kind: 'text' },
];

/** A money day as a file row: its `net` is the proof's amount. */
export type MoneyFileRow = DailyMoneyRow & FigureRow & { amount: number; currency: Currency };

export const MONEY_COLUMNS: readonly ExportColumn<MoneyFileRow>[] = [
  { key: 'date', header: label('Date', '日期'), kind: 'text' },
  { key: 'openingBalance', header: label('Opening balance', '期初余额'), kind: 'amount' },
  { key: 'payin', header: label('Pay-ins', '代收'), kind: 'amount' },
  { key: 'payout', header: label('Payouts', '代付'), kind: 'amount' },
  { key: 'refund', header: label('Refunds', '退款'), kind: 'amount' },
  { key: 'chargeback', header: label('Chargebacks', '拒付'), kind: 'amount' },
  { key: 'fee', header: label('Fees', '手续费'), kind: 'amount' },
  { key: 'tax', header: label('Taxes', '税费'), kind: 'amount' },
  { key: 'fx', header: label('FX', '换汇'), kind: 'amount' },
  { key: 'other', header: label('Other', '其他'), kind: 'amount' },
  { key: 'net', header: label('Net', '净额'), kind: 'amount' },
  { key: 'closingBalance', header: label('Closing balance', '期末余额'), kind: 'amount' },
  { key: 'payinCount', header: label('Pay-in count', '代收笔数'), kind: 'count' },
  { key: 'payoutCount', header: label('Payout count', '代付笔数'), kind: 'count' },
  { key: 'refundCount', header: label('Refund count', '退款笔数'), kind: 'count' },
  { key: 'chargebackCount', header: label('Chargeback count', '拒付笔数'), kind: 'count' },
  { key: 'currency', header: label('Currency', '币种'), kind: 'text' },
];

/** A transactions day as a file row: its `amount` (all transactions created that day) is the proof's. */
export type TransactionsFileRow = DailyTransactionRow & FigureRow & { currency: Currency };

export const TRANSACTIONS_COLUMNS: readonly ExportColumn<TransactionsFileRow>[] = [
  { key: 'date', header: label('Date', '日期'), kind: 'text' },
  { key: 'count', header: label('Transactions', '交易笔数'), kind: 'count' },
  { key: 'amount', header: label('Amount', '金额'), kind: 'amount' },
  { key: 'successCount', header: label('Successful', '成功笔数'), kind: 'count' },
  { key: 'successAmount', header: label('Successful amount', '成功金额'), kind: 'amount' },
  { key: 'failedCount', header: label('Failed', '失败笔数'), kind: 'count' },
  { key: 'fee', header: label('Fees', '手续费'), kind: 'amount' },
  { key: 'vat', header: label('VAT', '增值税'), kind: 'amount' },
  { key: 'currency', header: label('Currency', '币种'), kind: 'text' },
];

/** A sub-account's day as a file row: end − begin is the proof's amount. */
export type SummaryFileRow = SubAccountSummaryRow & FigureRow & { currency: Currency };

export const SUMMARY_COLUMNS: readonly ExportColumn<SummaryFileRow>[] = [
  { key: 'date', header: label('Date', '日期'), kind: 'text' },
  { key: 'beginBalance', header: label('Begin balance', '期初余额'), kind: 'amount' },
  { key: 'payin', header: label('Pay-ins', '代收'), kind: 'amount' },
  { key: 'refund', header: label('Refunds', '退款'), kind: 'amount' },
  { key: 'chargeback', header: label('Chargebacks', '拒付'), kind: 'amount' },
  { key: 'payout', header: label('Payouts', '代付'), kind: 'amount' },
  { key: 'withdrawal', header: label('Withdrawals', '提现'), kind: 'amount' },
  { key: 'fee', header: label('Fees', '手续费'), kind: 'amount' },
  { key: 'tax', header: label('Taxes', '税费'), kind: 'amount' },
  { key: 'other', header: label('Other', '其他'), kind: 'amount' },
  { key: 'amount', header: label('Net', '净额'), kind: 'amount' },
  { key: 'endBalance', header: label('End balance', '期末余额'), kind: 'amount' },
  { key: 'currency', header: label('Currency', '币种'), kind: 'text' },
];

// ---------------------------------------------------------------------------------------------
// Headings
// ---------------------------------------------------------------------------------------------

const HEADING_LABELS = {
  en: {
    statement: 'Account statement',
    dailyReport: 'Daily report',
    subAccount: 'Sub-account daily summary',
    account: 'Account',
    holder: 'Holder',
    accountType: 'Account type',
    billType: 'Bill type',
    consolidated: 'Includes the sub-merchants’ accounts',
    currency: 'Currency',
    timeZone: 'Time zone',
    period: 'Period',
    filter: 'Filter',
    opening: 'Opening balance',
    closing: 'Closing balance',
    balancesOfPeriod: 'The opening and closing balances are the whole period’s, not only the filtered lines’',
    none: '--',
    yes: 'Yes',
  },
  'zh-CN': {
    statement: '账户流水',
    dailyReport: '日报表',
    subAccount: '子账户日汇总',
    account: '账户',
    holder: '账户持有人',
    accountType: '账户类型',
    billType: '账单类型',
    consolidated: '包含子商户账户',
    currency: '币种',
    timeZone: '时区',
    period: '期间',
    filter: '筛选',
    opening: '期初余额',
    closing: '期末余额',
    balancesOfPeriod: '期初与期末余额为整个期间的余额，并非仅筛选出的流水',
    none: '--',
    yes: '是',
  },
} as const;

export function headingLabels(language: Language) {
  return HEADING_LABELS[language];
}

export interface HeadingFacts {
  title: 'statement' | 'dailyReport' | 'subAccount';
  accountNo: string | null;
  holder: string;
  accountType: string;
  billType?: string;
  /** A merchant's bill with its sub-merchants' accounts. */
  consolidated?: boolean;
  currency: Currency;
  timeZone: string;
  /** `UTC-3`: the zone's offset at the period's end. */
  offset: string;
  range: DateRange;
  /** The filter as words (statement), when there is one. */
  filter?: string | null;
  /** The period's opening balance, when the file has one. */
  opening?: number | null;
}

/** The lines above a finance file's column header. */
export function headingOf(f: HeadingFacts, language: Language): FrameLine[] {
  const w = HEADING_LABELS[language];
  const lines: FrameLine[] = [[w[f.title]], [w.account, f.accountNo ?? w.none], [w.holder, f.holder], [w.accountType, f.accountType]];
  if (f.billType !== undefined) lines.push([w.billType, f.billType]);
  if (f.consolidated) lines.push([w.consolidated, w.yes]);
  lines.push([w.currency, f.currency], [w.timeZone, `${f.timeZone} (${f.offset})`], [w.period, f.range.from, f.range.to]);
  if (f.filter) lines.push([w.filter, f.filter], [w.balancesOfPeriod]);
  if (f.opening !== undefined && f.opening !== null) lines.push([w.opening, { cents: f.opening }]);
  return lines;
}

/** The line after a file's rows: the period's closing balance. */
export function closingOf(closing: number, language: Language): FrameLine[] {
  return [[HEADING_LABELS[language].closing, { cents: closing }]];
}
