import type { Page } from '@andes/contract/common/page';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListUrl } from '../list/use-list-url.ts';
import { KeysetTable } from './keyset-table.tsx';

interface Row {
  id: number;
  name: string;
}

const columns: TableColumnsType<Row> = [{ key: 'name', title: 'Name', dataIndex: 'name' }];

function Screen({ data, isFetching }: { data: Page<Row> | undefined; isFetching: boolean }) {
  const list = useListUrl();
  return <KeysetTable<Row> list={list} page={{ data, isFetching }} columns={columns} />;
}

function renderTable(data: Page<Row> | undefined, isFetching = false) {
  const router = createMemoryRouter([{ path: '/list', element: <Screen data={data} isFetching={isFetching} /> }], {
    initialEntries: ['/list'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeysetTable', () => {
  it('shows the rows of the page and its total, and pages on by cursor', async () => {
    const router = renderTable({
      list: [
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Bruno' },
      ],
      total: 3,
      totalCapped: false,
      nextCursor: 'c2',
    });
    const table = screen.getByRole('table');
    expect(within(table).getByText('Ana')).toBeTruthy();
    expect(within(table).getByText('Bruno')).toBeTruthy();
    expect(screen.getByText('Total 3')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('cursor')).toBe('c2');
    expect(params.get('page')).toBe('2');
  });

  it('offers no next page without a cursor, and no paging while the page loads', () => {
    renderTable({ list: [{ id: 1, name: 'Ana' }], total: 1, totalCapped: false, nextCursor: null }, true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows an empty table and no total before the first page arrives', () => {
    renderTable(undefined, true);
    expect(screen.queryByText(/^Total/)).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByText('Ana')).toBeNull();
  });
});

describe('KeysetTable with expandable rows', () => {
  function Expandable() {
    const list = useListUrl();
    return (
      <KeysetTable<Row>
        list={list}
        page={{ data: { list: [{ id: 1, name: 'Ana' }], total: 1, totalCapped: false, nextCursor: null }, isFetching: false }}
        columns={columns}
        expandable={{ expandedRowRender: (row) => `More about ${row.name}` }}
      />
    );
  }

  it('names the column of the expand buttons', () => {
    const router = createMemoryRouter([{ path: '/list', element: <Expandable /> }], { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Detail', 'Name']);
  });
});
