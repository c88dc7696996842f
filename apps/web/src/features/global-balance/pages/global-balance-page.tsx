import { utcOffsetLabel } from '@andes/contract/common/countries';
import type { GlobalStatementLine } from '@andes/contract/global/schemas';
import { Card, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { ListPager } from '../../../shared/ui/list-pager.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useGlobalAccountInfo } from '../api/use-global-account-info.ts';
import { useGlobalStatementPage } from '../api/use-global-statement-page.ts';
import { AccountInfoCard } from '../components/account-info-card.tsx';
import { StatementCards } from '../components/statement-cards.tsx';
import { statementColumns, statementFields } from '../components/statement-columns.tsx';
import { StatementFilterBar } from '../components/statement-filter-bar.tsx';
import { statementFilterParams, statementFiltersOf, statementRequestOf } from '../statement-url.ts';

/**
 * `/global-balance`: the merchant's global (USD) account and its statement of top-ups and
 * transfers out, filtered by business type, target country and dates (in the selected country's
 * zone), paged by cursor; the filters and the page are in the URL.
 */
export function GlobalBalancePage() {
  const { t } = useTranslation('globalBalance');
  const { t: tc } = useTranslation('common');
  const timeZone = useDisplayTimeZone();
  const mobile = useIsMobile();
  const list = useListUrl();
  const info = useGlobalAccountInfo();
  const filters = useMemo(() => statementFiltersOf(list.params, timeZone), [list.params, timeZone]);
  const page = useGlobalStatementPage(statementRequestOf(filters, timeZone, list.params, list.position));
  const zoneLabel = `${timeZone}, ${utcOffsetLabel(timeZone)}`;
  const fields = useMemo(() => statementFields(t, tc, timeZone, zoneLabel), [t, tc, timeZone, zoneLabel]);

  return (
    <>
      <PageHeader title={t('title')} />
      <Flex vertical gap={16}>
        <QueryStatus query={info} />
        {info.data && <AccountInfoCard info={info.data} timeZone={timeZone} />}
        <Card title={t('statement.title')}>
          <StatementFilterBar filters={filters} timeZone={timeZone} onSearch={(next) => list.update(statementFilterParams(next))} />
          {mobile ? (
            <>
              <StatementCards
                lines={page.data?.list ?? []}
                fields={fields}
                loading={page.isFetching}
                zoneNote={t('timesIn', { zone: zoneLabel })}
              />
              <ListPager list={list} page={page.data} loading={page.isFetching} />
            </>
          ) : (
            <KeysetTable<GlobalStatementLine> list={list} page={page} columns={statementColumns(fields)} label={t('statement.title')} />
          )}
        </Card>
      </Flex>
    </>
  );
}
