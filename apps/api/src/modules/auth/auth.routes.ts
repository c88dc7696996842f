import { changePassword, currentUserInfo, login, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint, registerPublicEndpoint } from '../../http/register-endpoint.ts';
import type { AuthService, LoginClient } from './auth.service.ts';

const clientOf = (request: FastifyRequest): LoginClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
});

/** Wiring of the auth endpoints of the contract to the auth service. */
export function authRoutes(app: FastifyInstance, service: AuthService): void {
  registerPublicEndpoint(app, login, ({ body, request }) => service.login(body, clientOf(request)), {
    rateLimit: { max: app.andes.config.loginRateLimitPerMinute, timeWindowMs: 60_000 },
  });
  registerEndpoint(app, logout, ({ auth, request }) => service.logout(auth, clientOf(request)));
  registerEndpoint(app, currentUserInfo, ({ auth }) => service.currentUser(auth));
  registerEndpoint(app, permissionLoad, ({ auth }) => service.permissionLoad(auth));
  registerEndpoint(app, changePassword, ({ auth, body, request }) => service.changePassword(auth, body, clientOf(request)));
}
