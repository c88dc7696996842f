import { z } from 'zod';
import type { PreviewImageExtension } from './enums.ts';

/**
 * Files kept by the server's file store (transaction attachments today; approval proofs, payment-link
 * appendices, support-case and chargeback appendices later, spec §7). A stored file is named by an
 * opaque public id; its content type is the one the server determined from the bytes and the name,
 * never the uploader's claim.
 */

/** A stored file's public id: `f_` and 22 base64url characters (128 random bits). */
export const FILE_ID_PATTERN = /^f_[A-Za-z0-9_-]{22}$/;
export const FILE_ID_MESSAGE = 'A file id looks like f_ followed by 22 letters, digits, _ or -';
export const FileIdSchema = z.string().regex(FILE_ID_PATTERN, FILE_ID_MESSAGE);
export type FileId = z.infer<typeof FileIdSchema>;

/** Longest file name kept (characters). */
export const FILE_NAME_MAX_LENGTH = 255;

/** The content type each previewable image extension of spec §3 is served with. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<PreviewImageExtension, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
};

const IMAGE_TYPES: ReadonlySet<string> = new Set(Object.values(IMAGE_CONTENT_TYPES));

/** True when a stored file's content type is one of the previewable image types (served inline). */
export function isImageContentType(contentType: string): boolean {
  return IMAGE_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
}

/**
 * Image types a browser draws in an `<img>` (PSD and TIFF are previewable by spec §3, but Chromium
 * and Firefox cannot decode them: the web app offers those as downloads with an image icon).
 */
const BROWSER_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/svg+xml',
]);

export function isBrowserImageType(contentType: string): boolean {
  return BROWSER_IMAGE_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
}
