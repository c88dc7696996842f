import { PasswordResetRequiredData } from '@andes/contract/auth/schemas';
import { SESSION_EXPIRED_MESSAGE_MS } from '@andes/contract/common/constants';
import { type Endpoint, endpointUrl, type ParamsOf, type RequestOf, type ResponseOf } from '@andes/contract/common/define-endpoint';
import { REFRESH_TOKEN_HEADER, RETRY_AFTER_SECONDS, ResultCode, SESSION_ENDED_CODES, TOKEN_HEADER } from '@andes/contract/common/envelope';
import { i18n } from '../i18n/i18n.ts';
import { currentLocation, navigateTo } from '../navigation/navigator.ts';
import { isLoginPath, loginFormPath, RESET_PASSWORD_PATH, resetPasswordPath } from '../navigation/paths.ts';
import { useAppStore } from '../store/app-store.ts';
import { ApiError, RequestError, type RequestErrorKind } from './errors.ts';
import { apiEvents } from './events.ts';
import { notify } from './notifier.ts';
import { postWithProgress, type UploadProgress } from './upload-transport.ts';

/*
 * The only place that knows the result codes of spec §8. Every call of the app goes through
 * `call(endpoint, body, options)` with an endpoint object of the contract.
 *
 * | answer                                   | what happens                                                        |
 * |------------------------------------------|---------------------------------------------------------------------|
 * | code 200                                 | resolves with `data`, parsed by the endpoint's response schema       |
 * | code 401 / 200030                        | "session expired" (info, 1.5 s), token cleared, login form with      |
 * |                                          | redirectPath unless already on /login; rejects with ApiError         |
 * | code 200023                              | aborts every request in flight, emits `mfa-required`; rejects        |
 * | code 200040 (not for calls allowed       | aborts every request in flight, goes to /login/resetPsw?scene=…;     |
 * |   during a reset, e.g. current user)     | rejects                                                              |
 * | code 200070 (temporarily unavailable,    | says "temporarily unavailable, retrying" (info) and sends the same   |
 * |   HTTP 503 with Retry-After)             | request again after Retry-After, while the call's timeout allows;    |
 * |                                          | then handled as any other code                                       |
 * | any other code                           | shows the server message unless silent; rejects with ApiError        |
 * | body not JSON                            | RequestError 'no-json'                                               |
 * | no answer / HTTP error without envelope  | RequestError 'network' with status and data                          |
 * | binary call answered with JSON           | the envelope is handled as above (an error)                          |
 * | no answer within endpoint.timeoutMs      | RequestError 'timeout' with the text "Request Timeout"               |
 *
 * Multipart calls go through `upload(endpoint, { fields, files }, { onProgress })`: the same rules,
 * the body a FormData (fields, then the files under the endpoint's file field), sent with
 * XMLHttpRequest when progress is wanted (fetch cannot report it).
 */

export interface BinaryFile {
  blob: Blob;
  /** From Content-Disposition (`filename*` preferred), when the server named the file. */
  filename: string | null;
  /** The answer's headers (the batch tool's result carries its counts in them). */
  headers: Headers;
}

/** What a call resolves with: the endpoint's response data, or the file of a binary endpoint. */
export type CallResult<E extends Endpoint> = [ResponseOf<E>] extends [never] ? BinaryFile : ResponseOf<E>;

export interface CallOptions<E extends Endpoint> {
  /** Values of the `:name` segments of the endpoint path. */
  params?: ParamsOf<E>;
  signal?: AbortSignal;
  /** Do not show this call's error message; the caller shows it (forms, dialogs). */
  silent?: boolean;
  /**
   * Sends this token instead of the stored session token (the reset-password page sends the token
   * of its link). Such a call never touches the session: a rotated token is not stored, and a
   * "session ended" answer neither clears the stored session nor leaves the page.
   */
  token?: string;
  /** Called as the request body goes out (sent with XMLHttpRequest: fetch cannot report it). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export type { UploadProgress };

/** Requests in flight, so that the MFA panel and the password reset can stop them all. */
const inFlight = new Set<AbortController>();

function abortInFlight(except: AbortController): void {
  for (const controller of inFlight) {
    if (controller !== except) controller.abort();
  }
}

function text(
  key: 'requestTimeout' | 'networkError' | 'noJson' | 'badResponse' | 'sessionExpired' | 'httpError' | 'temporarilyUnavailable',
  status?: number,
) {
  return key === 'httpError' ? i18n.t(key, { ns: 'common', status }) : i18n.t(key, { ns: 'common' });
}

function requestError(kind: RequestErrorKind, status = 0, data: unknown = undefined): RequestError {
  const message =
    kind === 'timeout'
      ? text('requestTimeout')
      : kind === 'no-json'
        ? text('noJson')
        : kind === 'bad-response'
          ? text('badResponse')
          : status > 0
            ? text('httpError', status)
            : text('networkError');
  return new RequestError(kind, message, status, data);
}

interface RawEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

function asEnvelope(value: unknown): RawEnvelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.code !== 'number') return null;
  return { code: record.code, msg: typeof record.msg === 'string' ? record.msg : '', data: record.data ?? null };
}

