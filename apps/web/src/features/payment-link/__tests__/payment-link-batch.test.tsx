import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import {
  paymentLinkBatchCheck,
  paymentLinkBatchGenerate,
  paymentLinkList,
  paymentLinkTemplateDownload,
} from '@andes/contract/payment-link/endpoints';
import type { PaymentLinkBatchCheck } from '@andes/contract/payment-link/schemas';
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
import { link, NOW, pageOf } from './fixtures.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CODES = ['home', 'payment:payment-link', 'payment:payment-link:create'];
const xlsx = (name: string) => new File([new Uint8Array(64)], name, { type: XLSX });

const CHECK: PaymentLinkBatchCheck = {
  fileName: 'links.xlsx',
  total: 4,
  ok: 2,
  failed: 2,
  amount: 35_000,
  maxRows: 5000,
  rows: [
    { rowNumber: 3, productType: 'PIX', description: 'Invoice 3', amount: 50, errors: ['Amount: Minimum amount is 1.00 BRL'] },
    {
      rowNumber: 5,
      productType: 'BOLETO',
      description: '',
      amount: null,
      errors: ['Description: Please enter what the payer pays for', 'Amount: Please enter a valid amount'],
    },
  ],
};

function signedIn() {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES, ['BR'])),
    [paymentLinkList.path]: () => envelope(pageOf([link()])),
    [paymentLinkTemplateDownload.path]: () =>
      new Response('template', {
        headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="payment-links-BR.xlsx"' },
      }),
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

describe('batch payment links', () => {
  it('checks the file, shows each row’s errors inline, then generates the valid rows and downloads the result', async () => {
    const fetches = signedIn();
    const uploads = mockXhr();
    const view = renderApp('/payment/payment-link');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: /Batch generate/ }, { timeout: 30_000 }));
    const drawer = await dialogNamed('Batch generate payment links');
    expect(view.location()).toBe('/payment/payment-link?dialog=batch');
    expect(within(drawer).getByText(/Download the template of Brazil/)).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved).toEqual(['payment-links-BR.xlsx']));
    expect(fetches.find((r) => r.path === paymentLinkTemplateDownload.path)?.body).toEqual({ country: 'BR' });

    await user.upload(within(drawer).getByTestId('batch-input') as HTMLInputElement, xlsx('links.xlsx'));
    expect(uploads.map((u) => [u.path, formEntries(u.body)])).toEqual([
      [
        paymentLinkBatchCheck.path,
        [
          ['country', 'BR'],
          ['dryRun', 'true'],
          ['file', 'links.xlsx'],
        ],
      ],
    ]);
    act(() => uploads[0]?.respondEnvelope(CHECK));
    const checked = await within(drawer).findByRole('region', { name: /links.xlsx was checked/ });
    expect(within(checked).getByText('Rows with errors (2)', { selector: 'strong' })).toBeTruthy();
    const table = checked.querySelector('.ant-table') as HTMLElement;
    const rowOf = (n: string) => within(table).getByRole('cell', { name: n }).closest('tr') as HTMLElement;
    expect(within(rowOf('3')).getByText('PIX')).toBeTruthy();
    expect(within(rowOf('3')).getByText('R$ 0.50')).toBeTruthy();
    expect(within(rowOf('3')).getByText('Amount: Minimum amount is 1.00 BRL')).toBeTruthy();
    expect(within(rowOf('5')).getByText('Boleto')).toBeTruthy();
    expect(within(rowOf('5')).getByText('Description: Please enter what the payer pays for')).toBeTruthy();
    expect(within(rowOf('5')).getByText('Amount: Please enter a valid amount')).toBeTruthy();
    expect(within(checked).getByText('Valid rows: 2, total R$ 350.00')).toBeTruthy();

    const lists = fetches.filter((r) => r.path === paymentLinkList.path).length;
    await user.click(within(checked).getByRole('button', { name: 'Generate 2 links' }));
    expect(uploads[1]?.path).toBe(paymentLinkBatchGenerate.path);
    const fields = formEntries(uploads[1]?.body).filter(([name]) => name !== 'requestId');
    expect(fields).toEqual([
      ['country', 'BR'],
      ['dryRun', 'false'],
      ['file', 'links.xlsx'],
    ]);
    expect((uploads[1]?.body as FormData | undefined)?.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
    act(() =>
      uploads[1]?.respond(200, new Blob(['result'], { type: XLSX }), {
        'content-type': XLSX,
        [BATCH_RESULT_HEADERS.total]: '4',
        [BATCH_RESULT_HEADERS.ok]: '2',
        [BATCH_RESULT_HEADERS.failed]: '2',
      }),
    );
    expect(await within(drawer).findByRole('status', { name: 'links.xlsx was processed' })).toBeTruthy();
    await waitFor(() => expect(saved.at(-1)).toBe('links-result.xlsx'));
    expect(await screen.findByText('2 links generated')).toBeTruthy();
    await waitFor(() => expect(fetches.filter((r) => r.path === paymentLinkList.path).length).toBeGreaterThan(lists));
  });

  it('offers no generation when no row is valid', async () => {
    signedIn();
    const uploads = mockXhr();
    renderApp('/payment/payment-link?dialog=batch');
    const user = userEvent.setup({ applyAccept: false });
    const drawer = await dialogNamed('Batch generate payment links');
    await user.upload(within(drawer).getByTestId('batch-input') as HTMLInputElement, xlsx('bad.xlsx'));
    act(() => uploads[0]?.respondEnvelope({ ...CHECK, fileName: 'bad.xlsx', total: 2, ok: 0, amount: 0 }));
    const checked = await within(drawer).findByRole('region', { name: /bad.xlsx was checked/ });
    expect(within(checked).getByRole('alert').textContent).toMatch(/No row of this file can become a link/);
    expect(within(checked).queryByRole('button', { name: /^Generate/ })).toBeNull();
  });
});
