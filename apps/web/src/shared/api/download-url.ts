/**
 * Starts the browser's own download of a URL the server generated (a one-time export link): a
 * temporary link clicked once, so the page stays where it is and the browser's download manager
 * takes over. Only same-origin URLs are followed; anything else is refused (returns false).
 */
export function downloadFromUrl(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, window.location.origin);
  } catch {
    return false;
  }
  if (target.origin !== window.location.origin) return false;
  const link = document.createElement('a');
  link.href = target.href;
  link.rel = 'noopener';
  link.style.display = 'none';
  // A download attribute (without a name) keeps the page even if the server forgot Content-Disposition.
  link.setAttribute('download', '');
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
  return true;
}
