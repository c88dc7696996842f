import type { RequestKind } from '@andes/contract/accounting/enums';
import type { AccountingRequest, AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { detailPathOf, KINDS } from '../accounting-kinds.ts';
import { REQUEST_DIALOGS, REQUEST_FILTERS, type RequestDialog, type RequestListRequest, requestListOf } from '../accounting-url.ts';
import { isMoving, LIST_POLL_MS, requestListQuery, useRequestAction, useSubMerchants } from '../api/accounting-calls.ts';
import { ExchangeDrawer } from '../components/exchange-drawer.tsx';
import { requestColumns } from '../components/request-columns.tsx';
import { SubTransferDrawer } from '../components/sub-transfer-drawer.tsx';
import { TopupDrawer } from '../components/topup-drawer.tsx';
import { WithdrawalDrawer } from '../components/withdrawal-drawer.tsx';
import { useAccountingText } from '../hooks/use-accounting-text.ts';

const QUERIES = {
  TOPUP: requestListQuery('TOPUP'),
  WITHDRAWAL: requestListQuery('WITHDRAWAL'),
  EXCHANGE: requestListQuery('EXCHANGE'),
  SUB_TRANSFER: requestListQuery('SUB_TRANSFER'),
} as const;

const DRAWERS = { TOPUP: TopupDrawer, WITHDRAWAL: WithdrawalDrawer, EXCHANGE: ExchangeDrawer, SUB_TRANSFER: SubTransferDrawer } as const;

function RequestListPage({ kind }: { kind: RequestKind }) {
  const { t } = useTranslation('accounting');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is a new list: its filters' sub-merchant and dialogs start afresh.
  return <RequestListScreen key={`${kind}:${area.code}`} kind={kind} area={area} />;
}

/**
 * A list of requests of one kind in the selected country (spec §2 Accounting, Setting →
 * Sub-merchant; issue #12): searchable by creation dates, status, mode (or sub-merchant) and
 * request number; the Add button for holders of the kind's add code; each row's actions as its
 * status and the caller's permissions allow. The rows reload while one of them can still move.
 */
function RequestListScreen({ kind, area }: { kind: RequestKind; area: AreaAuthority }) {
  const { t } = useTranslation('accounting');
  const { t: tc } = useTranslation('common');
  const text = useAccountingText();
  const navigate = useAppNavigate();
  const info = KINDS[kind];
  const zone = area.timezoneName;
  const user = useAppStore((s) => s.currentUser);
  const merchantUser = user !== null && user.subMerchantId === null;
  const bySubMerchant = kind === 'SUB_TRANSFER' && merchantUser;
  const canOpen = usePermission(info.detail);
  const subMerchants = useSubMerchants(user?.merchantId ?? null, bySubMerchant);
  const screen = useListScreen<RequestListRequest, AccountingRequest, RequestDialog>({
    filters: REQUEST_FILTERS,
    requestOf: (params, position) => requestListOf({ country: area.code, timeZone: zone, bySubMerchant }, params, position),
    query: QUERIES[kind],
    dialogs: { kinds: REQUEST_DIALOGS, withId: [] },
    poll: (rows) => (rows.some(isMoving) ? LIST_POLL_MS : false),
  });
  const action = useRequestAction(kind);

  const act = (row: AccountingRequest, what: 'CANCEL' | 'APPROVE' | 'REFUSE') =>
    action.mutateAsync({ action: what, id: row.id }).then(
      (done) => notify.success(t(`done.${what}`, { requestNo: done.requestNo })),
      (failure: unknown) => {
        notify.error(text.failure(failure));
        throw failure;
      },
    );

  const fields: ListFilterField[] = [
    { kind: 'dateRange', name: 'range', label: t('filter.createdIn', { zone }), timeZone: zone, clearable: false },
    {
      kind: 'select',
      name: 'status',
      label: t('field.status'),
      width: 170,
      options: info.statuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    ...(info.modes.length > 0
      ? [
          {
            kind: 'select' as const,
            name: 'mode',
            label: t('field.mode'),
            width: 170,
            options: info.modes.map((mode) => ({ value: mode, label: t(`mode.${info.key}.${mode}` as never) as string })),
          },
        ]
      : []),
    ...(bySubMerchant
      ? [
          {
            kind: 'select' as const,
            name: 'subMerchantId',
            label: t('field.subMerchant'),
            width: 200,
            searchable: true,
            loading: subMerchants.isPending,
            options: (subMerchants.data ?? []).map((s) => ({ value: s.subMerchantId, label: s.subMerchantName })),
          },
        ]
      : []),
    { kind: 'text', name: 'keyword', label: t('filter.keyword'), width: 220 },
  ];

  const columns = requestColumns(kind, { t, tc, zone, canOpen, act, open: (row) => navigate(detailPathOf(kind, row.id)) });
  const Drawer = DRAWERS[kind];
  const title = t(`${info.key}.title`);
  const created = (request: AccountingRequestDetail) => {
    notify.success(t(`${info.key}.created`, { requestNo: request.requestNo }));
    screen.closeDialog();
  };

  return (
    <ListScreen<RequestListRequest, AccountingRequest, RequestDialog>
      screen={screen}
      title={title}
      // Sub-merchant users see their transfers; only the merchant's own users move money.
      {...(kind !== 'SUB_TRANSFER' || merchantUser
        ? { add: { label: t(`${info.key}.add`), permission: info.add, onClick: () => screen.openDialog('create') } }
        : {})}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t(`${info.key}.intro`)} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      filterBar={{ name: `${info.key}-filters`, label: t('filter.label', { title }), fields }}
      columns={columns}
      card={{ title: 'requestNo', extra: 'status' }}
      emptyText={t(`${info.key}.empty`)}
      label={title}
    >
      <Drawer open={screen.dialog?.kind === 'create'} area={area} onClose={screen.closeDialog} onCreated={created} />
    </ListScreen>
  );
}

/** `/accounting/payout-funding`. */
export function TopupListPage() {
  return <RequestListPage kind="TOPUP" />;
}

/** `/accounting/withdraws-application`. */
export function WithdrawalListPage() {
  return <RequestListPage kind="WITHDRAWAL" />;
}

/** `/accounting/exchange`. */
export function ExchangeListPage() {
  return <RequestListPage kind="EXCHANGE" />;
}

/** `/setting/sub-merchant`. */
export function SubTransferListPage() {
  return <RequestListPage kind="SUB_TRANSFER" />;
}
