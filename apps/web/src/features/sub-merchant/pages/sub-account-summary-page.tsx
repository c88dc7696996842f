import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { RecordId } from '@andes/contract/common/fields';
import { maskAccountNumber } from '@andes/contract/common/format';
import type { SubAccountSummary, SubAccountSummaryRow } from '@andes/contract/sub-merchant/schemas';
import { Card, ConfigProvider, Descriptions, Empty, Flex, Form, Select, type TableColumnsType } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { DownloadMenu } from '../../../shared/export/download-menu.tsx';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { DATE_RANGE_SEPARATOR } from '../../../shared/list-screen/list-filters.ts';
import { RowCard } from '../../../shared/list-screen/row-card.tsx';
import { TOTALS_INDEX, TotalsRow } from '../../../shared/list-screen/totals-row.tsx';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { ZonedDateRangePicker } from '../../../shared/ui/zoned-date-range-picker.tsx';
import { downloadSummary, useSubAccountSummary } from '../api/sub-merchant-calls.ts';
import { SUMMARY_COUNTRY_PARAM, SUMMARY_RANGE_LIMITS, SUMMARY_RANGE_PARAM, summaryRequestOf } from '../sub-account-url.ts';

type SummaryRow = SubAccountSummaryRow & { id: string };

/**
 * `/sub-merchant/sub-account/summary/:id` (spec §3 daily summary; issue #10): a sub-merchant's
 * days in one of the user's countries — begin balance, pay-ins, refunds, chargebacks, payouts,
 * withdrawals, fees, taxes, other money and end balance — newest first, with the period's totals,
 * in the country's zone; the period downloads as CSV or XLSX. Country and period are in the URL.
 */
export function SubAccountSummaryPage() {
  const { t } = useTranslation('subMerchant');
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const { area, areas } = useSelectedArea();
  if (!parsed.success || !/^[1-9]\d*$/.test(raw ?? '')) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!area) return <Empty description={t('noCountry')} />;
  return <SummaryScreen subMerchantId={parsed.data} areas={areas} selected={area} />;
}

function SummaryScreen({
  subMerchantId,
  areas,
  selected,
}: {
  subMerchantId: number;
  areas: readonly AreaAuthority[];
  selected: AreaAuthority;
}) {
  const { t } = useTranslation('subMerchant');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  const countryId = useId();
  const periodId = useId();
  const [params, setParams] = useSearchParams();
  const { request, area } = summaryRequestOf(subMerchantId, params, areas, selected);
  const zone = area.timezoneName;
  const query = useSubAccountSummary(request);
  const data = query.data;

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) next.set(key, value);
    setParams(next, { replace: true });
  };

  const columns = summaryColumns(t, data);
  const rows: SummaryRow[] = data?.rows.map((row) => ({ ...row, id: row.date })) ?? [];
  const totals: SummaryRow | undefined = data ? { ...data.totals, date: '', id: 'totals' } : undefined;
  const title = data ? t('summary.titleOf', { name: data.subMerchantName }) : t('summary.title');

  return (
    <>
      <PageHeader
        title={title}
        back="/sub-merchant"
        extra={<DownloadMenu download={(format, language) => downloadSummary(request, format, language)} />}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout={mobile ? 'vertical' : 'inline'} aria-label={t('summary.filters')} style={{ rowGap: 12 }}>
          <Form.Item label={tc('country')} htmlFor={countryId}>
            <Select
              id={countryId}
              style={{ minWidth: 170 }}
              value={area.code}
              onChange={(country: string) => update({ [SUMMARY_COUNTRY_PARAM]: country })}
              options={areas.map((a) => ({ value: a.code, label: tc(`countryName.${a.code}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('summary.period')} htmlFor={periodId}>
            <ZonedDateRangePicker
              id={periodId}
              timeZone={zone}
              label={t('summary.period')}
              value={request.range}
              onChange={(range) => update({ [SUMMARY_RANGE_PARAM]: `${range.from}${DATE_RANGE_SEPARATOR}${range.to}` })}
              {...SUMMARY_RANGE_LIMITS}
            />
          </Form.Item>
        </Form>
      </Card>
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {data && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              {
                key: 'account',
                label: t('summary.accountNo'),
                children: data.accountNo ? maskAccountNumber(data.accountNo) : EMPTY_PLACEHOLDER,
              },
              { key: 'currency', label: t('summary.currency'), children: data.currency },
              { key: 'zone', label: t('summary.zone'), children: `${data.timezoneName} (${utcOffsetLabel(data.timezoneName)})` },
              {
                key: 'period',
                label: t('summary.period'),
                children: data.range.from === data.range.to ? data.range.from : `${data.range.from} – ${data.range.to}`,
              },
            ]}
          />
          {mobile ? (
            rows.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.empty')} />
            ) : (
              <section aria-label={t('summary.tableLabel')}>
                <Flex vertical gap={12}>
                  {totals && (
                    <RowCard<SummaryRow>
                      row={totals}
                      index={TOTALS_INDEX}
                      columns={columns}
                      layout={{ title: 'date', extra: 'endBalance' }}
                    />
                  )}
                  {rows.map((row, index) => (
                    <RowCard<SummaryRow>
                      key={row.id}
                      row={row}
                      index={index}
                      columns={columns}
                      layout={{ title: 'date', extra: 'endBalance' }}
                    />
                  ))}
                </Flex>
              </section>
            )
          ) : (
            <ConfigProvider renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.empty')} />}>
              <ScrollTable<SummaryRow>
                label={t('summary.tableLabel')}
                rowKey="id"
                size="middle"
                pagination={false}
                columns={columns}
                dataSource={rows}
                {...(totals && rows.length > 0
                  ? { summary: () => <TotalsRow<SummaryRow> columns={columns} row={totals} leading={0} /> }
                  : {})}
              />
            </ConfigProvider>
          )}
        </Flex>
      )}
    </>
  );
}

/** The daily summary's columns (spec §3: begin balance, pay-in, payout, withdrawal, fee, tax, end balance; plus refunds, chargebacks and other money, so that the row adds up). */
function summaryColumns(
  t: ReturnType<typeof useTranslation<'subMerchant'>>['t'],
  data: SubAccountSummary | undefined,
): TableColumnsType<SummaryRow> {
  const currency = data?.currency ?? 'USD';
  const amount = (key: Exclude<keyof SubAccountSummaryRow, 'date'>, title: string, strong = false) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: SummaryRow) => (
      <Amount cents={row[key]} currency={currency} {...(strong ? { style: { fontWeight: 600 } } : {})} />
    ),
  });
  return [
    {
      key: 'date',
      title: t('summary.date', { zone: data?.timezoneName ?? '' }),
      render: (_, row, index) => (index === TOTALS_INDEX ? t('summary.totals') : <time dateTime={row.date}>{row.date}</time>),
    },
    amount('beginBalance', t('summary.beginBalance')),
    amount('payin', t('summary.payin')),
    amount('refund', t('summary.refund')),
    amount('chargeback', t('summary.chargeback')),
    amount('payout', t('summary.payout')),
    amount('withdrawal', t('summary.withdrawal')),
    amount('fee', t('summary.fee')),
    amount('tax', t('summary.tax')),
    amount('other', t('summary.other')),
    amount('endBalance', t('summary.endBalance'), true),
  ];
}
