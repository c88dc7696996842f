import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { maskAccountNumber, orEmpty } from '@andes/contract/common/format';
import type { GlobalStatementLine } from '@andes/contract/global/schemas';
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Amount } from '../../../shared/ui/amount.tsx';

type T = TFunction<'globalBalance'>;
type TCommon = TFunction<'common'>;

/** A statement line's field: its label and how it is shown (the table's columns and the mobile cards share these). */
export interface StatementField {
  key: string;
  title: string;
  align?: 'right';
  render(line: GlobalStatementLine): ReactNode;
}

/** The columns of the statement (spec §3 global balance statement), times in `timeZone`. */
export function statementFields(t: T, tc: TCommon, timeZone: string, zoneLabel: string): StatementField[] {
  return [
    {
      key: 'businessType',
      title: t('businessType'),
      render: (line) => <Tag color={line.businessType === 'TOPUP' ? 'green' : 'blue'}>{t(`businessTypeName.${line.businessType}`)}</Tag>,
    },
    { key: 'reference', title: t('reference'), render: (line) => line.reference },
    {
      key: 'targetAccount',
      title: t('targetAccount'),
      render: (line) =>
        line.targetAccountNo === null ? (
          EMPTY_PLACEHOLDER
        ) : (
          <span>
            <span style={{ whiteSpace: 'nowrap' }}>{maskAccountNumber(line.targetAccountNo)}</span>
            {line.targetAccountType && ` (${t(`accountType.${line.targetAccountType}`)})`}
          </span>
        ),
    },
    {
      key: 'targetCountry',
      title: t('targetCountry'),
      render: (line) => (line.targetCountry ? tc(`countryName.${line.targetCountry}`) : EMPTY_PLACEHOLDER),
    },
    { key: 'amount', title: t('amount'), align: 'right', render: (line) => <Amount cents={line.amount} currency="USD" signed /> },
    {
      key: 'targetAmount',
      title: t('targetAmount'),
      align: 'right',
      render: (line) =>
        line.targetAmount !== null && line.targetCurrency !== null ? (
          <Amount cents={line.targetAmount} currency={line.targetCurrency} />
        ) : (
          EMPTY_PLACEHOLDER
        ),
    },
    { key: 'exchangeRate', title: t('exchangeRate'), align: 'right', render: (line) => orEmpty(line.exchangeRate) },
    {
      key: 'startBalance',
      title: t('startBalance'),
      align: 'right',
      render: (line) => <Amount cents={line.startBalance} currency="USD" />,
    },
    { key: 'endBalance', title: t('endBalance'), align: 'right', render: (line) => <Amount cents={line.endBalance} currency="USD" /> },
    {
      key: 'time',
      title: t('timeIn', { zone: zoneLabel }),
      render: (line) => (
        <time dateTime={line.createdAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(line.createdAt, timeZone)}
        </time>
      ),
    },
  ];
}

/** The fields as table columns. */
export function statementColumns(fields: readonly StatementField[]): TableColumnsType<GlobalStatementLine> {
  return fields.map((field) => ({
    key: field.key,
    title: field.title,
    ...(field.align ? { align: field.align } : {}),
    render: (_: unknown, line: GlobalStatementLine) => field.render(line),
  }));
}
