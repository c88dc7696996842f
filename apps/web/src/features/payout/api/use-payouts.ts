import type { Country } from '@andes/contract/common/countries';
import { payoutApprove, payoutCreate, payoutPage, payoutRefuse, payoutVerifyCodeSend } from '@andes/contract/payout/endpoints';
import type {
  Payout,
  PayoutCreateRequest,
  PayoutDecisionRequest,
  PayoutPage,
  PayoutRefuseRequest,
  PayoutVerifyCodeSendRequest,
} from '@andes/contract/payout/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { PayoutListRequest } from '../payout-url.ts';
import { payoutKeys } from './query-keys.ts';

/**
 * The payout list's pages (the list screen fetches them). Each answer is a `PayoutPage`: the rows
 * and, beside them, the country's payout balance. Payouts change by other people's hands
 * (approvers, the platform), so the list reloads whenever the screen opens.
 */
export const payoutListQuery: ListQuery<PayoutListRequest, Payout> = {
  key: payoutKeys.page,
  fetch: (request, signal) => call(payoutPage, request, { signal }),
  staleTime: 0,
};

/** The balance the list's answer carries (the list query resolves with whole `PayoutPage`s). */
export function balanceOfPage(page: unknown): PayoutPage['balance'] | undefined {
  return (page as PayoutPage | undefined)?.balance;
}

/** One payout with its history (the detail drawer), asked through the list call with `id`. */
export function usePayoutDetail(country: Country, id: number | null) {
  return useQuery({
    queryKey: payoutKeys.detail(country, id ?? 0),
    queryFn: ({ signal }) => call(payoutPage, { country, id: id ?? 0, pageSize: 10 }, { signal }).then((page) => page.detail),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * A batch's pending payouts summed by the server (for the figures of a decision on the whole
 * batch), with the balance; one call whatever the batch's size.
 */
export function useBatchPending(country: Country, batchId: number | null) {
  return useQuery({
    queryKey: payoutKeys.batch(country, batchId ?? 0),
    enabled: batchId !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const page = await call(payoutPage, { country, tab: 'PENDING', batchId: batchId ?? 0, pageSize: 10 }, { signal });
      return { pending: page.batchPending, balance: page.balance };
    },
  });
}

/** Refreshes the payout screen's queries (after a creation, a decision, a batch). */
export function useInvalidatePayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutKeys.all });
}

/**
 * Quote (`dryRun`) or create one payout. The form shows every failure itself (field errors, an
 * expired code), so the client's generic message is off.
 */
export function usePayoutCreate() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: (request: PayoutCreateRequest) => call(payoutCreate, request, { silent: true }),
    onSuccess: (answer) => {
      if (answer.payout) void invalidate();
    },
  });
}

/** E-mails a verification code bound to the payouts' count and total; a refusal is shown in place. */
export function useVerifyCodeSend() {
  return useMutation({
    mutationFn: (request: PayoutVerifyCodeSendRequest) => call(payoutVerifyCodeSend, request, { silent: true }),
  });
}

/** Approve or refuse (their errors are silent: spec §8, the screen shows them). */
export function usePayoutDecision() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: (decision: { kind: 'approve'; request: PayoutDecisionRequest } | { kind: 'refuse'; request: PayoutRefuseRequest }) =>
      decision.kind === 'approve' ? call(payoutApprove, decision.request) : call(payoutRefuse, decision.request),
    onSettled: () => invalidate(),
  });
}
