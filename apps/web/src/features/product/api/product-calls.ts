import type { Country } from '@andes/contract/common/countries';
import { depositConfigList, productCalculationRules, productConfigDetails, settingProductList } from '@andes/contract/product/endpoints';
import type { CalculationRulesRequest } from '@andes/contract/product/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

export const productKeys = {
  all: ['product'] as const,
  list: (country: Country) => [...productKeys.all, 'list', country] as const,
  config: (id: number) => [...productKeys.all, 'config', id] as const,
  rules: (request: CalculationRulesRequest) => [...productKeys.all, 'rules', request] as const,
  deposit: (country: Country) => [...productKeys.all, 'deposit', country] as const,
};

/** The merchant's product types in the country, open or not. */
export function useSettingProductList(country: Country) {
  return useQuery({
    queryKey: productKeys.list(country),
    queryFn: ({ signal }) => call(settingProductList, { country }, { signal }),
  });
}

/** One product type's price and terms; idle while no product is chosen (null). */
export function useProductConfigDetails(id: number | null) {
  return useQuery({
    queryKey: productKeys.config(id ?? 0),
    queryFn: ({ signal }) => call(productConfigDetails, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

/**
 * The calculation rules of a product type with a worked example (of `amount` when given); the
 * previous figures stay while another amount's are asked. Idle while no product is chosen (null).
 */
export function useProductCalculationRules(request: CalculationRulesRequest | null) {
  return useQuery({
    queryKey: productKeys.rules(request ?? { id: 0 }),
    queryFn: ({ signal }) => call(productCalculationRules, request ?? { id: 0 }, { signal }),
    placeholderData: keepPreviousData,
    enabled: request !== null,
  });
}

/** The country's deposit terms, what each account holds and the next releases. */
export function useDepositConfigList(country: Country) {
  return useQuery({
    queryKey: productKeys.deposit(country),
    queryFn: ({ signal }) => call(depositConfigList, { country }, { signal }),
  });
}
