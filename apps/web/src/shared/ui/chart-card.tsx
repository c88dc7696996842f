import { Card, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../hooks/use-media-query.ts';
import type { EChartOption } from './echart-option.ts';
import { QueryStatus } from './query-status.tsx';

/** A titled chart card: a region named by its title, with room for controls beside the title. */
export function ChartCard({ id, title, extra, children }: { id: string; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <section aria-labelledby={id}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Typography.Title level={5} id={id} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {extra}
        </Flex>
        {children}
      </section>
    </Card>
  );
}

/** A query's content once loaded: a skeleton while loading, the error with a retry when it failed. */
export function ChartLoading<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; isPending: boolean; error: unknown; refetch(): unknown };
  children(data: T): ReactNode;
}) {
  if (query.isError) return <QueryStatus query={query} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <>{children(query.data)}</>;
}

/** A chart without animation for people who asked their system for less motion. */
export function useStill(option: EChartOption): EChartOption {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return useMemo(() => (reducedMotion ? { ...option, animation: false } : option), [option, reducedMotion]);
}
