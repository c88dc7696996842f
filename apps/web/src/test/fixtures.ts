import type { CurrentUser, PermissionLoad } from '@andes/contract/auth/schemas';
import { areaAuthorityOf, type Country } from '@andes/contract/common/countries';
import { buildMenuTree } from '@andes/contract/permissions/menu-tree';

export const demoUser: CurrentUser = {
  id: 7,
  username: 'demo.finance',
  displayName: 'Dana Finance',
  email: 'dana@example.com',
  merchantId: 1,
  merchantCode: 'M0001',
  merchantName: 'Andes Demo Store',
  subMerchantId: null,
  superAdmin: false,
  userType: 2,
  passwordScene: 'NORMAL',
  passwordDaysLeft: null,
  lastLoginAt: null,
};

export function permissionLoadOf(codes: string[], countries: Country[] = ['BR', 'MX', 'CO']): PermissionLoad {
  return {
    userInfo: {
      superAdmin: false,
      mfaOpenState: false,
      userType: 2,
      areaAuthorityList: countries.map((c) => areaAuthorityOf(c)),
    },
    menuList: buildMenuTree(codes),
    merchantInfo: { id: 1, mergerAccount: false, notSupportMergerCountry: [], subMerchantExist: false, subMerchantDividedBill: false },
  };
}
