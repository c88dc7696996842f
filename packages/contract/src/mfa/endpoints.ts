import { defineEndpoint, EmptyRequest, SIGNED_IN } from '../common/define-endpoint.ts';
import {
  MfaActivateResponse,
  MfaCloseResponse,
  MfaCodeRequest,
  MfaOpenResponse,
  MfaProofRequest,
  MfaRecoveryCodesResponse,
  MfaStatus,
  MfaValidateResponse,
} from './schemas.ts';

/**
 * MFA of the signed-in user. Every call acts on the caller's own second factor, so each needs a
 * session and no permission. The server rate-limits the calls that check a code.
 */

/**
 * The MFA panel's call (spec §7): a TOTP code (`authCode`) or a recovery code (`recoveryCode`).
 * After `authResult: true` the session counts as MFA-verified and the page reloads; a TOTP code
 * is accepted once only, a recovery code is used up.
 */
export const mfaValidate = defineEndpoint({
  path: '/dashboard/system/mfa/authentication/validate',
  summary: 'Check an MFA code (or a recovery code) for the current session',
  permission: SIGNED_IN,
  allowedDuringMfaChallenge: true,
  request: MfaProofRequest,
  response: MfaValidateResponse,
});

export const mfaOpen = defineEndpoint({
  path: '/dashboard/system/mfa/authentication/open',
  summary: 'Start binding an authenticator: a new secret, its otpauth URI and QR code',
  permission: SIGNED_IN,
  request: EmptyRequest,
  response: MfaOpenResponse,
});

export const mfaActivate = defineEndpoint({
  path: '/dashboard/system/mfa/authentication/activate',
  summary: 'Finish binding with a code from the app; answers the recovery codes once',
  permission: SIGNED_IN,
  request: MfaCodeRequest,
  response: MfaActivateResponse,
});

export const mfaClose = defineEndpoint({
  path: '/dashboard/system/mfa/close',
  summary: 'Turn MFA off with a current code or a recovery code',
  permission: SIGNED_IN,
  request: MfaProofRequest,
  response: MfaCloseResponse,
});

export const mfaRecoveryCodesRegenerate = defineEndpoint({
  path: '/dashboard/system/mfa/recovery-codes/regenerate',
  summary: 'Replace all recovery codes with new ones (needs a current code); answered once',
  permission: SIGNED_IN,
  request: MfaCodeRequest,
  response: MfaRecoveryCodesResponse,
});

export const mfaStatus = defineEndpoint({
  path: '/dashboard/system/mfa/status',
  summary: 'Whether MFA is on, since when, and how many recovery codes are left',
  permission: SIGNED_IN,
  allowedDuringMfaChallenge: true,
  request: EmptyRequest,
  response: MfaStatus,
});
