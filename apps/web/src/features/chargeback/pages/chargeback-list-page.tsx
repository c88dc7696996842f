import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { CHARGEBACK_STATUSES } from '@andes/contract/common/enums';
import { CHARGEBACK_REASON_CODES, type DeadlineBucket } from '@andes/contract/risk/enums';
import type { Chargeback } from '@andes/contract/risk/schemas';
import { Alert, Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { chargebackListQuery, useChargebackSummary } from '../api/chargeback-calls.ts';
import { CHARGEBACK_FILTERS, type ChargebackListRequest, chargebackListOf } from '../chargeback-url.ts';
import { chargebackColumns } from '../components/chargeback-columns.tsx';
import { SummaryBoard } from '../components/summary-board.tsx';

/** `/risk/chargeback-represent`. */
export function ChargebackListPage() {
  const { t } = useTranslation('chargeback');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is a new list.
  return <ChargebackListScreen key={area.code} area={area} />;
}

/**
 * The chargebacks of the selected country (spec §2 Risk → Chargeback Represent; issue #13): the
 * summary per status with the win rate, the deadline board whose buckets filter the list, and the
 * list on the list-screen kit — filtered by status, reason code, dispute dates and keyword.
 */
function ChargebackListScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('chargeback');
  const zone = area.timezoneName;
  const canOpen = usePermission('risk:chargeback-represent-detail');
  const summary = useChargebackSummary(area.code);
  const screen = useListScreen<ChargebackListRequest, Chargeback>({
    filters: CHARGEBACK_FILTERS,
    requestOf: (params, position) => chargebackListOf({ country: area.code, timeZone: zone }, params, position),
    query: chargebackListQuery,
  });
  const bucket = screen.request.bucket;
  const pick = (next: DeadlineBucket | undefined) => screen.search({ bucket: next }, ['bucket']);

  const fields: ListFilterField[] = [
    {
      kind: 'select',
      name: 'status',
      label: t('field.status'),
      width: 160,
      options: CHARGEBACK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    {
      kind: 'select',
      name: 'reasonCode',
      label: t('field.reasonCode'),
      width: 190,
      options: CHARGEBACK_REASON_CODES.map((code) => ({ value: code, label: t(`reasonCode.${code}`) })),
    },
    { kind: 'dateRange', name: 'range', label: t('list.disputeIn', { zone }), timeZone: zone },
    { kind: 'text', name: 'keyword', label: t('list.keyword'), width: 200 },
  ];
  const title = t('list.title');

  return (
    <ListScreen<ChargebackListRequest, Chargeback, never>
      screen={screen}
      title={title}
      intro={
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            {t('list.intro')} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
          </Typography.Paragraph>
          <SummaryBoard query={summary} bucket={bucket} onPick={pick} />
        </>
      }
      toolbar={
        bucket && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('list.bucketFilter', { bucket: t(`bucket.${bucket}`) })}
            action={
              <Button size="small" onClick={() => pick(undefined)}>
                {t('list.clearBucket')}
              </Button>
            }
          />
        )
      }
      filterBar={{ name: 'chargeback-filters', label: t('list.filters'), fields }}
      columns={chargebackColumns({ t, zone, canOpen })}
      card={{ title: 'merchantReference', extra: 'status' }}
      emptyText={t('list.empty')}
      label={t('list.label')}
    />
  );
}
