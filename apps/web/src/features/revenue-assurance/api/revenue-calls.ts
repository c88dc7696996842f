import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import type { RevenueGranularity } from '@andes/contract/revenue-assurance/enums';
import type {
  FailReasonRankingRequest,
  RevenueCurveRequest,
  RevenueRequest,
  TokenizationRequest,
} from '@andes/contract/revenue-assurance/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/**
 * Revenue assurance's calls. Figures move as transactions do: each screen visit asks again
 * (`staleTime` 0); the previous figures stay on screen while new filters load.
 */
export const revenueKeys = {
  all: ['revenue-assurance'] as const,
  curve: (request: RevenueCurveRequest) => [...revenueKeys.all, 'curve', request] as const,
  trend: (granularity: RevenueGranularity, request: RevenueRequest) => [...revenueKeys.all, 'trend', granularity, request] as const,
  funnel: (request: RevenueRequest) => [...revenueKeys.all, 'funnel', request] as const,
  reasons: (request: FailReasonRankingRequest) => [...revenueKeys.all, 'reasons', request] as const,
  tokenization: (request: TokenizationRequest) => [...revenueKeys.all, 'tokenization', request] as const,
};

const TRENDS = { daily: approvalTrendDaily, weekly: approvalTrendWeekly, monthly: approvalTrendMonthly } as const;

export function useVolumeCurve(request: RevenueCurveRequest) {
  return useQuery({
    queryKey: revenueKeys.curve(request),
    queryFn: ({ signal }) => call(volumeSuccessCurve, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useApprovalTrend(granularity: RevenueGranularity, request: RevenueRequest) {
  return useQuery({
    queryKey: revenueKeys.trend(granularity, request),
    queryFn: ({ signal }) => call(TRENDS[granularity], request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The funnel of a range; `null` asks nothing (a previous range outside the window). */
export function useApprovalFunnel(request: RevenueRequest | null) {
  return useQuery({
    queryKey: revenueKeys.funnel(request ?? ({} as RevenueRequest)),
    queryFn: ({ signal }) => call(approvalFunnel, request as RevenueRequest, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useFailReasons(request: FailReasonRankingRequest) {
  return useQuery({
    queryKey: revenueKeys.reasons(request),
    queryFn: ({ signal }) => call(failReasonRanking, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTokenization(request: TokenizationRequest) {
  return useQuery({
    queryKey: revenueKeys.tokenization(request),
    queryFn: ({ signal }) => call(tokenizationStatistics, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
