/** A file to hand to the browser: what a binary call resolves with (`{ blob, filename }`). */
export interface DownloadableFile {
  blob: Blob;
  filename: string | null;
}

/** How long the object URL of a download lives; the browser has started the download by then. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file through the browser's download (an object URL on a temporary link). The name is
 * the server's (Content-Disposition) or `fallbackName`. Returns the name used.
 */
export function saveFile(file: DownloadableFile, fallbackName: string): string {
  const name = file.filename?.trim() || fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
  return name;
}

/** Saves text as a UTF-8 file (for example recovery codes as a `.txt`). */
export function saveText(text: string, filename: string, type = 'text/plain;charset=utf-8'): string {
  return saveFile({ blob: new Blob([text], { type }), filename }, filename);
}
