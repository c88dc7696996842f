import { currentUserInfo, login, logout } from '@andes/contract/auth/endpoints';
import { IP_TRUSTLIST_MAX_ENTRIES } from '@andes/contract/common/constants';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import {
  ipRestrictionQuery,
  ipRestrictionUpdate,
  ipTrustlistEdit,
  ipTrustlistPage,
  ipTrustlistRemove,
} from '@andes/contract/ip-trustlist/endpoints';
import {
  IP_TRUSTLIST_MESSAGES,
  type IpRestriction,
  type IpTrustEntry,
  type IpTrustlistEditResponse,
} from '@andes/contract/ip-trustlist/schemas';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { activityLog } from '../../src/db/schema/activity.ts';
import { ipTrustlistEntries } from '../../src/db/schema/ip-trustlist.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { createTestApp, DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';

/** Addresses of the demo merchant's DASHBOARD list (seed): 127.0.0.1, ::1, 203.0.113.0/24, 2001:db8:5a0::/48. */
const TRUSTED = '127.0.0.1';
const OFFICE = '203.0.113.77';
const UNTRUSTED = '192.0.2.50';

let t: TestApp;
let admin: string;
let condor: string;
let demoId: number;
let condorId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
  const ms = await t.db.select({ id: merchants.id, code: merchants.code }).from(merchants);
  demoId = ms.find((m) => m.code === 'ANDES-DEMO')?.id ?? 0;
  condorId = ms.find((m) => m.code === 'CONDOR')?.id ?? 0;
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) ids[u.username] = u.id;
});
afterAll(async () => t?.close());

const call = <T>(url: string, body: unknown, token: string, ip = TRUSTED) =>
  post(t.app, url, body, { token, ip }).then((res) => envelope<T>(res));
const page = (token: string, body: object, ip = TRUSTED) => call<Page<IpTrustEntry>>(ipTrustlistPage.path, body, token, ip);
const edit = (token: string, body: object, ip = TRUSTED) => call<IpTrustlistEditResponse>(ipTrustlistEdit.path, body, token, ip);
const remove = (token: string, id: number, ip = TRUSTED) => call<null>(endpointUrl(ipTrustlistRemove, { id }), {}, token, ip);
const restriction = (token: string, ip = TRUSTED) => call<IpRestriction>(ipRestrictionQuery.path, {}, token, ip);
const restrict = (token: string, body: object, ip = TRUSTED) => call<IpRestriction>(ipRestrictionUpdate.path, body, token, ip);
const signInFrom = (who: keyof typeof DEMO, ip: string) =>
  post(t.app, login.path, { username: DEMO[who].username, password: DEMO[who].password }, { ip }).then((r) =>
    envelope<{ token: string }>(r),
  );

const lastActivityId = async () =>
  (await t.db.select({ id: activityLog.id }).from(activityLog).orderBy(desc(activityLog.id)).limit(1))[0]?.id ?? 0;
const activitySince = (since: number) => t.db.select().from(activityLog).where(gt(activityLog.id, since)).orderBy(asc(activityLog.id));

/** Every entry of a list, newest first, through the page call. */
async function allEntries(token: string, listType: 'DASHBOARD' | 'API'): Promise<IpTrustEntry[]> {
  const res = await page(token, { listType, pageSize: 100 });
  expect(res.code).toBe(200);
  return res.data.list;
}

/** Gives a demo user a role with exactly these codes (on top of what they hold). */
async function grant(username: string, name: string, codes: string[]): Promise<void> {
  const [role] = await t.db.insert(roles).values({ merchantId: demoId, name }).returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  await t.db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  await t.db.insert(userRoles).values({ userId: ids[username] ?? 0, roleId: role.id });
}

