import { utcOffsetLabel } from '@andes/contract/common/countries';
import type { DeepQueryType } from '@andes/contract/transaction/enums';
import type { TransactionListItem } from '@andes/contract/transaction/schemas';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionLoad } from '../../../shared/auth/use-permission-load.ts';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { readPageSize } from '../../../shared/list/keyset.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { FilterSheet } from '../../../shared/mobile/filter-sheet.tsx';
import { InfiniteList } from '../../../shared/mobile/infinite-list.tsx';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { AdvancedSearchDrawer } from '../../../shared/search/advanced-search-drawer.tsx';
import type { SearchContext, SearchValues } from '../../../shared/search/fields.ts';
import { SearchBar } from '../../../shared/search/search-bar.tsx';
import { searchParamsPatch, searchValuesFromParams } from '../../../shared/search/url.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import type { ListRequest } from '../api/fetch-list-page.ts';
import { useListInfinite, useListPage } from '../api/use-list-page.ts';
import { useSubMerchants } from '../api/use-sub-merchants.ts';
import { ExportMenu } from '../components/export-menu.tsx';
import { TransactionCard } from '../components/transaction-cards.tsx';
import { transactionColumns, transactionFields } from '../components/transaction-columns.tsx';
import { useFieldText } from '../hooks/use-field-text.ts';
import { useKeptScroll } from '../hooks/use-kept-scroll.ts';
import { DEEP_QUERY_PERMISSION, deepQueryPath, detailKindOf, isTransactionListKind, LIST_PATHS, type ListKind } from '../list-kinds.ts';
import {
  advancedFields,
  deepQueryFields,
  deepQueryReady,
  listFields,
  paymentLinkRequestOf,
  type RequestContext,
  storeOrderRequestOf,
  transactionRequestOf,
} from '../transaction-search.ts';

export type ListScreenProps = { kind: ListKind; deepType?: undefined } | { kind: 'deep-query'; deepType: DeepQueryType };

function requestOf(props: ListScreenProps, values: SearchValues, ctx: RequestContext): ListRequest | null {
  if (props.kind === 'deep-query') {
    if (!deepQueryReady(values)) return null;
    return { call: 'transaction', request: transactionRequestOf(props.deepType, values, ctx, true) };
  }
  const { kind } = props;
  if (isTransactionListKind(kind)) return { call: 'transaction', request: transactionRequestOf(kind, values, ctx) };
  if (kind === 'payment-link') return { call: 'payment-link', request: paymentLinkRequestOf(values, ctx) };
  return { call: kind, request: storeOrderRequestOf(values, ctx) };
}

/**
 * A transaction list screen (spec §2): the simple search bar with chips, the advanced search
 * (adds sub-merchants), the list as a keyset-paged table on desktop or cards with infinite scroll
 * on mobile, times in the selected country's zone. Filters and page live in the URL; the screen
 * is kept alive and keeps its own scroll position.
 */
