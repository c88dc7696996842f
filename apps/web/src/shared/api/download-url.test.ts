import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFromUrl } from './download-url.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadFromUrl', () => {
  it('follows a same-origin link once, through a temporary <a download>, and refuses another origin', () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
      expect(this.hasAttribute('download')).toBe(true);
    });
    expect(downloadFromUrl('/files/exports/abc123')).toBe(true);
    expect(clicked).toEqual([`${window.location.origin}/files/exports/abc123`]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(downloadFromUrl('https://evil.example/files/exports/abc123')).toBe(false);
    expect(clicked).toHaveLength(1);
  });
});
