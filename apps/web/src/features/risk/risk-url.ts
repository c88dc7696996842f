import type { Country } from '@andes/contract/common/countries';
import type { RuleType } from '@andes/contract/risk/enums';
import { ReplayPageRequest, ReviewPageRequest, RuleQueryRequest } from '@andes/contract/risk/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';

/**
 * The risk lists' URLs (CONVENTIONS §4.6). A rule list filters by state — `enabled=1` or `0` in the
 * URL (spec §3: 1 enable, 0 disable), a boolean in the request — and by a keyword (a rule's name or
 * one of its values); its dialogs are the editor, a rule's history and its replay.
 */
export const RULE_FILTERS = { enabled: 'number', keyword: 'text' } as const satisfies FilterParams;
export const RULE_DIALOGS = ['add', 'edit', 'history', 'replay'] as const;
export type RuleDialog = (typeof RULE_DIALOGS)[number];
export const RULE_DIALOGS_WITH_ID: readonly RuleDialog[] = ['edit', 'history', 'replay'];

export type RuleListRequest = z.output<typeof RuleQueryRequest>;

/** The rule page request of the URL: the country and type are the screen's. */
export function ruleListOf(country: Country, type: RuleType, params: URLSearchParams, position: KeysetPosition): RuleListRequest {
  const request = listRequestOf(RuleQueryRequest, RULE_FILTERS, params, position, { country, type });
  const state = params.get('enabled');
  return { ...request, ...(state === '1' ? { enabled: true } : state === '0' ? { enabled: false } : {}) };
}

/** What the filter bar shows for the request's state (1, 0 or nothing). */
export const stateValueOf = (request: Pick<RuleListRequest, 'enabled'>): 1 | 0 | undefined =>
  request.enabled === undefined ? undefined : request.enabled ? 1 : 0;

/** Case management: the status tab, the creation dates and a keyword (unique id or reference). */
export const REVIEW_FILTERS = { status: 'text', range: 'dateRange', keyword: 'text' } as const satisfies FilterParams;
export const REVIEW_DIALOGS = ['approve', 'reject'] as const;
export type ReviewDialog = (typeof REVIEW_DIALOGS)[number];

export type ReviewListRequest = z.output<typeof ReviewPageRequest>;

export function reviewListOf(country: Country, params: URLSearchParams, position: KeysetPosition): ReviewListRequest {
  return listRequestOf(ReviewPageRequest, REVIEW_FILTERS, params, position, { country });
}

/** The retro performance page: the country's replays (no filter). */
export type ReplayListRequest = z.output<typeof ReplayPageRequest>;

export function replayListOf(country: Country, params: URLSearchParams, position: KeysetPosition): ReplayListRequest {
  return listRequestOf(ReplayPageRequest, {}, params, position, { country });
}
