import { Readable } from 'node:stream';
import { logout } from '@andes/contract/auth/endpoints';
import { type Endpoint, type ParamsOf, type ParsedRequestOf, type ResponseOf, SIGNED_IN } from '@andes/contract/common/define-endpoint';
import { envelopeOf, REFRESH_TOKEN_HEADER, ResultCode, TOKEN_HEADER } from '@andes/contract/common/envelope';
import type { UploadFiles } from '@andes/contract/common/uploads';
import { acceptsResetLinkToken } from '@andes/contract/password/reset-link';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthErrors } from '../modules/auth/auth.errors.ts';
import { PlatformErrors } from '../modules/platform/platform.errors.ts';
import { bearerTokenOf } from '../modules/platform/service-token.ts';
import type { AuthContext } from './auth-context.ts';
import { contentDisposition } from './content-disposition.ts';
import { CommonErrors } from './errors.ts';
import { multipartOptions, readMultipartForm, type UploadedPart } from './multipart.ts';
import './app-deps.ts';

/** What a `kind: 'binary'` endpoint's handler returns: the wrapper sets the download headers. */
export interface BinaryFile {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
  /** `inline` for a file the browser may show in place (an image preview); default `attachment`. */
  disposition?: 'inline' | 'attachment';
  /** Further response headers (a stricter Content-Security-Policy for stored files). */
  headers?: Readonly<Record<string, string>>;
}

/** Data of a JSON endpoint, or the file of a binary one (whose contract response is `never`). */
export type HandlerResult<E extends Endpoint> = [ResponseOf<E>] extends [never] ? BinaryFile : ResponseOf<E>;

interface BaseContext<E extends Endpoint> {
  /** The request body (a multipart call's text fields), parsed by the endpoint's request schema. */
  body: ParsedRequestOf<E>;
  /**
   * A multipart call's files, read whole and checked against the endpoint's `files` (size, count,
   * name, type from the bytes) before the handler runs; empty for the other kinds.
   */
  files: readonly UploadedPart[];
  /** Path parameters, parsed by the endpoint's params schema. */
  params: ParamsOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Aborted when the endpoint's timeout runs out: pass it to long work (queries, streams). */
  signal: AbortSignal;
}

export interface HandlerContext<E extends Endpoint> extends BaseContext<E> {
  auth: AuthContext;
}
export type PublicHandlerContext<E extends Endpoint> = BaseContext<E>;
export interface ResetLinkHandlerContext<E extends Endpoint> extends BaseContext<E> {
  /** The reset-link token of the `token` header (not a session token: the handler resolves it). */
  resetLinkToken: string;
}

export interface EndpointOptions {
  /** Requests per client address per time window (@fastify/rate-limit on this route). */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Largest request body in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
}

const authKey = Symbol('andes.auth');
type RequestWithAuth = FastifyRequest & { [authKey]?: AuthContext };

/**
 * Throws unless the endpoint is either public or names at least one permission — or, only when
 * registered through registerServiceEndpoint (`service`), is one of the platform's service calls.
 */
function assertGuarded(endpoint: Endpoint, service = false): void {
  if (endpoint.service !== service) {
    throw new Error(
      endpoint.service
        ? `${endpoint.path}: a service endpoint is registered with registerServiceEndpoint`
        : `${endpoint.path}: registerServiceEndpoint takes only service endpoints (service: true)`,
    );
  }
  if (endpoint.service) {
    if (endpoint.public || endpoint.permissions.length > 0) {
      throw new Error(`${endpoint.path}: a service endpoint is neither public nor guarded by a permission`);
    }
    if (endpoint.kind !== 'json') throw new Error(`${endpoint.path}: service endpoints are JSON calls`);
    return;
  }
  if (endpoint.public && endpoint.permissions.length > 0) {
    throw new Error(`${endpoint.path}: an endpoint is either public or has a permission, not both`);
  }
  if (!endpoint.public && endpoint.permissions.length === 0) {
    throw new Error(`${endpoint.path}: refusing to register an endpoint that is neither public nor guarded by a permission`);
  }
  if (endpoint.kind === 'multipart' && endpoint.files === null) {
    throw new Error(`${endpoint.path}: a multipart endpoint declares its files`);
  }
}

