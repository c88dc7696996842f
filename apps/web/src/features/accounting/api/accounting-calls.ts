import {
  approvalFileUpload,
  contractConfirm,
  exchangeAmount,
  exchangeCancel,
  exchangeConfig,
  exchangeCreate,
  exchangePage,
  exchangeProofSubmit,
  exchangeQuery,
  subTransferCalculate,
  subTransferCancel,
  subTransferCreate,
  subTransferPage,
  subTransferQuery,
  topupCancel,
  topupConfig,
  topupCreate,
  topupFee,
  topupPage,
  topupQuery,
  withdrawalApprove,
  withdrawalCancel,
  withdrawalConfig,
  withdrawalCreate,
  withdrawalFee,
  withdrawalPage,
  withdrawalQuery,
  withdrawalRefuse,
} from '@andes/contract/accounting/endpoints';
import type { RequestKind } from '@andes/contract/accounting/enums';
import { isFinal } from '@andes/contract/accounting/machines';
import type {
  AccountingRequest,
  AccountingRequestDetail,
  ExchangeAmountRequest,
  ExchangeConfigRequest,
  ExchangeCreateRequest,
  FeeCalculateRequest,
  FeeConfigRequest,
  OfflineProofSubmit,
  RequestCreated,
  SubTransferCalculateRequest,
  SubTransferCreateRequest,
  TopupCreateRequest,
  WithdrawalCreateRequest,
} from '@andes/contract/accounting/schemas';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { newRequestId } from '../../../shared/form/request-id.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { RequestListRequest } from '../accounting-url.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';

/** The proofs' uploader endpoint (spec §5 attachments: 10 MB, 3 files). */
export const PROOF_UPLOAD = approvalFileUpload;

/** Query keys of the accounting screens; any change of a request invalidates `all`. */
export const accountingKeys = {
  all: ['accounting'] as const,
  page: (kind: RequestKind, request: RequestListRequest) => [...accountingKeys.all, kind, 'page', request] as const,
  detail: (kind: RequestKind, id: number) => [...accountingKeys.all, kind, 'detail', id] as const,
  /** A request's proofs' previews (a file's bytes never change). */
  proofs: (id: number) => [...accountingKeys.all, 'proofs', id] as const,
  config: (kind: RequestKind, request: object) => [...accountingKeys.all, kind, 'config', request] as const,
  calculate: (kind: RequestKind, request: object) => [...accountingKeys.all, kind, 'calculate', request] as const,
  subMerchants: (merchantId: number) => [...accountingKeys.all, 'sub-merchants', merchantId] as const,
};

const PAGE = { TOPUP: topupPage, WITHDRAWAL: withdrawalPage, EXCHANGE: exchangePage, SUB_TRANSFER: subTransferPage } as const;
const QUERY = { TOPUP: topupQuery, WITHDRAWAL: withdrawalQuery, EXCHANGE: exchangeQuery, SUB_TRANSFER: subTransferQuery } as const;
const CANCEL = { TOPUP: topupCancel, WITHDRAWAL: withdrawalCancel, EXCHANGE: exchangeCancel, SUB_TRANSFER: subTransferCancel } as const;

/** How often a request still moving is asked again (the provider's changes appear by themselves). */
export const REQUEST_POLL_MS = 5_000;
/** How often a list with a request still moving reloads its rows. */
export const LIST_POLL_MS = 15_000;

/** A request the provider or the merchant may still move. */
export const isMoving = (request: Pick<AccountingRequest, 'kind' | 'status'>) => !isFinal(request.kind, request.status);

/** One kind's list pages (they reload whenever the screen opens: requests move by other hands). */
export function requestListQuery(kind: RequestKind): ListQuery<RequestListRequest, AccountingRequest> {
  return {
    key: (request) => accountingKeys.page(kind, request),
    fetch: (request, signal) => call(PAGE[kind], request, { signal }),
    staleTime: 0,
  };
}

/** One request with its history, asked again every few seconds while it can still move. */
export function useRequestDetail(kind: RequestKind, id: number | null) {
  return useQuery({
    queryKey: accountingKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) => call(QUERY[kind], { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isMoving(query.state.data) ? REQUEST_POLL_MS : false),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return (detail?: AccountingRequestDetail) => {
    if (detail) queryClient.setQueryData(accountingKeys.detail(detail.kind, detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: accountingKeys.all });
  };
}

/** What the merchant does to a request: each answers the request as it now is. */
export type RequestActionCall =
  | { action: 'CANCEL'; id: number }
  | { action: 'APPROVE' | 'REFUSE'; id: number; reason?: string }
  | { action: 'SUBMIT_PROOF'; request: OfflineProofSubmit }
  | { action: 'CONFIRM_CONTRACT'; id: number; rate: string };

function runAction(kind: RequestKind, act: RequestActionCall): Promise<AccountingRequestDetail> {
  switch (act.action) {
    case 'CANCEL':
      return call(CANCEL[kind], { id: act.id }, { silent: true });
    case 'APPROVE':
      return call(withdrawalApprove, { id: act.id, ...(act.reason ? { reason: act.reason } : {}) }, { silent: true });
    case 'REFUSE':
      return call(withdrawalRefuse, { id: act.id, ...(act.reason ? { reason: act.reason } : {}) }, { silent: true });
    case 'SUBMIT_PROOF':
      return call(exchangeProofSubmit, act.request, { silent: true });
    case 'CONFIRM_CONTRACT':
      return call(contractConfirm, { rate: act.rate }, { params: { id: act.id }, silent: true });
  }
}

/** Runs an action (its failure is the caller's to show), then refreshes the screens. */
export function useRequestAction(kind: RequestKind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (act: RequestActionCall) => runAction(kind, act),
    onSuccess: (detail) => invalidate(detail),
    onError: () => invalidate(),
  });
}

