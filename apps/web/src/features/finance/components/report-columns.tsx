import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { groupThousands } from '@andes/contract/common/money';
import type { DailyMoneyRow, DailyTransactionRow } from '@andes/contract/finance/schemas';
import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { TOTALS_INDEX } from '../../../shared/list-screen/totals-row.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import type { ReportRow } from '../api/report-calls.ts';
import { successRate } from '../report-chart.ts';

type MoneyRow = DailyMoneyRow & { id: string };
type TransactionRow = DailyTransactionRow & { id: string };

interface ColumnContext {
  t: TFunction<'finance'>;
  currency: Currency;
  /** The interface language (the success rate's number format). */
  language: string;
}

const count = (n: number) => groupThousands(String(n));

/** The day (or, in the totals row, "Total"). */
function dateColumn(t: TFunction<'finance'>): TableColumnsType<ReportRow>[number] {
  return {
    key: 'date',
    title: t('report.date'),
    fixed: 'left',
    render: (_, row, index) => (index === TOTALS_INDEX ? t('report.totals') : <time dateTime={row.date}>{row.date}</time>),
  };
}

/** An amount of a day, with how many movements made it on a second line (none when there were none). */
function withCount(amount: ReactNode, n: number, t: TFunction<'finance'>): ReactNode {
  if (n === 0) return amount;
  // Blocks, not a flex column: they follow the cell's alignment (right in the table, left on a card).
  return (
    <div>
      {amount}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('report.countOf', { n: count(n) })}
      </Typography.Text>
    </div>
  );
}

/**
 * Columns of a money report (spec §7 daily finance): opening and closing balance for an account
 * statement, then each day's pay-ins, payouts, refunds, chargebacks, fees, taxes, FX and other
 * money as they moved the balance, and the day's net.
 */
export function moneyColumns({ t, currency }: ColumnContext, withBalances: boolean): TableColumnsType<ReportRow> {
  const money = (cents: number | null) => (cents === null ? EMPTY_PLACEHOLDER : <Amount cents={cents} currency={currency} />);
  const amount = (key: keyof MoneyRow & string, title: string, counted?: keyof MoneyRow & string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: ReportRow) => {
      const r = row as MoneyRow;
      const cell = money(r[key] as number | null);
      return counted ? withCount(cell, r[counted] as number, t) : cell;
    },
  });
  return [
    dateColumn(t),
    ...(withBalances ? [amount('openingBalance', t('report.opening'))] : []),
    amount('payin', t('report.payin'), 'payinCount'),
    amount('payout', t('report.payout'), 'payoutCount'),
    amount('refund', t('report.refund'), 'refundCount'),
    amount('chargeback', t('report.chargeback'), 'chargebackCount'),
    amount('fee', t('report.fee')),
    amount('tax', t('report.tax')),
    amount('fx', t('report.fx')),
    amount('other', t('report.other')),
    amount('net', t('report.net')),
    ...(withBalances ? [amount('closingBalance', t('report.closing'))] : []),
  ];
}

/** Columns of a transaction report: created, successful (with the rate), failed, their amounts, fees and VAT. */
export function transactionColumns({ t, currency, language }: ColumnContext): TableColumnsType<ReportRow> {
  const money = (cents: number) => <Amount cents={cents} currency={currency} />;
  const row = (r: ReportRow) => r as TransactionRow;
  return [
    dateColumn(t),
    { key: 'count', title: t('report.count'), align: 'right', render: (_, r) => count(row(r).count) },
    { key: 'amount', title: t('report.amount'), align: 'right', render: (_, r) => money(row(r).amount) },
    { key: 'successCount', title: t('report.successCount'), align: 'right', render: (_, r) => count(row(r).successCount) },
    {
      key: 'successRate',
      title: t('report.successRate'),
      align: 'right',
      render: (_, r) => successRate(row(r).successCount, row(r).count, language) || EMPTY_PLACEHOLDER,
    },
    { key: 'successAmount', title: t('report.successAmount'), align: 'right', render: (_, r) => money(row(r).successAmount) },
    { key: 'failedCount', title: t('report.failedCount'), align: 'right', render: (_, r) => count(row(r).failedCount) },
    { key: 'fee', title: t('report.fee'), align: 'right', render: (_, r) => money(row(r).fee) },
    { key: 'vat', title: t('report.vat'), align: 'right', render: (_, r) => money(row(r).vat) },
  ];
}