describe('the lists', () => {
  test('a page is newest first, filtered by address, kind and version, and pages on by cursor', async () => {
    const dashboard = await page(admin, { listType: 'DASHBOARD' });
    expect(dashboard.code).toBe(200);
    expect(dashboard.data.list.map((e) => e.value)).toEqual(['2001:db8:5a0::/48', '203.0.113.0/24', '::1', '127.0.0.1']);
    expect(dashboard.data).toMatchObject({ total: 4, totalCapped: false, nextCursor: null });
    expect(dashboard.data.list[1]).toMatchObject({ listType: 'DASHBOARD', kind: 'CIDR', version: 'IPV4', remark: 'São Paulo office' });

    expect((await page(admin, { listType: 'DASHBOARD', address: '203.0.' })).data.list.map((e) => e.value)).toEqual(['203.0.113.0/24']);
    expect((await page(admin, { listType: 'DASHBOARD', kind: 'CIDR' })).data.total).toBe(2);
    expect((await page(admin, { listType: 'DASHBOARD', version: 'IPV6', kind: 'SINGLE' })).data.list.map((e) => e.value)).toEqual(['::1']);
    // `%` and `_` typed in the search box are not wildcards.
    expect((await page(admin, { listType: 'DASHBOARD', address: '%' })).data.total).toBe(0);

    const added = await edit(admin, { listType: 'API', addresses: Array.from({ length: 12 }, (_, i) => `10.20.${i}.0/24`).join(',') });
    expect(added.code).toBe(200);
    const first = await page(admin, { listType: 'API', pageSize: 10 });
    expect(first.data.total).toBe(14);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.nextCursor).not.toBeNull();
    const second = await page(admin, { listType: 'API', pageSize: 10, cursor: first.data.nextCursor });
    expect(second.data.list.map((e) => e.value)).toEqual(['10.20.1.0/24', '10.20.0.0/24', '198.51.100.64/27', '198.51.100.20']);
    expect(second.data.nextCursor).toBeNull();
    for (const e of added.data.savedIds) expect((await remove(admin, e)).code).toBe(200);

    const bad = await page(admin, { listType: 'API', cursor: 'not-a-cursor' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(bad.data).toEqual({ issues: [{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }] });
  });

  test('a refused entry is a validation issue naming its position, and nothing is saved', async () => {
    const res = await edit(admin, { listType: 'API', addresses: '10.0.0.1/8, 198.51.100.99, 300.1.1.1, 0.0.0.0/0' });
    expect(res.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(res.data).toEqual({
      issues: [
        {
          path: 'addresses',
          message: 'Entry 1 (10.0.0.1/8): The address has bits set after the prefix: use the network address 10.0.0.0/8',
        },
        { path: 'addresses', message: 'Entry 3 (300.1.1.1): Each number of an IPv4 address must be from 0 to 255' },
        { path: 'addresses', message: expect.stringMatching(/^Entry 4 \(0\.0\.0\.0\/0\): /) },
      ],
    });
    expect((await allEntries(admin, 'API')).map((e) => e.value)).toEqual(['198.51.100.64/27', '198.51.100.20']);
  });

  test('duplicates are skipped and overlaps saved, both reported; a dry run saves nothing', async () => {
    const [payoutWorkers, checkout] = await allEntries(admin, 'API');
    const input = { listType: 'API', addresses: '198.51.100.20, 198.51.100.64/28, 192.0.2.0/24, 192.0.2.7, 192.0.2.7 ', remark: 'Batch' };
    const expected = {
      entries: [
        { value: '198.51.100.64/28', kind: 'CIDR', version: 'IPV4' },
        { value: '192.0.2.0/24', kind: 'CIDR', version: 'IPV4' },
        { value: '192.0.2.7', kind: 'SINGLE', version: 'IPV4' },
      ],
      duplicates: [
        { position: 1, input: '198.51.100.20', value: '198.51.100.20', firstPosition: null, existingId: checkout?.id },
        { position: 5, input: '192.0.2.7', value: '192.0.2.7', firstPosition: 4, existingId: null },
      ],
      overlaps: [
        {
          position: 2,
          value: '198.51.100.64/28',
          relation: 'WITHIN',
          otherValue: '198.51.100.64/27',
          otherPosition: null,
          otherId: payoutWorkers?.id,
        },
        { position: 4, value: '192.0.2.7', relation: 'WITHIN', otherValue: '192.0.2.0/24', otherPosition: 3, otherId: null },
      ],
      count: 5,
      limit: IP_TRUSTLIST_MAX_ENTRIES,
    };

    const since = await lastActivityId();
    const preview = await edit(admin, { ...input, dryRun: true });
    expect(preview).toMatchObject({ code: 200, data: { ...expected, dryRun: true, savedIds: [] } });
    expect(await allEntries(admin, 'API')).toHaveLength(2);
    expect(await activitySince(since)).toEqual([]);

    const saved = await edit(admin, input);
    expect(saved).toMatchObject({ code: 200, data: { ...expected, dryRun: false } });
    expect(saved.data.savedIds).toHaveLength(3);
    const list = await allEntries(admin, 'API');
    expect(list.map((e) => [e.id, e.value, e.remark, e.updatedBy])).toEqual([
      [saved.data.savedIds[2], '192.0.2.7', 'Batch', 'demo.admin'],
      [saved.data.savedIds[1], '192.0.2.0/24', 'Batch', 'demo.admin'],
      [saved.data.savedIds[0], '198.51.100.64/28', 'Batch', 'demo.admin'],
      [payoutWorkers?.id, '198.51.100.64/27', 'Payout workers', 'demo.admin'],
      [checkout?.id, '198.51.100.20', 'Checkout server', 'demo.admin'],
    ]);
    expect(await activitySince(since)).toMatchObject(
      saved.data.savedIds.map((id, i) => ({
        merchantId: demoId,
        actorUsername: 'demo.admin',
        event: 'IP_TRUSTLIST_ENTRY_ADDED',
        outcome: 'SUCCESS',
        objectType: 'IP_TRUSTLIST_ENTRY',
        objectId: String(id),
        objectLabel: expected.entries[i]?.value,
        details: { listType: 'API' },
      })),
    );

    // Saving the same input again adds nothing: everything is a duplicate now.
    const again = await edit(admin, input);
    expect(again.data).toMatchObject({ entries: [], savedIds: [], count: 5 });
    expect(again.data.duplicates.map((d) => d.position)).toEqual([1, 2, 3, 4, 5]);
    for (const id of saved.data.savedIds) await remove(admin, id);
  });

  test('the database itself refuses a second copy of an entry', async () => {
    const row = {
      merchantId: demoId,
      listType: 'API' as const,
      value: '198.51.100.20',
      kind: 'SINGLE' as const,
      ipVersion: 'IPV4' as const,
    };
    const now = new Date();
    await expect(t.db.insert(ipTrustlistEntries).values({ ...row, createdAt: now, updatedAt: now })).rejects.toThrow();
  });

  test(`a list holds at most ${IP_TRUSTLIST_MAX_ENTRIES} entries, also when two edits race`, async () => {
    const blocks = (a: number, n: number) => Array.from({ length: n }, (_, i) => `10.${a}.${i}.0/24`).join(', ');
    const [x, y] = await Promise.all([
      edit(condor, { listType: 'API', addresses: blocks(1, 60) }),
      edit(condor, { listType: 'API', addresses: blocks(2, 60) }),
    ]);
    expect([x.code, y.code].sort()).toEqual([200, ResultCode.CONFLICT]);
    expect([x, y].find((r) => r.code === ResultCode.CONFLICT)?.msg).toBe(IP_TRUSTLIST_MESSAGES.listFull);
    expect(await allEntries(condor, 'API')).toHaveLength(60);

    const fill = await edit(condor, { listType: 'API', addresses: blocks(3, 40) });
    expect(fill.data.count).toBe(IP_TRUSTLIST_MAX_ENTRIES);
    for (const dryRun of [true, false]) {
      const more = await edit(condor, { listType: 'API', addresses: '10.4.0.0/24', dryRun });
      expect(more).toMatchObject({ code: ResultCode.CONFLICT, msg: IP_TRUSTLIST_MESSAGES.listFull });
    }
    // A full list still takes an input whose entries are all there already.
    expect((await edit(condor, { listType: 'API', addresses: '10.3.0.0/24' })).data).toMatchObject({ count: 100, savedIds: [] });
    // The limit is per list.
    expect((await edit(condor, { listType: 'DASHBOARD', addresses: '10.4.0.0/24' })).code).toBe(200);
  });

  test('changing one entry needs the modify permission, reports duplicates and keeps the list unique', async () => {
    await grant('demo.finance', 'IP list clerk', ['setting:ip-trustlist:create']);
    const finance = await signIn(t.app, login.path, 'finance');
    const [, checkout] = await allEntries(admin, 'API');
    const id = checkout?.id ?? 0;

    const added = await edit(finance, { listType: 'API', addresses: '198.51.100.21' });
    expect(added.code).toBe(200);
    expect((await edit(finance, { listType: 'API', id, addresses: '198.51.100.22' })).code).toBe(ResultCode.FORBIDDEN);
    expect((await remove(finance, added.data.savedIds[0] ?? 0)).code).toBe(ResultCode.FORBIDDEN);

    const since = await lastActivityId();
    const changed = await edit(admin, { listType: 'API', id, addresses: '198.51.100.16/29', remark: 'Checkout servers' });
    expect(changed.data).toMatchObject({
      entries: [{ value: '198.51.100.16/29', kind: 'CIDR' }],
      savedIds: [id],
      duplicates: [],
      overlaps: [{ position: 1, value: '198.51.100.16/29', relation: 'CONTAINS', otherValue: '198.51.100.21', otherPosition: null }],
      count: 3,
    });
    expect((await allEntries(admin, 'API')).find((e) => e.id === id)).toMatchObject({
      value: '198.51.100.16/29',
      kind: 'CIDR',
      remark: 'Checkout servers',
    });
    expect(await activitySince(since)).toMatchObject([
      {
        event: 'IP_TRUSTLIST_ENTRY_MODIFIED',
        objectId: String(id),
        objectLabel: '198.51.100.16/29',
        details: { listType: 'API', from: '198.51.100.20', to: '198.51.100.16/29', remark: 'Checkout servers' },
      },
    ]);

    // Changing it to what another entry holds is a duplicate: nothing changes.
    const dup = await edit(admin, { listType: 'API', id, addresses: '198.51.100.21' });
    expect(dup.data).toMatchObject({
      entries: [],
      savedIds: [],
      duplicates: [{ value: '198.51.100.21', existingId: added.data.savedIds[0] }],
    });
    // An entry is changed within its own list only.
    expect((await edit(admin, { listType: 'DASHBOARD', id, addresses: '198.51.100.23' })).code).toBe(ResultCode.NOT_FOUND);

    await edit(admin, { listType: 'API', id, addresses: '198.51.100.20', remark: 'Checkout server' });
    await remove(admin, added.data.savedIds[0] ?? 0);
  });

  test('an entry of another merchant is not found, exactly like a missing one', async () => {
    const demoEntry = (await allEntries(admin, 'API'))[0];
    const id = demoEntry?.id ?? 0;
    const missing = 2_000_000_000;
    for (const target of [id, missing]) {
      expect(await remove(condor, target)).toEqual({ code: ResultCode.NOT_FOUND, msg: 'The trust-list entry was not found', data: null });
      expect(await edit(condor, { listType: 'API', id: target, addresses: '10.9.9.9' })).toEqual({
        code: ResultCode.NOT_FOUND,
        msg: 'The trust-list entry was not found',
        data: null,
      });
    }
    expect((await allEntries(admin, 'API')).find((e) => e.id === id)?.value).toBe(demoEntry?.value);
    expect((await allEntries(condor, 'API')).some((e) => e.id === id)).toBe(false);
    expect((await allEntries(condor, 'DASHBOARD')).map((e) => e.value)).toEqual(['10.4.0.0/24']);
  });

  test('removing is recorded; a second removal is not found', async () => {
    const added = await edit(admin, { listType: 'API', addresses: '2001:db8:abcd::/48' });
    const id = added.data.savedIds[0] ?? 0;
    const since = await lastActivityId();
    expect(await remove(admin, id)).toEqual({ code: 200, msg: 'success', data: null });
    expect((await remove(admin, id)).code).toBe(ResultCode.NOT_FOUND);
    expect(await activitySince(since)).toMatchObject([
      { event: 'IP_TRUSTLIST_ENTRY_REMOVED', outcome: 'SUCCESS', objectId: String(id), objectLabel: '2001:db8:abcd::/48' },
    ]);
  });
});

describe('the restriction', () => {
  test('the query tells the caller’s address and whether the DASHBOARD list trusts it', async () => {
    expect((await restriction(admin)).data).toEqual({
      mode: 'OFF',
      users: [],
      dashboardEntryCount: 4,
      clientIp: TRUSTED,
      clientIpTrusted: true,
      updatedAt: null,
      updatedBy: null,
    });
    expect((await restriction(admin, UNTRUSTED)).data).toMatchObject({ clientIp: UNTRUSTED, clientIpTrusted: false });
    // An IPv4 client seen by a dual-stack server as IPv4-mapped IPv6 is the same address.
    expect((await restriction(admin, `::ffff:${OFFICE}`)).data.clientIpTrusted).toBe(true);
  });

  test('switching on is refused with an empty list, from an untrusted address, or for users of another merchant', async () => {
    await t.db
      .delete(ipTrustlistEntries)
      .where(and(eq(ipTrustlistEntries.merchantId, condorId), eq(ipTrustlistEntries.listType, 'DASHBOARD')));
    expect(await restrict(condor, { mode: 'ALL_USERS' })).toEqual({
      code: ResultCode.CONFLICT,
      msg: IP_TRUSTLIST_MESSAGES.emptyDashboardList,
      data: null,
    });
    expect(await restrict(admin, { mode: 'ALL_USERS' }, UNTRUSTED)).toEqual({
      code: ResultCode.CONFLICT,
      msg: IP_TRUSTLIST_MESSAGES.selfLockout,
      data: null,
    });
    expect(await restrict(admin, { mode: 'SELECTED_USERS', userIds: [ids['demo.admin']] }, UNTRUSTED)).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: IP_TRUSTLIST_MESSAGES.selfLockout,
    });
    expect(await restrict(admin, { mode: 'SELECTED_USERS', userIds: [ids['demo.finance'], ids['condor.admin']] })).toEqual({
      code: ResultCode.NOT_FOUND,
      msg: 'The user was not found',
      data: null,
    });
    expect((await restrict(admin, { mode: 'SELECTED_USERS', userIds: [] })).code).toBe(ResultCode.VALIDATION_FAILED);
    expect((await restriction(admin)).data.mode).toBe('OFF');
  });

  test('ALL_USERS: sign-in and every call from an untrusted address answer 200031; a trusted one works', async () => {
    const finance = await signIn(t.app, login.path, 'finance');
    const since = await lastActivityId();
    const on = await restrict(admin, { mode: 'ALL_USERS' });
    expect(on.data).toMatchObject({ mode: 'ALL_USERS', users: [], updatedBy: 'demo.admin', clientIpTrusted: true });
    expect(on.data.updatedAt).toBe(t.clock().toISOString());
    expect(await activitySince(since)).toMatchObject([
      {
        event: 'IP_RESTRICTION_CHANGED',
        outcome: 'SUCCESS',
        objectType: 'IP_RESTRICTION',
        objectLabel: 'ALL_USERS',
        details: { from: 'OFF', to: 'ALL_USERS', users: '0' },
      },
    ]);
    // A second click changes nothing and records nothing.
    expect((await restrict(admin, { mode: 'ALL_USERS' })).code).toBe(200);
    expect(await activitySince(since)).toHaveLength(1);

    // A wrong password from an untrusted address is just a wrong password: the restriction is not revealed.
    const wrong = await post(t.app, login.path, { username: DEMO.finance.username, password: 'Wrong-Password-9' }, { ip: UNTRUSTED });
    expect(envelope(wrong).code).toBe(ResultCode.INVALID_CREDENTIALS);
    const beforeRefusal = await lastActivityId();
    const refused = await signInFrom('finance', UNTRUSTED);
    expect(refused).toMatchObject({ code: ResultCode.IP_NOT_TRUSTED, data: null });
    expect(refused.msg).toContain(UNTRUSTED);
    expect(await activitySince(beforeRefusal)).toMatchObject([
      {
        merchantId: demoId,
        actorUsername: 'demo.finance',
        event: 'IP_NOT_TRUSTED',
        outcome: 'DENIED',
        objectType: 'USER',
        ip: UNTRUSTED,
      },
    ]);
    expect((await signInFrom('finance', OFFICE)).code).toBe(200);
    expect((await signInFrom('finance', '2001:db8:5a0:1::9')).code).toBe(200);

    // A session opened from a trusted address is refused elsewhere, and works again back home.
    const away = await post(t.app, currentUserInfo.path, {}, { token: finance, ip: UNTRUSTED });
    expect(away.statusCode).toBe(403);
    expect(envelope(away).code).toBe(ResultCode.IP_NOT_TRUSTED);
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: finance, ip: OFFICE })).code).toBe(200);
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: finance, ip: `::ffff:${TRUSTED}` })).code).toBe(200);
    // Another merchant is not concerned.
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: condor, ip: UNTRUSTED })).code).toBe(200);
    // Signing out works from anywhere.
    expect(envelope(await post(t.app, logout.path, {}, { token: finance, ip: UNTRUSTED })).code).toBe(200);
  });

  test('under the restriction, the list can neither become empty nor drop the caller’s own address', async () => {
    const [v4] = (await allEntries(admin, 'DASHBOARD')).filter((e) => e.value === TRUSTED);
    expect(await remove(admin, v4?.id ?? 0)).toEqual({ code: ResultCode.CONFLICT, msg: IP_TRUSTLIST_MESSAGES.ownAddressEntry, data: null });
    expect((await edit(admin, { listType: 'DASHBOARD', id: v4?.id, addresses: '127.0.0.2', dryRun: true })).msg).toBe(
      IP_TRUSTLIST_MESSAGES.ownAddressEntry,
    );
    // From the office, the same removal is fine for the caller; it is undone right after.
    const office = await signIn(t.app, login.path, 'admin', OFFICE);
    expect((await remove(office, v4?.id ?? 0, OFFICE)).code).toBe(200);
    expect((await edit(office, { listType: 'DASHBOARD', addresses: TRUSTED, remark: 'This computer (IPv4)' }, OFFICE)).code).toBe(200);

    expect((await edit(condor, { listType: 'DASHBOARD', addresses: TRUSTED })).code).toBe(200);
    expect((await restrict(condor, { mode: 'ALL_USERS' })).code).toBe(200);
    const [only] = await allEntries(condor, 'DASHBOARD');
    expect(await remove(condor, only?.id ?? 0)).toEqual({
      code: ResultCode.CONFLICT,
      msg: IP_TRUSTLIST_MESSAGES.removeLastWhileRestricted,
      data: null,
    });
    expect((await restrict(condor, { mode: 'OFF' })).code).toBe(200);
    expect((await remove(condor, only?.id ?? 0)).code).toBe(200);
  });

  test('SELECTED_USERS holds only the chosen users', async () => {
    const res = await restrict(admin, { mode: 'SELECTED_USERS', userIds: [ids['demo.finance']] }, UNTRUSTED);
    expect(res.code).toBe(ResultCode.IP_NOT_TRUSTED);
    const set = await restrict(admin, { mode: 'SELECTED_USERS', userIds: [ids['demo.finance']] });
    expect(set.data).toMatchObject({
      mode: 'SELECTED_USERS',
      users: [{ id: ids['demo.finance'], username: 'demo.finance', displayName: 'Fernando Finance' }],
    });
    // The admin is not held any more: the untrusted address works for them now.
    expect((await restriction(admin, UNTRUSTED)).data.mode).toBe('SELECTED_USERS');
    expect((await signInFrom('payout', UNTRUSTED)).code).toBe(200);
    expect((await signInFrom('finance', UNTRUSTED)).code).toBe(ResultCode.IP_NOT_TRUSTED);
    const payout = await signIn(t.app, login.path, 'payout');
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: payout, ip: UNTRUSTED })).code).toBe(200);
  });

  test('a change made through one process applies at the next call of another', async () => {
    const other: FastifyInstance = await buildApp({ config: t.config, db: t.db, clock: t.clock, jobs: false });
    try {
      const finance = await signIn(other, login.path, 'finance');
      const fromElsewhere = () => post(other, currentUserInfo.path, {}, { token: finance, ip: UNTRUSTED }).then((r) => envelope(r).code);
      expect(await fromElsewhere()).toBe(ResultCode.IP_NOT_TRUSTED);
      expect((await restrict(admin, { mode: 'OFF' })).code).toBe(200);
      expect(await fromElsewhere()).toBe(200);
      expect((await restrict(admin, { mode: 'ALL_USERS' })).code).toBe(200);
      expect(await fromElsewhere()).toBe(ResultCode.IP_NOT_TRUSTED);
      // Trusting the address through the first process lets the call through the second at once.
      const added = await edit(admin, { listType: 'DASHBOARD', addresses: '192.0.2.0/26' });
      expect(await fromElsewhere()).toBe(200);
      expect((await remove(admin, added.data.savedIds[0] ?? 0)).code).toBe(200);
      expect(await fromElsewhere()).toBe(ResultCode.IP_NOT_TRUSTED);
    } finally {
      await other.close();
      await restrict(admin, { mode: 'OFF' });
    }
  });
});
