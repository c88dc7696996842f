import type { AreaAuthority } from '@andes/contract/common/countries';
import { maskAccountNumber } from '@andes/contract/common/format';
import { formatCents, groupThousands } from '@andes/contract/common/money';
import { REPORT_PAGE_INFO, type ReportPage as ReportPageName } from '@andes/contract/finance/enums';
import type { DailyMoneyRow, DailyTransactionRow } from '@andes/contract/finance/schemas';
import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { DownloadMenu } from '../../../shared/export/download-menu.tsx';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { EChart } from '../../../shared/ui/echart.tsx';
import { downloadReport, type ReportRow, reportListQuery, reportOfPage } from '../api/report-calls.ts';
import { HolderPicker } from '../components/holder-picker.tsx';
import { moneyColumns, transactionColumns } from '../components/report-columns.tsx';
import { ShareLinkDialog } from '../components/share-link-dialog.tsx';
import {
  FINANCE_RANGE_LIMITS,
  REPORT_DIALOGS,
  REPORT_FILTERS,
  type ReportDialog,
  type ReportListRequest,
  reportDownloadOf,
  reportRequestOf,
} from '../finance-url.ts';
import { useHolderChoice } from '../hooks/use-holder-choice.ts';
import { moneyChart, transactionsChart } from '../report-chart.ts';
import { periodLabel, zoneLabel } from '../zone-label.ts';

/**
 * `/reports/payin|payout|marketplace|payment-link|shopify|shoplazza` (spec §2 Reports; issue
 * #10): the daily report of the page's account, one tab per bill type — the account statement
 * (or the channel's money) and the transaction report — one row per local day, newest first, with
 * the period's totals and a chart; the whole period downloads as a file or a one-time share link.
 */
function ReportPage({ page }: { page: ReportPageName }) {
  const { t } = useTranslation('finance');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <ReportScreen key={`${page}:${area.code}`} area={area} page={page} />;
}

function ReportScreen({ area, page }: { area: AreaAuthority; page: ReportPageName }) {
  const { t } = useTranslation('finance');
  const language = useAppStore((s) => s.language);
  const info = REPORT_PAGE_INFO[page];
  const zone = area.timezoneName;
  const holder = useHolderChoice();
  const screen = useListScreen<ReportListRequest, ReportRow, ReportDialog>({
    filters: REPORT_FILTERS,
    requestOf: (params, position) =>
      reportRequestOf(
        { country: area.code, accountType: info.accountType, timeZone: zone, canChooseHolder: holder.canChoose, billTypes: info.billTypes },
        params,
        position,
      ),
    query: reportListQuery,
    dialogs: { kinds: REPORT_DIALOGS, withId: [] },
  });
  const { request, dialog, rows } = screen;
  const report = reportOfPage(screen.mobile ? screen.infinite.data?.pages[0] : screen.page.data);
  const currency = report?.currency ?? area.currency;
  // The rows on screen are the answer's (kept while another tab loads): their kind sets the columns.
  const kind = report?.kind ?? (request.billType === 'TRANSACTION' ? 'TRANSACTIONS' : 'MONEY');
  const withBalances = (report?.billType ?? request.billType) === 'ACCOUNT';
  const context = { t, currency, language };
  const columns = kind === 'MONEY' ? moneyColumns(context, withBalances) : transactionColumns(context);
  const totals = report ? ({ ...report.totals, date: '', id: 'totals' } as ReportRow) : undefined;

  const fields = useMemo<ListFilterField[]>(
    () => [{ kind: 'dateRange', name: 'range', label: t('filter.period'), timeZone: zone, clearable: false, ...FINANCE_RANGE_LIMITS }],
    [t, zone],
  );
  const title = t(`reportTitle.${page}`);

  const chart = useMemo(() => {
    if (kind === 'MONEY') {
      return moneyChart(rows as unknown as DailyMoneyRow[], currency, {
        caption: t('chart.moneyCaption'),
        date: t('report.date'),
        net: t('report.net'),
        closing: t('report.closing'),
      });
    }
    return transactionsChart(rows as unknown as DailyTransactionRow[], {
      caption: t('chart.transactionsCaption'),
      date: t('report.date'),
      count: t('report.count'),
      success: t('report.successCount'),
    });
  }, [kind, rows, currency, t]);
  const first = rows.at(-1)?.date ?? '';
  const last = rows[0]?.date ?? '';
  const summary =
    rows.length === 0
      ? t('chart.empty')
      : kind === 'MONEY'
        ? t('chart.moneySummary', {
            days: groupThousands(String(rows.length)),
            first,
            last,
            net: formatCents(report?.kind === 'MONEY' ? report.totals.net : 0, currency),
          })
        : t('chart.transactionsSummary', { days: groupThousands(String(rows.length)), first, last });

  return (
    <ListScreen<ReportListRequest, ReportRow, ReportDialog>
      screen={screen}
      title={title}
      actions={
        <Flex gap={8} wrap>
          <DownloadMenu download={(format, lang) => downloadReport(request, format, lang)} />
          <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => screen.openDialog('share')}>
            {t('share.button')}
          </Button>
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
          <Space wrap separator={<Divider orientation="vertical" />} style={{ marginBottom: 16 }}>
            {report?.accountNo && (
              <Typography.Text>{t('report.account', { accountNo: maskAccountNumber(report.accountNo) })}</Typography.Text>
            )}
            <Typography.Text>{currency}</Typography.Text>
            <Typography.Text type="secondary">{t('report.daysIn', { zone: zoneLabel(report?.timezoneName ?? zone) })}</Typography.Text>
            {report && <Typography.Text type="secondary">{periodLabel(report.range)}</Typography.Text>}
            {report && !report.divided && <Tag color="processing">{t('report.consolidated')}</Tag>}
          </Space>
        </>
      }
      tabs={{
        name: 'billType',
        label: t('report.billType'),
        options: info.billTypes.map((billType) => ({
          value: billType,
          label: billType === 'TRANSACTION' ? t('report.tabTransactions') : t('report.tabAccount'),
        })),
      }}
      filterBar={{ name: 'report-filters', label: t('filter.label', { title }), fields }}
      toolbar={
        rows.length > 0 ? (
          <Card size="small" title={t('chart.title')} style={{ marginBottom: 16 }}>
            <EChart
              option={chart.option}
              table={chart.table}
              empty={chart.empty}
              emptyText={t('chart.empty')}
              height={240}
              summary={summary}
            />
          </Card>
        ) : null
      }
      columns={columns}
      card={{ title: 'date', extra: kind === 'MONEY' ? 'net' : 'count' }}
      totals={totals}
      emptyText={t('report.empty')}
      label={title}
    >
      <ShareLinkDialog
        open={dialog?.kind === 'share'}
        requestOf={(format, lang) => reportDownloadOf(request, format, lang)}
        timeZone={report?.timezoneName ?? zone}
        onClose={screen.closeDialog}
      />
    </ListScreen>
  );
}

export function PayinReportPage() {
  return <ReportPage page="payin" />;
}
export function PayoutReportPage() {
  return <ReportPage page="payout" />;
}
export function MarketplaceReportPage() {
  return <ReportPage page="marketplace" />;
}
export function PaymentLinkReportPage() {
  return <ReportPage page="payment-link" />;
}
export function ShopifyReportPage() {
  return <ReportPage page="shopify" />;
}
export function ShoplazzaReportPage() {
  return <ReportPage page="shoplazza" />;
}