export type CreateCall =
  | { kind: 'TOPUP'; request: TopupCreateRequest }
  | { kind: 'WITHDRAWAL'; request: WithdrawalCreateRequest }
  | { kind: 'EXCHANGE'; request: ExchangeCreateRequest }
  | { kind: 'SUB_TRANSFER'; request: SubTransferCreateRequest };

function runCreate(create: CreateCall): Promise<RequestCreated> {
  switch (create.kind) {
    case 'TOPUP':
      return call(topupCreate, create.request, { silent: true });
    case 'WITHDRAWAL':
      return call(withdrawalCreate, create.request, { silent: true });
    case 'EXCHANGE':
      return call(exchangeCreate, create.request, { silent: true });
    case 'SUB_TRANSFER':
      return call(subTransferCreate, create.request, { silent: true });
  }
}

/** Creates a request (its request id makes a repeated click harmless); the form shows a refusal. */
export function useRequestCreate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: runCreate,
    onSuccess: (created) => invalidate(created.request),
  });
}

/** Fees, limits, balance (and a top-up's receiving account) of a mode in a country. */
export function useFeeConfig(kind: 'TOPUP' | 'WITHDRAWAL', request: FeeConfigRequest | null) {
  return useQuery({
    queryKey: accountingKeys.config(kind, request ?? {}),
    queryFn: ({ signal }) => call(kind === 'TOPUP' ? topupConfig : withdrawalConfig, request as FeeConfigRequest, { signal }),
    enabled: request !== null,
    staleTime: 0,
  });
}

/** The fee lines and the balance before and after of an amount (asked as the amount is typed). */
export function useFeeCalculate(kind: 'TOPUP' | 'WITHDRAWAL', request: FeeCalculateRequest | null) {
  return useQuery({
    queryKey: accountingKeys.calculate(kind, request ?? {}),
    queryFn: ({ signal }) => call(kind === 'TOPUP' ? topupFee : withdrawalFee, request as FeeCalculateRequest, { signal, silent: true }),
    enabled: request !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** What a sub-merchant transfer would do to both accounts (no fee), as the amount is typed. */
export function useSubTransferCalculate(request: SubTransferCalculateRequest | null) {
  return useQuery({
    queryKey: accountingKeys.calculate('SUB_TRANSFER', request ?? {}),
    queryFn: ({ signal }) => call(subTransferCalculate, request as SubTransferCalculateRequest, { signal, silent: true }),
    enabled: request !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** An exchange mode's currencies, indicative rate, limits and balances. */
export function useExchangeConfig(request: ExchangeConfigRequest | null) {
  return useQuery({
    queryKey: accountingKeys.config('EXCHANGE', request ?? {}),
    queryFn: ({ signal }) => call(exchangeConfig, request as ExchangeConfigRequest, { signal }),
    enabled: request !== null,
    staleTime: 0,
  });
}

/** Both sides of an exchange amount at the indicative (or, with `id`, the quoted) rate. */
export function useExchangeAmount(request: ExchangeAmountRequest | null) {
  return useQuery({
    queryKey: accountingKeys.calculate('EXCHANGE', request ?? {}),
    queryFn: ({ signal }) => call(exchangeAmount, request as ExchangeAmountRequest, { signal, silent: true }),
    enabled: request !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The merchant's sub-merchants (the transfer's target and the list's filter). */
export function useSubMerchants(merchantId: number | null, enabled = true) {
  return useQuery({
    queryKey: accountingKeys.subMerchants(merchantId ?? 0),
    queryFn: ({ signal }) => call(subMerchantList, { merchantId: merchantId as number }, { signal }),
    enabled: enabled && merchantId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * What every create drawer does with its form: one request id per opening (a double click or a
 * retry creates once), the server's refusal as a sentence, and `submit` that sends a creation unless
 * one is on its way and hands the created request over.
 */
export function useCreateForm(onCreated: (request: AccountingRequestDetail) => void) {
  const text = useAccountingText();
  const [requestId] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const create = useRequestCreate();
  const submit = (call: CreateCall) => {
    if (create.isPending) return;
    setError(null);
    create.mutate(call, { onSuccess: (created) => onCreated(created.request), onError: (failure) => setError(text.failure(failure)) });
  };
  return { requestId, error, pending: create.isPending, submit };
}
