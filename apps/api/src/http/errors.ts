import { RETRY_AFTER_SECONDS, ResultCode, type ValidationErrorData, type ValidationIssue } from '@andes/contract/common/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** HTTP status that goes with each result code (docs/decisions/0003). */
const HTTP_STATUS_OF: Readonly<Record<number, number>> = {
  [ResultCode.OK]: 200,
  [ResultCode.UNAUTHORIZED]: 401,
  [ResultCode.INTERNAL_ERROR]: 500,
  [ResultCode.VALIDATION_FAILED]: 400,
  [ResultCode.FORBIDDEN]: 403,
  [ResultCode.NOT_FOUND]: 404,
  [ResultCode.CONFLICT]: 409,
  [ResultCode.INVALID_CREDENTIALS]: 401,
  [ResultCode.ACCOUNT_LOCKED]: 423,
  [ResultCode.ACCOUNT_DISABLED]: 403,
  [ResultCode.PASSWORD_POLICY]: 400,
  [ResultCode.WRONG_PASSWORD]: 400,
  [ResultCode.MFA_REQUIRED]: 403,
  [ResultCode.RATE_LIMITED]: 429,
  [ResultCode.SESSION_EXPIRED]: 401,
  [ResultCode.IP_NOT_TRUSTED]: 403,
  [ResultCode.PASSWORD_RESET_REQUIRED]: 403,
  [ResultCode.INSUFFICIENT_BALANCE]: 409,
  [ResultCode.SERVICE_UNAUTHORIZED]: 401,
  [ResultCode.TEMPORARILY_UNAVAILABLE]: 503,
};

export function httpStatusOf(code: number): number {
  return HTTP_STATUS_OF[code] ?? 400;
}

/**
 * A failure the caller is told about: answered as `{code, msg, data}` with the HTTP status of the
 * code's class. Module error tables build these; anything else thrown becomes a 500 without details.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly httpStatus: number;
  readonly data: unknown;

  constructor(code: number, msg: string, httpStatus?: number, data: unknown = null) {
    super(msg);
    this.code = code;
    this.httpStatus = httpStatus ?? httpStatusOf(code);
    this.data = data;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** "username: Please enter the username; password: Required" */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  if (issues.length === 0) return 'The request is not valid';
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
}

/** Errors every module uses. */
export const CommonErrors = {
  validation(issues: ValidationIssue[]): AppError {
    const data: ValidationErrorData = { issues };
    return new AppError(ResultCode.VALIDATION_FAILED, validationMessage(issues), undefined, data);
  },
  fromZod(error: z.ZodError, prefix?: string): AppError {
    return CommonErrors.validation(
      error.issues.map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message })),
    );
  },
  unauthorized: () => new AppError(ResultCode.UNAUTHORIZED, 'Please sign in'),
  sessionExpired: () => new AppError(ResultCode.SESSION_EXPIRED, 'Your session has expired, please sign in again'),
  forbidden: () => new AppError(ResultCode.FORBIDDEN, 'You do not have permission to do this'),
  notFound: (what = 'The requested resource') => new AppError(ResultCode.NOT_FOUND, `${what} was not found`),
  conflict: (msg: string) => new AppError(ResultCode.CONFLICT, msg),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
  rateLimited: (retryAfter: string) => new AppError(ResultCode.RATE_LIMITED, `Too many requests, please try again in ${retryAfter}`),
  timeout: (ms: number) =>
    new AppError(ResultCode.INTERNAL_ERROR, `The request took longer than ${ms / 1000} s and was stopped; please try again`, 503),
} as const;

/**
 * SQLSTATE classes and codes of a database that cannot be reached right now: connection exceptions
 * (08…), the server shutting down or starting up (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]$|53300$)/;
/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres, pg-pool and PGlite say so in words only. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|is not queryable|Cannot use a pool after calling end|PGlite is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `error` (or what caused it) says the database is out of reach, not that the request
 * or the code is wrong: the call is answered TEMPORARILY_UNAVAILABLE (503, Retry-After) so the web
 * client and the platform repeat it, instead of INTERNAL_ERROR.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // An AggregateError of a connection to every address of a host (localhost: ::1 and 127.0.0.1).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

const UNAVAILABLE_MESSAGE_TEXT = `The service is temporarily unavailable; please try again in ${RETRY_AFTER_SECONDS} seconds`;

function envelopeOfError(error: FastifyError | AppError | Error, request: FastifyRequest): { status: number; body: object } {
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { code: ResultCode.TEMPORARILY_UNAVAILABLE, msg: UNAVAILABLE_MESSAGE_TEXT, data: null } };
  }
  if (isAppError(error)) {
    return { status: error.httpStatus, body: { code: error.code, msg: error.message, data: error.data } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = error.validationContext === 'params' ? 'params' : undefined;
    const issues = error.validation.map((v) => ({
      path: [prefix, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
      message: v.message ?? 'Invalid value',
    }));
    const e = CommonErrors.validation(issues);
    return { status: e.httpStatus, body: { code: e.code, msg: e.message, data: e.data } };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type):
    // their messages describe the request, not the server.
    const code = status === 429 ? ResultCode.RATE_LIMITED : status === 404 ? ResultCode.NOT_FOUND : ResultCode.VALIDATION_FAILED;
    return { status, body: { code, msg: error.message, data: code === ResultCode.VALIDATION_FAILED ? { issues: [] } : null } };
  }
  return {
    status: 500,
    body: { code: ResultCode.INTERNAL_ERROR, msg: `Internal error, request id ${request.id}`, data: null },
  };
}

/** Sends the error envelope as JSON, whatever the endpoint would have answered on success. */
export function sendError(reply: FastifyReply, error: FastifyError | AppError | Error): FastifyReply {
  const { status, body } = envelopeOfError(error, reply.request);
  const code = (body as { code: number }).code;
  if (code === ResultCode.TEMPORARILY_UNAVAILABLE) {
    reply.log.warn({ err: error }, 'request refused: the database is out of reach');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  } else if (status >= 500) reply.log.error({ err: error }, 'request failed');
  else reply.log.info({ code, status }, 'request refused');
  reply.removeHeader('content-disposition');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The one error handler and the JSON not-found answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, _request, reply) => sendError(reply, error));
}
