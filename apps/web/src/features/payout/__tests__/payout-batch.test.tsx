import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import {
  payoutBatchCheck,
  payoutBatchUpload,
  payoutPage as payoutPageCall,
  payoutTemplateDownload,
  payoutVerifyCodeSend,
} from '@andes/contract/payout/endpoints';
import { PAYOUT_MESSAGES } from '@andes/contract/payout/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { spyObjectUrls } from '../../../test/object-urls.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { formEntries, mockXhr } from '../../../test/xhr-mock.ts';
import { basePayout, batchCheck, CODE_SENT, NOW, payoutPage, quoteOf } from './fixtures.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CODES = ['home', 'payment:payout', 'payment:payout:create'];
const xlsx = (name: string) => new File([new Uint8Array(64)], name, { type: XLSX });

function signedIn() {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES)),
    [payoutPageCall.path]: () => envelope(payoutPage([basePayout()])),
    [payoutVerifyCodeSend.path]: () => envelope(CODE_SENT),
    [payoutTemplateDownload.path]: () =>
      new Response('template', { headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="payouts-BR.xlsx"' } }),
  });
}

let saved: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  saved = [];
  spyObjectUrls();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
});
afterEach(() => {
  vi.useRealTimers();
  clearDownloadCache();
});

async function openBatch() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: /Batch payouts/ }, { timeout: 30_000 }));
  const drawer = await dialogNamed('Batch payouts');
  return { user, drawer, input: within(drawer).getByTestId('batch-input') as HTMLInputElement };
}

