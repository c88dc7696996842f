import { Table, type TableColumnsType, Typography } from 'antd';
import { cellOf, leaves } from './row-card.tsx';

/** The row index the columns' renderers get for a totals row (no row of the list has it). */
export const TOTALS_INDEX = -1;

interface TotalsRowProps<Row> {
  columns: TableColumnsType<Row>;
  /** The totals shaped as a row, drawn by the same columns (the title column says "Total"). */
  row: Row;
  /** Cells before the columns (the checkbox and expand columns of the table), left empty. */
  leading: number;
}

/**
 * A table's totals row (its `<tfoot>`): the figures of the whole list, not only the page, drawn by
 * the list's own columns so that every total sits under its column.
 */
export function TotalsRow<Row>({ columns, row, leading }: TotalsRowProps<Row>) {
  const cells = leaves(columns);
  return (
    <Table.Summary>
      <Table.Summary.Row>
        {Array.from({ length: leading }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional empty cells under the selection and expand columns
          <Table.Summary.Cell key={`leading-${index}`} index={index} />
        ))}
        {cells.map((column, index) => (
          <Table.Summary.Cell key={String(column.key ?? index)} index={leading + index} {...(column.align ? { align: column.align } : {})}>
            <Typography.Text strong>{cellOf(column, row, TOTALS_INDEX)}</Typography.Text>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