/** True when the caller may use the endpoint: SIGNED_IN admits any session, otherwise any one listed code. */
export function mayCall(endpoint: Endpoint, permissions: ReadonlySet<PermissionCode>): boolean {
  return endpoint.permissions.some((p) => p === SIGNED_IN || permissions.has(p as PermissionCode));
}

function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers[TOKEN_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.trim() !== '' ? value.trim() : null;
}

/**
 * session → disabled user → MFA challenge → pending password reset → permission. The MFA challenge
 * comes first and, while it lasts, only the calls the contract flags `allowedDuringMfaChallenge`
 * work (the current user, sign-out, the MFA validation and status) — not even the password change:
 * a reset never bypasses MFA. A pending reset applies once the challenge is answered. Everything
 * it decides on (session, user, merchant, permission codes, countries, IP restriction head) comes
 * from one statement per call (SessionService.resolve, decision 0014) and is never cached.
 */
function authenticate(app: FastifyInstance, endpoint: Endpoint): preValidationAsyncHookHandler {
  return async (request, reply) => {
    const token = tokenOf(request);
    if (token === null) throw CommonErrors.unauthorized();
    const resolved = await app.andes.sessions.resolve(token);
    if (resolved.refreshToken) reply.header(REFRESH_TOKEN_HEADER, resolved.refreshToken);
    // Dashboard access only from trusted addresses (200031); the session stays, and sign-out works anywhere.
    // The restriction head came with the session (one statement, decision 0014), never from a cache.
    if (endpoint !== logout) await app.andes.ipAccess.assertAllowed(resolved.auth, resolved.accessHead, request.ip, request.log);
    if (resolved.mfaPending && !endpoint.allowedDuringMfaChallenge) throw AuthErrors.mfaRequired();
    if (resolved.pendingReset && !resolved.mfaPending && !endpoint.allowedDuringPasswordReset) {
      throw AuthErrors.passwordResetRequired(resolved.pendingReset);
    }
    if (!mayCall(endpoint, resolved.auth.permissions)) throw CommonErrors.forbidden();
    (request as RequestWithAuth)[authKey] = resolved.auth;
  };
}

/**
 * The reset-link calls take a reset-link token in the `token` header instead of a session token:
 * only its presence is checked here (401 without one), the handler resolves it. A session token is
 * never resolved for these calls.
 */
const requireResetLinkToken: preValidationAsyncHookHandler = async (request) => {
  if (tokenOf(request) === null) throw CommonErrors.unauthorized();
};

const serviceKey = Symbol('andes.service');
type RequestWithService = FastifyRequest & { [serviceKey]?: string };

/**
 * The platform's calls: `Authorization: Bearer <service token>`, checked against the stored
 * SHA-256 of the tokens not revoked. Missing or unknown: SERVICE_UNAUTHORIZED (401). No session,
 * no permission, no IP trust list (those are the dashboard users').
 */
function authenticateService(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    const token = bearerTokenOf(request.headers.authorization);
    const name = token === null ? null : await app.andes.serviceTokens.verify(token);
    if (name === null) throw PlatformErrors.serviceUnauthorized();
    (request as RequestWithService)[serviceKey] = name;
  };
}

/** A call without a body is read as `{}`, so empty-request endpoints accept a bare POST. */
const defaultBody: preValidationAsyncHookHandler = async (request) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = CommonErrors.timeout(ms);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function isBinaryFile(value: unknown): value is BinaryFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<BinaryFile>;
  return typeof v.filename === 'string' && typeof v.contentType === 'string' && (Buffer.isBuffer(v.body) || v.body instanceof Readable);
}

function moduleTag(endpoint: Endpoint): string {
  if (endpoint.service) return SERVICE_TAG;
  return endpoint.path.split('/').filter(Boolean)[1] ?? 'other';
}

/** OpenAPI tag of the platform's calls. */
export const SERVICE_TAG = 'internal';
/** OpenAPI security scheme of the platform's calls (HTTP bearer; see plugins/openapi.ts). */
export const SERVICE_SECURITY_SCHEME = 'platformToken';

