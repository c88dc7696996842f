import { ResultCode } from '@andes/contract/common/envelope';
import { IAM_MESSAGES } from '@andes/contract/iam/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** Messages the contract does not word (they name a refusal the web shows as the server says it). */
export const IAM_SERVER_MESSAGES = {
  manageBeyondOwn: 'You can only manage users whose permissions you hold yourself',
  roleBeyondOwn: 'You can only change roles whose permissions you hold yourself',
  rolesOfMerchant: 'Roles are managed by the merchant’s users, not by sub-merchant users',
  notYourOwnReset: 'Use Change password for your own account',
  notYourOwnMfa: 'Turn off your own two-factor authentication in your security settings',
  userDisabled: 'The user is disabled: enable it first',
  noEmail: 'The user has no e-mail address to send the link to',
  roleUnknown: 'A chosen role does not exist',
  subMerchantUnknown: 'Choose a sub-merchant of your merchant',
  subMerchantOwn: 'You can only manage users of your own sub-merchant',
  invalidCursor: 'Not a valid page cursor: reload the first page',
} as const;

/** Error table of the users and roles module. */
export const IamErrors = {
  userNotFound: () => CommonErrors.notFound('The user'),
  roleNotFound: () => CommonErrors.notFound('The role'),
  usernameTaken: () => new AppError(ResultCode.CONFLICT, IAM_MESSAGES.usernameTaken),
  roleNameTaken: () => new AppError(ResultCode.CONFLICT, IAM_MESSAGES.roleNameTaken),
  notYourself: () => new AppError(ResultCode.FORBIDDEN, IAM_MESSAGES.notYourself),
  lastSuperAdmin: () => new AppError(ResultCode.CONFLICT, IAM_MESSAGES.lastSuperAdmin),
  /** The codes the change would grant beyond the caller's own are listed in `data.permissions`. */
  grantBeyondOwn: (permissions: readonly string[]) =>
    new AppError(ResultCode.FORBIDDEN, IAM_MESSAGES.grantBeyondOwn, undefined, { permissions: [...permissions] }),
  roleInUse: () => new AppError(ResultCode.CONFLICT, IAM_MESSAGES.roleInUse),
  manageBeyondOwn: () => new AppError(ResultCode.FORBIDDEN, IAM_SERVER_MESSAGES.manageBeyondOwn),
  roleBeyondOwn: () => new AppError(ResultCode.FORBIDDEN, IAM_SERVER_MESSAGES.roleBeyondOwn),
  rolesOfMerchant: () => new AppError(ResultCode.FORBIDDEN, IAM_SERVER_MESSAGES.rolesOfMerchant),
  notYourOwnReset: () => new AppError(ResultCode.FORBIDDEN, IAM_SERVER_MESSAGES.notYourOwnReset),
  notYourOwnMfa: () => new AppError(ResultCode.FORBIDDEN, IAM_SERVER_MESSAGES.notYourOwnMfa),
  userDisabled: () => new AppError(ResultCode.CONFLICT, IAM_SERVER_MESSAGES.userDisabled),
  noEmail: () => new AppError(ResultCode.CONFLICT, IAM_SERVER_MESSAGES.noEmail),
  // Choices in the form that cannot be made: told on their field, like any validation issue.
  countryNotInAreas: () => CommonErrors.validation([{ path: 'countries', message: IAM_MESSAGES.countryNotInAreas }]),
  roleDisabled: () => CommonErrors.validation([{ path: 'roleIds', message: IAM_MESSAGES.roleDisabled }]),
  /** A role id that does not exist and one of another merchant get the same answer. */
  roleUnknown: () => CommonErrors.validation([{ path: 'roleIds', message: IAM_SERVER_MESSAGES.roleUnknown }]),
  /** A sub-merchant id that does not exist and one of another merchant get the same answer. */
  subMerchantUnknown: () => CommonErrors.validation([{ path: 'subMerchantId', message: IAM_SERVER_MESSAGES.subMerchantUnknown }]),
  subMerchantOwn: () => CommonErrors.validation([{ path: 'subMerchantId', message: IAM_SERVER_MESSAGES.subMerchantOwn }]),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: IAM_SERVER_MESSAGES.invalidCursor }]),
} as const;
