import { usePermissionLoad } from '../../../shared/auth/use-permission-load.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { useSubMerchantOptions } from '../api/use-sub-merchant-options.ts';

/**
 * Whose account the finance screens show. A merchant user whose merchant has sub-merchants
 * (merchantInfo.subMerchantExist) chooses the merchant itself or one sub-merchant; anyone else —
 * a sub-merchant user above all, whose account the server always answers — has no choice.
 */
export function useHolderChoice() {
  const user = useAppStore((s) => s.currentUser);
  const subMerchantExist = usePermissionLoad().data?.merchantInfo.subMerchantExist ?? false;
  const canChoose = user !== null && user.subMerchantId === null && subMerchantExist;
  const subMerchants = useSubMerchantOptions(user?.merchantId ?? null, canChoose);
  return { canChoose, merchantName: user?.merchantName ?? '', subMerchants };
}
