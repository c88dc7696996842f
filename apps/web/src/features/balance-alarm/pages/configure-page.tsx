import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useBalanceAlarmList } from '../api/balance-alarm-calls.ts';
import { AlarmsCard } from '../components/alarms-card.tsx';
import { EditAlarmModal } from '../components/edit-alarm-modal.tsx';
import { HistoryCard } from '../components/history-card.tsx';

const DIALOGS = ['edit'] as const;

/**
 * `/setting/configure` (spec §2 Setting → Configure): the balance alarms of the country selected
 * in the shell — each local account's alarm, its editing (with `setting:balance-alarm:modify`),
 * and the history of firings and recoveries. Times are in the country's zone; the open dialog,
 * the history's account filter and page are in the URL.
 */
export function ConfigurePage() {
  const { t } = useTranslation('balanceAlarm');
  const { t: tp } = useTranslation('permissions');
  const { area } = useSelectedArea();
  return (
    <>
      <PageHeader title={tp('setting:configure')} />
      {area ? <ConfigureScreen key={area.code} area={area} /> : <Empty description={t('noCountry')} />}
    </>
  );
}

function ConfigureScreen({ area }: { area: AreaAuthority }) {
  const list = useListUrl();
  const canModify = usePermission('setting:balance-alarm:modify');
  const alarms = useBalanceAlarmList(area.code);
  const timeZone = area.timezoneName;
  const zoneLabel = `${timeZone}, ${utcOffsetLabel(timeZone)}`;
  const dialog = readDialog(list.params, DIALOGS, DIALOGS);
  const editing = (canModify && dialog ? alarms.data?.list.find((a) => a.accountId === dialog.id) : undefined) ?? null;
  const openEdit = (alarm: BalanceAlarm) => list.update(dialogPatch({ kind: 'edit', id: alarm.accountId }), { keepPage: true });
  const closeEdit = () => list.update(dialogPatch(null), { keepPage: true, replace: true });

  return (
    <Flex vertical gap={16}>
      <AlarmsCard query={alarms} timeZone={timeZone} zoneLabel={zoneLabel} onEdit={canModify ? openEdit : null} />
      <HistoryCard
        country={area.code}
        accounts={alarms.isError ? [] : alarms.data?.list}
        list={list}
        timeZone={timeZone}
        zoneLabel={zoneLabel}
      />
      <EditAlarmModal alarm={editing} recipients={alarms.data?.recipients ?? []} timeZone={timeZone} onClose={closeEdit} />
    </Flex>
  );
}
