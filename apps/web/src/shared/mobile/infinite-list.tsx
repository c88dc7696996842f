import { Button, Flex, Typography } from 'antd';
import type { Key, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from './use-infinite-scroll.ts';

export interface InfiniteListProps<T> {
  items: readonly T[];
  getKey(item: T): Key;
  renderItem(item: T): ReactNode;
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  /** Accessible name of the list. */
  label: string;
  /** The scrolling element; the page when absent. */
  root?: RefObject<HTMLElement | null>;
}

/**
 * A mobile list of cards that loads the next page as the user nears the bottom
 * (`useInfiniteScroll`), says when it is loading and when there is no more, and keeps a
 * "Load more" button for keyboards and assistive technology.
 */
export function InfiniteList<T>({ items, getKey, renderItem, hasMore, loading, onLoadMore, label, root }: InfiniteListProps<T>) {
  const { t } = useTranslation('common');
  const sentinel = useInfiniteScroll({ hasMore, loading, onLoadMore, ...(root ? { root } : {}) });
  return (
    <div>
      <ul aria-label={label} aria-busy={loading} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={getKey(item)} style={{ marginBottom: 8 }}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      <Flex justify="center" style={{ padding: 8 }}>
        {loading ? (
          <Typography.Text type="secondary" role="status">
            {t('search.loadingMore')}
          </Typography.Text>
        ) : hasMore ? (
          <Button type="link" onClick={onLoadMore}>
            {t('search.loadMore')}
          </Button>
        ) : items.length > 0 ? (
          <Typography.Text type="secondary">{t('search.noMore')}</Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}
