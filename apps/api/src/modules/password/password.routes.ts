import { passwordReset } from '@andes/contract/iam/endpoints';
import { forgotPassword, resetLinkVerify } from '@andes/contract/password/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerPublicEndpoint, registerResetLinkEndpoint } from '../../http/register-endpoint.ts';
import { FORGOT_PASSWORD_RATE_LIMIT, type PasswordClient, PasswordService } from './password.service.ts';
import { ResetLinks } from './reset-links.ts';

const clientOf = (request: FastifyRequest): PasswordClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
});

/** Wiring of forgot password and the reset-link calls (the `token` header carries the link's token). */
export function registerPasswordRoutes(app: FastifyInstance): void {
  const { db, hasher, sessions, activity, mailer, clock, config } = app.andes;
  const service = new PasswordService(db, hasher, sessions, activity, mailer, new ResetLinks(config.publicUrl, clock), clock);
  registerPublicEndpoint(app, forgotPassword, ({ body, request }) => service.forgot(body, clientOf(request)), {
    rateLimit: FORGOT_PASSWORD_RATE_LIMIT,
  });
  registerResetLinkEndpoint(app, resetLinkVerify, ({ resetLinkToken }) => service.verifyLink(resetLinkToken));
  registerResetLinkEndpoint(app, passwordReset, ({ resetLinkToken, body, request }) =>
    service.reset(resetLinkToken, body, clientOf(request)),
  );
}
