import { formatCents } from '@andes/contract/common/money';
import type { FieldValueOf, SearchField, SearchValue } from './fields.ts';
import { collapseChecked } from './tree-check.ts';

/**
 * The text of an applied filter's chip after its label ("Status: **Settled**"): option labels
 * rather than codes, amounts in units with thousands grouped, ranges with an en dash.
 */

const amountText = (cents: number) => formatCents(cents, 'USD', { symbol: false });
const dateTimeText = (value: string) => value.replace('T', ' ');

/** The value part of a chip. */
export function chipValueText(field: SearchField, value: SearchValue): string {
  switch (field.type) {
    case 'input':
      return value as string;
    case 'amount':
      return amountText(value as number);
    case 'amountRange': {
      const { min, max } = value as FieldValueOf['amountRange'];
      if (min !== undefined && max !== undefined) return `${amountText(min)} – ${amountText(max)}`;
      return min !== undefined ? `≥ ${amountText(min)}` : `≤ ${amountText(max as number)}`;
    }
    case 'select':
      return field.options.find((o) => o.value === value)?.label ?? (value as string);
    case 'multiSelect':
      return (value as string[]).map((v) => field.options.find((o) => o.value === v)?.label ?? v).join(', ');
    case 'selectDeep':
      return collapseChecked(field.tree, value as string[])
        .map((node) => node.label)
        .join(', ');
    case 'datetime':
      return dateTimeText(value as string);
    case 'daterange': {
      const { from, to } = value as FieldValueOf['daterange'];
      return from === to ? from : `${from} – ${to}`;
    }
    case 'datetimerange': {
      const { start, end } = value as FieldValueOf['datetimerange'];
      return `${dateTimeText(start)} – ${dateTimeText(end)}`;
    }
  }
}
