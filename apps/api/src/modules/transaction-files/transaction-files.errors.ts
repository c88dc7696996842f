import { CommonErrors } from '../../http/errors.ts';

/** Error table of the transaction files (exports and proofs of transfer). */
export const TransactionFileErrors = {
  /** The transaction is not settled, or the proof asked for is not one of those its kind has. */
  proofNotAvailable: () => CommonErrors.conflict('A proof of transfer exists only for a settled transfer of a kind that has this proof'),
} as const;
