import { act, render, screen } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollTable } from './scroll-table.tsx';

interface Row {
  id: number;
  name: string;
}

const columns: TableColumnsType<Row> = [{ key: 'name', title: 'Name', dataIndex: 'name' }];
const rows: Row[] = [{ id: 1, name: 'Ana' }];

/** happy-dom lays nothing out: the scrolling box's widths and the resize callbacks are the test's. */
let contentWidth = 0;
const observers: (() => void)[] = [];

beforeEach(() => {
  contentWidth = 0;
  observers.length = 0;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('ant-table-content') ? contentWidth : 0;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const resize = (width: number) =>
  act(() => {
    contentWidth = width;
    for (const callback of observers) callback();
  });

describe('ScrollTable', () => {
  it('makes the scrolling box a focusable region named by the label while the columns do not fit', () => {
    contentWidth = 900;
    render(<ScrollTable<Row> label="Statement" rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    const region = screen.getByRole('region', { name: 'Statement' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).not.toBeNull();
  });

  it('adds no tab stop while everything fits, and one as soon as the columns stop fitting', async () => {
    render(<ScrollTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('.ant-table-content')?.hasAttribute('tabindex')).toBe(false);

    await resize(900);
    expect(screen.getByRole('region', { name: 'Table' }).tabIndex).toBe(0);

    await resize(600);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
