import { describe, expect, it } from 'vitest';
import { IP_TRUSTLIST_MAX_ENTRIES } from '../common/constants.ts';
import { IP_TRUSTLIST_TYPE_SEGMENTS, IP_TRUSTLIST_TYPES, ipTrustlistTypeOfSegment } from './enums.ts';
import {
  IP_EDIT_ONE_ENTRY_MESSAGE,
  IP_RESTRICTION_USERS_REPEATED_MESSAGE,
  IP_RESTRICTION_USERS_REQUIRED_MESSAGE,
  IP_RESTRICTION_USERS_UNEXPECTED_MESSAGE,
  IP_TRUSTLIST_MESSAGES,
  IpRestrictionUpdateRequest,
  IpTrustlistEditRequest,
  IpTrustlistEditResponse,
  IpTrustlistPageRequest,
} from './schemas.ts';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('list types', () => {
  it('maps each type to its route segment and back', () => {
    for (const type of IP_TRUSTLIST_TYPES) expect(ipTrustlistTypeOfSegment(IP_TRUSTLIST_TYPE_SEGMENTS[type])).toBe(type);
    expect(ipTrustlistTypeOfSegment('DASHBOARD')).toBeNull();
    expect(ipTrustlistTypeOfSegment('other')).toBeNull();
  });
});

describe('adding entries', () => {
  it('parses and normalises the input on the server side of the schema', () => {
    const parsed = IpTrustlistEditRequest.parse({ listType: 'DASHBOARD', addresses: '203.0.113.7 , 2001:DB8::/32, 203.0.113.7' });
    expect(parsed.dryRun).toBe(false);
    expect(parsed.remark).toBe('');
    expect(parsed.id).toBeUndefined();
    expect(parsed.addresses.entries.map((e) => [e.value, e.kind, e.version])).toEqual([
      ['203.0.113.7', 'SINGLE', 'IPV4'],
      ['2001:db8::/32', 'CIDR', 'IPV6'],
    ]);
    expect(parsed.addresses.duplicates).toEqual([{ position: 3, input: '203.0.113.7', value: '203.0.113.7', firstPosition: 1 }]);
  });

  it('names each refused entry by position on the addresses field', () => {
    expect(issues(IpTrustlistEditRequest.safeParse({ listType: 'API', addresses: '10.0.0.1/8, 1.1.1.1, ::1%lo' }))).toEqual([
      { path: 'addresses', message: 'Entry 1 (10.0.0.1/8): The address has bits set after the prefix: use the network address 10.0.0.0/8' },
      { path: 'addresses', message: 'Entry 3 (::1%lo): Zone ids (the part from %) are not allowed: enter the address without it' },
    ]);
    expect(issues(IpTrustlistEditRequest.safeParse({ listType: 'API', addresses: '' }))).toEqual([
      { path: 'addresses', message: 'Please enter at least one IP address or CIDR block' },
    ]);
  });

  it('refuses an unknown list type and too long a remark', () => {
    expect(IpTrustlistEditRequest.safeParse({ listType: 'OFFICE', addresses: '1.1.1.1' }).success).toBe(false);
    expect(issues(IpTrustlistEditRequest.safeParse({ listType: 'API', addresses: '1.1.1.1', remark: 'r'.repeat(129) }))).toEqual([
      { path: 'remark', message: 'At most 128 characters' },
    ]);
  });

  it('changes one entry at a time', () => {
    expect(IpTrustlistEditRequest.parse({ listType: 'API', id: 4, addresses: '1.1.1.0/24', remark: ' HQ ' })).toMatchObject({
      id: 4,
      remark: 'HQ',
    });
    expect(issues(IpTrustlistEditRequest.safeParse({ listType: 'API', id: 4, addresses: '1.1.1.1, 2.2.2.2' }))).toEqual([
      { path: 'addresses', message: IP_EDIT_ONE_ENTRY_MESSAGE },
    ]);
    expect(issues(IpTrustlistEditRequest.safeParse({ listType: 'API', id: 4, addresses: '1.1.1.1, 1.1.1.1' }))).toEqual([
      { path: 'addresses', message: IP_EDIT_ONE_ENTRY_MESSAGE },
    ]);
  });

  it('answers what was added, skipped and overlapping, with the limit', () => {
    const answer = {
      dryRun: true,
      entries: [{ value: '10.1.0.0/16', kind: 'CIDR', version: 'IPV4' }],
      savedIds: [],
      duplicates: [{ position: 2, input: '1.2.3.4', value: '1.2.3.4', firstPosition: null, existingId: 9 }],
      overlaps: [{ position: 1, value: '10.1.0.0/16', relation: 'WITHIN', otherValue: '10.0.0.0/8', otherPosition: null, otherId: 3 }],
      count: 12,
      limit: IP_TRUSTLIST_MAX_ENTRIES,
    };
    expect(IpTrustlistEditResponse.parse(answer)).toEqual(answer);
    expect(IpTrustlistEditResponse.safeParse({ ...answer, overlaps: [{ ...answer.overlaps[0], relation: 'DUPLICATE' }] }).success).toBe(
      false,
    );
    expect(IpTrustlistEditResponse.safeParse({ ...answer, count: IP_TRUSTLIST_MAX_ENTRIES + 1 }).success).toBe(false);
  });

  it('states the limit in the refusal of a full list', () => {
    expect(IP_TRUSTLIST_MESSAGES.listFull).toBe('A list holds at most 100 entries: remove some before adding more');
  });
});

describe('list page', () => {
  it('needs the list type and searches by address, kind and version', () => {
    expect(IpTrustlistPageRequest.parse({ listType: 'DASHBOARD', address: ' 10.', kind: 'CIDR' })).toEqual({
      listType: 'DASHBOARD',
      address: '10.',
      kind: 'CIDR',
      pageSize: 20,
    });
    expect(IpTrustlistPageRequest.safeParse({}).success).toBe(false);
  });
});

describe('restriction', () => {
  it('switches off and on for all users without user ids', () => {
    expect(IpRestrictionUpdateRequest.parse({ mode: 'OFF' })).toEqual({ mode: 'OFF', userIds: [] });
    expect(IpRestrictionUpdateRequest.parse({ mode: 'ALL_USERS', userIds: [] })).toEqual({ mode: 'ALL_USERS', userIds: [] });
    expect(issues(IpRestrictionUpdateRequest.safeParse({ mode: 'ALL_USERS', userIds: [3] }))).toEqual([
      { path: 'userIds', message: IP_RESTRICTION_USERS_UNEXPECTED_MESSAGE },
    ]);
  });

  it('needs distinct users for selected users', () => {
    expect(IpRestrictionUpdateRequest.parse({ mode: 'SELECTED_USERS', userIds: [3, 8] })).toEqual({
      mode: 'SELECTED_USERS',
      userIds: [3, 8],
    });
    expect(issues(IpRestrictionUpdateRequest.safeParse({ mode: 'SELECTED_USERS' }))).toEqual([
      { path: 'userIds', message: IP_RESTRICTION_USERS_REQUIRED_MESSAGE },
    ]);
    expect(issues(IpRestrictionUpdateRequest.safeParse({ mode: 'SELECTED_USERS', userIds: [3, 3] }))).toEqual([
      { path: 'userIds', message: IP_RESTRICTION_USERS_REPEATED_MESSAGE },
    ]);
    expect(IpRestrictionUpdateRequest.safeParse({ mode: 'SOME' }).success).toBe(false);
  });
});
