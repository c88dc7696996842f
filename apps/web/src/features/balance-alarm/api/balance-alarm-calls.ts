import { balanceAlarmHistory, balanceAlarmList, balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import type { AlarmHistoryRequest, BalanceAlarmUpdateRequest } from '@andes/contract/balance-alarm/schemas';
import type { Country } from '@andes/contract/common/countries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

export const balanceAlarmKeys = {
  all: ['balance-alarm'] as const,
  list: (country: Country) => [...balanceAlarmKeys.all, 'list', country] as const,
  history: (request: AlarmHistoryRequest) => [...balanceAlarmKeys.all, 'history', request] as const,
};

/** The country's local accounts with their alarms, and who may be notified. */
export function useBalanceAlarmList(country: Country) {
  return useQuery({
    queryKey: balanceAlarmKeys.list(country),
    queryFn: ({ signal }) => call(balanceAlarmList, { country }, { signal }),
  });
}

/** A page of the alarms' firings and recoveries, newest first; the rows stay while the next page loads. */
export function useBalanceAlarmHistory(request: AlarmHistoryRequest, enabled: boolean) {
  return useQuery({
    queryKey: balanceAlarmKeys.history(request),
    queryFn: ({ signal }) => call(balanceAlarmHistory, request, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Sets or clears an alarm (the dialog shows refusals itself). Settled either way, the list and the
 * history reload: a save may have fired the alarm, and a refusal for a stale version needs the
 * list's new version.
 */
export function useBalanceAlarmUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BalanceAlarmUpdateRequest) => call(balanceAlarmUpdate, request, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceAlarmKeys.all }),
  });
}
