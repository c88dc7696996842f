import { Card, Checkbox, Collapse, Descriptions, Flex, type TableColumnsType, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** Which columns a card shows in its head; the `actions` column goes to its foot, the rest in between. */
export interface CardLayout {
  /** Key of the column shown as the card's title. */
  title: string;
  /** Key of the column shown on the right of the title (a state, an amount). */
  extra?: string;
}

/** An expandable area below a row (desktop) or inside its card (mobile). */
export interface RowDetails<Row> {
  /** Name of the area, like "Proof of completeness". */
  label: string;
  /** Whether the row has details (default: every row). */
  has?(row: Row): boolean;
  render(row: Row): ReactNode;
}

export const ACTIONS_COLUMN = 'actions';

/** The cell a column renders for a row, as the table would. */
export function cellOf<Row>(column: TableColumnType<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex;
  const value = typeof path === 'string' || typeof path === 'number' ? (row as Record<string | number, unknown>)[path] : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/** The leaf columns of a table (groups are flattened). */
export function leaves<Row>(columns: TableColumnsType<Row>): TableColumnType<Row>[] {
  return columns.flatMap((column) =>
    'children' in column && column.children ? leaves(column.children) : [column as TableColumnType<Row>],
  );
}

/** The checkbox of a card whose list lets rows be chosen. */
export interface CardSelection {
  checked: boolean;
  disabled: boolean;
  /** Accessible name, naming the row. */
  name: string;
  onChange(checked: boolean): void;
}

interface RowCardProps<Row> {
  row: Row;
  index: number;
  columns: TableColumnsType<Row>;
  layout: CardLayout;
  details?: RowDetails<Row> | undefined;
  selection?: CardSelection | undefined;
}

/**
 * A row of a list as a mobile card, built from the same columns as the table: the title column
 * and the `extra` column in the head, every other column as a labelled line, the actions at the
 * foot, and the row's details behind a disclosure.
 */
export function RowCard<Row>({ row, index, columns, layout, details, selection }: RowCardProps<Row>) {
  const all = leaves(columns);
  const byKey = (key: string | undefined) => (key === undefined ? undefined : all.find((column) => column.key === key));
  const title = byKey(layout.title);
  const extra = byKey(layout.extra);
  const actions = byKey(ACTIONS_COLUMN);
  const head = new Set<unknown>([layout.title, layout.extra, ACTIONS_COLUMN]);
  const body = all.filter((column) => !head.has(column.key));
  return (
    <Card
      size="small"
      title={
        selection ? (
          <Flex gap={8} align="center">
            <Checkbox
              checked={selection.checked}
              disabled={selection.disabled}
              aria-label={selection.name}
              onChange={(event) => selection.onChange(event.target.checked)}
            />
            {title ? cellOf(title, row, index) : null}
          </Flex>
        ) : title ? (
          cellOf(title, row, index)
        ) : null
      }
      extra={extra ? cellOf(extra, row, index) : null}
    >
      <Descriptions
        size="small"
        column={1}
        items={body.map((column) => ({
          key: String(column.key),
          label: column.title as ReactNode,
          children: cellOf(column, row, index),
        }))}
      />
      {details && (details.has?.(row) ?? true) && (
        <Collapse
          size="small"
          ghost
          items={[{ key: 'details', label: details.label, children: details.render(row) }]}
          style={{ marginTop: 4 }}
        />
      )}
      {actions && (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          {cellOf(actions, row, index)}
        </Flex>
      )}
    </Card>
  );
}
