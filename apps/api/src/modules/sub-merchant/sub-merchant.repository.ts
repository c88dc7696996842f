import type { SubMerchantOption } from '@andes/contract/sub-merchant/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { Scope } from '../../http/auth-context.ts';

/** Sub-merchants in the caller's scope: all of the merchant's, or a sub-merchant user's own. */
export async function listSubMerchants(db: Db, scope: Scope): Promise<SubMerchantOption[]> {
  const rows = await db
    .select({ subMerchantId: merchants.id, subMerchantName: merchants.name })
    .from(merchants)
    .where(
      and(
        eq(merchants.parentId, scope.merchantId),
        eq(merchants.status, 'ACTIVE'),
        scope.subMerchantId === null ? undefined : eq(merchants.id, scope.subMerchantId),
      ),
    )
    .orderBy(asc(merchants.name), asc(merchants.id));
  return rows;
}
