import type { RequestKind, RequestPermissions, RequestStatus } from '@andes/contract/accounting/enums';
import {
  EXCHANGE_MODES,
  EXCHANGE_STATUSES,
  REQUEST_PERMISSIONS,
  SUB_TRANSFER_STATUSES,
  TOPUP_MODES,
  TOPUP_STATUSES,
  WITHDRAW_MODES,
  WITHDRAWAL_STATUSES,
} from '@andes/contract/accounting/enums';
import type { StatusSet } from '@andes/contract/common/enums';
import { permissionEntry } from '@andes/contract/permissions/registry';

/**
 * What differs between the four request screens (issue #12, docs/decisions/0027): their
 * permissions (the registry's codes), their statuses and modes (spec §3, §4) and where their list
 * and detail live. The endpoints are chosen in `api/accounting-calls.ts`.
 */
export interface KindInfo extends RequestPermissions {
  kind: RequestKind;
  /** The `accounting` strings of this kind start with this key (`topup.title`…). */
  key: 'topup' | 'withdrawal' | 'exchange' | 'subTransfer';
  statusSet: StatusSet;
  statuses: readonly RequestStatus[];
  /** The modes of the search bar and the creation; none for sub-merchant transfers. */
  modes: readonly string[];
}

export const KINDS: Readonly<Record<RequestKind, KindInfo>> = {
  TOPUP: {
    kind: 'TOPUP',
    ...REQUEST_PERMISSIONS.TOPUP,
    key: 'topup',
    statusSet: 'topup',
    statuses: TOPUP_STATUSES,
    modes: TOPUP_MODES,
  },
  WITHDRAWAL: {
    kind: 'WITHDRAWAL',
    ...REQUEST_PERMISSIONS.WITHDRAWAL,
    key: 'withdrawal',
    statusSet: 'withdrawal',
    statuses: WITHDRAWAL_STATUSES,
    modes: WITHDRAW_MODES,
  },
  EXCHANGE: {
    kind: 'EXCHANGE',
    ...REQUEST_PERMISSIONS.EXCHANGE,
    key: 'exchange',
    statusSet: 'exchange',
    statuses: EXCHANGE_STATUSES,
    modes: EXCHANGE_MODES,
  },
  SUB_TRANSFER: {
    kind: 'SUB_TRANSFER',
    ...REQUEST_PERMISSIONS.SUB_TRANSFER,
    key: 'subTransfer',
    statusSet: 'subMerchantTransfer',
    statuses: SUB_TRANSFER_STATUSES,
    modes: [],
  },
};

/** The list screen of a kind (its menu route in the permission registry). */
export function listPathOf(kind: RequestKind): string {
  return permissionEntry(KINDS[kind].list).route ?? '/';
}

/** The detail screen of one request (the hidden route of the registry, `:id` filled). */
export function detailPathOf(kind: RequestKind, id: number): string {
  return (permissionEntry(KINDS[kind].detail).route ?? '').replace(':id', String(id));
}
