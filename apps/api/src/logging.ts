import type { FastifyServerOptions } from 'fastify';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from './config.ts';

/** Any key that looks like a secret: passwords, tokens, MFA codes, secrets, cookies. */
const SECRET_KEY = /pass(word)?|token|auth[-_]?code|secret|authorization|cookie/i;
const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
/** Paths whose last segment is a credential (one-time export links): logged without it. */
const SECRET_PATH = /^(\/files\/exports\/)[^/?#]+/;

/** A request URL as it may be logged: the token of a one-time download link replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}`);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
}

/** A copy of `value` with every secret-looking key replaced; Errors and non-plain objects pass through. */
export function scrubSecrets(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (seen.has(value)) return '[circular]';
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((v) => scrubSecrets(v, depth + 1, seen));
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  seen.add(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : scrubSecrets(v, depth + 1, seen);
  return out;
}

/** Lines of a stack that are frames or the start of a cause (never the text of an error's message). */
const STACK_FRAME = /^\s+at |^caused by: /;

/**
 * An error as it may be logged. A failed query's error (drizzle's DrizzleQueryError) carries the
 * query's parameters in `params`, its message and its stack: they may be anything a caller sent
 * or the server read (a username, a token's hash), so they are dropped; the query text stays (its
 * values are placeholders), with the database's own message.
 */
export function serializeError(error: unknown): unknown {
  const out = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (typeof out !== 'object' || out === null || !('params' in out)) return out;
  const { params: _params, ...rest } = out;
  const cause = (error as { cause?: { message?: unknown } }).cause;
  const message = `Failed query: ${String(rest.query ?? '')}${typeof cause?.message === 'string' ? `: ${cause.message}` : ''}`;
  // The stack starts with the message (parameters included): keep only what follows it.
  const own = (error as { message?: unknown }).message;
  const stack = typeof rest.stack === 'string' ? rest.stack : '';
  const at = typeof own === 'string' ? stack.indexOf(own) : -1;
  const after = at >= 0 ? stack.slice(at + String(own).length) : '';
  const frames = after.split('\n').filter((line) => STACK_FRAME.test(line));
  return { ...rest, message, stack: [message, ...frames].join('\n') };
}

/**
 * Pino options of the server: JSON lines with the request id (`reqId`); the secret headers are
 * redacted wherever request or response headers are logged, and any logged object is scrubbed of
 * secret-looking keys. Request bodies are never logged (Fastify's request serializer omits them).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["refresh-token"]',
        'res.headers["refresh-token"]',
        'res.headers["set-cookie"]',
        'headers.token',
        'headers.authorization',
        'headers.cookie',
        'headers["refresh-token"]',
      ],
      censor: REDACTED,
    },
    formatters: { log: (object) => scrubSecrets(object) as Record<string, unknown> },
    // Fastify's request serializer, with the URL made loggable.
    serializers: {
      err: serializeError,
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
  if (stream) options.stream = stream;
  return options;
}
