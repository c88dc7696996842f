import type { ReconciliationRequest, TaxDetailRequest } from '@andes/contract/finance/schemas';
import type { ReportListRequest, StatementListRequest } from '../finance-url.ts';

/** Query keys of the finance and report screens. */
export const financeKeys = {
  all: ['finance'] as const,
  statement: (request: StatementListRequest) => [...financeKeys.all, 'statement', request] as const,
  statementPreflight: (request: unknown) => [...financeKeys.all, 'statement-preflight', request] as const,
  reconciliation: (request: ReconciliationRequest) => [...financeKeys.all, 'reconciliation', request] as const,
  taxDetail: (request: TaxDetailRequest) => [...financeKeys.all, 'tax-detail', request] as const,
  report: (request: ReportListRequest) => [...financeKeys.all, 'report', request] as const,
  subMerchants: (merchantId: number) => [...financeKeys.all, 'sub-merchants', merchantId] as const,
};
