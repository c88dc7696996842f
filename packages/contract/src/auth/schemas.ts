import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../common/constants.ts';
import { AreaAuthority } from '../common/countries.ts';
import { text } from '../common/fields.ts';
import { MenuNodeSchema } from '../permissions/menu-tree.ts';

/** Password scenes (spec §4): what the sign-in found about the password. */
export const PASSWORD_SCENES = ['NORMAL', 'INITIAL', 'EXPIRED', 'ABOUT2EXPIRE'] as const;
export type PasswordScene = (typeof PASSWORD_SCENES)[number];
export const PasswordSceneSchema = z.enum(PASSWORD_SCENES);

/** userType values: 1 is an inner (provider staff) user (spec §3). */
export const USER_TYPES = { INNER: 1, MERCHANT: 2, SUB_MERCHANT: 3 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

export const LoginRequest = z.object({
  username: text().trim().min(1, 'Please enter the username').max(128),
  password: text().min(1, 'Please enter the password').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  token: z.string(),
  passwordScene: PasswordSceneSchema,
  /** Days until the password expires, when the scene is ABOUT2EXPIRE. */
  passwordDaysLeft: z.number().int().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CurrentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  merchantId: z.number().int(),
  merchantCode: z.string(),
  merchantName: z.string(),
  /** Set for sub-merchant users: they see that sub-merchant's data only. */
  subMerchantId: z.number().int().nullable(),
  superAdmin: z.boolean(),
  userType: z.number().int(),
  passwordScene: PasswordSceneSchema,
  passwordDaysLeft: z.number().int().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const PermissionLoad = z.object({
  userInfo: z.object({
    superAdmin: z.boolean(),
    mfaOpenState: z.boolean(),
    userType: z.number().int(),
    areaAuthorityList: z.array(AreaAuthority),
  }),
  menuList: z.array(MenuNodeSchema),
  merchantInfo: z.object({
    id: z.number().int(),
    mergerAccount: z.boolean(),
    notSupportMergerCountry: z.array(z.string()),
    subMerchantExist: z.boolean(),
    subMerchantDividedBill: z.boolean(),
  }),
});
export type PermissionLoad = z.infer<typeof PermissionLoad>;

export const ChangePasswordRequest = z.object({
  oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** `data` of a PASSWORD_RESET_REQUIRED (200040) answer: which reset page scene to open. */
export const PasswordResetRequiredData = z.object({ passwordScene: z.enum(['INITIAL', 'EXPIRED']) });
export type PasswordResetRequiredData = z.infer<typeof PasswordResetRequiredData>;
