import { vi } from 'vitest';

/** The object URLs a test's code made and revoked (happy-dom keeps no blobs behind them). */
export interface ObjectUrls {
  /** Each URL made, `blob:andes/1`, `blob:andes/2`…, with its blob, in order. */
  readonly created: { url: string; blob: Blob }[];
  /** Each URL revoked, in order. */
  readonly revoked: string[];
  /** The blob behind a URL made, or undefined. */
  blobOf(url: string): Blob | undefined;
}

/** Spies on URL.createObjectURL and revokeObjectURL for one test (call it in beforeEach). */
export function spyObjectUrls(): ObjectUrls {
  const created: { url: string; blob: Blob }[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:andes/${created.length + 1}`;
    created.push({ url, blob: blob as Blob });
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
  return { created, revoked, blobOf: (url) => created.find((c) => c.url === url)?.blob };
}
