import type { TransactionListItem } from '@andes/contract/transaction/schemas';
import type { ExportColumn, LocalizedText } from './columns.ts';

/**
 * The columns of a transaction export (transactionFileDownload), in the order of
 * the list's columns: ids, who, what, the money (currency units), the times (in the country's
 * zone, named in the header), the counterparty and the card. Enumerations are written as their
 * labels in the export's language (the same words as the web's transactions namespace).
 */

export type TransactionExportRow = TransactionListItem & { holdStatusText: string };

const label = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });

const TYPE_LABELS = {
  PAY_IN: label('Pay-in', '代收'),
  PAY_OUT: label('Payout', '代付'),
  MARKET_PLACE_ORDERS: label('Marketplace order', '市场订单'),
  REFUND: label('Refund', '退款'),
  CHARGE_BACK: label('Chargeback', '拒付'),
};

const STATUS_LABELS = {
  INITIAL_STATUS: label('Initial', '初始'),
  IN_PROGRESS: label('In progress', '处理中'),
  SETTLED: label('Settled', '已结算'),
  FAILED: label('Failed', '失败'),
  CHARGED_BACK: label('Charged back', '已拒付'),
  REFUNDING: label('Refunding', '退款中'),
  REFUNDED: label('Refunded', '已退款'),
  EXPIRED: label('Expired', '已过期'),
  REJECTED: label('Rejected', '已拒绝'),
  CREATED: label('Created', '已创建'),
  CANCELLED: label('Cancelled', '已取消'),
};

const HOLD_LABELS = { '1': label('On hold', '冻结'), '2': label('Unhold', '未冻结') };

const REFUND_LABELS = {
  NONE: label('Not refunded', '未退款'),
  PARTIAL: label('Partly refunded', '部分退款'),
  FULL: label('Fully refunded', '全额退款'),
};

export const TRANSACTION_EXPORT_COLUMNS: readonly ExportColumn<TransactionExportRow>[] = [
  { key: 'uniqueId', header: label('Unique ID', '唯一编号'), kind: 'text' },
  { key: 'merchantReference', header: label('Merchant reference', '商户订单号'), kind: 'text' },
  { key: 'subMerchantName', header: label('Sub-merchant', '子商户'), kind: 'text' },
  { key: 'transactionType', header: label('Type', '类型'), kind: 'status', labels: TYPE_LABELS },
  { key: 'productType', header: label('Product type', '产品类型'), kind: 'text' },
  { key: 'status', header: label('Status', '状态'), kind: 'status', labels: STATUS_LABELS },
  { key: 'holdStatusText', header: label('Hold status', '冻结状态'), kind: 'status', labels: HOLD_LABELS },
  { key: 'refundStatus', header: label('Refund status', '退款状态'), kind: 'status', labels: REFUND_LABELS },
  { key: 'amount', header: label('Amount', '金额'), kind: 'amount' },
  { key: 'fee', header: label('Fee', '手续费'), kind: 'amount' },
  { key: 'vat', header: label('VAT', '增值税'), kind: 'amount' },
  { key: 'refundedAmount', header: label('Refunded amount', '已退款金额'), kind: 'amount' },
  { key: 'currency', header: label('Currency', '币种'), kind: 'text' },
  { key: 'createdAt', header: label('Submit time', '提交时间'), kind: 'instant' },
  { key: 'settledAt', header: label('Settle time', '结算时间'), kind: 'instant' },
  { key: 'counterpartyName', header: label('Payer / beneficiary', '付款人 / 收款人'), kind: 'text' },
  { key: 'document', header: label('Document', '证件号'), kind: 'text' },
  { key: 'e2eId', header: label('E2E ID', '端到端编号'), kind: 'text' },
  { key: 'cardBin', header: label('Card BIN', '卡 BIN'), kind: 'text' },
  { key: 'cardLast4', header: label('Card last 4', '卡号后四位'), kind: 'text' },
];
