import type { BalanceAlarm } from '@andes/contract/balance-alarm/schemas';

/** A BR pay-in account's alarm as the list answers it (threshold R$ 500.00, watching), with `over` applied. */
export function alarmOf(over: Partial<BalanceAlarm> = {}): BalanceAlarm {
  return {
    accountId: 31,
    accountNo: 'BR-PAYIN-0031',
    accountType: 'PAY_IN',
    country: 'BR',
    currency: 'BRL',
    holderName: 'Andes Demo Store',
    subMerchant: false,
    available: 100_000,
    threshold: 50_000,
    below: false,
    subscribers: [{ userId: 7, name: 'Dana Finance' }],
    version: 3,
    updatedAt: null,
    updatedByName: null,
    lastFiredAt: null,
    ...over,
  };
}
