import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
import { transactionAttachmentDownload, transactionQuery } from '@andes/contract/transaction/endpoints';
import type { AttachmentInfo } from '@andes/contract/transaction/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { type ObjectUrls, spyObjectUrls } from '../../../test/object-urls.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { payinDetail } from './fixtures.ts';

const PNG_BYTES = '\u0089PNG\r\n\u001a\n-receipt';
const files: AttachmentInfo[] = [
  { fileId: 'f_receiptPNG000000000001', name: 'receipt.PNG', size: 20_480, contentType: 'image/png' },
  { fileId: 'f_logoSVG000000000000003', name: 'logo.svg', size: 900, contentType: 'image/svg+xml' },
  { fileId: 'f_invoicePDF000000000002', name: 'invoice.pdf', size: 102_400, contentType: 'application/pdf' },
  // Previewable by name, but no browser draws a PSD: offered as a download.
  { fileId: 'f_designPSD0000000000004', name: 'design.psd', size: 4_096, contentType: 'image/vnd.adobe.photoshop' },
];
const detail = { ...payinDetail, attachments: files };

let urls: ObjectUrls;
let saved: { name: string; href: string }[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
  saved = [];
  urls = spyObjectUrls();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  clearDownloadCache();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fileAnswer = (r: RecordedRequest): Response => {
  const { fileId } = r.body as { fileId: string };
  const file = files.find((f) => f.fileId === fileId);
  if (!file) return envelope(null, 404, 'The transaction has no such attachment', { status: 404 });
  const body = file.contentType === 'image/png' ? PNG_BYTES : `bytes of ${file.name}`;
  return new Response(body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `${file.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${file.name}"`,
    },
  });
};

function signedIn(codes: string[], attachment: (r: RecordedRequest) => Response | Promise<Response> = fileAnswer) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR'])),
    [transactionQuery.path]: () => envelope(detail),
    [paymentLinkQuery.path]: () => envelope({ ...detail, paymentLinkId: 'link-1' }),
    [transactionAttachmentDownload.path]: attachment,
  });
}

const DETAIL = ['home', 'transactions:payin', 'transactions:detail'];
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const attachmentCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === transactionAttachmentDownload.path).map((r) => r.body);

describe('transaction attachments', () => {
  it('shows images as thumbnails loaded with the session token, and previews them from the keyboard', async () => {
    const requests = signedIn(DETAIL);
    renderApp('/transactions/detail/11');
    const images = await screen.findByRole('list', { name: 'Images' });
    const receipt = await within(images).findByRole('button', { name: 'Preview receipt.PNG' });
    const svg = await within(images).findByRole('button', { name: 'Preview logo.svg' });
    // The image is drawn from an object URL of the bytes the authenticated call answered.
    const img = within(receipt).getByRole('img', { name: 'receipt.PNG' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^blob:andes\/\d+$/);
    const made = urls.created.find((c) => c.url === img.getAttribute('src'));
    expect(await made?.blob.text()).toBe(PNG_BYTES);
    expect(within(svg).getByRole('img', { name: 'logo.svg' }).getAttribute('src')).toMatch(/^blob:andes\//);
    expect(attachmentCalls(requests)).toEqual(
      expect.arrayContaining([
        { id: 11, fileId: 'f_receiptPNG000000000001' },
        { id: 11, fileId: 'f_logoSVG000000000000003' },
      ]),
    );
    const call = requests.find((r) => r.path === transactionAttachmentDownload.path);
    expect(call?.headers.get('token')).toBe('tok');
    // Only images are fetched to show them; the PDF and the PSD wait for a click.
    expect(attachmentCalls(requests)).toHaveLength(2);

    // Keyboard: focus the thumbnail, Enter opens the preview.
    expect(receipt.getAttribute('tabindex')).toBe('0');
    receipt.focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    const previewed = document.querySelector('.ant-image-preview img');
    expect(previewed?.getAttribute('src')).toBe(img.getAttribute('src'));
  });

  it('offers other files, and images no browser draws, as download buttons that save the server’s file', async () => {
    const requests = signedIn(DETAIL);
    renderApp('/transactions/detail/11');
    const list = await screen.findByRole('list', { name: 'Files' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Download invoice.pdf', 'Download design.psd']);
    expect(within(list).getByText('100 KB')).toBeTruthy();

    await user().click(within(list).getByRole('button', { name: 'Download invoice.pdf' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('invoice.pdf');
    expect(attachmentCalls(requests)).toContainEqual({ id: 11, fileId: 'f_invoicePDF000000000002' });
    expect(await screen.findByText('Downloaded invoice.pdf')).toBeTruthy();

    // An image can be downloaded too, from the button under its thumbnail.
    await user().click(await screen.findByRole('button', { name: 'Download receipt.PNG' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('receipt.PNG');
  });

  it('revokes the object URLs when the page goes away', async () => {
    signedIn(DETAIL);
    const view = renderApp('/transactions/detail/11');
    const receipt = await screen.findByRole('button', { name: 'Preview receipt.PNG' });
    const url = within(receipt).getByRole('img').getAttribute('src') as string;
    expect(urls.revoked).not.toContain(url);
    act(() => view.unmount());
    expect(urls.revoked).toContain(url);
  });

  it('shows a failed preview in place, with a retry that loads it again', async () => {
    let fail = true;
    const requests = signedIn(DETAIL, (r) =>
      fail ? envelope(null, 404, 'The transaction has no such attachment', { status: 404 }) : fileAnswer(r),
    );
    renderApp('/transactions/detail/11');
    const images = await screen.findByRole('list', { name: 'Images' });
    await waitFor(() => expect(within(images).getAllByRole('alert')).toHaveLength(2));
    expect(within(images).getAllByText('Preview failed')).toHaveLength(2);
    // The call is silent: no toast with the server's message.
    expect(screen.queryByText('The transaction has no such attachment')).toBeNull();

    fail = false;
    await user().click(within(images).getByRole('button', { name: 'Load receipt.PNG again' }));
    expect(await within(images).findByRole('button', { name: 'Preview receipt.PNG' })).toBeTruthy();
    expect(attachmentCalls(requests).filter((b) => (b as { fileId: string }).fileId === 'f_receiptPNG000000000001')).toHaveLength(2);
  });

  it('without transactions:detail lists the names only and fetches nothing', async () => {
    const requests = signedIn(['home', 'transactions:payment-link', 'transactions:payment-link-detail']);
    renderApp('/transactions/payment-link-detail/11');
    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['receipt.PNG20 KB', 'logo.svg1 KB', 'invoice.pdf100 KB', 'design.psd4 KB']);
    expect(screen.getByText('Opening attachments needs the transaction detail permission')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Download / })).toBeNull();
    expect(attachmentCalls(requests)).toEqual([]);
  });

  it('says so when there are none', async () => {
    useAppStore.setState({ token: 'tok', language: 'zh-CN' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope(permissionLoadOf(DETAIL, ['BR'])),
      [transactionQuery.path]: () => envelope({ ...payinDetail, attachments: [] }),
    });
    renderApp('/transactions/detail/11');
    expect(await screen.findByText('无附件')).toBeTruthy();
  });
});
