import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile, saveText } from './download.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('saveFile', () => {
  it('downloads the blob under the server’s name, or the fallback, and frees the URL later', async () => {
    vi.useFakeTimers();
    const created = vi.fn(() => 'blob:andes/1');
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const blob = new Blob(['a,b\r\n']);
    expect(saveFile({ blob, filename: 'activity-2026-01-15.csv' }, 'activity.csv')).toBe('activity-2026-01-15.csv');
    expect(saveFile({ blob, filename: null }, 'activity.csv')).toBe('activity.csv');
    expect(clicked).toEqual([
      { href: 'blob:andes/1', download: 'activity-2026-01-15.csv' },
      { href: 'blob:andes/1', download: 'activity.csv' },
    ]);
    expect(created).toHaveBeenCalledWith(blob);
    expect(document.querySelectorAll('a[download]').length).toBe(0);
    expect(revoked).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoked).toHaveBeenCalledTimes(2);
  });

  it('saves text as a UTF-8 file', async () => {
    let saved: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          saved = b;
          return 'blob:x';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    saveText('7K3QX-M9D2A\n', 'andes-recovery-codes.txt');
    expect(saved).not.toBeNull();
    expect(await (saved as unknown as Blob).text()).toBe('7K3QX-M9D2A\n');
    expect((saved as unknown as Blob).type).toBe('text/plain;charset=utf-8');
  });
});
