import { transactionProofList } from '@andes/contract/transaction/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { transactionKeys } from './query-keys.ts';

/** The proof-of-transfer documents the transaction has (none unless it is a settled transfer). */
export function useProofList(id: number) {
  return useQuery({
    queryKey: transactionKeys.proofs(id),
    queryFn: ({ signal }) => call(transactionProofList, { id }, { signal }),
  });
}
