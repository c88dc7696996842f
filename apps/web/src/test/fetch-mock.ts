import { vi } from 'vitest';

export interface RecordedRequest {
  path: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** An envelope answer `{code,msg,data}`. */
export function envelope(data: unknown, code = 200, msg = 'success', init: ResponseInit = {}): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(init.headers as Record<string, string> | undefined) },
  });
}

/**
 * Replaces `fetch` (the boundary of the app) with `routes[path]`; an unknown path fails the test.
 * Returns the requests seen.
 */
export function mockFetch(routes: Record<string, Handler>): RecordedRequest[] {
  const seen: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const raw = init?.body;
    const request: RecordedRequest = {
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      signal: init?.signal ?? null,
    };
    seen.push(request);
    const handler = routes[url.pathname];
    if (!handler) throw new Error(`unexpected call to ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

/** A fetch answer that never comes, except as an AbortError when the request is aborted. */
export function never(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
