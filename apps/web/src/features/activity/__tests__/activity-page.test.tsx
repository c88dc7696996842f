import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import type { ActivityEntry } from '@andes/contract/activity/schemas';
import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';

const entries: ActivityEntry[] = [
  {
    id: '101',
    time: '2026-01-14T15:04:05.000Z',
    actorUserId: 7,
    actorUsername: 'demo.finance',
    event: 'USER_MODIFIED',
    outcome: 'SUCCESS',
    objectType: 'USER',
    objectId: '12',
    objectLabel: 'ana.ops',
    ip: '203.0.113.9',
    userAgent: UA,
    details: { field: 'email', from: 'ana@old.example', to: 'ana@example.com' },
  },
  {
    id: '100',
    time: '2026-01-14T03:00:00.000Z',
    actorUserId: null,
    actorUsername: null,
    event: 'SIGN_IN_FAILED',
    outcome: 'FAILURE',
    objectType: null,
    objectId: null,
    objectLabel: null,
    ip: '198.51.100.7',
    userAgent: null,
    details: {},
  },
];

function signedIn(codes: string[], extra: Record<string, (r: RecordedRequest) => Response | Promise<Response>> = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['MX', 'BR'])),
    [activityPage.path]: () => envelope({ list: entries, total: 2, totalCapped: false, nextCursor: null }),
    ...extra,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-15T18:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('activity log', () => {
  it('shows who did what, when (in the country’s zone, named), from where, with the outcome', async () => {
    const requests = signedIn(['iam:activity']);
    renderApp('/access/activity');
    expect(await screen.findByText('User changed')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Time (America/Mexico_City, UTC-6)' })).toBeTruthy();
    expect(screen.getByText('2026-01-14 09:04:05')).toBeTruthy();
    expect(screen.getByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('Failure').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('error');
    expect(screen.getByText('User: ana.ops')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText(UA).className).toContain('ellipsis');
    expect(requests.find((r) => r.path === activityPage.path)?.body).toEqual({
      timeZone: 'America/Mexico_City',
      range: { from: '2026-01-08', to: '2026-01-15' },
      events: [],
      pageSize: 20,
    });
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getAllByRole('button', { name: /expand row/i })[0] as HTMLElement);
    expect(await screen.findByText('ana@old.example')).toBeTruthy();
    expect(screen.getByText('field')).toBeTruthy();
  });

  it('puts the filters into the request and the URL', async () => {
    const requests = signedIn(['iam:activity']);
    const app = renderApp('/access/activity?from=2026-01-01&to=2026-01-10');
    expect(await screen.findByText('User changed')).toBeTruthy();
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-01-01');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const filters = screen.getByRole('form', { name: 'Filter the activity log' });
    await user.type(within(filters).getByLabelText('User'), 'ana');
    await chooseOptions(user, within(filters).getByLabelText('Events'), ['Sign-in failed', 'Two-factor code refused']);
    await chooseOptions(user, within(filters).getByLabelText('Outcome'), ['Failure']);
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(app.location()).toBe(
        '/access/activity?from=2026-01-01&to=2026-01-10&actor=ana&events=SIGN_IN_FAILED%2CMFA_FAILED&outcome=FAILURE',
      ),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.path === activityPage.path).at(-1)?.body).toEqual({
        timeZone: 'America/Mexico_City',
        range: { from: '2026-01-01', to: '2026-01-10' },
        actor: 'ana',
        events: ['SIGN_IN_FAILED', 'MFA_FAILED'],
        outcome: 'FAILURE',
        pageSize: 20,
      }),
    );
  });

  it('exports the filtered log as a CSV file through the client', async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = signedIn(['iam:activity', 'iam:activity:export'], {
      [activityExport.path]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:activity';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderApp('/access/activity?outcome=DENIED');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByRole('button', { name: /Exporting…/ })).toBeTruthy();
    expect(requests.find((r) => r.path === activityExport.path)?.body).toEqual({
      timeZone: 'America/Mexico_City',
      range: { from: '2026-01-08', to: '2026-01-15' },
      events: [],
      outcome: 'DENIED',
    });
    answer(
      new Response('\uFEFFTime (America/Mexico_City),User\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="activity-2026-01-08-2026-01-15.csv"',
        },
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('activity-2026-01-08-2026-01-15.csv');
    expect(await saved[0]?.blob.text()).toContain('Time (America/Mexico_City)');
    expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('does not ask the server to export more than 93 days', async () => {
    const requests = signedIn(['iam:activity', 'iam:activity:export']);
    renderApp('/access/activity?from=2025-09-01&to=2026-01-15');
    expect(await screen.findByText('An export covers at most 93 days: narrow the dates to export.')).toBeTruthy();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(requests.some((r) => r.path === activityExport.path)).toBe(false);
  });
});