/** File name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename=`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      return extended[2].trim();
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return value.length > 0 ? value : null;
}

function sessionEnded(): void {
  notify.info(text('sessionExpired'), { durationMs: SESSION_EXPIRED_MESSAGE_MS, key: 'session-expired' });
  useAppStore.getState().clearSession();
  const { pathname, search } = currentLocation();
  if (!isLoginPath(pathname)) navigateTo(loginFormPath(`${pathname}${search}`), { replace: true });
}

function passwordResetRequired(error: ApiError): void {
  const { pathname, search } = currentLocation();
  if (pathname === RESET_PASSWORD_PATH) return;
  navigateTo(resetPasswordPath(passwordResetScene(error) ?? 'expired', `${pathname}${search}`), { replace: true });
}

/** Applies the result-code rules to a non-200 envelope and returns the error to reject with. */
function failure(endpoint: Endpoint, envelope: RawEnvelope, controller: AbortController, silent: boolean, ownToken: boolean): ApiError {
  const error = new ApiError(envelope.code, envelope.msg, envelope.data);
  if (SESSION_ENDED_CODES.includes(envelope.code) && !ownToken) {
    sessionEnded();
    return error;
  }
  if (envelope.code === ResultCode.MFA_REQUIRED) {
    abortInFlight(controller);
    apiEvents.emit('mfa-required', { path: endpoint.path });
    return error;
  }
  if (envelope.code === ResultCode.PASSWORD_RESET_REQUIRED && !endpoint.allowedDuringPasswordReset) {
    abortInFlight(controller);
    passwordResetRequired(error);
    return error;
  }
  if (!silent && envelope.msg) notify.error(envelope.msg, { key: `api-error:${envelope.code}:${envelope.msg}` });
  return error;
}

/** How long to wait before repeating a call answered TEMPORARILY_UNAVAILABLE: its Retry-After, within 1–10 s. */
export function retryDelayMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return Math.min(10, Math.max(1, Number.isFinite(seconds) && retryAfter !== null ? seconds : RETRY_AFTER_SECONDS)) * 1000;
}

/** Resolves after `ms`, or rejects when the signal aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function requestBody(body: unknown): { body: BodyInit; contentType: string | null } {
  if (body instanceof FormData) return { body, contentType: null };
  return { body: JSON.stringify(body ?? {}), contentType: 'application/json' };
}

/**
 * Calls `endpoint` (always `POST <path>`) and resolves with its data. Rejects with `ApiError` for
 * an envelope whose code is not 200, `RequestError` otherwise; see the table above.
 */