function register<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  run: (ctx: BaseContext<E> & { auth: AuthContext | undefined; service: string | undefined }) => Promise<unknown>,
  options: EndpointOptions,
  service = false,
): void {
  assertGuarded(endpoint, service);
  const binary = endpoint.answersFile;
  const uploads = endpoint.kind === 'multipart' ? endpoint.files : null;
  // A multipart body is read by the handler, after authentication and within the timeout.
  const bodyHook = uploads ? [] : [defaultBody];
  const preValidation: preValidationAsyncHookHandler[] = endpoint.service
    ? [authenticateService(app), ...bodyHook]
    : endpoint.public
      ? [...bodyHook]
      : acceptsResetLinkToken(endpoint.path)
        ? [requireResetLinkToken, ...bodyHook]
        : [authenticate(app, endpoint), ...bodyHook];
  const route: RouteOptions = {
    method: 'POST',
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [moduleTag(endpoint)],
      ...(uploads ? { consumes: ['multipart/form-data'], body: formSchemaOf(endpoint.request, uploads) } : { body: endpoint.request }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(binary ? {} : { response: { 200: envelopeOf(endpoint.response) } }),
      ...(endpoint.public ? {} : { security: [endpoint.service ? { [SERVICE_SECURITY_SCHEME]: [] } : { token: [] }] }),
    },
    config: options.rateLimit ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } : {},
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // A form's body is read and validated by the handler: the body schema above only documents it.
    ...(uploads ? { validatorCompiler: multipartValidatorCompiler } : {}),
    preValidation,
    handler: async (request, reply) => {
      const result = await withTimeout(endpoint.timeoutMs, async (signal) => {
        let body = request.body as ParsedRequestOf<E>;
        let files: readonly UploadedPart[] = [];
        if (uploads) {
          const form = await readFormOrClose(request, reply, uploads, signal);
          const parsed = endpoint.request.safeParse(form.fields);
          if (!parsed.success) throw CommonErrors.fromZod(parsed.error);
          body = parsed.data as ParsedRequestOf<E>;
          files = form.files;
        }
        return run({
          body,
          files,
          params: request.params as ParamsOf<E>,
          request,
          reply,
          signal,
          auth: (request as RequestWithAuth)[authKey],
          service: (request as RequestWithService)[serviceKey],
        });
      });
      if (!binary) return reply.code(200).send({ code: ResultCode.OK, msg: 'success', data: result ?? null });
      if (!isBinaryFile(result)) throw new Error(`${endpoint.path}: a binary endpoint must return { filename, contentType, body }`);
      if (result.headers) reply.headers(result.headers);
      return reply
        .code(200)
        .type(result.contentType)
        .header('content-disposition', contentDisposition(result.filename, result.disposition))
        .send(result.body);
    },
  };
  if (!uploads) {
    app.route(route);
    return;
  }
  // The multipart parser only where it is used: every other route keeps refusing a form upload (415).
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions(uploads));
    scope.route(route);
  });
}

/** The form as OpenAPI shows it: the text fields of the request and the file field (`format: binary`). */
function formSchemaOf(request: z.ZodType, files: UploadFiles): z.ZodType {
  const file = z.file();
  const fileField = files.maxFiles > 1 ? z.array(file).max(files.maxFiles) : file;
  const shape = request instanceof z.ZodObject ? request.shape : {};
  return z.object({ ...shape, [files.field]: files.required ? fileField : fileField.optional() });
}

/** Path parameters validated by zod as everywhere; the body of a form is left to the handler. */
const multipartValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * Reads a multipart form; when it is refused before its end (a file over the limit, too many
 * files), the connection closes after the answer, so the rest of the upload is not read.
 */
async function readFormOrClose(request: FastifyRequest, reply: FastifyReply, files: UploadFiles, signal: AbortSignal) {
  try {
    return await readMultipartForm(request, files, signal);
  } catch (error) {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw error;
  }
}

