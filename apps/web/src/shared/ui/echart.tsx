import { Empty } from 'antd';
import type { EChartsType } from 'echarts/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartTable, EChartOption } from './echart-option.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

type Runtime = typeof import('./echarts-runtime.ts');
let runtime: Promise<Runtime> | null = null;

/** Loads ECharts once; a failed load is forgotten so that the next chart tries again. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('./echarts-runtime.ts').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

interface EChartProps {
  option: EChartOption;
  /** Height in px; the width follows the container. */
  height: number;
  /** One-sentence summary of what the chart shows, read by screen readers in place of the drawing. */
  summary: string;
  /** The chart's data as a table, kept out of sight for screen readers (or shown when ECharts cannot load). */
  table: ChartTable;
  /** No data: an empty state instead of the chart. */
  empty?: boolean;
  emptyText?: string;
  /**
   * A click on a drawn item (a bar, a point, a slice): its series and data index. Offer the same
   * action outside the drawing too (a link per row of a visible table): a pointer is not the only way.
   */
  onItemClick?: (item: ChartItem) => void;
}

/** The item of a chart a click landed on. */
export interface ChartItem {
  seriesIndex: number;
  dataIndex: number;
}

/**
 * A chart drawn by ECharts (loaded on demand), with an accessible text alternative: the drawing
 * is an image named by `summary`, and `table` holds the figures as text. Without data it shows
 * an empty state.
 */
export function EChart({ option, height, summary, table, empty = false, emptyText, onItemClick }: EChartProps) {
  const { t } = useTranslation('common');
  const hostRef = useRef<HTMLDivElement | null>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const clickRef = useRef(onItemClick);
  useEffect(() => {
    clickRef.current = onItemClick;
  });
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (empty) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadRuntime().then(
      ({ init }) => {
        const host = hostRef.current;
        if (cancelled || !host) return;
        // A host not laid out yet (hidden tab, tests) gets a provisional width until it is resized.
        const chart = init(host, null, { renderer: 'svg', height, width: host.clientWidth > 0 ? undefined : 320 });
        chartRef.current = chart;
        chart.on('click', (event) => {
          const { seriesIndex, dataIndex } = event as { seriesIndex?: number; dataIndex?: number };
          if (seriesIndex !== undefined && dataIndex !== undefined) clickRef.current?.({ seriesIndex, dataIndex });
        });
        observer = new ResizeObserver(() => chart.resize({ width: 'auto', height }));
        observer.observe(host);
        setReady(true);
      },
      (error: unknown) => {
        console.error('charts failed to load', error instanceof Error ? error.message : String(error));
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
      setReady(false);
    };
  }, [empty, height]);

  useEffect(() => {
    if (ready) chartRef.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  if (empty) {
    return (
      <EmptyBox height={height}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('empty')} />
      </EmptyBox>
    );
  }
  return (
    <figure style={{ margin: 0 }}>
      {!failed && <div ref={hostRef} role="img" aria-label={summary} style={{ width: '100%', height }} />}
      {failed && <p>{summary}</p>}
      <TableAlternative visible={failed}>
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (a day, an hour) and never reordered
              <tr key={index}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableAlternative>
    </figure>
  );
}

function TableAlternative({ visible, children }: { visible: boolean; children: ReactNode }) {
  return visible ? <div>{children}</div> : <VisuallyHidden block>{children}</VisuallyHidden>;
}

function EmptyBox({ height, children }: { height: number; children: ReactNode }) {
  return <div style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{children}</div>;
}
