import { z } from 'zod';
import { MFA_CODE_LENGTH, MFA_RECOVERY_CODE_COUNT, MFA_RECOVERY_CODE_LENGTH } from '../common/constants.ts';
import { InstantSchema } from '../common/fields.ts';
import { MFA_CODE_MESSAGE, normalizeMfaCode } from '../common/validators.ts';

/**
 * MFA with TOTP (RFC 6238) and one-time recovery codes. Binding is two calls: `open` draws a
 * secret and answers it with its otpauth URI and QR code (step 2 of the binding dialog), then
 * `activate` with a code from the app turns MFA on and answers the recovery codes, shown once.
 * Wrong codes are not errors: the answers say `authResult: false` / `activated: false` and the
 * dialog shows the spec's text.
 */

/** Spec §8 texts, exactly as written. */
export const MFA_CODE_INCORRECT_MESSAGE = 'The verification code is incorrect!';
export const MFA_ACTIVATE_FAILED_MESSAGE = 'Activate MFA failed!';

// ---------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------

/** Longest text accepted where a code is typed (a pasted code with spaces or dashes). */
const CODE_INPUT_MAX = 32;
const DIGIT = /[0-9\uFF10-\uFF19]/g;

/**
 * A TOTP code as typed or pasted: normalised like the MFA panel does (`normalizeMfaCode`: digits
 * only, full-width ones converted), and it must hold exactly 6 digits — more digits are refused,
 * not cut, since the server never guesses which ones were meant.
 */
export const MfaCodeInput = z
  .string({ error: MFA_CODE_MESSAGE })
  .refine((raw) => raw.length <= CODE_INPUT_MAX && (raw.match(DIGIT) ?? []).length === MFA_CODE_LENGTH, MFA_CODE_MESSAGE)
  .transform(normalizeMfaCode);

/** Recovery codes use Crockford's base32 alphabet: no I, L, O or U, so they read and type unambiguously. */
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_MESSAGE = `Please enter a recovery code (${MFA_RECOVERY_CODE_LENGTH} letters and digits)`;
const GROUP = MFA_RECOVERY_CODE_LENGTH / 2;

/**
 * What a typed recovery code means: upper case, spaces and dashes dropped, and the letters people
 * confuse with digits read as those digits (O → 0, I and L → 1), as Crockford's base32 does.
 */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** True for a normalised recovery code: 10 characters of the alphabet. */
export function isRecoveryCode(code: string): boolean {
  return code.length === MFA_RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** How a recovery code is shown: two groups of five, `7K3QX-M9D2A`. */
export function formatRecoveryCode(code: string): string {
  const normal = normalizeRecoveryCode(code);
  return `${normal.slice(0, GROUP)}-${normal.slice(GROUP)}`;
}

export const RecoveryCodeInput = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .refine((raw) => raw.length <= CODE_INPUT_MAX && isRecoveryCode(normalizeRecoveryCode(raw)), RECOVERY_CODE_MESSAGE)
  .transform(normalizeRecoveryCode);

export const MFA_PROOF_MESSAGE = 'Enter either the verification code or a recovery code';

/** How the caller proves they hold the second factor. */
export type MfaProof = { method: 'TOTP'; code: string } | { method: 'RECOVERY_CODE'; code: string };

/**
 * A code from the authenticator app (`authCode`, the spec's field) or, instead, one of the
 * recovery codes (`recoveryCode`) — exactly one of them. Parsed to an `MfaProof`.
 */
export const MfaProofRequest = z
  .strictObject({ authCode: MfaCodeInput.optional(), recoveryCode: RecoveryCodeInput.optional() })
  .superRefine((value, ctx) => {
    if ((value.authCode === undefined) === (value.recoveryCode === undefined)) {
      ctx.addIssue({ code: 'custom', message: MFA_PROOF_MESSAGE, path: ['authCode'] });
    }
  })
  .transform(
    (value): MfaProof =>
      value.recoveryCode !== undefined
        ? { method: 'RECOVERY_CODE', code: value.recoveryCode }
        : { method: 'TOTP', code: value.authCode ?? '' },
  );
export type MfaProofRequest = z.input<typeof MfaProofRequest>;

/** The current TOTP code only (activation and regenerating recovery codes prove the device itself). */
export const MfaCodeRequest = z.strictObject({ authCode: MfaCodeInput });
export type MfaCodeRequest = z.input<typeof MfaCodeRequest>;

const RecoveryCodes = z.array(z.string()).length(MFA_RECOVERY_CODE_COUNT);

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** `authResult` false: the code is wrong, used before (replay) or expired — the panel says MFA_CODE_INCORRECT_MESSAGE. */
export const MfaValidateResponse = z.object({
  authResult: z.boolean(),
  /** Recovery codes still unused (after this one, when one was used). */
  recoveryCodesLeft: z.number().int().min(0).max(MFA_RECOVERY_CODE_COUNT),
});
export type MfaValidateResponse = z.infer<typeof MfaValidateResponse>;

/** Step 2 of the binding dialog. The secret is the user's second factor: shown here only, never logged. */
export const MfaOpenResponse = z.object({
  /** `otpauth://totp/Andes:<username>?secret=…&issuer=Andes&algorithm=SHA1&digits=6&period=30`. */
  otpauthUri: z.string().startsWith('otpauth://totp/'),
  /** The same URI as a PNG QR code. */
  qrCodeDataUrl: z.string().startsWith('data:image/png;base64,'),
  /** Base32 secret for typing into the app by hand. */
  secret: z.string().regex(/^[A-Z2-7]+$/),
  issuer: z.string(),
  accountName: z.string(),
  /** The binding must be activated before this (MFA_BINDING_TTL_MINUTES); then `open` starts over. */
  expiresAt: InstantSchema,
});
export type MfaOpenResponse = z.infer<typeof MfaOpenResponse>;

/** MFA is on and these recovery codes (formatted `XXXXX-XXXXX`) are shown once; or the code was wrong: 'Activate MFA failed!'. */
export const MfaActivateResponse = z.discriminatedUnion('activated', [
  z.object({ activated: z.literal(true), recoveryCodes: RecoveryCodes }),
  z.object({ activated: z.literal(false) }),
]);
export type MfaActivateResponse = z.infer<typeof MfaActivateResponse>;

/** Turning MFA off: `authResult` false when the code was wrong (MFA stays on). */
export const MfaCloseResponse = z.object({ authResult: z.boolean() });
export type MfaCloseResponse = z.infer<typeof MfaCloseResponse>;

/** New recovery codes replace all old ones, shown once; or the code was wrong. */
export const MfaRecoveryCodesResponse = z.discriminatedUnion('authResult', [
  z.object({ authResult: z.literal(true), recoveryCodes: RecoveryCodes }),
  z.object({ authResult: z.literal(false) }),
]);
export type MfaRecoveryCodesResponse = z.infer<typeof MfaRecoveryCodesResponse>;

/** The signed-in user's MFA state, for the security settings. */
export const MfaStatus = z.object({
  enabled: z.boolean(),
  boundAt: InstantSchema.nullable(),
  recoveryCodesLeft: z.number().int().min(0).max(MFA_RECOVERY_CODE_COUNT),
});
export type MfaStatus = z.infer<typeof MfaStatus>;
