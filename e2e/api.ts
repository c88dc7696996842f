import { login } from '@andes/contract/auth/endpoints';
import type { Endpoint, RequestOf } from '@andes/contract/common/define-endpoint';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { passwordReset, roleAdd, userAdd } from '@andes/contract/iam/endpoints';
import type { APIRequestContext } from '@playwright/test';

/** Calls the API the way the web client does (POST, `token` header), for test set-up only. */
export async function call<E extends Endpoint>(
  request: APIRequestContext,
  endpoint: E,
  body: RequestOf<E>,
  opts: { token?: string; params?: Record<string, string | number> } = {},
): Promise<{ code: number; msg: string; data: unknown }> {
  const res = await request.post(endpointUrl(endpoint, opts.params), {
    data: body as object,
    headers: opts.token ? { token: opts.token } : {},
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

export async function signInToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const r = await call(request, login, { username, password });
  if (r.code !== 200) throw new Error(`sign-in of ${username} failed: ${r.code} ${r.msg}`);
  return (r.data as { token: string }).token;
}

/** A unique suffix for names this run creates. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A user of the demo merchant made as an admin would: added with a role (no password), then given
 * a password through the one-time reset link the server issued.
 */
export async function createUser(
  request: APIRequestContext,
  adminToken: string,
  opts: { username: string; password: string; roleIds: number[]; countries?: string[] },
): Promise<{ id: number; displayName: string }> {
  const displayName = `E2E ${opts.username}`;
  const added = await call(
    request,
    userAdd,
    {
      username: opts.username,
      displayName,
      email: `${opts.username}@example.com`,
      roleIds: opts.roleIds,
      countries: (opts.countries ?? ['BR', 'MX']) as never,
    } as RequestOf<typeof userAdd>,
    { token: adminToken },
  );
  if (added.code !== 200) throw new Error(`user add failed: ${added.code} ${added.msg}`);
  const { id, resetLink } = added.data as { id: number; resetLink: { link: string } };
  const linkToken = new URL(resetLink.link).searchParams.get('token') ?? '';
  const reset = await call(request, passwordReset, { newPassword: opts.password, confirmPassword: opts.password }, { token: linkToken });
  if (reset.code !== 200) throw new Error(`password reset failed: ${reset.code} ${reset.msg}`);
  return { id, displayName };
}

export async function createRole(request: APIRequestContext, adminToken: string, name: string, permissions: string[]): Promise<number> {
  const r = await call(request, roleAdd, { name, description: '', permissions } as RequestOf<typeof roleAdd>, { token: adminToken });
  if (r.code !== 200) throw new Error(`role add failed: ${r.code} ${r.msg}`);
  return (r.data as { id: number }).id;
}
