import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { transactionExportPreflight } from '@andes/contract/download-center/endpoints';
import {
  proofBrPixBs2,
  proofMxSpeiArcus,
  transactionFileDownload,
  transactionFileDownloadUrl,
  transactionPage,
  transactionProofList,
  transactionQuery,
  transactionSubMerchantQuery,
} from '@andes/contract/transaction/endpoints';
import { otherProviderProofMessage, type TransactionAdvancedPageRequest } from '@andes/contract/transaction/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed, footerButton } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { failedPayin, payinDetail, settledPayin } from './fixtures.ts';

const LIST_CODES = ['home', 'transactions:payin', 'transactions:detail'];

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes = {}, capped = true) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX'])),
    [transactionSubMerchantQuery.path]: () => envelope([]),
    [transactionPage.path]: () =>
      envelope({ list: [settledPayin, failedPayin], total: capped ? 10_000 : 2, totalCapped: capped, nextCursor: capped ? 'c2' : null }),
    // An export is counted first; a small one downloads at once.
    [transactionExportPreflight.path]: () =>
      envelope({ rowCount: 2, totals: [{ currency: 'BRL', cents: 1_284_567 }], route: 'DIRECT', directMaxRows: 50_000 }),
    ...routes,
  });
}

const csvFile = (format: 'csv' | 'xlsx') => () =>
  new Response(format === 'csv' ? 'Unique id,Submit time (America/Sao_Paulo, UTC-3)\r\n' : 'PK\u0003\u0004', {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="transactions-payin-BR-2026-01-15.${format}"`,
    },
  });

const fileByFormat = (r: RecordedRequest) => csvFile((r.body as { format: 'csv' | 'xlsx' }).format)();

let saved: { name: string; href: string; blob: Blob | null }[];
let blobs: Blob[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T17:05:00Z'));
  saved = [];
  blobs = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:andes/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const index = this.href.startsWith('blob:andes/') ? Number(this.href.slice('blob:andes/'.length)) - 1 : -1;
    saved.push({ name: this.download, href: this.href, blob: blobs[index] ?? null });
  });
});

afterEach(() => {
  clearDownloadCache();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

async function openExport(u: ReturnType<typeof user>) {
  await u.click(await screen.findByRole('button', { name: /Export/ }));
}

/** Closes the export dialog once it has downloaded. */
async function closeExport(u: ReturnType<typeof user>) {
  const dialog = await dialogNamed(/^Export /);
  await within(dialog).findByText('The file has been downloaded.');
  await u.click(footerButton(dialog, 'Close'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('transaction list export', () => {
  it('exports exactly the filter the list sends, with the format and the interface language, and reuses the file', async () => {
    const requests = signedIn([...LIST_CODES, 'transactions:export'], { [transactionFileDownload.path]: fileByFormat });
    renderApp('/transactions/payin?merchantReference=ORD-1001&statuses=SETTLED,FAILED&amount=10.00~200.50&page=2&cursor=c2');
    await screen.findByText('PI20260114000011');
    const listed = requests.filter((r) => r.path === transactionPage.path).at(-1)?.body as TransactionAdvancedPageRequest;
    expect(listed).toMatchObject({ cursor: 'c2', merchantReference: 'ORD-1001', amountMin: 1000, amountMax: 20050 });

    const u = user();
    await openExport(u);
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const { cursor: _c, pageSize: _p, ...filter } = listed;
    const exports = () => requests.filter((r) => r.path === transactionFileDownload.path).map((r) => r.body);
    expect(exports()).toEqual([{ ...filter, format: 'csv', language: 'en' }]);
    expect(exports()[0]).toEqual({
      list: 'payin',
      country: 'BR',
      statuses: ['SETTLED', 'FAILED'],
      productTypes: [],
      createdAt: { start: '2026-01-08T03:00:00.000Z', end: '2026-01-16T03:00:00.000Z' },
      merchantReference: 'ORD-1001',
      amountMin: 1000,
      amountMax: 20050,
      format: 'csv',
      language: 'en',
    });
    expect(saved[0]?.name).toBe('transactions-payin-BR-2026-01-15.csv');
    expect(await saved[0]?.blob?.text()).toContain('Submit time (America/Sao_Paulo, UTC-3)');
    expect(await screen.findByText('Downloaded transactions-payin-BR-2026-01-15.csv')).toBeTruthy();
    // It was counted first, with exactly the same filter.
    expect(requests.filter((r) => r.path === transactionExportPreflight.path).map((r) => r.body)).toEqual(exports());
    await closeExport(u);

    await openExport(u);
    await u.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('transactions-payin-BR-2026-01-15.xlsx');
    expect(exports().at(-1)).toMatchObject({ format: 'xlsx', language: 'en' });
    await closeExport(u);

    // The same CSV again within 10 minutes comes from the download cache.
    await openExport(u);
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(exports()).toHaveLength(2);
    expect(saved[2]?.name).toBe('transactions-payin-BR-2026-01-15.csv');
  }, 45_000);

  it('sends the Chinese interface language for a Chinese header row', async () => {
    const requests = signedIn([...LIST_CODES, 'transactions:export'], { [transactionFileDownload.path]: fileByFormat });
    useAppStore.setState({ language: 'zh-CN' });
    renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    const u = user();
    await u.click(await screen.findByRole('button', { name: /导出/ }));
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests.find((r) => r.path === transactionFileDownload.path)?.body).toMatchObject({ format: 'csv', language: 'zh-CN' });
  });

  it('shows that it is exporting, then the server’s error, and saves nothing', async () => {
    let answer: (response: Response) => void = () => undefined;
    signedIn([...LIST_CODES, 'transactions:export'], {
      [transactionFileDownload.path]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    const u = user();
    await openExport(u);
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('button', { name: /Exporting…/ })).toBeTruthy();
    answer(envelope(null, 200010, 'The export is too large: narrow the filter'));
    expect(await screen.findByText('The export is too large: narrow the filter')).toBeTruthy();
    expect(await screen.findByText('The file was not downloaded.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Export/ })).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('offers a one-time download link for a capped total and follows the URL the server made', async () => {
    const requests = signedIn([...LIST_CODES, 'transactions:export'], {
      [transactionFileDownloadUrl.path]: () => envelope({ url: '/files/exports/0123abcd', expiresAt: '2026-01-15T17:15:00.000Z' }),
    });
    renderApp('/transactions/payin?statuses=SETTLED');
    await screen.findByText('Total 10,000+');
    const u = user();
    await openExport(u);
    await u.click(await screen.findByRole('menuitem', { name: 'Download link, Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.href).toBe(`${window.location.origin}/files/exports/0123abcd`);
    expect(requests.find((r) => r.path === transactionFileDownloadUrl.path)?.body).toMatchObject({
      list: 'payin',
      country: 'BR',
      statuses: ['SETTLED'],
      format: 'xlsx',
      language: 'en',
    });
    expect(requests.some((r) => r.path === transactionFileDownload.path)).toBe(false);
    expect(await screen.findByText('The download has started in your browser')).toBeTruthy();
  });

  it('offers no download link when the total is exact', async () => {
    signedIn([...LIST_CODES, 'transactions:export'], {}, false);
    renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    const u = user();
    await openExport(u);
    expect(await screen.findByRole('menuitem', { name: 'CSV' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Download link/ })).toBeNull();
  });

  it('has no export without the export permission', async () => {
    signedIn(LIST_CODES);
    renderApp('/transactions/payin');
    await screen.findByText('PI20260114000011');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});

describe('proof downloads', () => {
  const DETAIL_CODES = ['home', 'transactions:payin', 'transactions:detail'];

  function detailRoutes(variants: string[], routes: Routes = {}): Routes {
    return {
      [transactionQuery.path]: () => envelope(payinDetail),
      [transactionProofList.path]: () => envelope({ variants }),
      [proofBrPixBs2.path]: () =>
        new Response('%PDF-1.7 PI20260114000011', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="proof-PI20260114000011-bs2.pdf"' },
        }),
      ...routes,
    };
  }

  const proofCard = async () => (await screen.findByText('Proof of transfer')).closest('.ant-card') as HTMLElement;
  const buttonsOf = (card: HTMLElement) =>
    within(card)
      .getAllByRole('button')
      .map((b) => b.textContent);

  it('shows only the proof of the provider that carried the transfer and downloads the PDF from its call', async () => {
    const requests = signedIn([...DETAIL_CODES, 'transactions:proof-view'], detailRoutes(['br-pix-bs2']));
    renderApp('/transactions/detail/11');
    await screen.findByRole('heading', { name: 'Transaction PI20260114000011' });
    const card = await proofCard();
    expect(buttonsOf(card)).toEqual(['PIX proof (BS2)']);
    expect(within(card).queryByRole('button', { name: 'PIX proof (Bexs)' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'PIX proof (Rendimento)' })).toBeNull();
    expect(requests.find((r) => r.path === transactionProofList.path)?.body).toEqual({ id: 11 });

    const u = user();
    await u.click(within(card).getByRole('button', { name: 'PIX proof (BS2)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests.filter((r) => r.path === proofBrPixBs2.path).map((r) => r.body)).toEqual([{ id: 11 }]);
    expect(saved[0]?.name).toBe('proof-PI20260114000011-bs2.pdf');
    expect(await saved[0]?.blob?.text()).toMatch(/^%PDF/);

    // The same proof again comes from the download cache.
    await u.click(within(card).getByRole('button', { name: 'PIX proof (BS2)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(requests.filter((r) => r.path === proofBrPixBs2.path)).toHaveLength(1);
  });

  it('shows a SPEI transfer’s one receipt, and a refusal as the server’s message (nothing is saved)', async () => {
    const carriedBy = otherProviderProofMessage('STP');
    const requests = signedIn(
      [...DETAIL_CODES, 'transactions:proof-view'],
      detailRoutes(['mx-spei-arcus'], { [proofMxSpeiArcus.path]: () => envelope(null, 200009, carriedBy) }),
    );
    renderApp('/transactions/detail/11');
    await screen.findByRole('heading', { name: 'Transaction PI20260114000011' });
    const card = await proofCard();
    expect(buttonsOf(card)).toEqual(['SPEI proof (arcus)']);
    await user().click(within(card).getByRole('button', { name: 'SPEI proof (arcus)' }));
    expect(await screen.findByText(carriedBy)).toBeTruthy();
    expect(requests.filter((r) => r.path === proofMxSpeiArcus.path).map((r) => r.body)).toEqual([{ id: 11 }]);
    expect(saved).toHaveLength(0);
  });

  it('shows no proofs when the transaction has none', async () => {
    const requests = signedIn([...DETAIL_CODES, 'transactions:proof-view'], detailRoutes([]));
    renderApp('/transactions/detail/11');
    await screen.findByRole('heading', { name: 'Transaction PI20260114000011' });
    await waitFor(() => expect(requests.some((r) => r.path === transactionProofList.path)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Overview')).toBeTruthy();
    expect(screen.queryByText('Proof of transfer')).toBeNull();
  });

  it('neither asks for nor shows proofs without the proof-view permission', async () => {
    const requests = signedIn(DETAIL_CODES, detailRoutes(['br-pix-bs2']));
    renderApp('/transactions/detail/11');
    await screen.findByRole('heading', { name: 'Transaction PI20260114000011' });
    expect(screen.getByText('Overview')).toBeTruthy();
    expect(screen.queryByText('Proof of transfer')).toBeNull();
    expect(requests.some((r) => r.path === transactionProofList.path)).toBe(false);
  });
});
