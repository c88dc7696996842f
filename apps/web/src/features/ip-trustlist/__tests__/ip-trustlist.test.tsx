import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { userPage } from '@andes/contract/iam/endpoints';
import {
  ipRestrictionQuery,
  ipRestrictionUpdate,
  ipTrustlistEdit,
  ipTrustlistPage,
  ipTrustlistRemove,
} from '@andes/contract/ip-trustlist/endpoints';
import type { IpRestriction, IpTrustEntry, IpTrustlistEditResponse } from '@andes/contract/ip-trustlist/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const ALL_IP_CODES = [
  'setting:ip-trustlist',
  'setting:service-list',
  'setting:ip-trustlist:detail',
  'setting:ip-trustlist:create',
  'setting:ip-trustlist:modify',
  'setting:ip-trustlist:remove',
  'setting:ip-trustlist:restriction',
];

const entry: IpTrustEntry = {
  id: 31,
  listType: 'DASHBOARD',
  value: '10.0.0.0/8',
  kind: 'CIDR',
  version: 'IPV4',
  remark: 'Office VPN',
  updatedBy: 'demo.admin',
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-06T12:00:00.000Z',
};

const restriction: IpRestriction = {
  mode: 'OFF',
  users: [],
  dashboardEntryCount: 12,
  clientIp: '203.0.113.9',
  clientIpTrusted: false,
  updatedAt: null,
  updatedBy: null,
};

function editAnswer(request: RecordedRequest, extra: Partial<IpTrustlistEditResponse> = {}): IpTrustlistEditResponse {
  const body = request.body as { dryRun?: boolean };
  return {
    dryRun: body.dryRun ?? false,
    entries: [],
    savedIds: body.dryRun ? [] : [40, 41],
    duplicates: [],
    overlaps: [],
    count: 14,
    limit: 100,
    ...extra,
  };
}

function signedIn(codes: string[], extra: Record<string, (r: RecordedRequest) => Response> = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [ipTrustlistPage.path]: (r) => {
      const body = r.body as { listType: string };
      return envelope({
        list: body.listType === 'DASHBOARD' ? [entry] : [],
        total: body.listType === 'DASHBOARD' ? 12 : 0,
        totalCapped: false,
        nextCursor: null,
      });
    },
    [ipRestrictionQuery.path]: () => envelope(restriction),
    ...extra,
  });
}

const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

describe('trust lists overview', () => {
  it('shows both lists with their use, and the caller’s address and whether it is trusted', async () => {
    signedIn(ALL_IP_CODES);
    const app = renderApp('/setting/ip-trustlist');
    expect(await screen.findByText('Dashboard sign-in addresses')).toBeTruthy();
    expect(await screen.findByText('12 of 100 entries used.')).toBeTruthy();
    expect(screen.getByText('0 of 100 entries used.')).toBeTruthy();
    expect(await screen.findByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Not in the list')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Manage API addresses' }));
    await waitFor(() => expect(app.location()).toBe('/setting/service-list/api'));
  });

  it('switches the restriction to selected users, warning about a lock-out', async () => {
    const requests = signedIn([...ALL_IP_CODES, 'iam:user'], {
      [userPage.path]: () =>
        envelope({
          list: [
            {
              ...demoUser,
              id: 12,
              username: 'ana.ops',
              displayName: 'Ana Ops',
              state: 1,
              roles: [],
              countries: ['BR'],
              subMerchantName: null,
              mfaEnabled: false,
              locked: false,
              createdAt: '2025-12-01T12:00:00.000Z',
              lastLoginAt: null,
            },
          ],
          total: 1,
          totalCapped: false,
          nextCursor: null,
        }),
      [ipRestrictionUpdate.path]: () =>
        envelope({ ...restriction, mode: 'SELECTED_USERS', users: [{ id: 12, username: 'ana.ops', displayName: 'Ana Ops' }] }),
    });
    renderApp('/setting/ip-trustlist');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Selected users' }));
    expect(
      screen.getByText('Your address 203.0.113.9 is not in the dashboard list: add it first, or you may lock yourself out.'),
    ).toBeTruthy();
    expect(screen.getByText('Please select at least one user')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Restricted users' });
    await user.click(picker);
    await user.type(picker, 'ana');
    await user.click(await screen.findByTitle('Ana Ops (ana.ops)'));
    await user.click(document.body);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(requests, ipRestrictionUpdate.path)).toEqual([{ mode: 'SELECTED_USERS', userIds: [12] }]));
    expect(bodies(requests, userPage.path).at(-1)).toEqual({ username: 'ana', pageSize: 20 });
  });

  it('shows the restriction read-only without its form permission', async () => {
    signedIn(['setting:ip-trustlist', 'setting:ip-trustlist:detail']);
    renderApp('/setting/ip-trustlist');
    expect(await screen.findByText('203.0.113.9')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Manage / })).toBeNull();
  });
});

