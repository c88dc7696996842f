import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { caseClose, caseDetail as caseDetailCall, caseReopen, caseReplyPage, caseReplySave } from '@andes/contract/support/endpoints';
import type { CaseActionRequest, CaseDetail } from '@andes/contract/support/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { caseDetail, hoursAgo, NOW, page, reply } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const CODES = [
  'home',
  'transactions:payin',
  'transactions:detail',
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

function signedIn(routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES)),
    ...routes,
  });
}

const field = (label: string) => {
  const cell = screen.getAllByText(label).find((el) => el.closest('.ant-descriptions-item-label'));
  const content = cell?.closest('th, td')?.nextElementSibling ?? cell?.closest('.ant-descriptions-item-label')?.nextElementSibling;
  if (!content) throw new Error(`no field ${label}`);
  return content as HTMLElement;
};

const HTML = '<img src=x onerror="alert(1)"><b>bold</b>';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('case detail', { timeout: 60_000 }, () => {
  it('shows the fields, the linked transaction, the time since each side replied and the thread — every text as text', async () => {
    const requests = signedIn({
      [caseDetailCall.path]: () =>
        envelope(
          caseDetail({
            status: 'PROCESSING',
            description: `First line\n${HTML}`,
            secondsSinceProviderReply: 45 * 60,
            lastProviderReplyAt: hoursAgo(0.75),
            awaitingProvider: false,
          }),
        ),
      [caseReplyPage.path]: () =>
        envelope(
          page([
            reply({ content: 'First line\nSecond line' }),
            reply({
              id: 2,
              side: 'PROVIDER',
              kind: 'REPLY',
              authorName: 'Ana (Andes support)',
              content: `We are checking.\n${HTML}`,
              status: 'PROCESSING',
              createdAt: hoursAgo(0.75),
            }),
          ]),
        ),
    });
    renderApp('/support-center/case-detail/31');
    expect(await screen.findByRole('heading', { name: 'Case CS20260115ABC123' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === caseDetailCall.path)?.body).toEqual({ id: 31 });
    expect(requests.find((r) => r.path === caseReplyPage.path)?.body).toEqual({ id: 31, order: 'OLDEST_FIRST', pageSize: 50 });

    expect(within(field('Status')).getByText('Processing')).toBeTruthy();
    expect(field('Case type').textContent).toBe('Transactions');
    expect(field('Transaction key').textContent).toBe('PI2601050000901');
    expect(field('Notification e-mail').textContent).toBe('dana@example.com');
    // The description: the HTML typed shows as the characters typed, nothing is rendered; line breaks kept.
    const description = field('Description');
    expect(description.textContent).toBe(`First line\n${HTML}`);
    expect(description.querySelector('img, b')).toBeNull();
    expect((description.querySelector('.ant-typography') as HTMLElement).style.whiteSpace).toBe('pre-wrap');

    // Time since the last reply of each side.
    expect(screen.getByText('Since your last reply').closest('.ant-statistic')?.textContent).toContain('3 h ago');
    expect(screen.getByText("Since the support team's last reply").closest('.ant-statistic')?.textContent).toContain('45 min ago');

    // The linked transaction, live, with its history and a link to its page.
    const transaction = screen.getByRole('region', { name: 'Linked transaction' });
    expect(within(transaction).getByRole('link', { name: 'Open transaction PI2601050000901' }).getAttribute('href')).toBe(
      '/transactions/detail/901',
    );
    expect(within(transaction).getAllByText('In progress').length).toBeGreaterThan(0);
    expect(within(transaction).getByText('R$ 250.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Transaction history' })).getByText('Created')).toBeTruthy();

    // The thread: asker and responder, each reply's text as text.
    const thread = await screen.findByRole('list', { name: 'Conversation' });
    const items = within(thread).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Asker')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Dana Finance')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Responder')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Ana (Andes support)')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(/2026-01-15 08:15:00/)).toBeTruthy();
    expect(items[1]?.textContent).toContain(`We are checking.\n${HTML}`);
    expect(thread.querySelector('img, b')).toBeNull();
    // Edit, close and reply are offered; reopen is not.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close case' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen case' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeTruthy();
  });

  it('closes only with instructions, then reopens only with instructions', async () => {
    let current: CaseDetail = caseDetail({ version: 2 });
    const requests = signedIn({
      [caseDetailCall.path]: () => envelope(current),
      [caseReplyPage.path]: () => envelope(page([reply()])),
      [caseClose.path]: () => {
        current = caseDetail({
          status: 'CLOSED',
          version: 3,
          closedAt: NOW.toISOString(),
          reopenUntil: '2026-02-14T12:00:00.000Z',
          actions: ['REOPEN'],
        });
        return envelope(current);
      },
      [caseReopen.path]: () => {
        current = caseDetail({ status: 'PROCESSING', version: 4, actions: ['EDIT', 'REPLY', 'CLOSE'] });
        return envelope(current);
      },
    });
    renderApp('/support-center/case-detail/31');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close case' }, { timeout: 30_000 }));
    const close = await dialogNamed('Close case CS20260115ABC123');
    const ok = () => within(close).getAllByRole('button', { name: 'Close case' }).at(-1) as HTMLElement;
    await user.click(ok());
    expect(await within(close).findByText('Give the instructions (why)')).toBeTruthy();
    // Spaces only are no instructions.
    await user.type(within(close).getByRole('textbox', { name: 'Instructions' }), '   ');
    await user.click(ok());
    expect(await within(close).findByText('Give the instructions (why)')).toBeTruthy();
    expect(requests.some((r) => r.path === caseClose.path)).toBe(false);
    await user.type(within(close).getByRole('textbox', { name: 'Instructions' }), 'Payer confirmed the credit');
    await user.click(ok());
    expect(await screen.findByText('Case CS20260115ABC123 was closed')).toBeTruthy();
    const closed = requests.filter((r) => r.path === caseClose.path).map((r) => r.body as CaseActionRequest);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ id: 31, version: 2, instructions: 'Payer confirmed the credit' });
    await waitFor(() => expect(within(field('Status')).getByText('Closed')).toBeTruthy());
    expect(screen.getByText('This case is closed. You can reopen it until 2026-02-14 09:00:00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    const reopen = await dialogNamed('Reopen case CS20260115ABC123');
    const okReopen = () => within(reopen).getAllByRole('button', { name: 'Reopen case' }).at(-1) as HTMLElement;
    await user.click(okReopen());
    expect(await within(reopen).findByText('Give the instructions (why)')).toBeTruthy();
    expect(requests.some((r) => r.path === caseReopen.path)).toBe(false);
    await user.type(within(reopen).getByRole('textbox', { name: 'Instructions' }), 'Credited twice now');
    await user.click(okReopen());
    expect(await screen.findByText('Case CS20260115ABC123 was reopened')).toBeTruthy();
    const reopened = requests.filter((r) => r.path === caseReopen.path).map((r) => r.body as CaseActionRequest);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).toMatchObject({ id: 31, version: 3, instructions: 'Credited twice now' });
    // A new dialog is a new request.
    expect(reopened[0]?.requestId).not.toBe(closed[0]?.requestId);
    await waitFor(() => expect(within(field('Status')).getByText('Processing')).toBeTruthy());
  });

  it('sends a reply once, with the text as typed', async () => {
    const requests = signedIn({
      [caseDetailCall.path]: () => envelope(caseDetail()),
      [caseReplyPage.path]: () => envelope(page([reply()])),
      [caseReplySave.path]: () => envelope({ reply: reply({ id: 2, kind: 'REPLY', content: 'More details' }), case: caseDetail() }),
    });
    renderApp('/support-center/case-detail/31');
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send reply' }, { timeout: 30_000 });
    await user.click(send);
    expect(await screen.findByText('Write a reply')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'More details{Enter}on two lines');
    await user.click(send);
    expect(await screen.findByText('Your reply was sent')).toBeTruthy();
    const sent = requests.filter((r) => r.path === caseReplySave.path).map((r) => r.body as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 31, content: 'More details\non two lines', fileIds: [] });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe(''));
  });
});
