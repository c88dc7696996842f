import type { TransactionListItem } from '@andes/contract/transaction/schemas';
import { Card, Descriptions, Flex } from 'antd';
import type { TransactionField } from './transaction-columns.tsx';

/** Fields shown in a card's head rather than in its list. */
const HEAD_FIELDS = new Set(['uniqueId', 'amount', 'status', 'actions']);

/**
 * A transaction on mobile: unique id (the detail link) and status in the title, the amount on the
 * right, the rest below. Times are labelled without their zone (named once above the cards), so a
 * label and its one-line time fit a phone's width.
 */
export function TransactionCard({ row, fields }: { row: TransactionListItem; fields: readonly TransactionField[] }) {
  const field = (key: string) => fields.find((f) => f.key === key);
  const rest = fields.filter((f) => !HEAD_FIELDS.has(f.key));
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          {field('uniqueId')?.render(row)}
          {field('status')?.render(row)}
        </Flex>
      }
      extra={field('amount')?.render(row)}
    >
      <Descriptions
        size="small"
        column={1}
        items={rest.map((f) => ({ key: f.key, label: f.cardTitle ?? f.title, children: f.render(row) }))}
      />
    </Card>
  );
}
