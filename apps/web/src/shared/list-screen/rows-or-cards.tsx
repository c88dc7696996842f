import { Flex, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../hooks/use-is-mobile.ts';
import { ScrollTable } from '../ui/scroll-table.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { type CardLayout, RowCard } from './row-card.tsx';

interface RowsOrCardsProps<Row extends object> {
  /** The list's name: the table's caption and scroll region, the card list's label. */
  title: string;
  rows: readonly Row[];
  rowKey: keyof Row & string;
  columns: TableColumnType<Row>[];
  /** Which columns make a card's title and corner (the rest are its lines). */
  layout: CardLayout;
  /** Shown when there is no row (and nothing is loading). */
  empty: ReactNode;
  /** Rows are being (re)loaded: the table shows its spinner and keeps the rows shown. */
  loading?: boolean;
}

/**
 * A small list as a table on a desktop and as a list of cards on a phone (the list-screen kit's
 * cards, without its search bar or pager): for the settings' and cards' own short lists.
 */
export function RowsOrCards<Row extends object>({ title, rows, rowKey, columns, layout, empty, loading = false }: RowsOrCardsProps<Row>) {
  const mobile = useIsMobile();
  if (!mobile) {
    return (
      <ScrollTable<Row>
        label={title}
        caption={<VisuallyHidden>{title}</VisuallyHidden>}
        rowKey={rowKey}
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={[...rows]}
        loading={loading}
        locale={{ emptyText: loading ? ' ' : empty }}
      />
    );
  }
  if (rows.length === 0) return loading ? null : empty;
  return (
    <Flex component="ul" vertical gap={12} aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => (
        <li key={String(row[rowKey])}>
          <RowCard<Row> row={row} index={index} columns={columns} layout={layout} />
        </li>
      ))}
    </Flex>
  );
}
