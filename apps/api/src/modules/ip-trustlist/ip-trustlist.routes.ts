import {
  ipRestrictionQuery,
  ipRestrictionUpdate,
  ipTrustlistEdit,
  ipTrustlistPage,
  ipTrustlistRemove,
} from '@andes/contract/ip-trustlist/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { type Client, IpTrustlistService } from './ip-trustlist.service.ts';

const clientOf = (request: FastifyRequest): Client => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Wiring of the IP trust-list and restriction endpoints of the contract. */
export function registerIpTrustlistRoutes(app: FastifyInstance): void {
  const { db, clock, activity } = app.andes;
  const service = new IpTrustlistService(db, clock, activity);
  registerEndpoint(app, ipTrustlistPage, ({ auth, body }) => service.page(auth, body));
  registerEndpoint(app, ipTrustlistEdit, ({ auth, body, request }) => service.edit(auth, body, clientOf(request)));
  registerEndpoint(app, ipTrustlistRemove, ({ auth, params, request }) => service.remove(auth, params.id, clientOf(request)));
  registerEndpoint(app, ipRestrictionQuery, ({ auth, request }) => service.restriction(auth, clientOf(request)));
  registerEndpoint(app, ipRestrictionUpdate, ({ auth, body, request }) => service.updateRestriction(auth, body, clientOf(request)));
}
