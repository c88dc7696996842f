import type { Country } from '@andes/contract/common/countries';
import {
  installmentsPlanList,
  payerLinkPay,
  payerLinkQuery,
  paymentLinkCancel,
  paymentLinkGenerate,
  paymentLinkList,
  paymentLinkProductList,
} from '@andes/contract/payment-link/endpoints';
import type { InstallmentsPlanRequest, PayerLink, PaymentLink, PaymentLinkGenerateRequest } from '@andes/contract/payment-link/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { LinkListRequest } from '../payment-link-url.ts';
import { paymentLinkKeys } from './query-keys.ts';

/** How often the payer's page asks again while the provider has not reported the payment. */
export const PAYER_POLL_MS = 2_000;

/** The link list's pages: links change by the payers' hands, so the list reloads whenever the screen opens. */
export const linkListQuery: ListQuery<LinkListRequest, PaymentLink> = {
  key: paymentLinkKeys.page,
  fetch: (request, signal) => call(paymentLinkList, request, { signal }),
  staleTime: 0,
};

/** The products a link may be made for in a country (currency, and each option's minimum, maximum and installments). */
export function useLinkProducts(country: Country, enabled = true) {
  return useQuery({
    queryKey: paymentLinkKeys.products(country),
    queryFn: ({ signal }) =>
      call(paymentLinkProductList, { country }, { signal }).then(
        (answer) => answer.list.find((entry) => entry.country === country) ?? null,
      ),
    enabled,
  });
}

/** The installment plans of a card product for an amount (null while there is no valid amount). */
export function useInstallmentPlans(request: InstallmentsPlanRequest | null) {
  return useQuery({
    queryKey: paymentLinkKeys.plans(request ?? { country: 'BR', productType: 'CARD', amount: 1 }),
    queryFn: ({ signal }) => call(installmentsPlanList, request as InstallmentsPlanRequest, { signal }).then((answer) => answer.list),
    enabled: request !== null,
  });
}

/** Refreshes the screen's queries (after a generation, a batch, a cancel). */
export function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.all });
}

/** Generate a link; the form shows every failure itself (field errors on their fields). */
export function useGenerateLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (request: PaymentLinkGenerateRequest) => call(paymentLinkGenerate, request, { silent: true }),
    onSuccess: () => void invalidate(),
  });
}

/** Cancel an active link (the client shows a refusal). */
export function useCancelLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: (id: number) => call(paymentLinkCancel, { id }),
    onSettled: () => invalidate(),
  });
}

/**
 * The link as its payer sees it (no session). Asked again every 2 s while a payment is pending;
 * a failed poll (a rate-limited answer) keeps the link shown and is said on the page.
 */
export function usePayerLink(token: string | null) {
  return useQuery({
    queryKey: paymentLinkKeys.payer(token ?? ''),
    queryFn: ({ signal }) => call(payerLinkQuery, { token: token ?? '' }, { signal, silent: true }),
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const link = query.state.data;
      return link && link.status === 'ACTIVE' && link.payment === 'PENDING' ? PAYER_POLL_MS : false;
    },
  });
}

/** The payer chooses to pay: the answer (payment pending) replaces the link shown. */
export function usePayerPay(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(payerLinkPay, { token }, { silent: true }),
    onSuccess: (link: PayerLink) => queryClient.setQueryData(paymentLinkKeys.payer(token), link),
  });
}