describe('entries of a list', () => {
  it('lists the entries and hides what the user may not do', async () => {
    signedIn(['setting:ip-trustlist', 'setting:service-list']);
    renderApp('/setting/service-list/dashboard');
    expect(await screen.findByText('10.0.0.0/8')).toBeTruthy();
    expect(screen.getByText('Office VPN')).toBeTruthy();
    expect(screen.getByText('Block (CIDR)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add addresses/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit 10.0.0.0/8' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete 10.0.0.0/8' })).toBeNull();
  });

  it('sends an unknown list type to 404', async () => {
    signedIn(ALL_IP_CODES);
    const app = renderApp('/setting/service-list/partners');
    await waitFor(() => expect(app.location()).toBe('/404'));
  });

  it('parses what is typed, shows errors, repeats and overlaps, then checks with the server before saving', async () => {
    const answers: Partial<IpTrustlistEditResponse>[] = [
      {
        duplicates: [],
        overlaps: [{ position: 2, value: '10.1.0.0/16', relation: 'WITHIN', otherValue: '10.0.0.0/8', otherPosition: null, otherId: 31 }],
      },
      {},
    ];
    const requests = signedIn(ALL_IP_CODES, { [ipTrustlistEdit.path]: (r) => envelope(editAnswer(r, answers.shift())) });
    const app = renderApp('/setting/service-list/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Add addresses/ }));
    await waitFor(() => expect(app.location()).toBe('/setting/service-list/dashboard?dialog=add'));
    const modal = await dialogNamed('Add to Dashboard sign-in addresses');
    const input = within(modal).getByLabelText('Addresses and blocks');

    await user.type(input, '203.0.113.10, 10.1.0.1/16, 01.2.3.4');
    expect(
      within(modal).getByText('Entry 2 (10.1.0.1/16): The address has bits set after the prefix: use the network address 10.1.0.0/16'),
    ).toBeTruthy();
    expect(within(modal).getByText(/Entry 3 \(01\.2\.3\.4\): Numbers of an IPv4 address must not have leading zeros/)).toBeTruthy();
    expect((within(modal).getByRole('button', { name: 'Check and save' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(input);
    await user.type(input, '203.0.113.10, 10.1.0.0/16, 203.0.113.10, 10.1.2.0/24');
    expect(within(modal).getByText('Entry 3 (203.0.113.10) repeats entry 1: it is skipped.')).toBeTruthy();
    expect(within(modal).getByText('Entry 4 (10.1.2.0/24) lies within entry 2 (10.1.0.0/16).')).toBeTruthy();
    expect(within(modal).getByText('3 valid entries typed · 12 of 100 used · 88 left')).toBeTruthy();
    await user.type(within(modal).getByLabelText('Note'), 'Branch');

    await user.click(within(modal).getByRole('button', { name: 'Check and save' }));
    expect(await within(modal).findByText('Entry 2 (10.1.0.0/16) lies within 10.0.0.0/8, already in the list.')).toBeTruthy();
    const typed = '203.0.113.10, 10.1.0.0/16, 203.0.113.10, 10.1.2.0/24';
    expect(bodies(requests, ipTrustlistEdit.path)).toEqual([{ listType: 'DASHBOARD', addresses: typed, remark: 'Branch', dryRun: true }]);

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(requests, ipTrustlistEdit.path)).toHaveLength(2));
    expect(bodies(requests, ipTrustlistEdit.path)[1]).toEqual({ listType: 'DASHBOARD', addresses: typed, remark: 'Branch', dryRun: false });
    expect(await screen.findByText('Added 2 entries; 0 already there were skipped')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/setting/service-list/dashboard'));
  });

  it('saves at once when the server finds nothing to report', async () => {
    const requests = signedIn(ALL_IP_CODES, { [ipTrustlistEdit.path]: (r) => envelope(editAnswer(r)) });
    renderApp('/setting/service-list/dashboard?dialog=add');
    const modal = await dialogNamed('Add to Dashboard sign-in addresses');
    const user = userEvent.setup();
    await user.type(within(modal).getByLabelText('Addresses and blocks'), '2001:DB8::/48');
    await user.click(within(modal).getByRole('button', { name: 'Check and save' }));
    await waitFor(() =>
      expect(bodies(requests, ipTrustlistEdit.path).map((b) => (b as { dryRun: boolean }).dryRun)).toEqual([true, false]),
    );
  });

  it('edits one entry and removes one after confirming', async () => {
    const requests = signedIn(ALL_IP_CODES, {
      [ipTrustlistEdit.path]: (r) => envelope(editAnswer(r, { savedIds: [31] })),
      [endpointUrl(ipTrustlistRemove, { id: 31 })]: () => envelope(null),
    });
    renderApp('/setting/service-list/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit 10.0.0.0/8' }));
    const modal = await dialogNamed('Edit entry');
    const address = within(modal).getByLabelText('Address or block') as HTMLInputElement;
    expect(address.value).toBe('10.0.0.0/8');
    await user.clear(address);
    await user.type(address, '10.0.0.0/33');
    expect(within(modal).getByText('The prefix length must be from 0 to 32')).toBeTruthy();
    await user.clear(address);
    await user.type(address, '10.0.0.0/12');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(requests, ipTrustlistEdit.path)).toEqual([
        { listType: 'DASHBOARD', id: 31, addresses: '10.0.0.0/12', remark: 'Office VPN' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Delete 10.0.0.0/8' }));
    const question = await dialogNamed('Delete 10.0.0.0/8 from the list?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.path === endpointUrl(ipTrustlistRemove, { id: 31 }))).toBe(true));
  });
});
