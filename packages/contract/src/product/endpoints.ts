import { defineEndpoint } from '../common/define-endpoint.ts';
import { CountryRequest, ProductList } from '../home/schemas.ts';
import {
  CalculationRules,
  CalculationRulesRequest,
  DepositConfigList,
  DepositConfigListRequest,
  ProductConfig,
  ProductIdRequest,
} from './schemas.ts';

/** The settings' product screens: Services, Product list, Deposit (spec §2 Setting; docs/decisions/0034). */

export const settingProductList = defineEndpoint({
  path: '/dashboard/product/list',
  summary: "The merchant's product types in the country, open or not",
  permission: ['setting:services', 'setting:product-list'],
  request: CountryRequest,
  response: ProductList,
});

export const productConfigDetails = defineEndpoint({
  path: '/dashboard/product/config-details/query',
  summary: "One product type's price and terms: fee, VAT, settlement days, deposit, limits",
  permission: ['setting:services', 'setting:product-list'],
  request: ProductIdRequest,
  response: ProductConfig,
});

export const productCalculationRules = defineEndpoint({
  path: '/dashboard/product/calculation-rules/query',
  summary: 'How a payment of the product type is settled, step by step, with a worked example computed as the ledger is given it',
  permission: 'setting:product-list',
  request: CalculationRulesRequest,
  response: CalculationRules,
});

export const depositConfigList = defineEndpoint({
  path: '/dashboard/setting/account/deposit/config/list/query',
  summary: "The country's deposit (rolling reserve) terms, what each account holds and the next releases",
  permission: 'setting:deposit',
  request: DepositConfigListRequest,
  response: DepositConfigList,
});
