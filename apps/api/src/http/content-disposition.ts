/**
 * `Content-Disposition: attachment` (or `inline`) for a download name (RFC 6266): an ASCII
 * `filename` fallback for old clients, and `filename*` (RFC 5987) with the exact UTF-8 name.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = filename.replace(/[\p{Cc}/\\]/gu, '_').trim() || 'download';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
