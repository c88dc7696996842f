import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  ROLE_DESCRIPTION_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  USER_MAX_ROLES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../common/constants.ts';
import { COUNTRIES, CountrySchema } from '../common/countries.ts';
import { EnabledStateSchema } from '../common/enums.ts';
import { InstantSchema, isUnique, optionalText, RecordId, requiredText, SearchText } from '../common/fields.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { EmailSchema, NewPasswordPairSchema } from '../common/validators.ts';
import { PermissionCodeSchema, PermissionTreeItemSchema } from './permission-tree.ts';

/**
 * Users and roles (spec §3 User and role, §6, §7 "Users and roles"). A user signs in with a
 * username, holds roles and sees the countries it is authorised for; a role is a named set of
 * permission codes with a state. Nobody types another person's password: adding a user, or an
 * admin's reset, issues a one-time reset link the server e-mails and also returns to hand over.
 */

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export const USERNAME_REQUIRED_MESSAGE = 'Please enter the username';
export const USERNAME_LENGTH_MESSAGE = `The username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`;
export const USERNAME_PATTERN_MESSAGE = 'Use letters, numbers and . _ - @ only, starting with a letter or number';
/** After lower-casing: a letter or digit, then letters, digits and `. _ - @`. */
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;

/**
 * A username: trimmed and lower-cased (usernames are unique regardless of case), 3–64 characters
 * of ASCII letters, digits and `. _ - @`, starting with a letter or digit.
 */
export const UsernameSchema = z
  .string({ error: USERNAME_REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: USERNAME_REQUIRED_MESSAGE });
    else if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: USERNAME_LENGTH_MESSAGE });
    } else if (!USERNAME_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: USERNAME_PATTERN_MESSAGE });
  });

export const DISPLAY_NAME_REQUIRED_MESSAGE = 'Please enter the name';
export const DisplayNameSchema = requiredText(DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_REQUIRED_MESSAGE);

export const ROLES_REQUIRED_MESSAGE = 'Please select at least one role';
export const ROLES_TOO_MANY_MESSAGE = `At most ${USER_MAX_ROLES} roles`;
export const ROLES_REPEATED_MESSAGE = 'Each role can be chosen once';
export const RoleIdsSchema = z
  .array(RecordId, { error: ROLES_REQUIRED_MESSAGE })
  .min(1, ROLES_REQUIRED_MESSAGE)
  .max(USER_MAX_ROLES, ROLES_TOO_MANY_MESSAGE)
  .refine(isUnique, ROLES_REPEATED_MESSAGE);

export const COUNTRIES_REQUIRED_MESSAGE = 'Please select at least one country';
export const COUNTRIES_REPEATED_MESSAGE = 'Each country can be chosen once';
/** The countries a user may see; the server also requires each to be one of the merchant's areas. */
export const UserCountriesSchema = z
  .array(CountrySchema, { error: COUNTRIES_REQUIRED_MESSAGE })
  .min(1, COUNTRIES_REQUIRED_MESSAGE)
  .max(COUNTRIES.length, COUNTRIES_REPEATED_MESSAGE)
  .refine(isUnique, COUNTRIES_REPEATED_MESSAGE);

export const ROLE_NAME_REQUIRED_MESSAGE = 'Please enter the role name';
export const RoleNameSchema = requiredText(ROLE_NAME_MAX_LENGTH, ROLE_NAME_REQUIRED_MESSAGE);
export const RoleDescriptionSchema = optionalText(ROLE_DESCRIPTION_MAX_LENGTH);

export const PERMISSIONS_REQUIRED_MESSAGE = 'Please select at least one permission';
/** The codes a role grants; the server stores them closed over ancestors and dependencies. */
export const RolePermissionsSchema = z
  .array(PermissionCodeSchema, { error: PERMISSIONS_REQUIRED_MESSAGE })
  .min(1, PERMISSIONS_REQUIRED_MESSAGE)
  .transform((codes) => [...new Set(codes)]);

// ---------------------------------------------------------------------------------------------
// Reset links
// ---------------------------------------------------------------------------------------------

/**
 * A one-time password reset link (`<origin>/login/reset-password?token=…`). Whoever holds it can
 * set the password, so it is shown once, to the admin who issued it, and never logged.
 */
