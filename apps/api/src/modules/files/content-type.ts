import { IMAGE_CONTENT_TYPES } from '@andes/contract/common/files';

/**
 * The content type a stored file is served with, from its bytes first and its name second — never
 * from what the uploader said. Binary formats are recognised by their magic bytes; an SVG by its
 * root element; plain-text formats (csv, txt, json, xml) only when the bytes are UTF-8 text. A
 * name whose extension promises an image the bytes are not gets no image type, so a renamed HTML
 * or script file is never served as something a browser would render.
 */

export const OCTET_STREAM = 'application/octet-stream';

interface Magic {
  type: string;
  /** Bytes at `offset` (null: any byte). */
  bytes: readonly (number | null)[];
  offset?: number;
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MAGICS: readonly Magic[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  { type: 'image/webp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
  { type: 'image/bmp', bytes: ascii('BM') },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'image/vnd.adobe.photoshop', bytes: ascii('8BPS') },
  { type: 'application/pdf', bytes: ascii('%PDF-') },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/** Office files are zip archives: their extension says which. */
const ZIP_BASED: Readonly<Record<string, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** Text formats served as what their extension says, when the bytes are UTF-8 text. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function matches(bytes: Uint8Array, magic: Magic): boolean {
  const offset = magic.offset ?? 0;
  if (bytes.length < offset + magic.bytes.length) return false;
  return magic.bytes.every((b, i) => b === null || bytes[offset + i] === b);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text without NUL characters (a BOM dropped), else null. */
function textOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** True when the text is an XML document whose root element is `<svg` (after the prolog, comments, doctype). */
export function isSvgText(text: string): boolean {
  const head = text.slice(0, 4096);
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/i;
  return prolog.test(head);
}

/**
 * The type to store and serve a file with. `name` picks among formats the bytes cannot tell apart
 * (zip-based office files, text formats); it never makes bytes an image they are not.
 */
export function sniffContentType(name: string, bytes: Uint8Array): string {
  const ext = extensionOf(name);
  const magic = MAGICS.find((m) => matches(bytes, m));
  if (magic) {
    // "BM" is two bytes: a text file starting with BM is not a bitmap unless it says so.
    if (magic.type === 'image/bmp' && ext !== 'bmp') return fallback(ext, bytes);
    if (magic.type === 'application/zip') return ZIP_BASED[ext] ?? 'application/zip';
    return magic.type;
  }
  return fallback(ext, bytes);
}

function fallback(ext: string, bytes: Uint8Array): string {
  const text = textOf(bytes);
  if (text === null) return OCTET_STREAM;
  if (isSvgText(text)) return IMAGE_CONTENT_TYPES.svg;
  return TEXT_TYPES[ext] ?? OCTET_STREAM;
}
