import {
  resetLinkGenerate,
  roleAdd,
  roleAssignmentList,
  roleDetail,
  roleModify,
  rolePage,
  roleRemove,
  roleStateModify,
  userAdd,
  userDetail,
  userMfaReset,
  userModify,
  userPage,
  userRemove,
  userStateModify,
} from '@andes/contract/iam/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { ResetLinks } from '../password/reset-links.ts';
import { RoleService } from './role.service.ts';
import { type IamClient, UserService } from './user.service.ts';

const clientOf = (request: FastifyRequest): IamClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Wiring of the user and role calls of the contract (the password reset with a link is the password module's). */
export function registerIamRoutes(app: FastifyInstance): void {
  const { db, hasher, sessions, activity, mailer, clock, config } = app.andes;
  const users = new UserService(db, hasher, sessions, activity, mailer, new ResetLinks(config.publicUrl, clock), clock);
  const roles = new RoleService(db, activity, clock);

  registerEndpoint(app, userPage, ({ auth, body }) => users.page(auth, body));
  registerEndpoint(app, userDetail, ({ auth, params }) => users.detail(auth, params.id));
  registerEndpoint(app, userAdd, ({ auth, body, request }) => users.add(auth, body, clientOf(request)));
  registerEndpoint(app, userModify, ({ auth, body, request }) => users.modify(auth, body, clientOf(request)));
  registerEndpoint(app, userStateModify, ({ auth, body, request }) => users.setState(auth, body, clientOf(request)));
  registerEndpoint(app, userRemove, ({ auth, params, request }) => users.remove(auth, params.id, clientOf(request)));
  registerEndpoint(app, resetLinkGenerate, ({ auth, body, request }) => users.resetLink(auth, body, clientOf(request)));
  registerEndpoint(app, userMfaReset, ({ auth, body, request }) => users.resetMfa(auth, body, clientOf(request)));

  registerEndpoint(app, rolePage, ({ auth, body }) => roles.page(auth, body));
  registerEndpoint(app, roleAssignmentList, ({ auth }) => roles.assignmentList(auth));
  registerEndpoint(app, roleDetail, ({ auth, params }) => roles.detail(auth, params.id));
  registerEndpoint(app, roleAdd, ({ auth, body, request }) => roles.add(auth, body, clientOf(request)));
  registerEndpoint(app, roleModify, ({ auth, body, request }) => roles.modify(auth, body, clientOf(request)));
  registerEndpoint(app, roleStateModify, ({ auth, body, request }) => roles.setState(auth, body, clientOf(request)));
  registerEndpoint(app, roleRemove, ({ auth, params, request }) => roles.remove(auth, params.id, clientOf(request)));
}
