import { BATCH_MESSAGES, BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { testBatchUpload as batchUpload, testBatchTemplate as template } from '@andes/contract/testing/batch-endpoints';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { type ObjectUrls, spyObjectUrls } from '../../test/object-urls.ts';
import { formEntries, mockXhr } from '../../test/xhr-mock.ts';
import { clearDownloadCache } from '../api/download-cache.ts';
import { setNotifier } from '../api/notifier.ts';
import { useAppStore } from '../store/app-store.ts';
import { BatchTool } from './batch-tool.tsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsx = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: XLSX });
const input = () => screen.getByTestId('batch-input') as HTMLInputElement;
const user = () => userEvent.setup({ applyAccept: false });

let saved: { name: string; blob: Blob | undefined }[];
let urls: ObjectUrls;

beforeEach(() => {
  useAppStore.setState({ token: 'tok', language: 'en' });
  saved = [];
  urls = spyObjectUrls();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: urls.blobOf(this.href) });
  });
  setNotifier({ info: () => {}, success: () => {}, error: () => {} });
});
afterEach(() => {
  clearDownloadCache();
  setNotifier(null);
});

describe('BatchTool', () => {
  it('downloads the template through the authenticated client', async () => {
    const requests = mockFetch({
      [template.path]: () =>
        new Response('template bytes', {
          headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="payout-batch-template.xlsx"' },
        }),
    });
    mockXhr();
    render(<BatchTool template={template} upload={batchUpload} />);
    await user().click(screen.getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['payout-batch-template.xlsx']));
    expect(requests[0]?.headers.get('token')).toBe('tok');
    expect(await saved[0]?.blob?.text()).toBe('template bytes');
  });

  it('uploads one .xlsx in the field "file" with a progress bar, then offers the result and its counts', async () => {
    const requests = mockXhr();
    const onChecked = vi.fn();
    render(<BatchTool template={template} upload={batchUpload} onChecked={onChecked} />);
    expect(screen.getByText('Fill in the template and upload it as one .xlsx file of at most 10 MB and 5000 rows')).toBeTruthy();
    await user().upload(input(), xlsx('march.xlsx'));
    expect(requests.map((r) => [r.path, formEntries(r.body)])).toEqual([[batchUpload.path, [['file', 'march.xlsx']]]]);
    expect(requests[0]?.headers.token).toBe('tok');
    const bar = screen.getByRole('progressbar', { name: 'Checking march.xlsx' });
    act(() => requests[0]?.progress(1024, 4096));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));

    act(() =>
      requests[0]?.respond(200, new Blob(['result bytes'], { type: XLSX }), {
        'content-type': XLSX,
        'content-disposition': "attachment; filename*=UTF-8''march-result.xlsx",
        [BATCH_RESULT_HEADERS.total]: '3',
        [BATCH_RESULT_HEADERS.ok]: '1',
        [BATCH_RESULT_HEADERS.failed]: '2',
      }),
    );
    const done = await screen.findByRole('status', { name: 'march.xlsx was checked' });
    const counts = [...done.querySelectorAll('.ant-descriptions-item')].map((item) => item.textContent);
    expect(counts).toEqual(['Rows3', 'Rows OK1', 'Rows with errors2']);
    expect(onChecked).toHaveBeenCalledWith({ total: 3, ok: 1, failed: 2 });

    await user().click(within(done).getByRole('button', { name: /Download the result/ }));
    expect(saved.map((s) => s.name)).toEqual(['march-result.xlsx']);
    expect(await saved[0]?.blob?.text()).toBe('result bytes');
    expect(screen.getByRole('button', { name: /Upload another file/ })).toBeTruthy();
  });

  it('refuses another type than .xlsx and a file over 10 MB before sending anything', async () => {
    const requests = mockXhr();
    render(<BatchTool template={template} upload={batchUpload} />);
    await user().upload(input(), new File(['a,b'], 'payouts.csv', { type: 'text/csv' }));
    expect(screen.getByRole('alert').textContent).toBe('payouts.csv: Only .xlsx files can be uploaded');
    await user().upload(input(), xlsx('big.xlsx', ATTACHMENT_MAX_BYTES + 1));
    expect(screen.getByRole('alert').textContent).toBe('big.xlsx: The file must not exceed 10 MB');
    expect(requests).toEqual([]);
  });

  it('shows in place why the server refused the whole file', async () => {
    const requests = mockXhr();
    const onChecked = vi.fn();
    render(<BatchTool template={template} upload={batchUpload} onChecked={onChecked} />);
    await user().upload(input(), xlsx('bomb.xlsx'));
    act(() => requests[0]?.respondEnvelope(null, 200001, `file: ${BATCH_MESSAGES.zipBomb('bomb.xlsx')}`, 400));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('bomb.xlsx was not taken')).toBeTruthy();
    expect(within(alert).getByText(`file: ${BATCH_MESSAGES.zipBomb('bomb.xlsx')}`)).toBeTruthy();
    expect(onChecked).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
