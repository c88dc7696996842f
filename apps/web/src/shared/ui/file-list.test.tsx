import { PREVIEW_IMAGE_EXTENSIONS } from '@andes/contract/common/enums';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ObjectUrls, spyObjectUrls } from '../../test/object-urls.ts';
import { setNotifier } from '../api/notifier.ts';
import { FileList, isThumbnail, type ListedFile } from './file-list.tsx';

const files: ListedFile[] = [
  { fileId: 'f_png', name: 'receipt.PNG', size: 20_480, contentType: 'image/png' },
  { fileId: 'f_svg', name: 'logo.svg', size: 900, contentType: 'image/svg+xml' },
  { fileId: 'f_pdf', name: 'invoice.pdf', size: 102_400, contentType: 'application/pdf' },
  // Previewable by name (spec §3), but no browser draws a PSD or a TIFF: downloads.
  { fileId: 'f_psd', name: 'design.psd', size: 4_096, contentType: 'image/vnd.adobe.photoshop' },
  { fileId: 'f_tif', name: 'scan.tiff', size: 2_048, contentType: 'image/tiff' },
  // An image name over bytes that are no image: a download, never drawn.
  { fileId: 'f_bad', name: 'sneaky.png', size: 64, contentType: 'application/octet-stream' },
];

let urls: ObjectUrls;
let messages: string[];

beforeEach(() => {
  messages = [];
  urls = spyObjectUrls();
  setNotifier({
    info: (text) => messages.push(text),
    success: (text) => messages.push(text),
    error: (text) => messages.push(text),
  });
});

function withQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

describe('FileList', () => {
  it('knows a thumbnail by a spec §3 extension and a type a browser draws', () => {
    expect(PREVIEW_IMAGE_EXTENSIONS).toEqual(['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff']);
    expect(files.filter(isThumbnail).map((f) => f.name)).toEqual(['receipt.PNG', 'logo.svg']);
    expect(isThumbnail({ name: 'photo.JPEG', contentType: 'image/jpeg' })).toBe(true);
    expect(isThumbnail({ name: 'photo.heic', contentType: 'image/jpeg' })).toBe(false);
  });

  it('shows images as thumbnails that open the preview, and loads only those', async () => {
    const loadBlob = vi.fn(async (file: ListedFile) => new Blob([`bytes of ${file.name}`], { type: file.contentType }));
    render(withQueries(<FileList files={files} loadBlob={loadBlob} download={async (f) => f.name} queryKey={['files']} />));
    const images = screen.getByRole('list', { name: 'Images' });
    const receipt = await within(images).findByRole('button', { name: 'Preview receipt.PNG' });
    const img = within(receipt).getByRole('img', { name: 'receipt.PNG' });
    expect(await urls.created.find((c) => c.url === img.getAttribute('src'))?.blob.text()).toBe('bytes of receipt.PNG');
    expect(loadBlob.mock.calls.map(([f]) => f.name).sort()).toEqual(['logo.svg', 'receipt.PNG']);

    receipt.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe(img.getAttribute('src')));
  });

  it('offers the other files as downloads with name and size, and says when one is saved or failed', async () => {
    const download = vi.fn(async (file: ListedFile) => {
      if (file.fileId === 'f_tif') throw new Error('gone');
      return file.name;
    });
    render(withQueries(<FileList files={files} loadBlob={async () => new Blob(['x'])} download={download} queryKey={['files']} />));
    const list = screen.getByRole('list', { name: 'Files' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Download invoice.pdf', 'Download design.psd', 'Download scan.tiff', 'Download sneaky.png']);
    expect(within(list).getByText('100 KB')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Download invoice.pdf' }));
    await waitFor(() => expect(messages).toContain('Downloaded invoice.pdf'));
    await userEvent.click(within(list).getByRole('button', { name: 'Download scan.tiff' }));
    await waitFor(() => expect(messages).toContain('scan.tiff could not be downloaded; please try again'));
    // Thumbnails have their own download button.
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt.PNG' }));
    expect(download.mock.calls.map(([f]) => f.fileId)).toEqual(['f_pdf', 'f_tif', 'f_png']);
  });

  it('shows a failed preview in place with a retry, and revokes the object URLs on unmount', async () => {
    let fail = true;
    const loadBlob = vi.fn(async (file: ListedFile) => {
      if (fail) throw new Error('no');
      return new Blob([file.name]);
    });
    const view = render(
      withQueries(<FileList files={files.slice(0, 1)} loadBlob={loadBlob} download={async (f) => f.name} queryKey={['files']} />),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Preview failed');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load receipt.PNG again' }));
    const url = within(await screen.findByRole('button', { name: 'Preview receipt.PNG' }))
      .getByRole('img')
      .getAttribute('src') as string;
    expect(urls.revoked).not.toContain(url);
    act(() => view.unmount());
    expect(urls.revoked).toContain(url);
  });

  it('says when there are no files', () => {
    render(withQueries(<FileList files={[]} loadBlob={async () => new Blob()} download={async () => ''} queryKey={['files']} />));
    expect(screen.getByText('No files')).toBeTruthy();
  });
});
