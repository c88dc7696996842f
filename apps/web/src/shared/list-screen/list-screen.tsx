import type { PermissionCode } from '@andes/contract/permissions/registry';
import { PlusOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Empty, Flex, type TableColumnsType, type TableProps } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../auth/can.tsx';
import { InfiniteList } from '../mobile/infinite-list.tsx';
import { KeysetTable } from '../ui/keyset-table.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { QueryStatus } from '../ui/query-status.tsx';
import { type RadioTab, RadioTabs } from '../ui/radio-tabs.tsx';
import { ListFilterBar, type ListFilterField } from './list-filter-bar.tsx';
import { RowActionsContext, type RowActionsHost } from './row-actions.tsx';
import { type CardLayout, type CardSelection, RowCard, type RowDetails } from './row-card.tsx';
import { TotalsRow } from './totals-row.tsx';
import type { ListScreenState } from './use-list-screen.ts';

/** A filter shown as radio tabs above the list, applied at once; the tab of value '' means "all". */
export interface ListTabs {
  /** The filter's name (one of the screen's `FilterParams`). */
  name: string;
  /** Accessible name of the tabs, like "State". */
  label: string;
  options: readonly RadioTab<string>[];
}

/**
 * Rows the user can choose (for an action on several at once). The keys are the caller's, kept
 * across pages and reloads; the table's header checkbox chooses every row shown.
 */
export interface ListSelection<Row> {
  /** Keys of the rows chosen, on any page. */
  keys: readonly Key[];
  /** The keys after a change, and the rows shown (the rows of the other keys are the caller's to keep). */
  onChange(keys: Key[], shown: readonly Row[]): void;
  /** Accessible name of a row's checkbox, naming the row ("Choose PO123"). */
  name(row: Row): string;
  /** Accessible name of the checkbox that chooses every row shown. */
  allName: string;
  /** Rows that cannot be chosen. */
  disabled?(row: Row): boolean;
}

export interface ListScreenProps<Request, Row extends { id: Key }, K extends string> {
  /** The screen's state (`useListScreen`). */
  screen: ListScreenState<Request, Row, K>;
  title: ReactNode;
  /** A back button to this path (or to the previous page). */
  back?: true | string;
  /** The "Add" button of the title row, shown to holders of `permission`. */
  add?: { label: string; permission: PermissionCode; disabled?: boolean; onClick(): void };
  /** Other buttons on the right of the title (export…). */
  actions?: ReactNode;
  /** A line under the title. */
  intro?: ReactNode;
  /** Radio tabs over one filter. */
  tabs?: ListTabs;
  /** The inline filter bar: its form name, accessible name and fields. */
  filterBar?: { name: string; label: string; fields: readonly ListFilterField[] };
  /** Shown between the filter bar and the rows (a summary, the panel of the rows chosen). */
  toolbar?: ReactNode;
  /** Rows can be chosen: checkboxes in the table, and on each mobile card. */
  selection?: ListSelection<Row>;
  /** The columns of the table, which the mobile cards show too. */
  columns: TableColumnsType<Row>;
  /** Which columns head a mobile card. */
  card: CardLayout;
  /** An expandable area of each row. */
  details?: RowDetails<Row>;
  /**
   * The totals of the whole list (not only the page), shaped as a row and drawn by the same
   * columns: the table's footer row on desktop, a card above the cards on mobile.
   */
  totals?: Row | undefined;
  /** What an empty list says (default "No data"). */
  emptyText?: ReactNode;
  /** Accessible name of the list: of its cards, or of the table's scrolling box. */
  label: string;
  /** Dialogs and drawers of the screen. */
  children?: ReactNode;
}

/**
 * A list screen (spec §2 reusable pieces), composed once: title and actions, radio tabs and the
 * filter bar, then the rows — a keyset-paged table on desktop, cards with infinite scroll on
 * mobile — with their loading, empty and error states, an optional expandable area per row, and
 * the screen's dialogs. Filters, page and open dialog live in the URL (`useListScreen`).
 */
