import { BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { payoutBatchCheck, payoutBatchUpload, payoutTemplateDownload } from '@andes/contract/payout/endpoints';
import type { PayoutBatchCheck } from '@andes/contract/payout/schemas';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ObjectUrls, spyObjectUrls } from '../../test/object-urls.ts';
import { formEntries, mockXhr } from '../../test/xhr-mock.ts';
import { clearDownloadCache } from '../api/download-cache.ts';
import { errorMessage } from '../api/errors.ts';
import { setNotifier } from '../api/notifier.ts';
import { useAppStore } from '../store/app-store.ts';
import { type BatchCheckActions, BatchTool } from './batch-tool.tsx';

/*
 * The check step of the batch tool, with a real pair of calls of the contract (the payout batch's
 * check and upload): the file is checked first (JSON shown by the caller), then sent again to be
 * processed with the fields the caller's panel gives.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsx = (name: string) => new File([new Uint8Array(64)], name, { type: XLSX });
const input = () => screen.getByTestId('batch-input') as HTMLInputElement;
const user = () => userEvent.setup({ applyAccept: false });

const quote = {
  currency: 'BRL' as const,
  count: 2,
  amount: 30_000,
  fee: 300,
  vat: 60,
  total: 30_360,
  availableBefore: 100_000,
  availableAfter: 69_640,
  sufficient: true,
};
const answer = (fileName: string, failed = 1): PayoutBatchCheck => ({
  fileName,
  total: 2 + failed,
  ok: 2,
  failed,
  quote,
  maxRows: 5000,
  rows:
    failed > 0
      ? [
          {
            rowNumber: 3,
            productType: 'PIX',
            name: 'Carla',
            amount: null,
            errors: ['Amount: Please enter a valid amount'],
            duplicate: null,
          },
        ]
      : [],
});

/** The caller's panel: it shows the rows with errors, counts its own clicks (state that must start afresh per file), and creates. */
function Panel({ check, actions }: { check: PayoutBatchCheck; actions: BatchCheckActions<typeof payoutBatchUpload> }) {
  const [tries, setTries] = useState(0);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <ul aria-label="Rows with errors">
        {check.rows.map((row) => (
          <li key={row.rowNumber}>{`Row ${row.rowNumber}: ${row.errors.join('; ')}`}</li>
        ))}
      </ul>
      <p>{`Tries: ${tries}`}</p>
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        disabled={actions.creating}
        onClick={() => {
          setTries((n) => n + 1);
          setError(null);
          actions
            .create({ country: 'BR', verifyCode: '123456', requestId: 'req-0000000001', confirmDuplicates: 'true' })
            .catch((e: unknown) => setError(errorMessage(e)));
        }}
      >
        {`Create ${check.ok} rows of ${actions.fileName}`}
      </button>
    </div>
  );
}

function Tool({ onChecked }: { onChecked?: () => void }) {
  return (
    <BatchTool
      template={payoutTemplateDownload}
      templateBody={{ country: 'BR' }}
      upload={payoutBatchUpload}
      maxRows={1000}
      check={{
        endpoint: payoutBatchCheck,
        fields: { country: 'BR' },
        summary: (check) => ({ total: check.total, ok: check.ok, failed: check.failed }),
        render: (check, actions) => <Panel check={check} actions={actions} />,
      }}
      {...(onChecked ? { onChecked } : {})}
    />
  );
}

let saved: string[];
let urls: ObjectUrls;

beforeEach(() => {
  useAppStore.setState({ token: 'tok', language: 'en' });
  saved = [];
  urls = spyObjectUrls();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
    void urls;
  });
  setNotifier({ info: () => {}, success: () => {}, error: () => {} });
});
afterEach(() => {
  clearDownloadCache();
  setNotifier(null);
});

