import type { Page } from '@andes/contract/common/page';
import { Table, type TableProps } from 'antd';
import type { Key } from 'react';
import type { ListUrl } from '../list/use-list-url.ts';
import { ListPager } from './list-pager.tsx';

interface KeysetTableProps<Row extends { id: Key }> extends Pick<TableProps<Row>, 'columns' | 'expandable'> {
  /** The list state in the URL (`useListUrl`): the pager moves through it. */
  list: ListUrl;
  /** The query of the page shown (its rows, and whether it is loading). */
  page: { data: Page<Row> | undefined; isFetching: boolean };
}

/**
 * The table of a keyset list screen and its pager: rows keyed by `id`, no client-side pagination
 * (the server pages by cursor), horizontal scroll when the columns do not fit, loading while the
 * page is fetched.
 */
export function KeysetTable<Row extends { id: Key }>({ list, page, columns, expandable }: KeysetTableProps<Row>) {
  return (
    <>
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
        expandable={expandable}
      />
      <ListPager list={list} page={page.data} loading={page.isFetching} />
    </>
  );
}
