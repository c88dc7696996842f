import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { caseClose, casePage, caseStatistics } from '@andes/contract/support/endpoints';
import type { CasePageRequest } from '@andes/contract/support/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { caseDetail, hoursAgo, NOW, page, statistics, supportCase } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const ALL = [
  'home',
  'support:case',
  'support:case-detail',
  'support:create-case',
  'support:edit-case',
  'support:case:detail',
  'support:case:create',
  'support:case:edit',
  'support:case:close',
  'support:case:reopen',
];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const ROWS = [
  supportCase(),
  supportCase({
    id: 32,
    caseNo: 'CS20260114PRC456',
    title: 'Balance <b>differs</b>',
    caseType: 'BALANCE',
    status: 'PROCESSING',
    transactionKey: null,
    transactionId: null,
    transactionUniqueId: null,
    lastProviderReplyAt: hoursAgo(26),
    lastMerchantReplyAt: hoursAgo(0.5),
  }),
  supportCase({ id: 33, caseNo: 'CS20260101CLS789', title: 'Old question', caseType: 'OTHERS', status: 'CLOSED', closedAt: hoursAgo(48) }),
];

const rowOf = (caseNo: string) => screen.getByRole('link', { name: `Open case ${caseNo}` }).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('case list', { timeout: 60_000 }, () => {
  it('shows the status chips with their counts, the cases with their fields, and each row’s actions by status', async () => {
    const requests = signedIn(ALL, {
      [caseStatistics.path]: () => envelope(statistics({ PENDING: 4, PROCESSING: 2, SOLVED: 1, CLOSED: 7 })),
      [casePage.path]: () => envelope(page(ROWS)),
    });
    renderApp('/support-center/case');
    expect(await screen.findByRole('link', { name: 'Open case CS20260115ABC123' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === casePage.path)?.body).toEqual({ country: 'BR', pageSize: 20 });
    expect(requests.find((r) => r.path === caseStatistics.path)?.body).toEqual({ country: 'BR' });

    const chips = screen.getByRole('radiogroup', { name: 'Status' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['All (14)', 'Pending (4)', 'Processing (2)', 'Solved (1)', 'Closed (7)']),
    );
    expect(screen.getByText(/Waiting for the support team: 4\./)).toBeTruthy();

    const pending = rowOf('CS20260115ABC123');
    for (const text of ['Pix paid but not credited', 'Transactions', 'Pending', 'Brazil', 'PI2601050000901', '2026-01-15 06:00:00']) {
      expect(within(pending).getAllByText(text).length).toBeGreaterThan(0);
    }
    // Time since the last reply of each side.
    expect(within(pending).getByText('3 h ago')).toBeTruthy();
    expect(pending.textContent).toContain('You: 3 h ago');
    expect(pending.textContent).toContain('Support: --');
    const processing = rowOf('CS20260114PRC456');
    expect(within(processing).getByText('30 min ago')).toBeTruthy();
    expect(within(processing).getByText('1 d ago')).toBeTruthy();
    // A title is text, never markup.
    expect(within(processing).getByText('Balance <b>differs</b>')).toBeTruthy();
    expect(processing.querySelector('b')).toBeNull();

    // Actions by status: edit and close while open, reopen once closed.
    expect(within(pending).getByRole('button', { name: 'Edit case CS20260115ABC123' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Close case CS20260115ABC123' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: 'Reopen case CS20260115ABC123' })).toBeNull();
    const closed = rowOf('CS20260101CLS789');
    expect(within(closed).getByRole('button', { name: 'Reopen case CS20260101CLS789' })).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: 'Edit case CS20260101CLS789' })).toBeNull();
    expect(within(closed).queryByRole('button', { name: 'Close case CS20260101CLS789' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create case' })).toBeTruthy();
  });

  it('hides the buttons the user holds no code for', async () => {
    signedIn(['home', 'support:case', 'support:case-detail', 'support:case:detail'], {
      [caseStatistics.path]: () => envelope(statistics()),
      [casePage.path]: () => envelope(page(ROWS)),
    });
    renderApp('/support-center/case');
    await screen.findByRole('link', { name: 'Open case CS20260115ABC123' }, { timeout: 30_000 });
    expect(screen.getByRole('button', { name: 'Detail of case CS20260115ABC123' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Edit|Close|Reopen) case / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create case' })).toBeNull();
  });

  it('filters by a status chip and by the filter bar, and counts with the same type and dates', async () => {
    const requests = signedIn(ALL, {
      [caseStatistics.path]: () => envelope(statistics({ PENDING: 1, PROCESSING: 1, CLOSED: 1 })),
      [casePage.path]: (request) => {
        const status = (request.body as CasePageRequest).status;
        return envelope(page(status ? ROWS.filter((r) => r.status === status) : ROWS));
      },
    });
    const view = renderApp('/support-center/case?caseType=BALANCE&range=2026-01-01~2026-01-10&keyword=CS2026');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Open case CS20260101CLS789' }, { timeout: 30_000 });
    expect(requests.find((r) => r.path === casePage.path)?.body).toEqual({
      country: 'BR',
      pageSize: 20,
      caseType: 'BALANCE',
      range: { from: '2026-01-01', to: '2026-01-10' },
      keyword: 'CS2026',
    });
    expect(requests.find((r) => r.path === caseStatistics.path)?.body).toEqual({
      country: 'BR',
      caseType: 'BALANCE',
      range: { from: '2026-01-01', to: '2026-01-10' },
    });
    await user.click(within(screen.getByRole('radiogroup', { name: 'Status' })).getByText(/^Processing/));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open case CS20260101CLS789' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Open case CS20260114PRC456' })).toBeTruthy();
    expect(view.location()).toContain('status=PROCESSING');
    expect(requests.filter((r) => r.path === casePage.path).at(-1)?.body).toMatchObject({ status: 'PROCESSING' });
  });

  it('closes a case from its row only with instructions, sent once with the row’s version', async () => {
    const requests = signedIn(ALL, {
      [caseStatistics.path]: () => envelope(statistics({ PENDING: 1 })),
      [casePage.path]: () => envelope(page([supportCase({ version: 3 })])),
      [caseClose.path]: () => envelope(caseDetail({ status: 'CLOSED', version: 4, actions: ['REOPEN'] })),
    });
    renderApp('/support-center/case');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close case CS20260115ABC123' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('Close case CS20260115ABC123');
    await user.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await within(dialog).findByText('Give the instructions (why)')).toBeTruthy();
    expect(requests.some((r) => r.path === caseClose.path)).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Instructions' }), 'Solved by the payer');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case CS20260115ABC123 was closed')).toBeTruthy();
    const sent = requests.filter((r) => r.path === caseClose.path).map((r) => r.body as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 31, version: 3, instructions: 'Solved by the payer' });
    expect(String(sent[0]?.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
