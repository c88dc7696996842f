import { activityExport, activityPage } from '@andes/contract/activity/endpoints';
import {
  ACTIVITY_EXPORT_SPAN_MESSAGE,
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  type ActivityPageRequest,
} from '@andes/contract/activity/schemas';
import { login } from '@andes/contract/auth/endpoints';
import { ACTIVITY_EXPORT_MAX_DAYS, ACTIVITY_EXPORT_MAX_ROWS, MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { activityPageQuery } from '../../src/modules/activity/activity.repository.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

const SAO_PAULO = 'America/Sao_Paulo';
const FORMULA_AGENT = "=cmd|' /C calc'!A0";

let t: TestApp;
let admin: string;
let condor: string;
let demoId: number;
let condorId: number;
const ids: Record<string, number> = {};

type Row = typeof activityLog.$inferInsert;
const row = (r: Partial<Row> & Pick<Row, 'merchantId' | 'at' | 'event'>): Row => ({ outcome: 'SUCCESS', details: {}, ...r });

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-03-10T15:00:00Z')) });
  const ms = await t.db.select({ id: merchants.id, code: merchants.code }).from(merchants);
  demoId = ms.find((m) => m.code === 'ANDES-DEMO')?.id ?? 0;
  condorId = ms.find((m) => m.code === 'CONDOR')?.id ?? 0;
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) ids[u.username] = u.id;
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
  await post(
    t.app,
    login.path,
    { username: DEMO.payout.username, password: DEMO.payout.password },
    { ip: '198.51.100.40', headers: { 'user-agent': FORMULA_AGENT } },
  );
  await t.db.insert(activityLog).values([
    // 2026-03-01 09:00 and 23:30 in São Paulo (UTC-3); the second is already 2 March in UTC.
    row({
      merchantId: demoId,
      at: new Date('2026-03-01T12:00:00Z'),
      event: 'ROLE_MODIFIED',
      actorUserId: ids['demo.admin'],
      actorUsername: 'demo.admin',
      objectType: 'ROLE',
      objectId: '3',
      objectLabel: 'Finance viewer',
    }),
    row({
      merchantId: demoId,
      at: new Date('2026-03-02T02:30:00Z'),
      event: 'USER_CREATED',
      actorUserId: ids['demo.admin'],
      actorUsername: 'demo.admin',
      objectType: 'USER',
      objectId: '77',
      objectLabel: 'new.user',
      ip: '::ffff:198.51.100.7',
      details: { roles: 'Finance viewer' },
    }),
    row({
      merchantId: condorId,
      at: new Date('2026-03-01T12:00:00Z'),
      event: 'USER_CREATED',
      actorUserId: ids['condor.admin'],
      actorUsername: 'condor.admin',
      objectType: 'USER',
      objectId: '77',
      ip: '198.51.100.7',
    }),
  ]);
});
afterAll(async () => t?.close());

const pageOf = (token: string, body: ActivityPageRequest) =>
  post(t.app, activityPage.path, body, { token }).then((r) => envelope<Page<ActivityEntry>>(r));
const exportOf = (token: string, body: object) => post(t.app, activityExport.path, body, { token });
const march1 = { from: '2026-03-01', to: '2026-03-01' };

async function grant(username: string, codes: string[]): Promise<void> {
  const [role] = await t.db
    .insert(roles)
    .values({ merchantId: demoId, name: `Test ${username}` })
    .returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  await t.db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  await t.db.insert(userRoles).values({ userId: ids[username] ?? 0, roleId: role.id });
}

