import { ResultCode } from '@andes/contract/common/envelope';
import { IP_TRUSTLIST_MESSAGES } from '@andes/contract/ip-trustlist/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** Error table of the IP trust list and the access restriction. */
export const IpTrustlistErrors = {
  entryNotFound: () => CommonErrors.notFound('The trust-list entry'),
  userNotFound: () => CommonErrors.notFound('The user'),
  listFull: () => CommonErrors.conflict(IP_TRUSTLIST_MESSAGES.listFull),
  emptyDashboardList: () => CommonErrors.conflict(IP_TRUSTLIST_MESSAGES.emptyDashboardList),
  selfLockout: () => CommonErrors.conflict(IP_TRUSTLIST_MESSAGES.selfLockout),
  removeLastWhileRestricted: () => CommonErrors.conflict(IP_TRUSTLIST_MESSAGES.removeLastWhileRestricted),
  ownAddressEntry: () => CommonErrors.conflict(IP_TRUSTLIST_MESSAGES.ownAddressEntry),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
  /** Sign-in or a call from an address outside the merchant's DASHBOARD list, while the restriction holds the user. */
  ipNotTrusted: (ip: string) =>
    new AppError(
      ResultCode.IP_NOT_TRUSTED,
      `Dashboard access from your current address (${ip}) is not allowed for this account; please use a trusted network or contact your administrator`,
    ),
} as const;
