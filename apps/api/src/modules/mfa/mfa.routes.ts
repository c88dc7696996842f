import { mfaActivate, mfaClose, mfaOpen, mfaRecoveryCodesRegenerate, mfaStatus, mfaValidate } from '@andes/contract/mfa/endpoints';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../clock.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { mfaActorOf } from './mfa.service.ts';

/**
 * Calls that check a code, per client address (besides the service's block after
 * MFA_FAILURE_LIMIT wrong codes in a row, which holds per user whatever the address).
 */
export const MFA_CODE_RATE_LIMIT = { max: 30, timeWindowMs: MINUTE_MS } as const;

/** Wiring of the MFA calls of the signed-in user to the MFA service. */
export function registerMfaRoutes(app: FastifyInstance): void {
  const { mfa } = app.andes;

  // The MFA panel: a correct code (or recovery code) ends this session's challenge in the same transaction.
  registerEndpoint(
    app,
    mfaValidate,
    async ({ auth, body, request }) => {
      const check = await mfa.verify(mfaActorOf(auth, request), body, auth.sessionId);
      return { authResult: check.ok, recoveryCodesLeft: check.recoveryCodesLeft };
    },
    { rateLimit: MFA_CODE_RATE_LIMIT },
  );

  registerEndpoint(app, mfaOpen, async ({ auth, request }) => {
    const binding = await mfa.beginBinding(mfaActorOf(auth, request));
    return {
      otpauthUri: binding.otpauthUri,
      qrCodeDataUrl: binding.qrCodeDataUrl,
      secret: binding.secret,
      issuer: binding.issuer,
      accountName: binding.accountName,
      expiresAt: binding.expiresAt.toISOString(),
    };
  });

  registerEndpoint(app, mfaActivate, ({ auth, body, request }) => mfa.activate(mfaActorOf(auth, request), body.authCode), {
    rateLimit: MFA_CODE_RATE_LIMIT,
  });

  registerEndpoint(
    app,
    mfaClose,
    async ({ auth, body, request }) => ({ authResult: (await mfa.disable(mfaActorOf(auth, request), body)).ok }),
    { rateLimit: MFA_CODE_RATE_LIMIT },
  );

  registerEndpoint(
    app,
    mfaRecoveryCodesRegenerate,
    async ({ auth, body, request }) => {
      const result = await mfa.regenerateRecoveryCodes(mfaActorOf(auth, request), body.authCode);
      return result.ok ? { authResult: true as const, recoveryCodes: result.recoveryCodes } : { authResult: false as const };
    },
    { rateLimit: MFA_CODE_RATE_LIMIT },
  );

  registerEndpoint(app, mfaStatus, async ({ auth }) => {
    const status = await mfa.status(auth.userId);
    return { enabled: status.enabled, boundAt: status.boundAt?.toISOString() ?? null, recoveryCodesLeft: status.recoveryCodesLeft };
  });
}