describe('the page', () => {
  test('needs the activity permission', async () => {
    const finance = await signIn(t.app, login.path, 'finance');
    expect((await pageOf(finance, { timeZone: SAO_PAULO })).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await exportOf(finance, { timeZone: SAO_PAULO, range: march1 })).code).toBe(ResultCode.FORBIDDEN);
  });

  test('dates are calendar days in the zone the request names; newest first', async () => {
    const local = await pageOf(admin, { timeZone: SAO_PAULO, range: march1 });
    expect(local.data.list.map((e) => [e.event, e.time])).toEqual([
      ['USER_CREATED', '2026-03-02T02:30:00.000Z'],
      ['ROLE_MODIFIED', '2026-03-01T12:00:00.000Z'],
    ]);
    expect(local.data).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
    const utc = await pageOf(admin, { timeZone: 'UTC', range: march1 });
    expect(utc.data.list.map((e) => e.event)).toEqual(['ROLE_MODIFIED']);
    expect(local.data.list[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      time: '2026-03-02T02:30:00.000Z',
      actorUserId: ids['demo.admin'],
      actorUsername: 'demo.admin',
      event: 'USER_CREATED',
      outcome: 'SUCCESS',
      objectType: 'USER',
      objectId: '77',
      objectLabel: 'new.user',
      ip: '::ffff:198.51.100.7',
      userAgent: null,
      details: { roles: 'Finance viewer' },
    });
  });

  test('filters by actor, event, outcome, object and address', async () => {
    const events = async (body: Omit<ActivityPageRequest, 'timeZone'>) =>
      (await pageOf(admin, { timeZone: SAO_PAULO, ...body })).data.list.map((e) => `${e.event}:${e.actorUsername}`);
    expect(await events({ events: ['USER_CREATED', 'ROLE_MODIFIED'] })).toEqual(['USER_CREATED:demo.admin', 'ROLE_MODIFIED:demo.admin']);
    expect(await events({ objectType: 'USER', objectId: '77' })).toEqual(['USER_CREATED:demo.admin']);
    expect(await events({ objectType: 'ROLE', objectId: '77' })).toEqual([]);
    // An IPv4 filter also finds the address as a dual-stack server saw it (::ffff:198.51.100.7).
    expect(await events({ ip: '198.51.100.7' })).toEqual(['USER_CREATED:demo.admin']);
    expect(await events({ actor: 'PAYO' })).toEqual(['SIGN_IN_SUCCEEDED:demo.payout']);
    expect(await events({ actorUserId: ids['demo.payout'], outcome: 'SUCCESS' })).toEqual(['SIGN_IN_SUCCEEDED:demo.payout']);
    expect(await events({ actorUserId: ids['demo.payout'], outcome: 'FAILURE' })).toEqual([]);
    // `_` is not a wildcard.
    expect(await events({ actor: 'demo_admin' })).toEqual([]);
    const bad = await pageOf(admin, { timeZone: SAO_PAULO, ip: '10.0.0.0/8' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('another merchant’s entries never appear, and a sub-merchant user sees their sub-merchant’s only', async () => {
    const mine = await pageOf(condor, { timeZone: SAO_PAULO, pageSize: 100 });
    expect(new Set(mine.data.list.map((e) => e.actorUsername))).toEqual(new Set(['condor.admin']));
    expect(mine.data.list.map((e) => e.event)).toContain('USER_CREATED');
    const theirs = await pageOf(admin, { timeZone: SAO_PAULO, pageSize: 100 });
    expect(theirs.data.list.some((e) => e.actorUsername === 'condor.admin')).toBe(false);

    await grant('demo.market', ['iam:activity']);
    const market = await signIn(t.app, login.path, 'market');
    const sub = await pageOf(market, { timeZone: SAO_PAULO, pageSize: 100 });
    expect(sub.code).toBe(200);
    expect(sub.data.list.length).toBeGreaterThan(0);
    expect(new Set(sub.data.list.map((e) => e.actorUsername))).toEqual(new Set(['demo.market']));
    // The list permission alone does not export.
    expect(envelope(await exportOf(market, { timeZone: SAO_PAULO, range: march1 })).code).toBe(ResultCode.FORBIDDEN);
  });

  test('pages follow one another without gaps or repeats, also among entries of the same instant', async () => {
    const at = new Date('2026-03-05T10:00:00Z');
    await t.db.insert(activityLog).values(
      Array.from({ length: 25 }, (_, i) =>
        row({
          merchantId: demoId,
          at: i % 2 === 0 ? at : new Date(at.getTime() + i),
          event: 'USER_MODIFIED',
          objectType: 'USER',
          objectId: String(i),
        }),
      ),
    );
    const filter = { timeZone: SAO_PAULO, events: ['USER_MODIFIED' as const] };
    const whole = (await pageOf(admin, { ...filter, pageSize: 100 })).data.list.map((e) => e.id);
    expect(whole).toHaveLength(25);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i += 1) {
      const p = await pageOf(admin, { ...filter, pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(p.data.total).toBe(25);
      seen.push(...p.data.list.map((e) => e.id));
      if (p.data.nextCursor === null) break;
      cursor = p.data.nextCursor;
    }
    expect(seen).toEqual(whole);
    const bad = await pageOf(admin, { ...filter, cursor: Buffer.from('a:yesterday|1').toString('base64url') });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('the page query is served by the (merchant, at, id) index scanned backward, without a sort', async () => {
    const scope = { merchantId: demoId, subMerchantId: null };
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const after of [null, { at: '2026-03-05T10:00:00.000000Z', id: 1_000_000 }]) {
        const res = await tx.execute(sql`explain ${activityPageQuery(tx, scope, { events: [] }, after, 21)}`);
        plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    });
    for (const plan of plans) {
      expect(plan).toContain('Index Scan Backward using activity_log_merchant_at_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  test(`the total is exact up to ${MAX_EXACT_TOTAL}, then capped`, async () => {
    await t.db.execute(
      sql`insert into activity_log (merchant_id, at, event, outcome, details)
          select ${condorId}, '2026-02-01T12:00:00Z'::timestamptz, 'USER_MODIFIED', 'SUCCESS', '{}'::jsonb
          from generate_series(1, ${MAX_EXACT_TOTAL + 5})`,
    );
    const p = await pageOf(condor, { timeZone: 'UTC', range: { from: '2026-02-01', to: '2026-02-01' } });
    expect(p.data).toMatchObject({ total: MAX_EXACT_TOTAL, totalCapped: true });
    expect(p.data.list).toHaveLength(20);
    expect(p.data.nextCursor).not.toBeNull();
  });
});

describe('the CSV export', () => {
  test('is UTF-8 with a BOM, names the zone, lists the filtered entries newest first and defuses formulas', async () => {
    const range = { from: '2026-03-01', to: '2026-03-10' };
    const page = await pageOf(admin, { timeZone: SAO_PAULO, range, pageSize: 100 });
    const res = await exportOf(admin, { timeZone: SAO_PAULO, range });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('activity-2026-03-01_2026-03-10.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Time (America/Sao_Paulo),User,Event,Outcome,Object type,Object id,Object,IP address,User agent,Details');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(page.data.total);
    // Newest first, in local time: 15:00 UTC on 10 March is 12:00 in São Paulo.
    expect(rows[0]?.startsWith('2026-03-10 12:00:00,')).toBe(true);
    expect(rows.at(-1)).toBe('2026-03-01 09:00:00,demo.admin,ROLE_MODIFIED,SUCCESS,ROLE,3,Finance viewer,,,');
    expect(rows).toContain(
      '2026-03-01 23:30:00,demo.admin,USER_CREATED,SUCCESS,USER,77,new.user,::ffff:198.51.100.7,,roles=Finance viewer',
    );
    const signIn = rows.find((r) => r.includes('demo.payout,SIGN_IN_SUCCEEDED'));
    expect(signIn).toContain(`,198.51.100.40,'${FORMULA_AGENT},mfa=OFF`);
    expect(res.body).not.toContain('condor.admin');
  });

  test('is recorded, after the point it covers', async () => {
    const range = { from: '2026-03-10', to: '2026-03-10' };
    const exportsIn = (csv: string) => csv.split('\r\n').filter((line) => line.includes(',ACTIVITY_EXPORTED,')).length;
    const first = await exportOf(admin, { timeZone: SAO_PAULO, range });
    const [last] = await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(last).toMatchObject({
      merchantId: demoId,
      actorUsername: 'demo.admin',
      event: 'ACTIVITY_EXPORTED',
      outcome: 'SUCCESS',
      objectType: 'FILE',
      objectId: 'activity-2026-03-10_2026-03-10.csv',
      details: { from: '2026-03-10', to: '2026-03-10', timeZone: SAO_PAULO, rows: String(first.body.split('\r\n').length - 2) },
    });
    const second = await exportOf(admin, { timeZone: SAO_PAULO, range });
    expect(exportsIn(second.body)).toBe(exportsIn(first.body) + 1);
  });

  test(`refuses more than ${ACTIVITY_EXPORT_MAX_DAYS} days, no dates, and more than ${ACTIVITY_EXPORT_MAX_ROWS} rows`, async () => {
    // 1 January to 4 April is 94 days; to 3 April, 93.
    const long = envelope(await exportOf(admin, { timeZone: SAO_PAULO, range: { from: '2026-01-01', to: '2026-04-04' } }));
    expect(long).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      data: { issues: [{ path: 'range', message: ACTIVITY_EXPORT_SPAN_MESSAGE }] },
    });
    expect((await exportOf(admin, { timeZone: SAO_PAULO, range: { from: '2026-01-01', to: '2026-04-03' } })).statusCode).toBe(200);
    expect(envelope(await exportOf(admin, { timeZone: SAO_PAULO })).code).toBe(ResultCode.VALIDATION_FAILED);

    await t.db.execute(
      sql`insert into activity_log (merchant_id, at, event, outcome, details)
          select ${condorId}, '2026-01-15T12:00:00Z'::timestamptz, 'USER_MODIFIED', 'SUCCESS', '{}'::jsonb
          from generate_series(1, ${ACTIVITY_EXPORT_MAX_ROWS - MAX_EXACT_TOTAL - 4})`,
    );
    // With the 10,005 entries of 1 February, 100,001 entries match.
    const range = { from: '2026-01-15', to: '2026-02-01' };
    const tooMany = await exportOf(condor, { timeZone: 'UTC', range });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.headers['content-disposition']).toBeUndefined();
    expect(envelope(tooMany)).toEqual({ code: ResultCode.CONFLICT, msg: ACTIVITY_MESSAGES.exportTooLarge, data: null });
    // Narrower, it goes through: every entry, none cut.
    const narrower = await exportOf(condor, { timeZone: 'UTC', range: { from: '2026-02-01', to: '2026-02-01' } });
    expect(narrower.statusCode).toBe(200);
    expect(narrower.body.split('\r\n')).toHaveLength(MAX_EXACT_TOTAL + 5 + 2);
  });
});
