import type { Country } from '@andes/contract/common/countries';
import {
  replayPage,
  replayQuery,
  replayStart,
  reviewDecide,
  reviewPage,
  ruleAdd,
  ruleCounts,
  ruleDelete,
  ruleHistory,
  ruleQuery,
  ruleRecommendations,
  ruleTemplates,
  ruleUpdate,
} from '@andes/contract/risk/endpoints';
import type { RuleType } from '@andes/contract/risk/enums';
import type {
  ReplayPageRequest,
  ReplayStartRequest,
  ReplayView,
  ReviewDecideRequest,
  ReviewItem,
  RiskRule,
  RuleAddRequest,
  RuleDeleteRequest,
  RuleQueryRequest,
  RuleUpdateRequest,
} from '@andes/contract/risk/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { ReplayListRequest, ReviewListRequest, RuleListRequest } from '../risk-url.ts';

/** Query keys of the risk screens; a change of a rule or a review invalidates `all`. */
export const riskKeys = {
  all: ['risk'] as const,
  counts: (country: Country) => [...riskKeys.all, 'counts', country] as const,
  templates: (type: RuleType) => [...riskKeys.all, 'templates', type] as const,
  rules: (request: unknown) => [...riskKeys.all, 'rules', request] as const,
  history: (id: number) => [...riskKeys.all, 'history', id] as const,
  recommendations: (country: Country) => [...riskKeys.all, 'recommendations', country] as const,
  replay: (id: number) => [...riskKeys.all, 'replay', id] as const,
  replays: (request: unknown) => [...riskKeys.all, 'replays', request] as const,
  reviews: (request: unknown) => [...riskKeys.all, 'reviews', request] as const,
};

/** How often a replay still running is asked again. */
export const REPLAY_POLL_MS = 1_500;
/** How often a list with a replay still running reloads. */
export const REPLAYS_POLL_MS = 3_000;

export const isRunning = (replay: Pick<ReplayView, 'status'>) => replay.status === 'PENDING' || replay.status === 'RUNNING';

/** Rules and replays of each configuration type in a country. */
export function useRuleCounts(country: Country) {
  return useQuery({
    queryKey: riskKeys.counts(country),
    queryFn: ({ signal }) => call(ruleCounts, { country }, { signal }),
    staleTime: 0,
  });
}

/** The templates of a rule type (they change only with a release). */
export function useRuleTemplates(type: RuleType | null) {
  return useQuery({
    queryKey: riskKeys.templates(type ?? 'TRUST'),
    queryFn: ({ signal }) => call(ruleTemplates, { type: type as RuleType }, { signal }),
    enabled: type !== null,
    staleTime: 10 * 60_000,
  });
}

/** One type's rules in a country (the list screen's pages). */
export const ruleListQuery: ListQuery<RuleListRequest, RiskRule> = {
  key: (request) => riskKeys.rules(request),
  fetch: (request, signal) => call(ruleQuery, request, { signal }),
  staleTime: 0,
};

/** Every rule of a type in a country, up to 100 (the replay form's choice). */
export function useRuleChoices(country: Country, type: RuleType | null) {
  const request: RuleQueryRequest = { country, type: type ?? 'TRUST', pageSize: 100 };
  return useQuery({
    queryKey: riskKeys.rules({ ...request, choices: true }),
    queryFn: ({ signal }) => call(ruleQuery, request, { signal }),
    enabled: type !== null,
    staleTime: 0,
  });
}

/** A rule as it is now, with its versions (the editor loads the version it will name). */
export function useRuleHistory(id: number | null) {
  return useQuery({
    queryKey: riskKeys.history(id ?? 0),
    queryFn: ({ signal }) => call(ruleHistory, { id: id as number }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useRecommendations(country: Country, enabled = true) {
  return useQuery({
    queryKey: riskKeys.recommendations(country),
    queryFn: ({ signal }) => call(ruleRecommendations, { country }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: riskKeys.all });
}

/** Adds, changes or deletes a rule; its failure is the caller's to show (fields, conflict). */
export function useRuleAdd() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (request: RuleAddRequest) => call(ruleAdd, request, { silent: true }), onSuccess: invalidate });
}

export function useRuleUpdate() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (request: RuleUpdateRequest) => call(ruleUpdate, request, { silent: true }), onSuccess: invalidate });
}

export function useRuleDelete() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (request: RuleDeleteRequest) => call(ruleDelete, request),
    onSettled: invalidate,
  });
}

/** Starts a replay of a saved rule or a draft. */
export function useReplayStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReplayStartRequest) => call(replayStart, request, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...riskKeys.all, 'replays'] }),
  });
}

/** One replay, asked again while it runs. */
export function useReplay(id: number | null) {
  return useQuery({
    queryKey: riskKeys.replay(id ?? 0),
    queryFn: ({ signal }) => call(replayQuery, { id: id as number }, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : REPLAY_POLL_MS),
  });
}

/** Replays of a country (the retro performance page's pages). */
export const replayListQuery: ListQuery<ReplayListRequest, ReplayView> = {
  key: (request) => riskKeys.replays(request),
  fetch: (request, signal) => call(replayPage, request, { signal }),
  staleTime: 0,
};

/** The replays of one rule, newest first (its replay drawer). */
export function useRuleReplays(country: Country, ruleId: number | null) {
  const request: ReplayPageRequest = { country, ruleId: ruleId ?? 0, pageSize: 10 };
  return useQuery({
    queryKey: riskKeys.replays(request),
    queryFn: ({ signal }) => call(replayPage, request, { signal }),
    enabled: ruleId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(isRunning) ? REPLAYS_POLL_MS : false),
  });
}

/** A pay-in of case management as a list row (the list kit keys rows by `id`). */
export type ReviewRow = ReviewItem & { id: number };
export const reviewRowOf = (item: ReviewItem): ReviewRow => ({ ...item, id: item.transactionId });

/** Case management's pages. */
export const reviewListQuery: ListQuery<ReviewListRequest, ReviewRow> = {
  key: (request) => riskKeys.reviews(request),
  fetch: (request, signal) => call(reviewPage, request, { signal }).then((page) => ({ ...page, list: page.list.map(reviewRowOf) })),
  staleTime: 0,
};

/** Approves or rejects a pay-in waiting for review (once); the dialog shows a refusal. */
export function useReviewDecide() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (request: ReviewDecideRequest) => call(reviewDecide, request, { silent: true }),
    onSettled: invalidate,
  });
}
