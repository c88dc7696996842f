import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';
import { SIMULATOR_USER_AGENT } from './simulator/client.ts';

/** Any key that looks like a secret: passwords, tokens, MFA codes, secrets, cookies. */
const SECRET_KEY = /pass(word)?|token|auth[-_]?code|secret|authorization|cookie/i;
const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
/**
 * Paths whose last segment is a credential — the one-time links of transaction exports
 * (`/files/exports/`), of the download center (`/files/downloads/`) and of shared reports
 * (`/files/report-links/`): logged without it.
 */
const SECRET_PATH = /^(\/files\/(?:exports|downloads|report-links)\/)[^/?#]+/;

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
 * How log lines are written: `pretty` — short human lines (time, level, message; a request as
 * `POST /dashboard/… 200 12 ms`) — for a person at a terminal; `json` — one JSON object a line —
 * everywhere else: production, tests, and any output that is not a terminal (a file, a pipe, a
 * log collector).
 */
export type LogFormat = 'pretty' | 'json';

/** The log format of a process whose stdout is (`isTTY`) or is not a terminal. */
export function logFormatOf(stdoutIsTTY: boolean | undefined, env: NodeJS.ProcessEnv): LogFormat {
  if (stdoutIsTTY !== true) return 'json';
  if (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' || env.VITEST !== undefined) return 'json';
  return 'pretty';
}

/** What requestLogLevel reads of a request. */
export interface LevelledRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Level of a request's log lines. The health check (polled by load balancers and scripts) and
 * the built-in simulator's calls to the ingestion API (a few a second in demo mode, recognised by
 * their user agent) are logged at `debug`, hidden at the default `info`; every other request at
 * `info`. Only the level changes: the lines are the same.
 */
export function requestLogLevel(request: LevelledRequest): 'info' | 'debug' {
  const path = request.url.split('?', 1)[0];
  if (path === '/healthz') return 'debug';
  if (path?.startsWith('/internal/') && request.headers['user-agent'] === SIMULATOR_USER_AGENT) return 'debug';
  return 'info';
}

/**
 * Fastify's request lines ("incoming request", "request completed") at requestLogLevel's level.
 * In the pretty format a request is one line: its completion, with the method and URL; the
 * incoming line is at `debug`. Errors keep Fastify's own lines and levels.
 */
export class RequestLogController extends LogController {
  private readonly format: LogFormat;

  constructor(format: LogFormat) {
    super();
    this.format = format;
  }

  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const level = this.format === 'pretty' ? 'debug' : requestLogLevel(request);
    request.log[level]({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    const level = requestLogLevel(request);
    const responseTime = reply.elapsedTime;
    if (this.format === 'pretty') reply.log[level]({ req: request, res: reply, responseTime }, 'request completed');
    else reply.log[level]({ res: reply, responseTime }, 'request completed');
  }
}

interface PrettyRequestLine {
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** The message of a pretty line: a request's method, URL, status and time; else the message. */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as PrettyRequestLine;
  const message = String(log[messageKey] ?? '');
  if (!req || typeof req.method !== 'string' || typeof req.url !== 'string') return message;
  const request = `${req.method} ${req.url}`;
  if (message === 'incoming request') return `${request} …`;
  const status = res && typeof res.statusCode === 'number' ? ` ${res.statusCode}` : '';
  const ms = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
  return message === 'request completed' ? `${request}${status}${ms}` : `${message} (${request}${status}${ms})`;
}

/**
 * The pretty format: one short line a log (`14:02:11 INFO: POST /dashboard/… 200 12 ms`), other
 * fields after the message on the same line, an error's stack below it. Each line is formatted
 * and written at once (no stream pipeline), so it keeps its order with what the server prints
 * itself (the banner).
 */
export function prettyLogStream(
  out: { write(text: string): unknown } = process.stdout,
  colorize: boolean = pinoPretty.isColorSupported,
): DestinationStream {
  const pretty = pinoPretty.prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime,simulator',
    customPrettifiers: { time: (time) => String(time) },
    messageFormat: (log, messageKey) => prettyMessage(log, messageKey),
  });
  return {
    write(line: string) {
      out.write(pretty(line));
    },
  };
}

/**
 * The logger and request-line options of the server's Fastify instance. Lines go to `stream` when
 * given (tests, benchmarks: JSON), else to stdout in the format logFormatOf chooses for it.
 */
export function serverLogging(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
  format: LogFormat = stream ? 'json' : logFormatOf(process.stdout.isTTY, process.env),
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const destination = stream ?? (format === 'pretty' ? prettyLogStream() : undefined);
  return { logger: loggerOptions(config, destination), logController: new RequestLogController(format) };
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