export async function call<E extends Endpoint>(endpoint: E, body?: RequestOf<E>, options: CallOptions<E> = {}): Promise<CallResult<E>> {
  const silent = options.silent === true || endpoint.silentErrors;
  const controller = new AbortController();
  let timedOut = false;
  let abortedByCaller = false;
  const onCallerAbort = () => {
    abortedByCaller = true;
    controller.abort();
  };
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, endpoint.timeoutMs);
  inFlight.add(controller);

  const fail = (error: RequestError): never => {
    if (!silent && error.kind !== 'aborted') notify.error(error.message, { key: `request-error:${error.kind}` });
    throw error;
  };
  const stopped = (): RequestError | null => {
    if (timedOut) return requestError('timeout');
    if (controller.signal.aborted) return new RequestError('aborted', abortedByCaller ? 'aborted by the caller' : 'aborted by the client');
    return null;
  };

  try {
    const { language, token: sessionToken } = useAppStore.getState();
    const ownToken = options.token !== undefined;
    const token = ownToken ? options.token : sessionToken;
    const payload = requestBody(body);
    const headers: Record<string, string> = {
      Accept: endpoint.answersFile ? '*/*' : 'application/json',
      'Accept-Language': language,
    };
    if (payload.contentType) headers['Content-Type'] = payload.contentType;
    if (token && !endpoint.public) headers[TOKEN_HEADER] = token;
    const url = endpointUrl(endpoint, options.params as Record<string, string | number> | undefined);

    // The same request again while the server says it is temporarily unavailable (the body is the
    // same, so a write carries the same request id: the server applies it once).
    const deadline = Date.now() + endpoint.timeoutMs;
    for (;;) {
      let response: Response;
      try {
        response = options.onUploadProgress
          ? await postWithProgress(
              url,
              { headers, body: payload.body as XMLHttpRequestBodyInit, signal: controller.signal },
              options.onUploadProgress,
            )
          : await fetch(url, { method: 'POST', headers, body: payload.body, signal: controller.signal, credentials: 'same-origin' });
      } catch {
        return fail(stopped() ?? requestError('network'));
      }

      // A rotated token replaces the one this call used, unless the session changed meanwhile
      // (signed out, or signed in as someone else while the call was in flight).
      const refreshed = response.headers.get(REFRESH_TOKEN_HEADER);
      if (refreshed && !ownToken && token && useAppStore.getState().token === token) useAppStore.getState().setToken(refreshed);

      const contentType = response.headers.get('content-type') ?? '';
      const isJson = /[/+]json\b/i.test(contentType);

      if (endpoint.answersFile && !isJson) {
        let blob: Blob;
        try {
          blob = await response.blob();
        } catch {
          return fail(stopped() ?? requestError('network', response.status));
        }
        if (!response.ok) return fail(requestError('network', response.status, await blob.text()));
        return {
          blob,
          filename: filenameFromDisposition(response.headers.get('content-disposition')),
          headers: response.headers,
        } as CallResult<E>;
      }

      let raw: string;
      try {
        raw = await response.text();
      } catch {
        return fail(stopped() ?? requestError('network', response.status));
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return fail(requestError(response.ok ? 'no-json' : 'network', response.status, raw));
      }
      const envelope = asEnvelope(json);
      if (!envelope) return fail(requestError(response.ok ? 'bad-response' : 'network', response.status, json));
      if (envelope.code === ResultCode.TEMPORARILY_UNAVAILABLE) {
        const delay = retryDelayMs(response.headers.get('retry-after'));
        if (Date.now() + delay < deadline - 1000) {
          if (!silent) notify.info(text('temporarilyUnavailable'), { durationMs: delay + 1000, key: 'temporarily-unavailable' });
          try {
            await pause(delay, controller.signal);
          } catch {
            return fail(stopped() ?? requestError('aborted'));
          }
          continue;
        }
      }
      if (envelope.code !== ResultCode.OK) throw failure(endpoint, envelope, controller, silent, ownToken);
      if (endpoint.answersFile) return fail(requestError('bad-response', response.status, envelope.data));

      const parsed = endpoint.response.safeParse(envelope.data);
      if (!parsed.success) {
        console.error(
          `response of ${endpoint.path} does not match the contract`,
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
        );
        return fail(requestError('bad-response', response.status));
      }
      return parsed.data as CallResult<E>;
    }
  } finally {
    clearTimeout(timer);
    inFlight.delete(controller);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

export interface UploadInput<E extends Endpoint> {
  /** The form's text fields (the endpoint's request); absent values are left out. */
  fields?: RequestOf<E>;
  /** The files, sent under the endpoint's file field in this order. */
  files: readonly File[];
}

export interface UploadOptions<E extends Endpoint> extends Omit<CallOptions<E>, 'onUploadProgress'> {
  /** How much of the request has gone out (the progress bar of an uploader). */
  onProgress?: (progress: UploadProgress) => void;
}

/** The FormData of a multipart call: text fields first, then the files. */
export function uploadForm<E extends Endpoint>(endpoint: E, input: UploadInput<E>): FormData {
  if (endpoint.kind !== 'multipart' || endpoint.files === null) throw new Error(`${endpoint.path} is not a multipart call`);
  const form = new FormData();
  for (const [name, value] of Object.entries((input.fields ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  for (const file of input.files) form.append(endpoint.files.field, file, file.name);
  return form;
}

/**
 * Calls a multipart endpoint with its text fields and files; resolves and rejects as `call` does
 * (the envelope's data, or the file of a call answering one, such as the batch tool's result).
 */
export function upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, options: UploadOptions<E> = {}): Promise<CallResult<E>> {
  const { onProgress, ...rest } = options;
  return call(endpoint, uploadForm(endpoint, input) as unknown as RequestOf<E>, {
    ...rest,
    ...(onProgress ? { onUploadProgress: onProgress } : {}),
  });
}

/**
 * The reset-page scene when `error` is the answer "the password must be reset" (200040), else null.
 * For screens that react to a failed call (the permission load of the main guard).
 */
export function passwordResetScene(error: unknown): 'initial' | 'expired' | null {
  if (!(error instanceof ApiError) || error.code !== ResultCode.PASSWORD_RESET_REQUIRED) return null;
  const parsed = PasswordResetRequiredData.safeParse(error.data);
  return parsed.success && parsed.data.passwordScene === 'INITIAL' ? 'initial' : 'expired';
}

/**
 * True when another piece took over after this failure (the MFA panel, or a redirect that aborted
 * the call): the caller should wait rather than show an error or navigate.
 */
export function isTakenOver(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === ResultCode.MFA_REQUIRED;
  return error instanceof RequestError && error.kind === 'aborted';
}
