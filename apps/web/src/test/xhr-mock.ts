import { vi } from 'vitest';

/**
 * XMLHttpRequest replaced, for uploads with progress (shared/api/upload-transport.ts): each send
 * is recorded, and the test drives it — progress events, the answer, a network failure.
 */
export interface XhrRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  aborted: boolean;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  /** Answers with a status, a body and headers. */
  respond(status: number, body: string | Blob, headers?: Record<string, string>): void;
  /** Answers the envelope `{code,msg,data}` as JSON. */
  respondEnvelope(data: unknown, code?: number, msg?: string, status?: number): void;
  /** No answer: the network failed. */
  fail(): void;
}

class FakeUpload {
  onprogress: ((event: ProgressEvent) => void) | null = null;
}

export function mockXhr(): XhrRequest[] {
  const requests: XhrRequest[] = [];

  class FakeXhr {
    static readonly DONE = 4;
    upload = new FakeUpload();
    responseType = '';
    response: unknown = null;
    status = 0;
    statusText = '';
    readyState = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private settled = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getAllResponseHeaders() {
      return Object.entries(this.responseHeaders)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
    }

    abort() {
      if (this.settled) return;
      this.settled = true;
      record.aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      const xhr = this;
      record = {
        method: this.method,
        path: new URL(this.url, 'http://localhost').pathname,
        headers: this.headers,
        body,
        aborted: false,
        progress(loaded, total) {
          xhr.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        },
        respond(status, answer, headers = {}) {
          if (xhr.settled) return;
          xhr.settled = true;
          xhr.status = status;
          xhr.readyState = 4;
          xhr.responseHeaders = headers;
          xhr.response = answer instanceof Blob ? answer : new Blob([answer], { type: headers['content-type'] ?? '' });
          xhr.onload?.();
        },
        respondEnvelope(data, code = 200, msg = 'success', status = 200) {
          this.respond(status, JSON.stringify({ code, msg, data }), { 'content-type': 'application/json; charset=utf-8' });
        },
        fail() {
          if (xhr.settled) return;
          xhr.settled = true;
          xhr.onerror?.();
        },
      };
      requests.push(record);
    }
  }
  let record: XhrRequest;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

/** The entries of a recorded FormData body, as [name, value or file name]. */
export function formEntries(body: unknown): [string, string][] {
  if (!(body instanceof FormData)) throw new Error('not a form');
  return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);
}