export const ResetLink = z.object({
  link: z.string(),
  expiresAt: InstantSchema,
  /** The address the server e-mailed the link to. */
  emailedTo: z.string(),
});
export type ResetLink = z.infer<typeof ResetLink>;

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export const RoleRef = z.object({ id: RecordId, name: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

/** A row of the user list. */
export const UserSummary = z.object({
  id: RecordId,
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  state: EnabledStateSchema,
  superAdmin: z.boolean(),
  roles: z.array(RoleRef),
  countries: z.array(CountrySchema),
  /** Set for sub-merchant users: they see that sub-merchant's data only. */
  subMerchantId: RecordId.nullable(),
  subMerchantName: z.string().nullable(),
  mfaEnabled: z.boolean(),
  /** Sign-in is locked after too many failed attempts (LOGIN_MAX_FAILURES). */
  locked: z.boolean(),
  lastLoginAt: InstantSchema.nullable(),
  createdAt: InstantSchema,
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserDetail = UserSummary.extend({
  /** USER_TYPES of auth/schemas. */
  userType: z.number().int(),
  passwordChangedAt: InstantSchema,
  /** Username of whoever added the user; null for users created by the platform. */
  createdBy: z.string().nullable(),
  updatedAt: InstantSchema,
});
export type UserDetail = z.infer<typeof UserDetail>;

/** Search of the user list; text filters match case-insensitively anywhere in the field. */
export const UserPageRequest = PageRequest.extend({
  username: SearchText,
  displayName: SearchText,
  email: SearchText,
  state: EnabledStateSchema.optional(),
  roleId: RecordId.optional(),
});
export type UserPageRequest = z.infer<typeof UserPageRequest>;
export const UserPage = pageOf(UserSummary);

const userFields = {
  displayName: DisplayNameSchema,
  email: EmailSchema,
  roleIds: RoleIdsSchema,
  countries: UserCountriesSchema,
  /** Makes the user a sub-merchant user (sees that sub-merchant only); null for a merchant user. */
  subMerchantId: RecordId.nullable().default(null),
};

/** Adding a user: no password — the answer carries a reset link the server also e-mails. */
export const UserAddRequest = z.object({ username: UsernameSchema, ...userFields });
export type UserAddRequest = z.input<typeof UserAddRequest>;

export const UserAddResponse = z.object({ id: RecordId, resetLink: ResetLink });
export type UserAddResponse = z.infer<typeof UserAddResponse>;

/** Changing a user; the username never changes (it is the sign-in identity and the key of the activity log). */
export const UserModifyRequest = z.object({ id: RecordId, ...userFields });
export type UserModifyRequest = z.input<typeof UserModifyRequest>;

/** Enabling or disabling a user; disabling ends the user's sessions at once. */
export const UserStateModifyRequest = z.object({ id: RecordId, state: EnabledStateSchema });
export type UserStateModifyRequest = z.infer<typeof UserStateModifyRequest>;

/**
 * Setting a new password with the token of a reset link (the `/login/reset-password?token=…`
 * page sends it in the `token` header). The same policy as every new password; the server also
 * refuses the last PASSWORD_HISTORY_DEPTH passwords and breached ones (PASSWORD_POLICY).
 */
export const PasswordResetRequest = NewPasswordPairSchema;
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const ResetLinkGenerateRequest = z.object({ userId: RecordId });
export type ResetLinkGenerateRequest = z.infer<typeof ResetLinkGenerateRequest>;

/** An admin clears a user's MFA binding (lost device and recovery codes); the user binds again at next sign-in. */
export const UserMfaResetRequest = z.object({ userId: RecordId });
export type UserMfaResetRequest = z.infer<typeof UserMfaResetRequest>;

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/** A row of the role list. */
export const RoleSummary = z.object({
  id: RecordId,
  name: z.string(),
  description: z.string(),
  state: EnabledStateSchema,
  /** Users holding the role. */
  userCount: z.number().int().min(0),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type RoleSummary = z.infer<typeof RoleSummary>;

export const RolePageRequest = PageRequest.extend({
  name: SearchText,
  state: EnabledStateSchema.optional(),
});
export type RolePageRequest = z.infer<typeof RolePageRequest>;
export const RolePage = pageOf(RoleSummary);

/** A role offered by the user form and the user list's role filter. */
export const RoleAssignmentItem = z.object({ id: RecordId, name: z.string(), state: EnabledStateSchema });
export type RoleAssignmentItem = z.infer<typeof RoleAssignmentItem>;
export const RoleAssignmentList = z.array(RoleAssignmentItem);

export const RoleDetail = RoleSummary.extend({
  /** The codes the role holds (closed over ancestors and dependencies). */
  permissions: z.array(PermissionCodeSchema),
  /** The tree to edit: what the caller may grant, checked where the role holds it. */
  tree: z.array(PermissionTreeItemSchema),
});
export type RoleDetail = z.infer<typeof RoleDetail>;

export const RoleAddRequest = z.object({
  name: RoleNameSchema,
  description: RoleDescriptionSchema,
  permissions: RolePermissionsSchema,
});
export type RoleAddRequest = z.input<typeof RoleAddRequest>;

export const RoleAddResponse = z.object({ id: RecordId });
export type RoleAddResponse = z.infer<typeof RoleAddResponse>;

export const RoleModifyRequest = RoleAddRequest.extend({ id: RecordId });
export type RoleModifyRequest = z.input<typeof RoleModifyRequest>;

/** Enabling or disabling a role; its users lose or regain its permissions at once. */
export const RoleStateModifyRequest = z.object({ id: RecordId, state: EnabledStateSchema });
export type RoleStateModifyRequest = z.infer<typeof RoleStateModifyRequest>;

// ---------------------------------------------------------------------------------------------
// Refusals the server answers (code CONFLICT or FORBIDDEN, with these messages)
// ---------------------------------------------------------------------------------------------

export const IAM_MESSAGES = {
  usernameTaken: 'This username is already taken',
  roleNameTaken: 'A role with this name already exists',
  countryNotInAreas: 'Only countries of your merchant can be chosen',
  notYourself: 'You cannot disable or remove your own user',
  lastSuperAdmin: 'The last super admin cannot be disabled or removed',
  grantBeyondOwn: 'You can only grant permissions you hold yourself',
  roleInUse: 'The role is assigned to users: remove it from them first',
  roleDisabled: 'A disabled role cannot be assigned',
} as const;
