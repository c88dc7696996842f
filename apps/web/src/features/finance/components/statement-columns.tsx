import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { FeeRelatedType } from '@andes/contract/common/enums';
import type { StatementLine } from '@andes/contract/finance/schemas';
import { Flex, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { transactionLinkOf } from '../transaction-link.ts';

/** The colour of a line's type (spec §3 fee-related types). */
const TYPE_COLORS = { SETTLE: 'processing', FEE: 'warning', ACCOUNTING: 'default' } as const satisfies Record<FeeRelatedType, string>;

interface ColumnContext {
  t: TFunction<'finance'>;
  tc: TFunction<'common'>;
  zone: string;
  /** The account's currency (the page's period); lines carry none of their own. */
  currency: Currency;
  /** The user may open a transaction's detail (the link of a line's transaction). */
  canOpenTransactions: boolean;
  openTax(uniqueId: string): void;
}

/** What a line is about: its transaction (a link), the merchant's reference, or a global movement's reference. */
function ReferenceCell({ line, canOpen }: { line: StatementLine; canOpen: boolean }) {
  const href = canOpen ? transactionLinkOf(line.transactionId) : null;
  if (line.transactionUniqueId === null) return <>{line.reference ?? EMPTY_PLACEHOLDER}</>;
  return (
    <Flex vertical>
      {href ? (
        <Link to={href} style={{ whiteSpace: 'nowrap' }}>
          {line.transactionUniqueId}
        </Link>
      ) : (
        <span style={{ whiteSpace: 'nowrap' }}>{line.transactionUniqueId}</span>
      )}
      {line.merchantReference && <Typography.Text type="secondary">{line.merchantReference}</Typography.Text>}
    </Flex>
  );
}

/**
 * The statement's columns: booked time (in the account's zone), type, event, item, the
 * transaction (or reference), money in, money out and the book balance after the line; the
 * action opens the fees and taxes of the line's transaction.
 */
export function statementColumns({ t, tc, zone, currency, canOpenTransactions, openTax }: ColumnContext): TableColumnsType<StatementLine> {
  const money = (cents: number) => (cents === 0 ? EMPTY_PLACEHOLDER : <Amount cents={cents} currency={currency} />);
  return [
    {
      key: 'bookedAt',
      title: t('column.bookedAt', { zone }),
      render: (_, line) => <time dateTime={line.bookedAt}>{formatDateTime(line.bookedAt, zone)}</time>,
    },
    {
      key: 'type',
      title: t('column.type'),
      render: (_, line) => <StatusTag color={TYPE_COLORS[line.type]}>{t(`type.${line.type}`)}</StatusTag>,
    },
    { key: 'event', title: t('column.event'), render: (_, line) => t(`event.${line.event}`) },
    { key: 'item', title: t('column.item'), render: (_, line) => t(`item.${line.item}`) },
    {
      key: 'reference',
      title: t('column.reference'),
      render: (_, line) => <ReferenceCell line={line} canOpen={canOpenTransactions} />,
    },
    { key: 'amountIn', title: t('column.amountIn'), align: 'right', render: (_, line) => money(line.amountIn) },
    { key: 'amountOut', title: t('column.amountOut'), align: 'right', render: (_, line) => money(line.amountOut) },
    {
      key: 'balanceAfter',
      title: t('column.balanceAfter'),
      align: 'right',
      render: (_, line) => <Amount cents={line.balanceAfter} currency={currency} />,
    },
    {
      key: 'actions',
      title: tc('actions'),
      render: (_, line) => {
        const uniqueId = line.transactionUniqueId;
        return uniqueId === null ? null : (
          <RowActions
            actions={[{ key: 'tax', label: t('taxes.open'), name: t('taxes.openOf', { uniqueId }), onClick: () => openTax(uniqueId) }]}
          />
        );
      },
    },
  ];
}