describe('batch payouts', () => {
  it('checks the file, lists the rows with errors inline, then creates the valid rows with a code', async () => {
    const fetches = signedIn();
    const uploads = mockXhr();
    const view = renderApp('/payment/payout');
    const { user, drawer, input } = await openBatch();
    expect(view.location()).toBe('/payment/payout?dialog=batch');
    expect(within(drawer).getByText('Fill in the template and upload it as one .xlsx file of at most 10 MB and 5000 rows')).toBeTruthy();
    expect(within(drawer).getByText(/Download the template of Brazil and fill in one row per payout \(at most 5000 rows\)/)).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved).toEqual(['payouts-BR.xlsx']));
    expect(fetches.find((r) => r.path === payoutTemplateDownload.path)?.body).toEqual({ country: 'BR' });

    await user.upload(input, xlsx('january.xlsx'));
    expect(uploads.map((u) => [u.path, formEntries(u.body)])).toEqual([
      [
        payoutBatchCheck.path,
        [
          ['country', 'BR'],
          ['file', 'january.xlsx'],
        ],
      ],
    ]);
    act(() => uploads[0]?.respondEnvelope(batchCheck()));

    const checked = await within(drawer).findByRole('region', { name: 'january.xlsx was checked: nothing was created yet' });
    expect([...checked.querySelectorAll('.ant-descriptions-item')].slice(0, 3).map((i) => i.textContent)).toEqual([
      'Rows5',
      'Rows OK3',
      'Rows with errors2',
    ]);
    expect(within(checked).getByText('Rows with errors or flagged as duplicates: 3', { selector: 'strong' })).toBeTruthy();
    const table = checked.querySelector('.ant-table') as HTMLElement;
    const rowOf = (n: string) => within(table).getByRole('cell', { name: n }).closest('tr') as HTMLElement;
    expect(within(rowOf('3')).getByText('Carla Dias')).toBeTruthy();
    expect(within(rowOf('3')).getByText('R$ 100.00')).toBeTruthy();
    expect(within(rowOf('3')).getByText(/^CPF or CNPJ: Enter a valid CPF \(11 digits\)/)).toBeTruthy();
    expect(within(rowOf('4')).getByText('TED')).toBeTruthy();
    expect(within(rowOf('4')).getByText('--')).toBeTruthy();
    expect(within(rowOf('4')).getByText('Amount: Please enter a valid amount')).toBeTruthy();
    expect(within(rowOf('6')).getByText('Duplicate')).toBeTruthy();
    expect(within(rowOf('6')).getByText(/Same as PO2026011500101 \(Pending, created 2026-01-15 08:00:00\)/)).toBeTruthy();

    const figures = within(checked).getByRole('group', { name: 'The 3 valid rows' });
    const line = (label: string) => within(figures).getByText(label, { selector: 'th, th *' }).closest('tr')?.textContent;
    expect(line('Payouts')).toBe('Payouts3');
    expect(line('Total reserved')).toBe('Total reservedR$ 3,036.00');
    expect(line('Available after')).toBe('Available afterR$ 6,964.00');

    const create = within(checked).getByRole('button', { name: 'Create 3 payouts' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.click(within(checked).getByRole('button', { name: /Send code/ }));
    await within(checked).findByText(/^Code sent to pa\*\*\*@andes-demo\.test/);
    expect(fetches.filter((r) => r.path === payoutVerifyCodeSend.path).map((r) => r.body)).toEqual([
      { country: 'BR', count: 3, amount: 300_000 },
    ]);
    await user.type(within(checked).getByRole('textbox', { name: 'Verification code' }), '123456');
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.click(within(checked).getByRole('checkbox', { name: /flagged as duplicates/ }));
    await user.click(create);

    // A first try answered "expired": said in place, the code cleared; the second creates.
    expect(uploads[1]?.path).toBe(payoutBatchUpload.path);
    act(() => uploads[1]?.respondEnvelope(null, 200001, PAYOUT_MESSAGES.codeExpired, 400));
    expect(await within(checked).findByText('The verification code has expired and has been re sent for you.')).toBeTruthy();
    const code = within(checked).getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement;
    expect(code.value).toBe('');
    await user.type(code, '654321');
    await user.click(create);
    const fields = (n: number) => formEntries(uploads[n]?.body).filter(([name]) => name !== 'requestId');
    expect(fields(2)).toEqual([
      ['country', 'BR'],
      ['verifyCode', '654321'],
      ['confirmDuplicates', 'true'],
      ['file', 'january.xlsx'],
    ]);
    const requestIds = [1, 2].map((n) => (uploads[n]?.body as FormData | undefined)?.get('requestId'));
    expect(requestIds[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(requestIds[1]).toBe(requestIds[0]);

    const pages = fetches.filter((r) => r.path === payoutPageCall.path).length;
    act(() =>
      uploads[2]?.respond(200, new Blob(['result'], { type: XLSX }), {
        'content-type': XLSX,
        [BATCH_RESULT_HEADERS.total]: '5',
        [BATCH_RESULT_HEADERS.ok]: '3',
        [BATCH_RESULT_HEADERS.failed]: '2',
      }),
    );
    const done = await within(drawer).findByRole('status', { name: 'january.xlsx was processed' });
    expect([...done.querySelectorAll('.ant-descriptions-item')].map((i) => i.textContent)).toEqual([
      'Rows5',
      'Rows OK3',
      'Rows with errors2',
    ]);
    expect(await screen.findByText('3 payouts were created and wait for approval')).toBeTruthy();
    await waitFor(() => expect(fetches.filter((r) => r.path === payoutPageCall.path).length).toBeGreaterThan(pages));
    await user.click(within(done).getByRole('button', { name: /Download the result/ }));
    expect(saved.at(-1)).toBe('january-result.xlsx');
  });

  it('offers no creation when no row can be paid, and takes a corrected file again', async () => {
    signedIn();
    const uploads = mockXhr();
    renderApp('/payment/payout');
    const { user, drawer, input } = await openBatch();
    await user.upload(input, xlsx('bad.xlsx'));
    act(() =>
      uploads[0]?.respondEnvelope(
        batchCheck({
          fileName: 'bad.xlsx',
          total: 2,
          ok: 0,
          failed: 2,
          quote: quoteOf(0, { count: 0 }),
          rows: batchCheck().rows.slice(0, 2),
        }),
      ),
    );
    const checked = await within(drawer).findByRole('region', { name: /bad.xlsx was checked/ });
    expect(within(checked).getByRole('alert').textContent).toBe(PAYOUT_MESSAGES.noValidRows);
    expect(within(checked).queryByRole('button', { name: /^Create/ })).toBeNull();
    expect(within(checked).queryByRole('button', { name: /Send code/ })).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: /Upload a corrected file/ }));
    await user.upload(input, xlsx('bad-fixed.xlsx'));
    expect(uploads[1]?.path).toBe(payoutBatchCheck.path);
    act(() =>
      uploads[1]?.respondEnvelope(
        batchCheck({ fileName: 'bad-fixed.xlsx', total: 2, ok: 2, failed: 0, rows: [], quote: quoteOf(20_000, { count: 2 }) }),
      ),
    );
    const again = await within(drawer).findByRole('region', { name: /bad-fixed.xlsx was checked/ });
    expect(within(again).getByRole('button', { name: 'Create 2 payouts' })).toBeTruthy();
    expect(within(again).queryByRole('checkbox', { name: /duplicates/ })).toBeNull();
  });
});
