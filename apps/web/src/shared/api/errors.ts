import { ResultCode, ValidationErrorData } from '@andes/contract/common/envelope';

/** An answer whose envelope `code` is not 200: the server's code, message and data. */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly data: D;

  constructor(code: number, msg: string, data: D) {
    super(msg);
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

/**
 * A call that produced no envelope:
 * - `timeout`: no answer within the endpoint's timeout;
 * - `network`: the request never got an answer (status 0), or an HTTP error without an envelope
 *   (`status` and the body text as `data`);
 * - `no-json`: a success status with a body that is not JSON;
 * - `bad-response`: JSON that is not the expected envelope or data shape;
 * - `aborted`: cancelled by the caller, or by the client when the MFA panel or a password reset
 *   takes over.
 * The message is the text the user may be shown, in the interface language.
 */
export type RequestErrorKind = 'timeout' | 'network' | 'no-json' | 'bad-response' | 'aborted';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  readonly status: number;
  readonly data: unknown;

  constructor(kind: RequestErrorKind, message: string, status = 0, data: unknown = undefined) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.data = data;
  }
}

/** The message to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A failed call as one sentence in the interface language: each field problem of a validation
 * refusal, or the server's message, passed through `translate` (a feature's known server texts);
 * any other failure as errorMessage says it.
 */
export function failureText(error: unknown, translate: (serverText: string) => string): string {
  if (error instanceof ApiError) {
    if (error.code === ResultCode.VALIDATION_FAILED) {
      const parsed = ValidationErrorData.safeParse(error.data);
      if (parsed.success && parsed.data.issues.length > 0) return parsed.data.issues.map((issue) => translate(issue.message)).join('; ');
    }
    return translate(error.msg);
  }
  return errorMessage(error);
}
