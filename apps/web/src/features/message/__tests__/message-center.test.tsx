import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { unreadMessageCount } from '@andes/contract/home/endpoints';
import { announcementList, markAllRead, messageDetail, messageList } from '@andes/contract/message/endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { pageOf, row } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];
const CODES = ['home', 'message-center', 'message-center:detail'];

function signedIn(routes: Routes = {}, codes = CODES) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [announcementList.path]: () => envelope(pageOf([])),
    [unreadMessageCount.path]: () => envelope({ count: 2 }),
    ...routes,
  });
}

const HOSTILE = '<img src=x onerror="window.hacked=1">Fees <b>change</b>';

describe('message center', { timeout: 60_000 }, () => {
  it('lists messages newest first: unread ones bold with a dot, HTML as text, notices in the user’s language', async () => {
    const requests = signedIn({
      [messageList.path]: () =>
        envelope(
          pageOf([
            row({ id: 3, title: HOSTILE, content: 'Line <i>one</i>\nLine two' }),
            row({
              id: 2,
              category: 'REPORT_READY',
              title: 'Your report tx.csv is ready',
              content: 'stored English',
              params: { fileName: 'tx.csv', rows: 12, days: 7 },
              link: '/download-center',
            }),
            row({ id: 1, title: 'Welcome to Andes', read: true }),
          ]),
        ),
    });
    const { container } = renderApp('/message-center');
    const hostile = await screen.findByRole('link', { name: `Open ${HOSTILE}` }, { timeout: 30_000 });
    // The title is text: no element was made from it.
    expect(hostile.textContent).toBe(HOSTILE);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(hostile.querySelector('[data-unread="true"]')).not.toBeNull();
    expect(hostile.closest('td')?.textContent).toContain('Unread');

    const read = screen.getByRole('link', { name: 'Open Welcome to Andes' });
    expect(read.querySelector('[data-unread="true"]')).toBeNull();
    expect(read.closest('td')?.textContent).not.toContain('Unread');

    // A system notice in the user's language from its params, its category shown.
    expect(screen.getByRole('link', { name: 'Open Your report tx.csv is ready' })).toBeTruthy();
    expect(screen.getByText('The file tx.csv (12 rows) can be downloaded from the Download Center for 7 days.')).toBeTruthy();
    expect(screen.getByText('Report ready')).toBeTruthy();
    expect(requests.find((r) => r.path === messageList.path)?.body).toMatchObject({ read: 'ALL', pageSize: 20 });
  });

  it('asks for the announcements on their tab, with the read filter', async () => {
    const requests = signedIn({
      [messageList.path]: () => envelope(pageOf([])),
    });
    renderApp('/message-center?kind=ANNOUNCEMENT&read=UNREAD');
    expect(await screen.findByText('No unread messages', {}, { timeout: 30_000 })).toBeTruthy();
    const asked = requests.filter((r) => r.path === announcementList.path).map((r) => r.body);
    // The after-sign-in dialog's request, and the tab's.
    expect(asked).toContainEqual({ pageSize: 20, read: 'UNREAD' });
    expect(requests.some((r) => r.path === messageList.path)).toBe(false);
  });

  it('marks everything read: the list and Home’s unread count are asked for again', async () => {
    let unread = true;
    const requests = signedIn({
      [messageList.path]: () => envelope(pageOf([row({ read: !unread })])),
      [markAllRead.path]: () => {
        unread = false;
        return envelope({ marked: 1 });
      },
    });
    renderApp('/message-center');
    const link = await screen.findByRole('link', { name: 'Open Chargeback ratio above 0.5% in Mexico' }, { timeout: 30_000 });
    expect(link.querySelector('[data-unread="true"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Marked 1 as read')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Open Chargeback ratio above 0.5% in Mexico' }).querySelector('[data-unread="true"]'),
      ).toBeNull(),
    );
    expect(requests.filter((r) => r.path === markAllRead.path).map((r) => r.body)).toEqual([{}]);
  });

  it('opens a message: its content as plain text, the notice’s link; back on Home the unread count went down', async () => {
    let unread = 2;
    const requests = signedIn({
      [unreadMessageCount.path]: () => envelope({ count: unread }),
      [messageDetail.path]: () => {
        unread = 1;
        return envelope({
          ...row({ id: 5, category: 'PAYOUT_APPROVAL', title: 'stored', content: 'stored', link: '/payment/payout', read: true }),
          params: { count: 2, total: '150.00 BRL', country: 'BR', creator: 'Paula <script>x</script>' },
        });
      },
    });
    const view = renderApp('/home');
    expect(await screen.findByText('Unread messages: 2', {}, { timeout: 30_000 })).toBeTruthy();
    await view.router.navigate('/message-detail/5');
    expect(await screen.findByRole('heading', { name: '2 payout(s) awaiting your approval' }, { timeout: 30_000 })).toBeTruthy();
    const content = screen.getByTestId('message-content');
    expect(content.textContent).toBe(
      'Paula <script>x</script> created 2 payout(s) of 150.00 BRL in all in BR. They are sent once another person approves them.',
    );
    expect(content.querySelector('script')).toBeNull();
    expect(requests.find((r) => r.path === messageDetail.path)?.body).toEqual({ id: 5 });
    expect(screen.getByRole('button', { name: 'Go to the payouts' })).toBeTruthy();
    await view.router.navigate('/home');
    expect(await screen.findByText('Unread messages: 1', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('keeps the line breaks of a provider’s content and shows no link button for it', async () => {
    signedIn({
      [messageDetail.path]: () => envelope(row({ id: 6, content: 'First line\n<a href="https://evil.test">Second</a>', read: true })),
    });
    renderApp('/message-detail/6');
    const content = await screen.findByTestId('message-content', {}, { timeout: 30_000 });
    expect(content.textContent).toBe('First line\n<a href="https://evil.test">Second</a>');
    expect(content.style.whiteSpace).toBe('pre-wrap');
    expect(content.querySelector('a')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });
});
