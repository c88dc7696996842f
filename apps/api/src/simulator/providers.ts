import { createHash } from 'node:crypto';
import { providerRailOf, type TransferProvider } from '@andes/contract/transaction/enums';

/**
 * Which provider the simulated platform routes a SPEI or PIX transfer through: decided by the
 * transfer's unique id alone (the first 32 bits of its MD5, mod 100), so a replay names the same
 * provider and the seeded random stream of the lifecycle model is left as it was. Shares: SPEI
 * STP 50%, Arcus 30%, Unipagos 20%; PIX BS2 40%, Rendimento 35%, Bexs 25%. Migration 0011 gives
 * the demo merchants' older rows their provider by the same rule in SQL
 * (docs/decisions/0017-proof-provider.md).
 */

const SHARES: Readonly<Record<'SPEI' | 'PIX', readonly (readonly [TransferProvider, number])[]>> = {
  SPEI: [
    ['stp', 50],
    ['arcus', 30],
    ['unipagos', 20],
  ],
  PIX: [
    ['bs2', 40],
    ['rendimento', 35],
    ['bexs', 25],
  ],
};

/** 0–99 from the unique id (what migration 0011 computes as `('x' || substr(md5(unique_id), 1, 8))::bit(32)::bigint % 100`). */
export function providerBucketOf(uniqueId: string): number {
  return createHash('md5').update(uniqueId).digest().readUInt32BE(0) % 100;
}

/** The provider of a simulated transfer; null for methods without providers. */
export function simulatedProviderOf(uniqueId: string, productType: string): TransferProvider | null {
  const rail = providerRailOf(productType);
  if (rail === null) return null;
  let bucket = providerBucketOf(uniqueId);
  const shares = SHARES[rail];
  for (const [provider, share] of shares) {
    if (bucket < share) return provider;
    bucket -= share;
  }
  return shares[shares.length - 1]?.[0] ?? null;
}
