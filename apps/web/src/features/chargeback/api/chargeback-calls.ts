import type { Country } from '@andes/contract/common/countries';
import {
  chargebackAccept,
  chargebackAppendixDownload,
  chargebackAppendixUpload,
  chargebackDefense,
  chargebackPage,
  chargebackQuery,
  chargebackSummary,
  performanceDaily,
  performanceMonthly,
  performanceRing,
  performanceWeekly,
} from '@andes/contract/risk/endpoints';
import type { CurveGranularity } from '@andes/contract/risk/enums';
import type { Chargeback, ChargebackDefenseRequest, ChargebackDetail, PerformanceRequest } from '@andes/contract/risk/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { downloadFile, fetchFile } from '../../../shared/api/download-cache.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { ChargebackListRequest } from '../chargeback-url.ts';

/** The defence appendices' uploader endpoint (spec §5: required, 10 MB each, 3 files). */
export const APPENDIX_UPLOAD = chargebackAppendixUpload;

/** Query keys of the chargeback and performance screens; a defence or an acceptance invalidates `all`. */
export const chargebackKeys = {
  all: ['chargeback'] as const,
  summary: (country: Country) => [...chargebackKeys.all, 'summary', country] as const,
  page: (request: ChargebackListRequest) => [...chargebackKeys.all, 'page', request] as const,
  detail: (id: number) => [...chargebackKeys.all, 'detail', id] as const,
  /** A chargeback's appendices' previews (a file's bytes never change). */
  appendices: (id: number) => ['chargeback-appendices', id] as const,
  ring: (request: PerformanceRequest) => ['risk-performance', 'ring', request] as const,
  curve: (granularity: CurveGranularity, request: PerformanceRequest) => ['risk-performance', 'curve', granularity, request] as const,
};

/** The chargebacks' pages (reloaded whenever the screen opens: the provider moves them). */
export const chargebackListQuery: ListQuery<ChargebackListRequest, Chargeback> = {
  key: (request) => chargebackKeys.page(request),
  fetch: (request, signal) => call(chargebackPage, request, { signal }),
  staleTime: 0,
};

/** Per-status counts and amounts, the deadline board and the win rate of a country. */
export function useChargebackSummary(country: Country) {
  return useQuery({
    queryKey: chargebackKeys.summary(country),
    queryFn: ({ signal }) => call(chargebackSummary, { country }, { signal }),
    staleTime: 0,
  });
}

/** One chargeback with its appendices, checklist and history. */
export function useChargebackDetail(id: number | null) {
  return useQuery({
    queryKey: chargebackKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(chargebackQuery, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

function useSettled() {
  const queryClient = useQueryClient();
  return (detail?: ChargebackDetail) => {
    if (detail) queryClient.setQueryData(chargebackKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: chargebackKeys.all });
  };
}

/** Defends a chargeback (once; the form shows a refusal), then refreshes the screens. */
export function useChargebackDefense() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (request: ChargebackDefenseRequest) => call(chargebackDefense, request, { silent: true }),
    onSuccess: (detail) => settled(detail),
    onError: () => settled(),
  });
}

/** Accepts a chargeback (irreversible), then refreshes the screens. */
export function useChargebackAccept() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (id: number) => call(chargebackAccept, { id }, { silent: true }),
    onSuccess: (detail) => settled(detail),
    onError: () => settled(),
  });
}

/** The bytes of one appendix (an image to preview), through the download cache. */
export async function appendixBlob(id: number, fileId: string): Promise<Blob> {
  return (await fetchFile(chargebackAppendixDownload, { id, fileId })).blob;
}

/** Saves one appendix through the browser's download; resolves with the file's name. */
export function saveAppendix(id: number, fileId: string, name: string): Promise<string> {
  return downloadFile(chargebackAppendixDownload, { id, fileId }, name, { silent: true });
}

const CURVES = { daily: performanceDaily, weekly: performanceWeekly, monthly: performanceMonthly } as const;

/** What became of the period's pay-ins. */
export function usePerformanceRing(request: PerformanceRequest) {
  return useQuery({
    queryKey: chargebackKeys.ring(request),
    queryFn: ({ signal }) => call(performanceRing, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The chargeback curve of one granularity, with the networks' thresholds. */
export function usePerformanceCurve(granularity: CurveGranularity, request: PerformanceRequest) {
  return useQuery({
    queryKey: chargebackKeys.curve(granularity, request),
    queryFn: ({ signal }) => call(CURVES[granularity], request, { signal }),
    placeholderData: keepPreviousData,
  });
}
