import { Collapse, type TableColumnsType } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { type ChartItem, EChart } from '../../../shared/ui/echart.tsx';
import type { EChartOption } from '../../../shared/ui/echart-option.ts';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import type { DrillChart } from '../revenue-charts.ts';
import { type DrillScope, type DrillTarget, drillDownHref, drillListOf } from '../revenue-url.ts';

export interface Drill {
  /** The user may open the transaction list of the scope's type. */
  allowed: boolean;
  /** The list address of a target; `productTypes` narrows the scope (a product type's row). */
  href(target: DrillTarget, productTypes?: readonly string[]): string;
  /** Opens a chart item's transactions (a click on the drawing). */
  onItemClick: ((item: ChartItem) => void) | undefined;
}

/** Drilling down from a chart of `scope` to the transaction list (when the user may open it). */
export function useDrill(scope: DrillScope, chart: Pick<DrillChart, 'target'> | null): Drill {
  const allowed = usePermission(drillListOf(scope.transactionType).permission);
  const navigate = useAppNavigate();
  const href = useCallback(
    (target: DrillTarget, productTypes?: readonly string[]) => drillDownHref(productTypes ? { ...scope, productTypes } : scope, target),
    [scope],
  );
  const onItemClick = useCallback(
    (item: ChartItem) => {
      const target = chart?.target(item);
      if (target) navigate(href(target));
    },
    [chart, href, navigate],
  );
  return { allowed, href, onItemClick: allowed && chart ? onItemClick : undefined };
}

/**
 * A figure that opens its transactions: a link named for what it counts ("View the 12 settled
 * pay-ins of 2026-11-03"), or the bare figure when the user may not open the list.
 */
export function DrillLink({
  drill,
  target,
  label,
  productTypes,
  children,
}: {
  drill: Drill;
  target: DrillTarget;
  label: string;
  productTypes?: readonly string[];
  children: ReactNode;
}) {
  if (!drill.allowed) return <>{children}</>;
  return (
    <Link to={drill.href(target, productTypes)} aria-label={label} title={label}>
      {children}
    </Link>
  );
}

/** A chart's figures as a table under it, folded away until asked for (each figure links to its transactions). */
export function DataTableFold({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('revenueAssurance');
  return (
    <Collapse ghost size="small" items={[{ key: 'data', label: t('dataTable', { name: label }), children }]} style={{ marginTop: 4 }} />
  );
}

/**
 * A revenue chart: its drawing (with the "click to open" hint in its summary), its figures as the
 * screen reader's table, and a click on an item that opens its transactions.
 */
export function DrillEChart({
  chart,
  option,
  drill,
  summary,
  emptyText,
  height,
}: {
  chart: Pick<DrillChart, 'table' | 'empty'>;
  option: EChartOption;
  drill: Drill;
  summary: string;
  emptyText: string;
  height: number;
}) {
  const { t } = useTranslation('revenueAssurance');
  return (
    <EChart
      option={option}
      table={chart.table}
      height={height}
      summary={`${summary} ${t('chartHint')}`}
      empty={chart.empty}
      emptyText={emptyText}
      {...(drill.onItemClick ? { onItemClick: drill.onItemClick } : {})}
    />
  );
}

/** A chart's figures as a small table (named `label`), one row per `rowKey`. */
export function FiguresTable<T extends object>({
  label,
  rowKey,
  columns,
  rows,
}: {
  label: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  rows: readonly T[];
}) {
  return <ScrollTable<T> label={label} size="small" rowKey={rowKey} pagination={false} columns={columns} dataSource={rows as T[]} />;
}
