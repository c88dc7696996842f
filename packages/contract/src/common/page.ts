import { z } from 'zod';
import { MAX_EXACT_TOTAL, PAGE_SIZES } from './constants.ts';
import { text } from './fields.ts';

/** Page sizes the lists offer (spec §9 names 10 and 20; 50 and 100 for power users). */
export const PageSize = z.union(
  PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<50>, z.ZodLiteral<100>],
);

/**
 * Keyset page request: `cursor` is the opaque value returned as `nextCursor` by the previous
 * page (absent for the first page). `pageNum` is kept for the screens' numbered pager and is
 * only used to display the position; the server pages by cursor.
 */
export const PageRequest = z.object({
  pageSize: PageSize.default(20),
  cursor: text().max(512).optional(),
});
export type PageRequest = z.infer<typeof PageRequest>;

/**
 * A page of rows. `total` is exact up to MAX_EXACT_TOTAL; beyond that `totalCapped` is true and
 * `total` equals MAX_EXACT_TOTAL (shown as "10,000+").
 */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int().min(0).max(MAX_EXACT_TOTAL),
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable(),
  });
}
export interface Page<T> {
  list: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}
