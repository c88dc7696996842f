import { z } from 'zod';
import type { PermissionCode } from '../permissions/registry.ts';
import { REQUEST_TIMEOUT_MS } from './constants.ts';
import { assertUploadFiles, type UploadFiles } from './uploads.ts';

/**
 * `SIGNED_IN` stands where a call needs a valid session but no particular permission
 * (the caller's own profile, sign-out, the permission load). It is not a grantable code.
 */
export const SIGNED_IN = '@signed-in' as const;
export type Access = PermissionCode | typeof SIGNED_IN;

export type EndpointKind = 'json' | 'binary' | 'multipart';

/** Where the web app's calls live (session, permission). */
export const DASHBOARD_PREFIX = '/dashboard/' as const;
/** Where the payment platform's calls live (service token). */
export const INTERNAL_PREFIX = '/internal/' as const;
/** Every path the API answers starts with one of these; nothing else is an API path. */
export const API_PATH_PREFIXES: readonly string[] = [DASHBOARD_PREFIX, INTERNAL_PREFIX];

interface EndpointBase<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined> {
  /** POST path; `:name` segments are path parameters described by `params`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Request body. */
  request: Req;
  /**
   * `data` of the success envelope (json kind); ignored for binary. A multipart call answers the
   * envelope too, or a file when its response is BinaryResponse (the batch tool's result).
   */
  response: Res;
  /** Path parameters, when `path` has `:name` segments. */
  params?: Params;
  kind?: EndpointKind;
  /**
   * The files of a `kind: 'multipart'` call (required there, refused elsewhere). The request
   * schema then describes the form's text fields, validated as a JSON body is.
   */
  files?: UploadFiles;
  /** The web client does not show this call's error messages itself. */
  silentErrors?: boolean;
  /** Client and server timeout in ms (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * The call still works while the user must reset their password (it does not answer
   * PASSWORD_RESET_REQUIRED): the current-user call, sign-out and the password change.
   */
  allowedDuringPasswordReset?: boolean;
  /**
   * The call still works while the session waits for its MFA code (it does not answer
   * MFA_REQUIRED): the current-user call, sign-out and the MFA calls that answer the challenge.
   */
  allowedDuringMfaChallenge?: boolean;
}

/**
 * Who may call: anybody (`public`), a signed-in user holding a permission, or the payment platform
 * with its service token (`service`: the `/internal/v1` ingestion calls, never the web app).
 */
export type EndpointAccess =
  | { public: true; permission?: never; service?: never }
  | { public?: never; permission: Access | readonly PermissionCode[]; service?: never }
  | { public?: never; permission?: never; service: true };

export type EndpointDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> = EndpointBase<Req, Res, Params> & EndpointAccess;

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly path: string;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  readonly params: Params;
  readonly kind: EndpointKind;
  /** The files of a multipart call; null for the other kinds. */
  readonly files: UploadFiles | null;
  /** True when the answer is a file: a binary call, or a multipart call whose response is BinaryResponse. */
  readonly answersFile: boolean;
  readonly silentErrors: boolean;
  readonly timeoutMs: number;
  readonly allowedDuringPasswordReset: boolean;
  readonly allowedDuringMfaChallenge: boolean;
  /** True when no session is needed. */
  readonly public: boolean;
  /** True for the payment platform's calls: a service token instead of a session, no permission. */
  readonly service: boolean;
  /**
   * What the caller must hold: SIGNED_IN, one code, or any one of several codes.
   * Empty for public endpoints.
   */
  readonly permissions: readonly Access[];
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;

/**
 * The one way to describe a call. Both apps build on the returned object: the server registers
 * its route from it, the web client calls it through it. Throws when the access rule is missing
 * or contradictory, so an unguarded endpoint cannot even be defined.
 */
export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  def: EndpointDef<Req, Res, Params>,
): Endpoint<Req, Res, Params> {
  const isPublic = def.public === true;
  const isService = def.service === true;
  const perms: readonly Access[] =
    def.permission === undefined ? [] : typeof def.permission === 'string' ? [def.permission] : [...def.permission];
  if ([isPublic, isService, perms.length > 0].filter(Boolean).length > 1) {
    throw new Error(`${def.path}: an endpoint is public, service-only or has a permission: exactly one of them`);
  }
  if (!isPublic && !isService && perms.length === 0) {
    throw new Error(`${def.path}: an endpoint must name a permission or say public: true or service: true`);
  }
  if (isService !== def.path.startsWith(INTERNAL_PREFIX)) {
    throw new Error(`${def.path}: service-only endpoints are exactly the ${INTERNAL_PREFIX} ones`);
  }
  if (!API_PATH_PREFIXES.some((prefix) => def.path.startsWith(prefix))) {
    throw new Error(`${def.path}: path must start with ${API_PATH_PREFIXES.join(' or ')}`);
  }
  const paramNames = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  if (paramNames.length > 0 && !def.params) throw new Error(`${def.path}: path parameters need a params schema`);
  const kind = def.kind ?? 'json';
  if (kind === 'multipart') {
    if (!def.files) throw new Error(`${def.path}: a multipart endpoint declares its files`);
    assertUploadFiles(def.path, def.files);
    if (isService) throw new Error(`${def.path}: service endpoints are JSON calls`);
    if (def.request.def.type !== 'object') {
      throw new Error(`${def.path}: the request of a multipart endpoint is an object of its text fields`);
    }
  } else if (def.files) {
    throw new Error(`${def.path}: only multipart endpoints take files`);
  }
  return {
    path: def.path,
    summary: def.summary,
    request: def.request,
    response: def.response,
    params: def.params as Params,
    kind,
    files: def.files ?? null,
    answersFile: kind === 'binary' || (kind === 'multipart' && def.response.def.type === 'never'),
    silentErrors: def.silentErrors ?? false,
    timeoutMs: def.timeoutMs ?? REQUEST_TIMEOUT_MS,
    allowedDuringPasswordReset: def.allowedDuringPasswordReset ?? false,
    allowedDuringMfaChallenge: def.allowedDuringMfaChallenge ?? false,
    public: isPublic,
    service: isService,
    permissions: perms,
  };
}

/** Fills `:name` segments of an endpoint path. */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

/** Request body of calls that take nothing. */
export const EmptyRequest = z.object({}).strict();
/** Response data of calls that return nothing. */
export const EmptyResponse = z.null();
/** Response schema placeholder of binary calls (the body is a file). */
export const BinaryResponse = z.never();
