import type { Page } from '@andes/contract/common/page';
import type { TableProps } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListUrl } from '../list/use-list-url.ts';
import { ListPager } from './list-pager.tsx';
import { ScrollTable } from './scroll-table.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

interface KeysetTableProps<Row extends { id: Key }> extends Pick<TableProps<Row>, 'columns' | 'expandable' | 'rowSelection' | 'summary'> {
  /** The list state in the URL (`useListUrl`): the pager moves through it. */
  list: ListUrl;
  /** The query of the page shown (its rows, and whether it is loading). */
  page: { data: Page<Row> | undefined; isFetching: boolean };
  /** Accessible name of the table's scrolling box (the list's title); "Table" by default. */
  label?: string;
}

/**
 * The table of a keyset list screen and its pager: rows keyed by `id`, no client-side pagination
 * (the server pages by cursor), horizontal scroll when the columns do not fit (reachable by
 * keyboard), loading while the page is fetched. The column of the expand buttons is named.
 */
export function KeysetTable<Row extends { id: Key }>({
  list,
  page,
  columns,
  expandable,
  rowSelection,
  summary,
  label,
}: KeysetTableProps<Row>) {
  const { t } = useTranslation('common');
  return (
    <>
      <ScrollTable<Row>
        label={label}
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        size="middle"
        expandable={expandable && { columnTitle: <VisuallyHidden>{t('detail')}</VisuallyHidden>, ...expandable }}
        {...(rowSelection ? { rowSelection } : {})}
        {...(summary ? { summary } : {})}
      />
      <ListPager list={list} page={page.data} loading={page.isFetching} />
    </>
  );
}
