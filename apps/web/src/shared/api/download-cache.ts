import { DOWNLOAD_CACHE_SWEEP_MS, DOWNLOAD_CACHE_TTL_MS } from '@andes/contract/common/constants';
import type { Endpoint, ParamsOf, RequestOf } from '@andes/contract/common/define-endpoint';
import { useAppStore } from '../store/app-store.ts';
import { saveFile } from '../ui/download.ts';
import { type BinaryFile, type CallOptions, call } from './client.ts';

/*
 * The downloaded-file cache of spec §9: a file a binary call answered stays in memory (its Blob)
 * for DOWNLOAD_CACHE_TTL_MS, keyed by the call (path and path parameters), the request body and
 * the interface language (the server writes headers and labels in it). A sweep every
 * DOWNLOAD_CACHE_SWEEP_MS drops expired files; it runs only while the cache holds something.
 * The same download asked again while the first is in flight shares that request. The cache is
 * emptied when the signed-in user changes, so one user never receives another's file.
 */

interface Entry {
  file: BinaryFile;
  storedAt: number;
}

const files = new Map<string, Entry>();
const pending = new Map<string, Promise<BinaryFile>>();
let sweeper: ReturnType<typeof setInterval> | null = null;

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The cache key of a binary call. */
export function downloadKey(endpoint: Endpoint, body: unknown, params?: unknown): string {
  const { language, currentUser } = useAppStore.getState();
  return `${endpoint.path}|${stable(params ?? {})}|${stable(body ?? {})}|${language}|${currentUser?.id ?? ''}`;
}

function stopSweeper(): void {
  if (sweeper !== null) clearInterval(sweeper);
  sweeper = null;
}

/** Drops the files stored longer than the TTL; stops sweeping once the cache is empty. */
export function sweepDownloadCache(now = Date.now()): void {
  for (const [key, entry] of files) {
    if (now - entry.storedAt >= DOWNLOAD_CACHE_TTL_MS) files.delete(key);
  }
  if (files.size === 0) stopSweeper();
}

function startSweeper(): void {
  if (sweeper === null) sweeper = setInterval(() => sweepDownloadCache(), DOWNLOAD_CACHE_SWEEP_MS);
}

/** Forgets every cached file (sign-out, user switch, tests). */
export function clearDownloadCache(): void {
  files.clear();
  pending.clear();
  stopSweeper();
}

/** Number of files held (for tests and diagnostics). */
export function downloadCacheSize(): number {
  return files.size;
}

useAppStore.subscribe((state, previous) => {
  if (state.currentUser?.id !== previous.currentUser?.id || (state.token === null && previous.token !== null)) clearDownloadCache();
});

/**
 * The file of a binary call, from the cache when it was downloaded less than the TTL ago, else
 * from the server (and then cached). A failed call is not cached; its error is the client's.
 */
export function fetchFile<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options: CallOptions<E> = {}): Promise<BinaryFile> {
  const key = downloadKey(endpoint, body, options.params);
  const hit = files.get(key);
  if (hit && Date.now() - hit.storedAt < DOWNLOAD_CACHE_TTL_MS) return Promise.resolve(hit.file);
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const request = (call(endpoint, body, options) as Promise<BinaryFile>)
    .then((file) => {
      if (pending.get(key) === request) {
        files.set(key, { file, storedAt: Date.now() });
        startSweeper();
      }
      return file;
    })
    .finally(() => {
      if (pending.get(key) === request) pending.delete(key);
    });
  pending.set(key, request);
  return request;
}

export interface DownloadOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  signal?: AbortSignal;
  silent?: boolean;
}

/**
 * Downloads the file of a binary call through the cache and hands it to the browser (an object
 * URL on a temporary `<a download>`, revoked afterwards). The name is the server's
 * (Content-Disposition), else `filename`, else the path's last segment. Resolves with the name used.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  filename?: string,
  options: DownloadOptions<E> = {},
): Promise<string> {
  const file = await fetchFile(endpoint, body, options as CallOptions<E>);
  const fallback = filename ?? endpoint.path.split('/').filter(Boolean).at(-1) ?? 'download';
  return saveFile(file, fallback);
}
