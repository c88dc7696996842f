import type { AreaAuthority } from '@andes/contract/common/countries';
import { utcOffsetLabel } from '@andes/contract/common/countries';
import { PAYOUT_STATUSES, PAYOUT_TABS, type PayoutTab } from '@andes/contract/payout/enums';
import { railsOf } from '@andes/contract/payout/rails';
import type { Payout, PayoutDecisionAnswer } from '@andes/contract/payout/schemas';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch } from '../../../shared/list/dialog-param.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { balanceOfPage, payoutListQuery, useBatchPending, useInvalidatePayouts, usePayoutDecision } from '../api/use-payouts.ts';
import { ApprovalPanel } from '../components/approval-panel.tsx';
import { BatchPayoutDrawer } from '../components/batch-payout-drawer.tsx';
import { type DecisionKind, DecisionModal } from '../components/decision-modal.tsx';
import { DecisionResult } from '../components/decision-result.tsx';
import { payoutColumns } from '../components/payout-columns.tsx';
import { PayoutDetailDrawer } from '../components/payout-detail-drawer.tsx';
import { SinglePayoutDrawer } from '../components/single-payout-drawer.tsx';
import { usePayoutText } from '../hooks/use-payout-text.ts';
import { batchTotals, nextSelection, totalsByCurrency } from '../payout-figures.ts';
import {
  PAYOUT_DIALOGS,
  PAYOUT_DIALOGS_WITH_ID,
  PAYOUT_FILTERS,
  type PayoutDialog,
  type PayoutListRequest,
  payoutRequestOf,
} from '../payout-url.ts';

/**
 * `/payment/payout` (spec §2 Payment; issue #11): the payouts of the selected country by approval
 * tab, searchable; a payout's detail with its history; single and batch creation for holders of
 * `payment:payout:create`; approval and refusal of chosen payouts (or a whole batch) for holders of
 * `payment:payout:approve`, with the figures of the decision.
 */
export function PayoutPage() {
  const { t } = useTranslation('payout');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  // A new country is a new screen: the choice of rows and batch start afresh.
  return <PayoutScreen key={area.code} area={area} />;
}

function PayoutScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('payout');
  const { t: tc } = useTranslation('common');
  const text = usePayoutText();
  const country = area.code;
  const zone = area.timezoneName;
  const canApprove = usePermission('payment:payout:approve');
  const screen = useListScreen({
    filters: PAYOUT_FILTERS,
    requestOf: (params, position) => payoutRequestOf(country, zone, params, position),
    query: payoutListQuery,
    dialogs: { kinds: PAYOUT_DIALOGS, withId: PAYOUT_DIALOGS_WITH_ID },
  });
  const { dialog, openDialog, closeDialog, request, list } = screen;
  const tab: PayoutTab = request.tab;
  const balance = balanceOfPage(screen.mobile ? screen.infinite.data?.pages[0] : screen.page.data);

  // The rows chosen for a decision (on any page), or a whole batch.
  const [chosen, setChosen] = useState<ReadonlyMap<number, Payout>>(new Map());
  const [batchId, setBatchId] = useState<number | null>(null);
  const [decision, setDecision] = useState<DecisionKind | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: DecisionKind; answer: PayoutDecisionAnswer } | null>(null);
  const batch = useBatchPending(country, batchId);
  const decide = usePayoutDecision();
  const invalidate = useInvalidatePayouts();

  // Another tab shows other payouts: what was chosen no longer applies.
  useEffect(() => {
    if (tab !== 'PENDING') {
      setChosen(new Map());
      setBatchId(null);
    }
  }, [tab]);

  const choosing = canApprove && tab === 'PENDING';
  const pending = batch.data?.pending;
  const totals = useMemo(
    () => (batchId !== null ? (pending === undefined ? undefined : batchTotals(pending)) : totalsByCurrency([...chosen.values()])),
    [batchId, pending, chosen],
  );
  const panelBalance = batchId !== null ? (batch.data?.balance ?? balance) : balance;

  const clearChoice = () => {
    setChosen(new Map());
    setBatchId(null);
  };

  const confirmDecision = (reason: string) => {
    if (decision === null) return;
    setDecisionError(null);
    const target = batchId !== null ? { country, batchId } : { country, ids: [...chosen.keys()] };
    const call =
      decision === 'approve'
        ? ({ kind: 'approve', request: target } as const)
        : ({ kind: 'refuse', request: { ...target, ...(reason ? { reason } : {}) } } as const);
    decide.mutate(call, {
      onSuccess: (answer) => {
        setResult({ kind: decision, answer });
        setDecision(null);
        clearChoice();
      },
      onError: (failure) => setDecisionError(text.failure(failure)),
    });
  };

  /** After a creation: the drawer closes and the list shows the Pending tab, reloaded. */
  const showPending = () => list.update({ ...dialogPatch(null), tab: 'PENDING' });

  const rails = railsOf(country);
  const productTypes = [...new Set(rails.map((rail) => rail.productType))];
  const filters: ListFilterField[] = [
    { kind: 'text', name: 'keyword', label: t('keyword'), width: 220 },
    {
      kind: 'select',
      name: 'status',
      label: t('status'),
      width: 150,
      options: PAYOUT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    {
      kind: 'select',
      name: 'productType',
      label: t('channel'),
      width: 170,
      options: productTypes.map((productType) => ({ value: productType, label: text.productType(productType) })),
    },
    { kind: 'dateRange', name: 'created', label: t('createdIn', { zone }), timeZone: zone },
  ];

  const columns = payoutColumns({ t, tc, text, zone, tab, openDetail: (id) => openDialog('detail', id) });
  const zoneLabel = `${zone}, ${utcOffsetLabel(zone)}`;
  const filteredBatch = request.batchId;

  const toolbar = (
    <>
      {filteredBatch !== undefined && (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <Tag color="processing">{t('batchFilter', { batchId: filteredBatch })}</Tag>
          <Button size="small" onClick={() => list.update({ batchId: undefined })}>
            {t('batchFilterClear')}
          </Button>
        </Flex>
      )}
      {result && <DecisionResult kind={result.kind} answer={result.answer} currency={area.currency} onClose={() => setResult(null)} />}
      {choosing && (batchId !== null || chosen.size > 0) && (
        <ApprovalPanel
          title={
            batchId !== null
              ? t('approvalPanel.batchTitle', { batchId, count: pending?.count ?? 0 })
              : t('approvalPanel.rowsTitle', { count: chosen.size })
          }
          totals={totals}
          balance={panelBalance}
          error={batch.isError ? text.failure(batch.error) : null}
          onApprove={() => {
            setDecisionError(null);
            setDecision('approve');
          }}
          onRefuse={() => {
            setDecisionError(null);
            setDecision('refuse');
          }}
          onClear={clearChoice}
        />
      )}
    </>
  );

  return (
    <ListScreen<PayoutListRequest, Payout, PayoutDialog>
      screen={screen}
      title={t('title')}
      add={{ label: t('create.button'), permission: 'payment:payout:create', onClick: () => openDialog('create') }}
      actions={
        <Can permission="payment:payout:create">
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => openDialog('batch')}>
            {t('batchButton')}
          </Button>
        </Can>
      }
      intro={
        <Flex gap={16} wrap align="baseline" style={{ marginBottom: 16 }}>
          {balance && (
            <Typography.Text>
              {t('balance.available')} <Amount cents={balance.available} currency={balance.currency} style={{ fontWeight: 600 }} />
            </Typography.Text>
          )}
          {balance && (
            <Typography.Text type="secondary">
              {t('balance.reserved')} <Amount cents={balance.reserved} currency={balance.currency} />
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('timesIn', { zone: zoneLabel })}</Typography.Text>
        </Flex>
      }
      tabs={{
        name: 'tab',
        label: t('tabs'),
        options: PAYOUT_TABS.map((value) => ({ value, label: t(`tab.${value}`) })),
      }}
      filterBar={{ name: 'payout-filters', label: t('filters'), fields: filters }}
      toolbar={toolbar}
      {...(choosing && batchId === null
        ? {
            selection: {
              keys: [...chosen.keys()],
              onChange: (keys, shown) => setChosen((current) => nextSelection(current, keys, shown)),
              name: (payout) => t('choose', { uniqueId: payout.uniqueId }),
              allName: t('chooseAll'),
            },
          }
        : {})}
      columns={columns}
      card={{ title: 'uniqueId', extra: 'status' }}
      emptyText={tab === 'PENDING' ? t('emptyPending') : t('emptyApproved')}
      label={t('listLabel')}
    >
      <PayoutDetailDrawer
        country={country}
        zone={zone}
        id={dialog?.kind === 'detail' ? dialog.id : null}
        onClose={closeDialog}
        onShowBatch={(id) => list.update({ ...dialogPatch(null), batchId: id })}
        onSelectBatch={
          choosing
            ? (id) => {
                setChosen(new Map());
                setBatchId(id);
                list.update({ ...dialogPatch(null), batchId: id });
              }
            : undefined
        }
      />
      <Can permission="payment:payout:create">
        <SinglePayoutDrawer
          open={dialog?.kind === 'create'}
          country={country}
          zone={zone}
          onClose={closeDialog}
          onCreated={(payout) => {
            notify.success(t('create.done', { uniqueId: payout.uniqueId }));
            showPending();
          }}
        />
        <BatchPayoutDrawer
          open={dialog?.kind === 'batch'}
          country={country}
          zone={zone}
          onClose={closeDialog}
          onCreated={(summary) => {
            void invalidate();
            if (summary && summary.ok > 0) notify.success(t('batchDone', { count: summary.ok }));
            if (tab !== 'PENDING') list.update({ tab: 'PENDING' }, { keepPage: true });
          }}
        />
      </Can>
      <DecisionModal
        kind={decision}
        totals={totals ?? []}
        pending={decide.isPending}
        error={decisionError}
        onCancel={() => setDecision(null)}
        onConfirm={confirmDecision}
      />
    </ListScreen>
  );
}
