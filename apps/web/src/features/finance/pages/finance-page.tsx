import type { AccountType } from '@andes/contract/account/enums';
import type { AreaAuthority } from '@andes/contract/common/countries';
import { FEE_RELATED_TYPES } from '@andes/contract/common/enums';
import { STATEMENT_CATEGORIES } from '@andes/contract/finance/enums';
import type { StatementLine } from '@andes/contract/finance/schemas';
import { AuditOutlined, PercentageOutlined } from '@ant-design/icons';
import { Button, Empty, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { ExportMenu } from '../../../shared/export/export-menu.tsx';
import { dialogPatch } from '../../../shared/list/dialog-param.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { periodOfPage, statementExportCalls, statementListQuery } from '../api/statement-calls.ts';
import { HolderPicker } from '../components/holder-picker.tsx';
import { PeriodCard } from '../components/period-card.tsx';
import { ReconciliationDrawer } from '../components/reconciliation-drawer.tsx';
import { statementColumns } from '../components/statement-columns.tsx';
import { TaxDrawer } from '../components/tax-drawer.tsx';
import {
  FINANCE_RANGE_LIMITS,
  periodRequestOf,
  STATEMENT_DIALOGS,
  STATEMENT_FILTERS,
  type StatementDialog,
  type StatementListRequest,
  statementDownloadOf,
  statementRequestOf,
  TAX_TRANSACTION_PARAM,
  transactionTaxRequestOf,
} from '../finance-url.ts';
import { useHolderChoice } from '../hooks/use-holder-choice.ts';
import { TRANSACTION_DETAIL_PERMISSION } from '../transaction-link.ts';

/**
 * `/finance/payin|payout|marketplace` (spec §2 Finance; issue #10): the statement of the selected
 * country's account of one type — the period's opening, credits, debits and closing above every
 * movement of the book balance, searchable by period, type, category and keyword; the holder
 * (merchant or a sub-merchant) for merchants with sub-merchants; the reconciliation panel, the
 * fees and taxes, and the download (counted first, large files through the download center).
 */
function FinancePage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('finance');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is another account: the screen starts afresh.
  return <StatementScreen key={`${accountType}:${area.code}`} area={area} accountType={accountType} />;
}

function StatementScreen({ area, accountType }: { area: AreaAuthority; accountType: AccountType }) {
  const { t } = useTranslation('finance');
  const { t: tc } = useTranslation('common');
  const zone = area.timezoneName;
  const holder = useHolderChoice();
  const canOpenTransactions = usePermission(TRANSACTION_DETAIL_PERMISSION);
  const screen = useListScreen<StatementListRequest, StatementLine, StatementDialog>({
    filters: STATEMENT_FILTERS,
    requestOf: (params, position) =>
      statementRequestOf({ country: area.code, accountType, timeZone: zone, canChooseHolder: holder.canChoose }, params, position),
    query: statementListQuery,
    dialogs: { kinds: STATEMENT_DIALOGS, withId: [] },
  });
  const { request, list, dialog } = screen;
  const firstPage = screen.mobile ? screen.infinite.data?.pages[0] : screen.page.data;
  const period = periodOfPage(firstPage);
  const failed = screen.mobile ? screen.infinite.isError : screen.page.isError;
  const currency = period?.currency ?? area.currency;
  const taxTransaction = dialog?.kind === 'tax' ? list.params.get(TAX_TRANSACTION_PARAM) : null;

  const openTax = (uniqueId: string) =>
    list.update({ ...dialogPatch({ kind: 'tax', id: null }), [TAX_TRANSACTION_PARAM]: uniqueId }, { keepPage: true });
  const closeDialog = () => list.update({ ...dialogPatch(null), [TAX_TRANSACTION_PARAM]: undefined }, { keepPage: true, replace: true });

  const fields = useMemo<ListFilterField[]>(
    () => [
      {
        kind: 'dateRange',
        name: 'range',
        label: t('filter.period'),
        timeZone: zone,
        clearable: false,
        ...FINANCE_RANGE_LIMITS,
      },
      {
        kind: 'select',
        name: 'type',
        label: t('filter.type'),
        options: FEE_RELATED_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
      },
      {
        kind: 'select',
        name: 'category',
        label: t('filter.category'),
        width: 170,
        options: STATEMENT_CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) })),
      },
      { kind: 'text', name: 'keyword', label: t('filter.keyword'), width: 220 },
    ],
    [t, zone],
  );
  const columns = statementColumns({ t, tc, zone, currency, canOpenTransactions, openTax });
  const title = t(`title.${accountType}`);

  return (
    <ListScreen<StatementListRequest, StatementLine, StatementDialog>
      screen={screen}
      title={title}
      actions={
        <Flex gap={8} wrap>
          <Button icon={<AuditOutlined aria-hidden />} onClick={() => screen.openDialog('reconciliation')}>
            {t('reconciliation.button')}
          </Button>
          <Button icon={<PercentageOutlined aria-hidden />} onClick={() => screen.openDialog('taxes')}>
            {t('taxes.button')}
          </Button>
          <ExportMenu
            calls={statementExportCalls}
            requestOf={(format, language) => statementDownloadOf(request, format, language)}
            label={t('download')}
          />
        </Flex>
      }
      intro={
        <>
          {holder.canChoose && (
            <div style={{ marginBottom: 16 }}>
              <HolderPicker
                merchantName={holder.merchantName}
                subMerchants={holder.subMerchants.data ?? []}
                loading={holder.subMerchants.isPending}
                value={request.subMerchantId}
                onChange={(subMerchantId) => screen.search({ subMerchantId }, ['subMerchantId'])}
              />
            </div>
          )}
          {(period || !failed) && <PeriodCard period={period} loading />}
        </>
      }
      filterBar={{ name: 'statement-filters', label: t('filter.label', { title }), fields }}
      columns={columns}
      card={{ title: 'event', extra: 'type' }}
      emptyText={t('emptyStatement')}
      label={title}
    >
      <ReconciliationDrawer request={dialog?.kind === 'reconciliation' ? periodRequestOf(request) : null} onClose={closeDialog} />
      <TaxDrawer
        request={
          dialog?.kind === 'taxes' ? periodRequestOf(request) : taxTransaction ? transactionTaxRequestOf(request, taxTransaction) : null
        }
        transaction={dialog?.kind === 'tax' ? taxTransaction : null}
        onClose={closeDialog}
      />
    </ListScreen>
  );
}

/** `/finance/payin`. */
export function FinancePayinPage() {
  return <FinancePage accountType="PAY_IN" />;
}

/** `/finance/payout`. */
export function FinancePayoutPage() {
  return <FinancePage accountType="PAY_OUT" />;
}

/** `/finance/marketplace`. */
export function FinanceMarketplacePage() {
  return <FinancePage accountType="MARKET_PLACE" />;
}
