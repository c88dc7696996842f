/**
 * `fetch` for a request whose upload progress is wanted: `fetch` cannot report how much of a body
 * has been sent, XMLHttpRequest can (`upload.onprogress`). It answers a standard `Response`, so the
 * client handles the answer exactly as a fetched one (envelope, error codes, files), and fails the
 * way `fetch` does: a TypeError when no answer comes, an AbortError when the signal aborts.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole body (form fields, boundaries and files). */
  total: number;
}

export interface ProgressRequestInit {
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  signal: AbortSignal;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name a Headers object refuses is not one the client reads.
    }
  }
  return headers;
}

/** POSTs `init.body` to `url`, calling `onProgress` as the body goes out. */
export function postWithProgress(
  url: string,
  init: ProgressRequestInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (init.signal.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => init.signal.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob | null);
      try {
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
      } catch {
        reject(new TypeError('The server answered with an unusable status'));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    init.signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(init.body);
  });
}
