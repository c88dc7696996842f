import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../http/errors.ts';

/**
 * Content Security Policy of the SPA: scripts only from our origin; styles from our origin plus
 * inline (antd injects its CSS-in-JS at run time); images and fonts also as data:/blob: URLs.
 * No upgrade-insecure-requests: the embedded install is served over plain HTTP.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Browser features the dashboard never uses, switched off for the page and anything it embeds
 * (helmet does not set this header).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=()';

/**
 * Security headers on every answer (the SPA, its assets, the API, /docs): helmet with the CSP above
 * (the built index.html has no inline script and loads everything from our origin), nosniff,
 * no-referrer, same-origin opener, the permissions policy; and the rate limiter (enabled per route
 * through EndpointOptions.rateLimit).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    // HSTS is for the TLS-terminating proxy of a production install to decide.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => CommonErrors.rateLimited(context.after),
  });
}
