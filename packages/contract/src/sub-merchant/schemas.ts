import { z } from 'zod';
import { RecordId } from '../common/fields.ts';

/** The sub-merchant list of shared widgets (spec §3 "Sub-merchant list entry"). */
export const SubMerchantListRequest = z.object({
  /** The merchant whose sub-merchants to list: the caller's own (another answers NOT_FOUND). */
  merchantId: RecordId,
});
export type SubMerchantListRequest = z.infer<typeof SubMerchantListRequest>;

export const SubMerchantOption = z.object({
  subMerchantId: RecordId,
  subMerchantName: z.string(),
});
export type SubMerchantOption = z.infer<typeof SubMerchantOption>;

export const SubMerchantList = z.array(SubMerchantOption);
