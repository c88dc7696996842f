import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';

interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface QueryContentProps<T> {
  query: QueryState<T>;
  /** Skeleton rows while the first answer loads. */
  rows?: number;
  children(data: T): ReactNode;
}

/**
 * What one query feeds: a skeleton while its first answer loads, its failure through
 * `QueryStatus` (above the last figures when a refresh failed), else the content.
 */
export function QueryContent<T>({ query, rows = 3, children }: QueryContentProps<T>) {
  return (
    <>
      {query.isError && <QueryStatus query={{ isError: true, isPending: false, error: query.error }} padding={0} />}
      {query.data === undefined ? (
        query.isPending && <Skeleton active paragraph={{ rows }} title={false} />
      ) : (
        <div style={query.isError ? { marginTop: 12 } : undefined}>{children(query.data)}</div>
      )}
    </>
  );
}

interface SectionCardProps<T> extends QueryContentProps<T> {
  title: ReactNode;
  /** Controls on the right of the title (selectors, pickers, the time of the figures). */
  extra?: ReactNode;
}

/** A card of Home fed by one query (see `QueryContent`). */
export function SectionCard<T>({ title, extra, ...content }: SectionCardProps<T>) {
  return (
    <Card title={title} extra={extra} style={{ height: '100%' }} styles={{ header: { flexWrap: 'wrap', rowGap: 8 } }}>
      <QueryContent {...content} />
    </Card>
  );
}
