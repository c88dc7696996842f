import { defineEndpoint } from '../common/define-endpoint.ts';
import {
  ALARM_VIEW_PERMISSION,
  AlarmHistoryPage,
  AlarmHistoryRequest,
  BalanceAlarm,
  BalanceAlarmList,
  BalanceAlarmListRequest,
  BalanceAlarmUpdateRequest,
} from './schemas.ts';

/** Balance alarms, on the Configure screen (spec §2 Setting; docs/decisions/0033). */

export const balanceAlarmList = defineEndpoint({
  path: '/dashboard/configuration/account/balance/alarm/config/list',
  summary: "The country's local accounts with their balance alarms, and who may be notified",
  permission: ALARM_VIEW_PERMISSION,
  request: BalanceAlarmListRequest,
  response: BalanceAlarmList,
});

export const balanceAlarmUpdate = defineEndpoint({
  path: '/dashboard/configuration/account/balance/alarm/config/update',
  summary: "Sets or clears an account's alarm threshold and who is notified; fires at once when the balance is already below",
  permission: 'setting:balance-alarm:modify',
  request: BalanceAlarmUpdateRequest,
  response: BalanceAlarm,
});

export const balanceAlarmHistory = defineEndpoint({
  path: '/dashboard/configuration/account/balance/alarm/history/page',
  summary: "The alarms' firings and recoveries in the country, newest first",
  permission: ALARM_VIEW_PERMISSION,
  request: AlarmHistoryRequest,
  response: AlarmHistoryPage,
});