export function ListScreen<Request, Row extends { id: Key }, K extends string>({
  screen,
  title,
  back,
  add,
  actions,
  intro,
  tabs,
  filterBar,
  toolbar,
  selection,
  columns,
  card,
  details,
  totals,
  emptyText,
  label,
  children,
}: ListScreenProps<Request, Row, K>) {
  const { t } = useTranslation('common');
  const { mobile, page, infinite, rows } = screen;
  const failed = mobile ? infinite : page;
  const { confirm, openDialog } = screen;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const host = useMemo<RowActionsHost>(() => ({ confirm, openDialog: (kind, id) => openDialog(kind as K, id) }), [confirm, openDialog]);
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed.isError ? t('listScreen.failed') : (emptyText ?? t('empty'))} />
  );

  return (
    <RowActionsContext.Provider value={host}>
      <PageHeader
        title={title}
        {...(back === undefined ? {} : { back })}
        extra={
          add || actions ? (
            <>
              {add && (
                <Can permission={add.permission}>
                  <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={add.disabled ?? false} onClick={add.onClick}>
                    {add.label}
                  </Button>
                </Can>
              )}
              {actions}
            </>
          ) : null
        }
      />
      {intro}
      {tabs && (
        <Flex style={{ marginBottom: 16 }}>
          <RadioTabs
            label={tabs.label}
            options={tabs.options}
            value={String(screen.filterValues[tabs.name] ?? '')}
            onChange={(value) => screen.search({ [tabs.name]: value }, [tabs.name])}
          />
        </Flex>
      )}
      {filterBar && (
        <ListFilterBar
          name={filterBar.name}
          label={filterBar.label}
          fields={filterBar.fields}
          values={screen.filterValues}
          onSearch={(values) =>
            screen.search(
              values,
              filterBar.fields.map((field) => field.name),
            )
          }
        />
      )}
      {toolbar}
      {failed.isError && (
        <div style={{ marginBottom: 16 }}>
          <QueryStatus query={{ isError: true, isPending: false, error: failed.error }} onRetry={() => void failed.refetch()} />
        </div>
      )}
      {mobile && totals && rows.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <RowCard<Row> row={totals} index={-1} columns={columns} layout={card} />
        </div>
      )}
      {mobile ? (
        rows.length === 0 && !infinite.isFetching ? (
          empty
        ) : (
          <InfiniteList<Row>
            items={rows}
            getKey={(row) => row.id}
            renderItem={(row) => (
              <RowCard<Row>
                row={row}
                index={rows.indexOf(row)}
                columns={columns}
                layout={card}
                details={details}
                selection={selection && cardSelection(selection, row, rows)}
              />
            )}
            hasMore={infinite.hasNextPage}
            loading={infinite.isFetching && (infinite.isFetchingNextPage || rows.length === 0)}
            onLoadMore={() => {
              if (!infinite.isFetchingNextPage) void infinite.fetchNextPage();
            }}
            label={label}
          />
        )
      ) : (
        <ConfigProvider renderEmpty={(component) => (component === 'Table' ? empty : undefined)}>
          <KeysetTable<Row>
            label={label}
            list={screen.list}
            // The spinner shows while another page or filter loads, not while the rows shown reload.
            page={{ data: page.data, isFetching: page.isPlaceholderData || (page.isFetching && page.data === undefined) }}
            columns={columns}
            {...(selection ? { rowSelection: tableSelection(selection, rows) } : {})}
            {...(totals && rows.length > 0
              ? {
                  summary: () => <TotalsRow<Row> columns={columns} row={totals} leading={(selection ? 1 : 0) + (details ? 1 : 0)} />,
                }
              : {})}
            {...(details
              ? {
                  expandable: {
                    expandedRowRender: (row: Row) => details.render(row),
                    ...(details.has ? { rowExpandable: details.has } : {}),
                    // Held here, so that rows stay open while the list reloads them.
                    expandedRowKeys: expanded,
                    onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys),
                  },
                }
              : {})}
          />
        </ConfigProvider>
      )}
      {children}
      {screen.confirmHolder}
    </RowActionsContext.Provider>
  );
}

/** The table's row selection of a `ListSelection`: keys kept across pages, checkboxes named. */
function tableSelection<Row extends { id: Key }>(
  selection: ListSelection<Row>,
  rows: readonly Row[],
): NonNullable<TableProps<Row>['rowSelection']> {
  return {
    selectedRowKeys: [...selection.keys],
    preserveSelectedRowKeys: true,
    onChange: (keys) => selection.onChange(keys, rows),
    getCheckboxProps: (row) => ({ 'aria-label': selection.name(row), disabled: selection.disabled?.(row) ?? false }),
    getTitleCheckboxProps: () => ({ 'aria-label': selection.allName }),
  };
}

/** A mobile card's checkbox of a `ListSelection`. */
function cardSelection<Row extends { id: Key }>(selection: ListSelection<Row>, row: Row, rows: readonly Row[]): CardSelection {
  const checked = selection.keys.includes(row.id);
  return {
    checked,
    disabled: selection.disabled?.(row) ?? false,
    name: selection.name(row),
    onChange: (next) => selection.onChange(next ? [...selection.keys, row.id] : selection.keys.filter((key) => key !== row.id), rows),
  };
}
