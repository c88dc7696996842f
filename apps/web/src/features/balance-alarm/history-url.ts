import { AlarmHistoryRequest } from '@andes/contract/balance-alarm/schemas';
import type { Country } from '@andes/contract/common/countries';
import { type KeysetPosition, readPageSize } from '../../shared/list/keyset.ts';
import { numberParam, parseFieldwise } from '../../shared/list/url-params.ts';

/** URL parameter of the history's account filter (CONVENTIONS §4.6). */
export const HISTORY_ACCOUNT_PARAM = 'account';

/**
 * The account the URL filters the history by, when it is one of the country's accounts (a link
 * from another country, or an account gone, shows all accounts).
 */
export function historyAccountOf(params: URLSearchParams, accountIds: readonly number[]): number | undefined {
  const id = numberParam(params.get(HISTORY_ACCOUNT_PARAM));
  return id !== undefined && accountIds.includes(id) ? id : undefined;
}

/** The history page request: the country's events, of one account or all, at the page shown. */
export function historyRequestOf(
  country: Country,
  accountId: number | undefined,
  params: URLSearchParams,
  position: KeysetPosition,
): AlarmHistoryRequest {
  return parseFieldwise(AlarmHistoryRequest, {
    country,
    accountId,
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}