export function TransactionListScreen(props: ListScreenProps) {
  const { kind } = props;
  const { t } = useTranslation('transactions');
  const text = useFieldText();
  const root = useRef<HTMLDivElement>(null);
  useKeptScroll(root);
  const { area } = useSelectedArea();
  const timeZone = useDisplayTimeZone();
  const mobile = useIsMobile();
  const list = useListUrl();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const canDeepQuery = usePermission(DEEP_QUERY_PERMISSION);
  const canHoldingPage = usePermission('transactions:holding-page');
  const navigate = useAppNavigate();
  const merchantId = useAppStore((s) => s.currentUser?.merchantId ?? null);
  const subMerchantExist = usePermissionLoad().data?.merchantInfo.subMerchantExist ?? false;
  const subMerchants = useSubMerchants(merchantId, subMerchantExist && kind !== 'deep-query');

  const country = area?.code ?? 'US';
  const ctx = useMemo<SearchContext>(() => ({ timeZone }), [timeZone]);
  const simple = useMemo(() => (kind === 'deep-query' ? deepQueryFields(text) : listFields(kind, country, text)), [kind, country, text]);
  const advanced = useMemo(() => advancedFields(simple, subMerchants.data ?? [], text), [simple, subMerchants.data, text]);
  const values = useMemo(() => searchValuesFromParams(advanced, list.params, ctx), [advanced, list.params, ctx]);
  const apply = (next: SearchValues) => list.update(searchParamsPatch(advanced, next));

  const pageSize = readPageSize(list.params);
  const base = area ? requestOf(props, values, { country, timeZone, pageSize, cursor: undefined }) : null;
  const paged = base && { ...base, request: { ...base.request, cursor: list.position.cursor } };
  const page = useListPage(kind, mobile ? null : (paged as ListRequest | null));
  const infinite = useListInfinite(kind, mobile ? base : null);

  const listName = kind === 'deep-query' ? t(`title.${props.deepType}`) : t(`title.${kind}`);
  const title = kind === 'deep-query' ? t('title.deepQuery', { list: listName }) : listName;
  const zoneLabel = `${timeZone}, ${utcOffsetLabel(timeZone)}`;
  const fields = useMemo(
    () => transactionFields(t, kind, detailKindOf(kind === 'deep-query' ? props.deepType : kind), timeZone, zoneLabel, props.deepType),
    [t, kind, props.deepType, timeZone, zoneLabel],
  );
  const rows: TransactionListItem[] = infinite.data?.pages.flatMap((p) => p.list) ?? [];
  const failed = mobile ? infinite : page;

  const deepLink =
    canDeepQuery && (kind === 'payin' || kind === 'payout' || kind === 'market-place') ? (
      <Button icon={<SearchOutlined aria-hidden />} onClick={() => navigate(deepQueryPath(kind))}>
        {t('deepQuery')}
      </Button>
    ) : null;
  // The export serves the transaction lists (and the deep query): exactly the request the list sends.
  const exportable = kind === 'deep-query' || isTransactionListKind(kind);
  const exportRequest = base?.call === 'transaction' ? base.request : null;
  const large = (mobile ? infinite.data?.pages[0]?.totalCapped : page.data?.totalCapped) ?? false;
  const holdingLink = kind === 'payin' && canHoldingPage ? <Link to={LIST_PATHS['holding-page']}>{t('title.holding-page')}</Link> : null;

  return (
    <div ref={root}>
      <PageHeader
        title={title}
        {...(kind === 'deep-query' ? { back: LIST_PATHS[props.deepType] } : {})}
        extra={
          <Flex gap={8} align="center">
            {holdingLink}
            {deepLink}
            {exportable && <ExportMenu request={exportRequest} large={large} />}
          </Flex>
        }
      />
      <Card>
        {kind === 'deep-query' && <Typography.Paragraph type="secondary">{t('deepQueryHint')}</Typography.Paragraph>}
        {kind === 'holding-page' && <Typography.Paragraph type="secondary">{t('holdingHint')}</Typography.Paragraph>}
        {mobile ? (
          <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('timesIn', { zone: zoneLabel })}</Typography.Text>
            <Button icon={<FilterOutlined aria-hidden />} onClick={() => setSheetOpen(true)}>
              {t('filters')}
            </Button>
          </Flex>
        ) : (
          <SearchBar
            fields={simple}
            value={values}
            onChange={apply}
            ctx={ctx}
            label={t('searchLabel', { list: listName })}
            extra={
              kind === 'deep-query' ? null : (
                <Button type="link" onClick={() => setAdvancedOpen(true)}>
                  {t('advanced')}
                </Button>
              )
            }
          />
        )}
        <QueryStatus query={{ isError: failed.isError, isPending: false, error: failed.error }} />
        {mobile ? (
          <InfiniteList<TransactionListItem>
            items={rows}
            getKey={(row) => row.id}
            renderItem={(row) => <TransactionCard row={row} fields={fields} />}
            hasMore={infinite.hasNextPage}
            loading={infinite.isFetching}
            onLoadMore={() => {
              if (!infinite.isFetchingNextPage) void infinite.fetchNextPage();
            }}
            label={listName}
          />
        ) : kind === 'deep-query' && base === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deepQueryHint')} />
        ) : (
          <KeysetTable<TransactionListItem> list={list} page={page} columns={transactionColumns(fields)} label={listName} />
        )}
      </Card>
      {!mobile && kind !== 'deep-query' && (
        <AdvancedSearchDrawer
          open={advancedOpen}
          onClose={() => setAdvancedOpen(false)}
          fields={advanced}
          value={values}
          onSearch={apply}
          ctx={ctx}
          title={t('advanced')}
        />
      )}
      {mobile && (
        <FilterSheet
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          fields={advanced}
          value={values}
          onApply={apply}
          ctx={ctx}
          title={t('filters')}
        />
      )}
    </div>
  );
}