describe('BatchTool with a check step', () => {
  it('checks the file first and shows the answer inline, then sends the same file with the panel’s fields for the result', async () => {
    const requests = mockXhr();
    const onChecked = vi.fn();
    render(<Tool onChecked={onChecked} />);
    expect(screen.getByText('Fill in the template and upload it as one .xlsx file of at most 10 MB and 1000 rows')).toBeTruthy();
    const file = xlsx('march.xlsx');
    await user().upload(input(), file);
    expect(requests.map((r) => [r.path, formEntries(r.body)])).toEqual([
      [
        payoutBatchCheck.path,
        [
          ['country', 'BR'],
          ['file', 'march.xlsx'],
        ],
      ],
    ]);
    const bar = screen.getByRole('progressbar', { name: 'Checking march.xlsx' });
    act(() => requests[0]?.progress(512, 1024));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    act(() => requests[0]?.respondEnvelope(answer('march.xlsx')));

    const checked = await screen.findByRole('region', { name: 'march.xlsx was checked: nothing was created yet' });
    const counts = [...checked.querySelectorAll('.ant-descriptions-item')].map((item) => item.textContent);
    expect(counts).toEqual(['Rows3', 'Rows OK2', 'Rows with errors1']);
    expect(within(checked).getByText('Row 3: Amount: Please enter a valid amount')).toBeTruthy();
    expect(within(checked).getByText(/Correct the rows listed in your file and upload it again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload a corrected file/ })).toBeTruthy();
    expect(onChecked).not.toHaveBeenCalled();

    await user().click(within(checked).getByRole('button', { name: 'Create 2 rows of march.xlsx' }));
    expect(requests[1]?.path).toBe(payoutBatchUpload.path);
    expect(formEntries(requests[1]?.body)).toEqual([
      ['country', 'BR'],
      ['verifyCode', '123456'],
      ['requestId', 'req-0000000001'],
      ['confirmDuplicates', 'true'],
      ['file', 'march.xlsx'],
    ]);
    // The same file goes again.
    const sent = (requests[1]?.body as FormData | undefined)?.get('file') as File;
    expect([sent.name, sent.size]).toEqual([file.name, file.size]);
    expect(screen.getByRole('progressbar', { name: 'Sending march.xlsx' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload a corrected file/ }).hasAttribute('disabled')).toBe(true);
    act(() =>
      requests[1]?.respond(200, new Blob(['result'], { type: XLSX }), {
        'content-type': XLSX,
        [BATCH_RESULT_HEADERS.total]: '3',
        [BATCH_RESULT_HEADERS.ok]: '2',
        [BATCH_RESULT_HEADERS.failed]: '1',
      }),
    );
    const done = await screen.findByRole('status', { name: 'march.xlsx was processed' });
    expect([...done.querySelectorAll('.ant-descriptions-item')].map((item) => item.textContent)).toEqual([
      'Rows3',
      'Rows OK2',
      'Rows with errors1',
    ]);
    expect(onChecked).toHaveBeenCalledWith({ total: 3, ok: 2, failed: 1 });
    await user().click(within(done).getByRole('button', { name: /Download the result/ }));
    expect(saved).toEqual(['march-result.xlsx']);
  });

  it('keeps the answer when the creation fails, for the panel to say why and try again', async () => {
    const requests = mockXhr();
    render(<Tool />);
    await user().upload(input(), xlsx('april.xlsx'));
    act(() => requests[0]?.respondEnvelope(answer('april.xlsx')));
    const checked = await screen.findByRole('region', { name: /april.xlsx was checked/ });
    await user().click(within(checked).getByRole('button', { name: /^Create/ }));
    act(() => requests[1]?.respondEnvelope(null, 200001, 'The verification code is incorrect!', 400));
    expect((await within(checked).findByRole('alert')).textContent).toBe('The verification code is incorrect!');
    expect(within(checked).getByText('Tries: 1')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user().click(within(checked).getByRole('button', { name: /^Create/ }));
    expect(requests).toHaveLength(3);
    expect(within(checked).getByText('Tries: 2')).toBeTruthy();
  });

  it('checks a corrected file again, with a fresh panel; a refusal of the whole file shows in place', async () => {
    const requests = mockXhr();
    render(<Tool />);
    await user().upload(input(), xlsx('may.xlsx'));
    act(() => requests[0]?.respondEnvelope(answer('may.xlsx')));
    const first = await screen.findByRole('region', { name: /may.xlsx was checked/ });
    await user().click(within(first).getByRole('button', { name: /^Create/ }));
    act(() => requests[1]?.respondEnvelope(null, 200001, 'no', 400));
    expect(await screen.findByText('Tries: 1')).toBeTruthy();

    await user().upload(input(), xlsx('may-fixed.xlsx'));
    expect(requests[2]?.path).toBe(payoutBatchCheck.path);
    act(() => requests[2]?.respondEnvelope(answer('may-fixed.xlsx', 0)));
    const second = await screen.findByRole('region', { name: /may-fixed.xlsx was checked/ });
    expect(within(second).getByText('Tries: 0')).toBeTruthy();
    expect(within(second).queryByText(/Correct the rows listed/)).toBeNull();

    await user().upload(input(), xlsx('broken.xlsx'));
    act(() => requests[3]?.respondEnvelope(null, 200001, 'file: broken.xlsx is not an .xlsx file', 400));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('broken.xlsx was not taken')).toBeTruthy();
    expect(within(alert).getByText('file: broken.xlsx is not an .xlsx file')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /was checked/ })).toBeNull();
  });
});