/**
 * Registers a guarded contract endpoint as `POST endpoint.path`. Pipeline: session from the token
 * header (401 without a token, 200030 for an unusable one; a rotated token goes out in the
 * refresh-token header) → disabled user (200030, session revoked) → MFA challenge (200023 until
 * the session's MFA code is validated, except calls flagged `allowedDuringMfaChallenge`) →
 * pending password reset (200040 unless `allowedDuringPasswordReset`)
 * → permission (SIGNED_IN or any listed code; 200003) → zod validation of body and path params
 * (200001) → handler, within `endpoint.timeoutMs`. JSON handlers return the data of the
 * `{code:200,msg:'success',data}` envelope; binary handlers return a BinaryFile. Throws for an
 * endpoint that is public or names no permission.
 *
 * A `kind: 'multipart'` endpoint takes `multipart/form-data` (anything else: 200001): after the
 * same checks, the form is read within the timeout under the limits of `endpoint.files` (see
 * http/multipart.ts), its text fields are validated by the request schema and its files reach the
 * handler as `files`. Its handler returns envelope data, or a BinaryFile when the response is
 * BinaryResponse.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>,
  options: EndpointOptions = {},
): void {
  if (endpoint.public) throw new Error(`${endpoint.path}: a public endpoint is registered with registerPublicEndpoint`);
  if (acceptsResetLinkToken(endpoint.path)) {
    throw new Error(`${endpoint.path}: a reset-link endpoint is registered with registerResetLinkEndpoint`);
  }
  register(
    app,
    endpoint,
    (ctx) => {
      const { auth } = ctx;
      if (!auth) throw new Error(`${endpoint.path}: no caller on a guarded route`);
      return handler({ ...ctx, auth });
    },
    options,
  );
}

/** Registers a `public: true` contract endpoint (no session): validation → handler, as registerEndpoint. */
export function registerPublicEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: PublicHandlerContext<E>) => Promise<HandlerResult<E>>,
  options: EndpointOptions = {},
): void {
  if (!endpoint.public) assertGuarded(endpoint);
  if (!endpoint.public) throw new Error(`${endpoint.path}: a guarded endpoint is registered with registerEndpoint`);
  register(app, endpoint, (ctx) => handler(ctx), options);
}

/**
 * Registers one of the contract's RESET_LINK_TOKEN_ENDPOINTS: the `token` header carries the token
 * of a reset link, which the handler resolves (an unknown, used or expired one answers NOT_FOUND);
 * 401 without a token. Then validation → handler, as registerEndpoint. Session tokens are never
 * resolved for these calls, nor reset-link tokens for any other.
 */
export function registerResetLinkEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: ResetLinkHandlerContext<E>) => Promise<HandlerResult<E>>,
  options: EndpointOptions = {},
): void {
  if (!acceptsResetLinkToken(endpoint.path)) throw new Error(`${endpoint.path}: not a reset-link endpoint of the contract`);
  register(
    app,
    endpoint,
    (ctx) => {
      const resetLinkToken = tokenOf(ctx.request);
      if (resetLinkToken === null) throw CommonErrors.unauthorized();
      return handler({ ...ctx, resetLinkToken });
    },
    options,
  );
}

export interface ServiceHandlerContext<E extends Endpoint> extends BaseContext<E> {
  /** Name of the service token the call came with (`platform`). */
  service: string;
}

/**
 * Registers one of the payment platform's `service: true` endpoints (`/internal/v1`): bearer
 * service token (SERVICE_UNAUTHORIZED without a known one) → zod validation (200001) → handler,
 * within `endpoint.timeoutMs`, answering the `{code,msg,data}` envelope. Documented in OpenAPI
 * under the `internal` tag with the bearer scheme. Throws for any other endpoint.
 */
export function registerServiceEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: ServiceHandlerContext<E>) => Promise<HandlerResult<E>>,
  options: EndpointOptions = {},
): void {
  register(
    app,
    endpoint,
    (ctx) => {
      const { service } = ctx;
      if (service === undefined) throw new Error(`${endpoint.path}: no service caller on a service route`);
      return handler({ ...ctx, service });
    },
    options,
    true,
  );
}
