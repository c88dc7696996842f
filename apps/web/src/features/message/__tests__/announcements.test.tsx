import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { unreadMessageCount } from '@andes/contract/home/endpoints';
import { announcementList, markAnnouncementsRead } from '@andes/contract/message/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { pageOf, row } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

function signedIn(codes: string[], routes: Routes) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [unreadMessageCount.path]: () => envelope({ count: 2 }),
    ...routes,
  });
}

describe('announcements after sign-in', { timeout: 60_000 }, () => {
  it('shows the unread ones, as text, each marked read on its own until none is left', async () => {
    const unread = new Set([21, 22]);
    const requests = signedIn(['home', 'message-center'], {
      [announcementList.path]: () =>
        envelope(
          pageOf(
            [
              row({ id: 22, kind: 'ANNOUNCEMENT', title: 'SPEI maintenance', content: 'Sunday 02:00–04:00\n<b>Pay-ins</b> unaffected' }),
              row({ id: 21, kind: 'ANNOUNCEMENT', title: 'PIX Automático', content: 'Next quarter' }),
            ].filter((a) => unread.has(a.id)),
          ),
        ),
      [markAnnouncementsRead.path]: (r: RecordedRequest) => {
        for (const id of (r.body as { ids: number[] }).ids) unread.delete(id);
        return envelope({ marked: 1 });
      },
    });
    renderApp('/home');
    await screen.findByRole('dialog', {}, { timeout: 30_000 });
    const dialog = await dialogNamed(/^Announcements/);
    expect(within(dialog).getByText('2 unread')).toBeTruthy();
    const spei = within(dialog).getByRole('region', { name: 'SPEI maintenance' });
    expect(within(spei).getByText(/<b>Pay-ins<\/b> unaffected/)).toBeTruthy();
    expect(spei.querySelector('b')).toBeNull();
    expect(requests.find((r) => r.path === announcementList.path)?.body).toEqual({ pageSize: 10, read: 'UNREAD' });

    await userEvent.click(within(spei).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'SPEI maintenance' })).toBeNull());
    expect(within(dialog).getByRole('region', { name: 'PIX Automático' })).toBeTruthy();
    const pix = within(dialog).getByRole('region', { name: 'PIX Automático' });
    await userEvent.click(within(pix).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path === markAnnouncementsRead.path).map((r) => r.body)).toEqual([{ ids: [22] }, { ids: [21] }]);
  });

  it('“Later” closes the dialog without marking anything read', async () => {
    const requests = signedIn(['home', 'message-center'], {
      [announcementList.path]: () => envelope(pageOf([row({ id: 30, kind: 'ANNOUNCEMENT', title: 'New in Chile' })])),
    });
    renderApp('/home');
    await screen.findByRole('dialog', {}, { timeout: 30_000 });
    const dialog = await dialogNamed(/^Announcements/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.path === markAnnouncementsRead.path)).toBe(false);
  });

  it('is never asked for without the message center', async () => {
    const requests = signedIn(['home'], {});
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Home' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.some((r) => r.path === announcementList.path)).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
