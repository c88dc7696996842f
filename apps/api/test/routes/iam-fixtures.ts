import { login } from '@andes/contract/auth/endpoints';
import type { LoginResponse } from '@andes/contract/auth/schemas';
import { passwordReset, roleAdd, userAdd } from '@andes/contract/iam/endpoints';
import type { RoleAddRequest, UserAddRequest, UserAddResponse } from '@andes/contract/iam/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { roles, users } from '../../src/db/schema/users.ts';
import { envelope, post } from '../helper.ts';

/** Shared steps of the identity-and-access route tests (users, roles, password, MFA). */

/** The token of a reset link (`…/login/reset-password?token=…`). */
export function tokenOfLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export async function userIdOf(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

export async function roleIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

/** Signs in with a username and password; throws unless it succeeds. */
export async function signInWith(app: FastifyInstance, username: string, password: string, ip = '127.0.0.1'): Promise<string> {
  const body = envelope<LoginResponse>(await post(app, login.path, { username, password }, { ip }));
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** Adds a user as `adminToken`; throws unless it succeeds. */
export async function addUser(app: FastifyInstance, adminToken: string, request: UserAddRequest): Promise<UserAddResponse> {
  const body = envelope<UserAddResponse>(await post(app, userAdd.path, request, { token: adminToken }));
  if (body.code !== 200) throw new Error(`adding ${request.username} failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** Adds a role as `adminToken`; answers its id. */
export async function addRole(app: FastifyInstance, adminToken: string, request: RoleAddRequest): Promise<number> {
  const body = envelope<{ id: number }>(await post(app, roleAdd.path, request, { token: adminToken }));
  if (body.code !== 200) throw new Error(`adding role ${request.name} failed: ${body.code} ${body.msg}`);
  return body.data.id;
}

/** Sets a password with the token of a reset link (sent in the token header). */
export function resetWithLink(app: FastifyInstance, token: string, password: string, confirm = password) {
  return post(app, passwordReset.path, { newPassword: password, confirmPassword: confirm }, { token });
}

/**
 * A user added by `adminToken` who has set `password` through the invitation link, signed in:
 * answers their id and a session token.
 */
export async function readyUser(
  app: FastifyInstance,
  adminToken: string,
  request: UserAddRequest,
  password: string,
): Promise<{ id: number; token: string }> {
  const added = await addUser(app, adminToken, request);
  const reset = envelope(await resetWithLink(app, tokenOfLink(added.resetLink.link), password));
  if (reset.code !== 200) throw new Error(`setting the password of ${request.username} failed: ${reset.code} ${reset.msg}`);
  return { id: added.id, token: await signInWith(app, request.username, password) };
}
