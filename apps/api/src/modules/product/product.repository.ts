import type { Product } from '@andes/contract/common/enums';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantProducts } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';

/** Reads of the merchant's product terms (docs/decisions/0034). */

const TERMS = {
  id: merchantProducts.id,
  country: merchantProducts.country,
  product: merchantProducts.product,
  productType: merchantProducts.productType,
  open: merchantProducts.open,
  feeBps: merchantProducts.feeBps,
  feeFixed: merchantProducts.feeFixed,
  vatBps: merchantProducts.vatBps,
  settlementDays: merchantProducts.settlementDays,
  depositBps: merchantProducts.depositBps,
  depositDays: merchantProducts.depositDays,
  minAmount: merchantProducts.minAmount,
  maxAmount: merchantProducts.maxAmount,
};

export type ProductTermsRow = {
  id: number;
  country: string;
  product: Product;
  productType: string;
  open: number;
  feeBps: number;
  feeFixed: number;
  vatBps: number;
  settlementDays: number;
  depositBps: number;
  depositDays: number;
  minAmount: number | null;
  maxAmount: number | null;
};

/** One product row of the merchant (the scope's merchant: products are the merchant's), or null. */
export async function findProductTerms(db: Db, scope: Scope, id: number): Promise<ProductTermsRow | null> {
  const [row] = await db
    .select(TERMS)
    .from(merchantProducts)
    .where(and(eq(merchantProducts.id, id), eq(merchantProducts.merchantId, scope.merchantId)))
    .limit(1);
  return row ?? null;
}

/** The merchant's pay-in product types of a country that hold a deposit, in id order. */
export function depositProducts(db: Db, scope: Scope, country: string): Promise<ProductTermsRow[]> {
  return db
    .select(TERMS)
    .from(merchantProducts)
    .where(
      and(
        eq(merchantProducts.merchantId, scope.merchantId),
        eq(merchantProducts.country, country),
        eq(merchantProducts.product, 'payin'),
        gt(merchantProducts.depositBps, 0),
      ),
    )
    .orderBy(asc(merchantProducts.id));
}
