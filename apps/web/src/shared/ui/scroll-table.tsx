import { Table, type TableProps, type TableRef } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The boxes antd scrolls a table's rows in (the default `ant` prefix; the app sets no other). */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

/**
 * Keeps the scrolling box of a table reachable by keyboard (WCAG 2.1.1): while its columns do not
 * fit, the box is a focusable region named `label`, so the arrow keys scroll it even when no cell
 * holds a link or button. While everything fits it is a plain box with no extra tab stop.
 */
export function useKeyboardScroll(table: RefObject<TableRef | null>, label: string): void {
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!root) return;
    const boxes = () => [...root.querySelectorAll<HTMLElement>(SCROLL_BOXES)];
    const update = () => {
      // antd repeats the header cells in a hidden row that measures the columns (aria-hidden): a
      // header holding a control (the select-all checkbox of a row selection) would be focusable
      // there a second time, unseen. Inert, it is neither focusable nor read.
      for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row')) row.inert = true;
      for (const box of boxes()) {
        if (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) {
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
        } else {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
        }
      }
    };
    update();
    // The box overflows or stops overflowing when the viewport or the rows change.
    const observer = new ResizeObserver(update);
    observer.observe(root);
    for (const box of boxes()) {
      observer.observe(box);
      const rows = box.querySelector('table');
      if (rows) observer.observe(rows);
    }
    return () => observer.disconnect();
  });
}

export type ScrollTableProps<Row> = TableProps<Row> & {
  /** Accessible name of the table's scrolling box, like the card or list it is in; "Table" by default. */
  label?: string;
};

/**
 * An antd table that scrolls sideways when its columns do not fit (`scroll.x` max-content unless
 * given), its scrolling box reachable by keyboard (`useKeyboardScroll`). Every table of the app is
 * one of these, so no screen has a box keyboard users cannot scroll.
 */
export function ScrollTable<Row extends object>({ label, scroll, ...props }: ScrollTableProps<Row>) {
  const { t } = useTranslation('common');
  const ref = useRef<TableRef>(null);
  useKeyboardScroll(ref, label ?? t('table'));
  return <Table<Row> ref={ref} scroll={scroll ?? { x: 'max-content' }} {...props} />;
}
