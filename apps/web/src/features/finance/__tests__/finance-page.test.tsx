import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { downloadRecordPage } from '@andes/contract/download-center/endpoints';
import {
  reconciliation,
  statementDownload,
  statementExportPreflight,
  statementExportTaskCreate,
  statementPage as statementPageCall,
  taxDetail,
} from '@andes/contract/finance/endpoints';
import type { StatementPageRequest } from '@andes/contract/finance/schemas';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDownloadCache } from '../../../shared/api/download-cache.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  balanced,
  largeExport,
  NOW,
  periodTaxes,
  permissionsWithSubMerchants,
  smallExport,
  statementPage,
  statementTask,
  subMerchants,
  transactionTaxes,
  unbalanced,
  WEEK,
} from './fixtures.ts';

const CODES = ['home', 'finance:payin', 'finance:payout', 'transactions:detail', 'download-center'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(options: { load?: PermissionLoad; user?: typeof demoUser; routes?: Routes } = {}) {
  useAppStore.setState({ token: 'tok', language: 'en' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(options.user ?? demoUser),
    [permissionLoad.path]: () => envelope(options.load ?? permissionLoadOf(CODES, ['BR', 'MX'])),
    [statementPageCall.path]: () => envelope(statementPage()),
    [subMerchantList.path]: () => envelope(subMerchants),
    [downloadRecordPage.path]: () => envelope({ list: [statementTask], total: 1, totalCapped: false, nextCursor: null }),
    ...options.routes,
  });
}

const bodiesOf = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);
const statementBodies = (requests: RecordedRequest[]) => bodiesOf(requests, statementPageCall.path) as StatementPageRequest[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

let saved: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:andes/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  clearDownloadCache();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The row of the table whose cells hold `text`. */
const rowWith = (text: string) => screen.getAllByText(text)[0]?.closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('finance statement', () => {
  it('shows the period above the lines of the selected country’s pay-in account, times in its zone', async () => {
    const requests = signedIn();
    renderApp('/finance/payin');
    // The first test of the file waits for the lazy page on a cold transform cache.
    expect(await screen.findByRole('heading', { name: 'Pay-in account statement' }, { timeout: 30_000 })).toBeTruthy();
    await screen.findByText('TO-20260110-0002');
    expect(statementBodies(requests)[0]).toEqual({ country: 'BR', accountType: 'PAY_IN', range: WEEK, pageSize: 20 });

    const head = screen.getByText('Opening balance').closest('.ant-card') as HTMLElement;
    const figure = (label: string) => within(head).getByText(label).closest('.ant-descriptions-item') as HTMLElement;
    expect(within(figure('Account')).getByText('BR-PAYIN-0***000000021')).toBeTruthy();
    expect(within(figure('Currency')).getByText('BRL')).toBeTruthy();
    expect(within(figure('Time zone')).getByText('America/Sao_Paulo (UTC-3)')).toBeTruthy();
    expect(within(figure('Period')).getByText('2026-01-08 – 2026-01-15')).toBeTruthy();
    expect(within(figure('Opening balance')).getByText('R$ 70,776.00')).toBeTruthy();
    expect(within(figure('Credits')).getByText('R$ 52,734.00')).toBeTruthy();
    expect(within(figure('Debits')).getByText('R$ 54.00')).toBeTruthy();
    expect(within(figure('Closing balance')).getByText('R$ 123,456.00')).toBeTruthy();

    expect(screen.getByRole('columnheader', { name: 'Booked (America/Sao_Paulo)' })).toBeTruthy();
    expect(cellsOf(rowWith('R$ 1,500.00'))).toEqual([
      '2026-01-14 12:30:00',
      'Settlement',
      'Pay-in settled',
      'Amount',
      'PI2026011400011order-7781',
      'R$ 1,500.00',
      '--',
      'R$ 123,510.00',
      'Fees and taxes',
    ]);
    expect(cellsOf(rowWith('R$ 45.00'))).toEqual([
      '2026-01-14 12:30:00',
      'Fee',
      'Pay-in settled',
      'Fee',
      'PI2026011400011order-7781',
      '--',
      'R$ 45.00',
      'R$ 123,465.00',
      'Fees and taxes',
    ]);
    // A global movement: its reference, no transaction and no fees to open.
    expect(cellsOf(rowWith('TO-20260110-0002'))).toEqual([
      '2026-01-10 09:00:00',
      'Accounting',
      'Transfer from the global account',
      'Amount',
      'TO-20260110-0002',
      'R$ 51,234.00',
      '--',
      'R$ 122,010.00',
      '',
    ]);
    // The transaction opens in its detail.
    const link = within(rowWith('R$ 1,500.00')).getByRole('link', { name: 'PI2026011400011' });
    expect(link.getAttribute('href')).toBe('/transactions/detail/14011');
  }, 45_000);

  it('sends the search bar’s period, type, category and keyword, kept in the URL, and resets to the last week', async () => {
    const requests = signedIn();
    const view = renderApp('/finance/payout?range=2025-12-01~2025-12-31&type=FEE&category=TAX&keyword=PO2026');
    await screen.findByText('TO-20260110-0002');
    expect(statementBodies(requests)[0]).toEqual({
      country: 'BR',
      accountType: 'PAY_OUT',
      range: { from: '2025-12-01', to: '2025-12-31' },
      type: 'FEE',
      category: 'TAX',
      keyword: 'PO2026',
      pageSize: 20,
    });
    const form = screen.getByRole('form', { name: 'Search Payout account statement' });
    expect((within(form).getByRole('textbox', { name: 'Transaction or reference' }) as HTMLInputElement).value).toBe('PO2026');
    expect(
      within(form)
        .getAllByRole('textbox', { name: 'Period' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['2025-12-01', '2025-12-31']);

    const u = user();
    await u.click(within(form).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(statementBodies(requests).at(-1)).toEqual({ country: 'BR', accountType: 'PAY_OUT', range: WEEK, pageSize: 20 }),
    );
    expect(view.location()).toBe('/finance/payout');

    await chooseOptions(u, within(form).getByRole('combobox', { name: 'Category' }), ['Chargebacks']);
    await u.type(within(form).getByRole('textbox', { name: 'Transaction or reference' }), 'order-7781');
    await u.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(statementBodies(requests).at(-1)).toEqual({
        country: 'BR',
        accountType: 'PAY_OUT',
        range: WEEK,
        category: 'CHARGEBACK',
        keyword: 'order-7781',
        pageSize: 20,
      }),
    );
  });

  it('sends no period the server would refuse: a link beyond the span or the months back shows the last week', async () => {
    const requests = signedIn();
    renderApp('/finance/payin?range=2023-01-01~2026-01-15');
    await screen.findByText('TO-20260110-0002');
    expect(statementBodies(requests)[0]?.range).toEqual(WEEK);
  });

  it('lets a merchant user with sub-merchants choose the holder, and keeps the choice when searching', async () => {
    const requests = signedIn({ load: permissionsWithSubMerchants(CODES) });
    renderApp('/finance/payin');
    const holder = await screen.findByRole('combobox', { name: 'Account holder' });
    await screen.findByText('TO-20260110-0002');
    expect(bodiesOf(requests, subMerchantList.path)).toEqual([{ merchantId: 1 }]);
    const u = user();
    await chooseOptions(u, holder, ['Andes Demo Travel (sub-merchant)']);
    await waitFor(() =>
      expect(statementBodies(requests).at(-1)).toEqual({
        country: 'BR',
        accountType: 'PAY_IN',
        range: WEEK,
        subMerchantId: 32,
        pageSize: 20,
      }),
    );

    const form = screen.getByRole('form', { name: 'Search Pay-in account statement' });
    await u.type(within(form).getByRole('textbox', { name: 'Transaction or reference' }), 'PI1');
    await u.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(statementBodies(requests).at(-1)).toMatchObject({ subMerchantId: 32, keyword: 'PI1' }));

    await chooseOptions(u, holder, ['Andes Demo Store (merchant)']);
    await waitFor(() => expect(statementBodies(requests).at(-1)).not.toHaveProperty('subMerchantId'));
  });

  it('gives a sub-merchant user no holder picker, and never sends another holder', async () => {
    const requests = signedIn({
      load: permissionsWithSubMerchants(CODES),
      user: { ...demoUser, username: 'demo.market', subMerchantId: 31 },
    });
    renderApp('/finance/payin?subMerchantId=32');
    await screen.findByText('TO-20260110-0002');
    expect(screen.queryByRole('combobox', { name: 'Account holder' })).toBeNull();
    expect(statementBodies(requests)[0]).toEqual({ country: 'BR', accountType: 'PAY_IN', range: WEEK, pageSize: 20 });
    expect(bodiesOf(requests, subMerchantList.path)).toEqual([]);
  });

  it('downloads a small statement at once after counting it (DIRECT)', async () => {
    const requests = signedIn({
      routes: {
        [statementExportPreflight.path]: () => envelope(smallExport),
        [statementDownload.path]: () =>
          new Response('Booked,Type\r\n', {
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="statement-PAY_IN-BR.csv"' },
          }),
      },
    });
    renderApp('/finance/payin?type=SETTLE');
    await screen.findByText('TO-20260110-0002');
    const u = user();
    await u.click(screen.getByRole('button', { name: /Download/ }));
    await u.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    const dialog = await dialogNamed('Export CSV');
    expect(await within(dialog).findByText('R$ 52,680.00')).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['statement-PAY_IN-BR.csv']));
    expect(await within(dialog).findByText('The file has been downloaded.')).toBeTruthy();

    const [counted] = bodiesOf(requests, statementExportPreflight.path);
    expect(counted).toEqual({ country: 'BR', accountType: 'PAY_IN', range: WEEK, type: 'SETTLE', format: 'csv', language: 'en' });
    expect(bodiesOf(requests, statementDownload.path)).toEqual([counted]);
    expect(bodiesOf(requests, statementExportTaskCreate.path)).toEqual([]);
  });

  it('queues a large statement in the download center with the dialog’s idempotency key, and links there (TASK)', async () => {
    const requests = signedIn({
      routes: {
        [statementExportPreflight.path]: () => envelope(largeExport),
        [statementExportTaskCreate.path]: () => envelope(statementTask),
      },
    });
    const app = renderApp('/finance/payin');
    await screen.findByText('TO-20260110-0002');
    const u = user();
    await u.click(screen.getByRole('button', { name: /Download/ }));
    await u.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    const dialog = await dialogNamed('Export Excel (XLSX)');
    expect(await within(dialog).findByText('61,234')).toBeTruthy();
    expect(within(dialog).getByText(/^More than 50,000 rows: the file will be prepared in the download center/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Prepare in the download center' }));
    await waitFor(() => expect(bodiesOf(requests, statementExportTaskCreate.path)).toHaveLength(1));
    expect(
      await within(dialog).findByText('statement-PAY_IN-BR-2026-01-08-2026-01-15.csv is being prepared in the download center.'),
    ).toBeTruthy();

    const [created] = bodiesOf(requests, statementExportTaskCreate.path) as { idempotencyKey: string }[];
    const { idempotencyKey, ...filter } = created as { idempotencyKey: string };
    expect(filter).toEqual({ country: 'BR', accountType: 'PAY_IN', range: WEEK, format: 'xlsx', language: 'en' });
    expect(idempotencyKey).toMatch(UUID);
    expect(bodiesOf(requests, statementDownload.path)).toEqual([]);

    await u.click(within(dialog).getByRole('link', { name: 'Open the download center' }));
    await waitFor(() => expect(app.location()).toBe('/download-center'));
  });

  it('says the period is balanced when statement, postings and transactions agree', async () => {
    const requests = signedIn({ routes: { [reconciliation.path]: () => envelope(balanced) } });
    const view = renderApp('/finance/payin?category=FEE');
    await screen.findByText('TO-20260110-0002');
    await user().click(screen.getByRole('button', { name: 'Reconciliation' }));
    const drawer = await dialogNamed('Reconciliation');
    expect(await within(drawer).findByText('Balanced')).toBeTruthy();
    expect(view.location()).toBe('/finance/payin?category=FEE&dialog=reconciliation');
    // The account and period of the statement; its category filter is not part of the check.
    expect(bodiesOf(requests, reconciliation.path)).toEqual([{ country: 'BR', accountType: 'PAY_IN', range: WEEK }]);
    expect(cellsOf(within(drawer).getByText('Pay-ins').closest('tr') as HTMLElement)).toEqual([
      'Pay-ins',
      '1',
      'R$ 1,500.00',
      'R$ 1,500.00',
      'R$ 1,500.00',
      'R$ 0.00',
    ]);
    expect(cellsOf(within(drawer).getByText('FX').closest('tr') as HTMLElement)).toContain('--');
    expect(within(drawer).getByText('Holds')).toBeTruthy();
    expect(within(drawer).getByText('None: every day chains to the next.')).toBeTruthy();
    expect(within(drawer).queryByText('Differences found')).toBeNull();
  });

  it('says differences were found, which figure differs and which days are broken', async () => {
    signedIn({ routes: { [reconciliation.path]: () => envelope(unbalanced) } });
    renderApp('/finance/payin?dialog=reconciliation');
    const drawer = await dialogNamed('Reconciliation');
    expect(await within(drawer).findByText('Differences found')).toBeTruthy();
    expect(within(drawer).getByText('Categories with a difference: 1. Days whose balances do not chain: 2.')).toBeTruthy();
    expect(within(within(drawer).getByText('Pay-ins').closest('tr') as HTMLElement).getByText('R$ 10.00')).toBeTruthy();
    expect(within(drawer).getByText('Does not hold')).toBeTruthy();
    const days = within(drawer).getByRole('list', { name: 'Broken days' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2026-01-12', '2026-01-14']);
    expect(within(drawer).queryByText('Balanced')).toBeNull();
  });

  it('shows the fees and taxes of the period, and of one line’s transaction', async () => {
    const requests = signedIn({
      routes: {
        [taxDetail.path]: (r) => envelope((r.body as { transactionKey?: string }).transactionKey ? transactionTaxes : periodTaxes),
      },
    });
    const view = renderApp('/finance/payin');
    await screen.findByText('TO-20260110-0002');
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Fees and taxes' }));
    const period = await dialogNamed('Fees and taxes of the period');
    expect(await within(period).findByText('R$ 44.00')).toBeTruthy();
    const totals = (label: string) => within(period).getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;
    expect(within(totals('Fees')).getByText('R$ 35.00')).toBeTruthy();
    expect(within(totals('VAT')).getByText('R$ 9.00')).toBeTruthy();
    expect(cellsOf(within(period).getByText('Refund').closest('tr') as HTMLElement)).toEqual(['Fee', 'Refund', '1', '-R$ 10.00']);
    expect(bodiesOf(requests, taxDetail.path)).toEqual([{ country: 'BR', accountType: 'PAY_IN', range: WEEK }]);
    await u.click(within(period).getByRole('button', { name: 'Close' }));

    await u.click(within(rowWith('R$ 1,500.00')).getByRole('button', { name: 'Fees and taxes of PI2026011400011' }));
    const one = await dialogNamed('Fees and taxes of PI2026011400011');
    expect(view.location()).toBe('/finance/payin?dialog=tax&transaction=PI2026011400011');
    expect(await within(one).findByText('order-7781')).toBeTruthy();
    expect(bodiesOf(requests, taxDetail.path).at(-1)).toEqual({ country: 'BR', accountType: 'PAY_IN', transactionKey: 'PI2026011400011' });
    const reported = within(one).getByText('Fee reported', { selector: 'th, th *' }).closest('tr') as HTMLElement;
    expect(within(reported).getByText('R$ 45.00')).toBeTruthy();
    expect(
      within(within(one).getByText('Total', { selector: 'th, th *' }).closest('tr') as HTMLElement).getByText('R$ 54.00'),
    ).toBeTruthy();
  });

  it('shows the lines as cards on a phone, the period above them', async () => {
    installMatchMedia(390);
    signedIn();
    renderApp('/finance/payin');
    const list = await screen.findByRole('list', { name: 'Pay-in account statement' });
    await within(list).findByText('TO-20260110-0002');
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = within(list).getByText('TO-20260110-0002').closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Transfer from the global account')).toBeTruthy();
    expect(within(card).getByText('R$ 51,234.00')).toBeTruthy();
    const head = screen.getByText('Closing balance').closest('.ant-descriptions-item') as HTMLElement;
    expect(within(head).getByText('R$ 123,456.00')).toBeTruthy();
  });
});
