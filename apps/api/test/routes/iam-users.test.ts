import { createHash } from 'node:crypto';
import { currentUserInfo, login, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import {
  resetLinkGenerate,
  roleAssignmentList,
  userAdd,
  userDetail,
  userModify,
  userPage,
  userRemove,
  userStateModify,
} from '@andes/contract/iam/endpoints';
import type { ResetLink, UserDetail, UserSummary } from '@andes/contract/iam/schemas';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS } from '../../src/clock.ts';
import { activityLog } from '../../src/db/schema/activity.ts';
import { sessions } from '../../src/db/schema/auth.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { passwordResetLinks } from '../../src/db/schema/password.ts';
import { users } from '../../src/db/schema/users.ts';
import { UserService } from '../../src/modules/iam/user.service.ts';
import { ResetLinks } from '../../src/modules/password/reset-links.ts';
import { createTestApp, DEMO, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { addRole, addUser, readyUser, resetWithLink, roleIdOf, signInWith, tokenOfLink, userIdOf } from './iam-fixtures.ts';

let t: TestApp;
let admin: string;
let condor: string;
let ids: Record<'admin' | 'finance' | 'payout' | 'market' | 'reset' | 'condor', number>;
let financeRole: number;
let payinRole: number;
let userAdminRole: number;
/** A user manager who is not a super admin: user screens plus home and pay-ins. */
let ursula: { id: number; token: string };
let subMerchantBr: number;

const START = new Date('2026-04-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
  ids = {
    admin: await userIdOf(t.db, DEMO.admin.username),
    finance: await userIdOf(t.db, DEMO.finance.username),
    payout: await userIdOf(t.db, DEMO.payout.username),
    market: await userIdOf(t.db, DEMO.market.username),
    reset: await userIdOf(t.db, DEMO.reset.username),
    condor: await userIdOf(t.db, DEMO.condor.username),
  };
  financeRole = await roleIdOf(t.db, 'Finance viewer');
  subMerchantBr = (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO-BR')))[0]?.id ?? 0;
  payinRole = await addRole(t.app, admin, { name: 'Payin viewer', permissions: ['home', 'transactions:payin'] });
  userAdminRole = await addRole(t.app, admin, {
    name: 'User admin',
    permissions: [
      'home',
      'transactions:payin',
      'iam:user:detail',
      'iam:user:create',
      'iam:user:modify',
      'iam:user:remove',
      'iam:user:reset-password',
    ],
  });
  ursula = await readyUser(
    t.app,
    admin,
    { username: 'ursula.admin', displayName: 'Ursula Admin', email: 'ursula@andes-demo.test', roleIds: [userAdminRole], countries: ['BR'] },
    'Ursula-Admin-77',
  );
});
afterAll(async () => t?.close());

const page = (token: string, body: object = {}) => post(t.app, userPage.path, body, { token });
const detail = (token: string, id: number) => post(t.app, userDetail.path.replace(':id', String(id)), {}, { token });
const remove = (token: string, id: number) => post(t.app, userRemove.path.replace(':id', String(id)), {}, { token });
const setState = (token: string, id: number, state: 0 | 1) => post(t.app, userStateModify.path, { id, state }, { token });
const lastEntries = async (n: number) => (await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(n)).reverse();
const notFound = { code: ResultCode.NOT_FOUND, msg: 'The user was not found', data: null };

describe('the user list', () => {
  test('shows the merchant’s users newest first, with roles, countries, sub-merchant and sign-in facts', async () => {
    const res = envelope<Page<UserSummary>>(await page(admin));
    expect(res.code).toBe(200);
    const names = res.data.list.map((u) => u.username);
    expect(names).toEqual(['ursula.admin', 'demo.reset', 'demo.market', 'demo.payout', 'demo.finance', 'demo.admin']);
    expect(res.data).toMatchObject({ total: 6, totalCapped: false, nextCursor: null });
    const byName = new Map(res.data.list.map((u) => [u.username, u]));
    expect(byName.get('demo.finance')).toEqual({
      id: ids.finance,
      username: 'demo.finance',
      displayName: 'Fernando Finance',
      email: 'fernando.finance@andes-demo.test',
      state: 1,
      superAdmin: false,
      roles: [{ id: financeRole, name: 'Finance viewer' }],
      countries: ['BR', 'MX', 'CO'],
      subMerchantId: null,
      subMerchantName: null,
      mfaEnabled: false,
      locked: false,
      lastLoginAt: null,
      createdAt: START.toISOString(),
    } satisfies UserSummary);
    // No list of its own: every area of the merchant, in the selector's order.
    expect(byName.get('demo.admin')).toMatchObject({ superAdmin: true, roles: [], countries: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'] });
    expect(byName.get('demo.admin')?.lastLoginAt).toBe(START.toISOString());
    expect(byName.get('demo.market')).toMatchObject({ subMerchantId: subMerchantBr, subMerchantName: 'Andes Demo Marketplace' });
    // Another merchant's users are not there, and that merchant sees only its own.
    const other = envelope<Page<UserSummary>>(await page(condor));
    expect(other.data.list.map((u) => u.username)).toEqual(['condor.admin']);
  });

  test('filters by username, name, e-mail (any case, anywhere, pattern characters literal), state and role', async () => {
    const names = async (body: object) => envelope<Page<UserSummary>>(await page(admin, body)).data.list.map((u) => u.username);
    expect(await names({ username: 'FIN' })).toEqual(['demo.finance']);
    expect(await names({ displayName: 'paula' })).toEqual(['demo.payout']);
    expect(await names({ email: '@Andes-Demo.TEST' })).toHaveLength(6);
    expect(await names({ username: '%' })).toEqual([]);
    expect(await names({ username: 'demo_' })).toEqual([]);
    expect(await names({ roleId: financeRole })).toEqual(['demo.reset', 'demo.finance']);
    expect(await names({ roleId: financeRole, username: 'reset' })).toEqual(['demo.reset']);
    expect(await names({ username: '   ' })).toHaveLength(6);
    const invalid = envelope<{ issues: { path: string }[] }>(await page(admin, { pageSize: 7, state: 2 }));
    expect(invalid.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(invalid.data.issues.map((i) => i.path).sort()).toEqual(['pageSize', 'state']);
  });

  test('shows a user locked after too many failed sign-ins', async () => {
    for (let i = 0; i < 10; i += 1) {
      await post(t.app, login.path, { username: DEMO.payout.username, password: `Wrong-${i}-Pass` }, { ip: `198.51.100.${i + 1}` });
    }
    const payout = envelope<Page<UserSummary>>(await page(admin, { username: 'demo.payout' })).data.list[0];
    expect(payout?.locked).toBe(true);
    // The lock lifts 30 minutes after the 10th failure (sessions idle that long end: sign in again).
    t.clock.advance(31 * 60_000);
    admin = await signIn(t.app, login.path, 'admin');
    expect(envelope<Page<UserSummary>>(await page(admin, { username: 'demo.payout' })).data.list[0]?.locked).toBe(false);
    condor = await signIn(t.app, login.path, 'condor');
    ursula.token = await signInWith(t.app, 'ursula.admin', 'Ursula-Admin-77');
  });

  test('pages by cursor without gaps or repeats', async () => {
    const condorId = (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'CONDOR')))[0]?.id ?? 0;
    await t.db.execute(sql`
      insert into users (merchant_id, username, display_name, email, password_hash, user_type, state, must_change_password, created_at, updated_at)
      select ${condorId}, 'condor.user' || n, 'Condor user ' || n, 'user' || n || '@condor.test', '!', 2, 1, false, now(), now()
      from generate_series(1, 24) as n`);
    const seen: string[] = [];
    let cursor: string | undefined;
    const totals: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = envelope<Page<UserSummary>>(await page(condor, { pageSize: 10, ...(cursor ? { cursor } : {}) }));
      expect(res.code).toBe(200);
      seen.push(...res.data.list.map((u) => u.username));
      totals.push(res.data.total);
      if (res.data.nextCursor === null) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen[0]).toBe('condor.user24');
    expect(seen.at(-1)).toBe('condor.admin');
    expect(totals).toEqual([25, 25, 25]);
  });

  test('a forged cursor, or one of another list, is a validation error', async () => {
    const forged = Buffer.from('role:5', 'utf8').toString('base64url');
    const res = envelope<{ issues: { path: string; message: string }[] }>(await page(admin, { cursor: forged }));
    expect(res).toMatchObject({ code: ResultCode.VALIDATION_FAILED, data: { issues: [{ path: 'cursor' }] } });
  });

  test('counts exactly up to 10,000, then says 10,000+', async () => {
    const [big] = await t.db.insert(merchants).values({ code: 'BIG-CO', name: 'Big Co' }).returning({ id: merchants.id });
    const bigId = big?.id ?? 0;
    const hash = await t.app.andes.hasher.hash('Big-Admin-2026');
    await t.db.insert(users).values({
      merchantId: bigId,
      username: 'big.admin',
      displayName: 'Big Admin',
      email: 'admin@big.test',
      passwordHash: hash,
      userType: 2,
      superAdmin: true,
      mustChangePassword: false,
      passwordChangedAt: t.clock(),
    });
    await t.db.execute(sql`
      insert into users (merchant_id, username, display_name, password_hash, user_type, state, must_change_password, created_at, updated_at)
      select ${bigId}, 'big.user' || n, 'Big user ' || n, '!', 2, 1, false, now(), now()
      from generate_series(1, 10000) as n`);
    const token = await signInWith(t.app, 'big.admin', 'Big-Admin-2026');
    const res = envelope<Page<UserSummary>>(await page(token, { pageSize: 100 }));
    expect(res.data).toMatchObject({ total: 10_000, totalCapped: true });
    expect(res.data.list).toHaveLength(100);
    expect(res.data.list[0]?.username).toBe('big.user10000');
    const filtered = envelope<Page<UserSummary>>(await page(token, { username: 'big.user99' }));
    // big.user99 and big.user990…999 and big.user9900…9999: 1 + 10 + 100.
    expect(filtered.data).toMatchObject({ total: 111, totalCapped: false });
  });
});

describe('user detail', () => {
  test('adds the user type, password date, creator and last change', async () => {
    const res = envelope<UserDetail>(await detail(admin, ursula.id));
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      id: ursula.id,
      username: 'ursula.admin',
      userType: 2,
      createdBy: 'demo.admin',
      roles: [{ id: userAdminRole, name: 'User admin' }],
      countries: ['BR'],
      passwordChangedAt: START.toISOString(),
    });
    expect(envelope<UserDetail>(await detail(admin, ids.finance)).data.createdBy).toBeNull();
  });

  test('a user of another merchant is not found, exactly like a missing one', async () => {
    const foreign = await detail(admin, ids.condor);
    const missing = await detail(admin, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign)).toEqual(notFound);
    expect(envelope(missing)).toEqual(notFound);
    expect(envelope(await detail(admin, 0)).code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('needs the detail permission', async () => {
    const finance = await signIn(t.app, login.path, 'finance');
    expect(envelope(await detail(finance, ids.finance)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await page(finance)).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('a sub-merchant user managing users', () => {
  test('sees and adds only users of their own sub-merchant', async () => {
    const role = await addRole(t.app, admin, { name: 'Marketplace user admin', permissions: ['iam:user:create', 'home'] });
    const marketRoles = [await roleIdOf(t.db, 'Marketplace staff'), role];
    expect(
      envelope(
        await post(
          t.app,
          userModify.path,
          {
            id: ids.market,
            displayName: 'Marta Marketplace',
            email: 'marta.market@andes-demo.test',
            roleIds: marketRoles,
            countries: ['BR', 'MX'],
            subMerchantId: subMerchantBr,
          },
          { token: admin },
        ),
      ).code,
    ).toBe(200);
    const market = await signIn(t.app, login.path, 'market');
    const list = envelope<Page<UserSummary>>(await page(market));
    expect(list.data.list.map((u) => u.username)).toEqual(['demo.market']);
    expect(envelope(await detail(market, ids.finance))).toEqual(notFound);
    const base = { displayName: 'Mia', email: 'mia@andes-demo.test', roleIds: [payinRole], countries: ['BR'] } as const;
    const asMerchantUser = await post(t.app, userAdd.path, { ...base, username: 'mia.one', subMerchantId: null }, { token: market });
    expect(envelope(asMerchantUser)).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      data: { issues: [{ path: 'subMerchantId', message: 'You can only manage users of your own sub-merchant' }] },
    });
    const wrongCountry = await post(
      t.app,
      userAdd.path,
      { ...base, username: 'mia.one', countries: ['CO'], subMerchantId: subMerchantBr },
      { token: market },
    );
    expect(envelope(wrongCountry)).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      data: { issues: [{ path: 'countries', message: 'Only countries of your merchant can be chosen' }] },
    });
    const ok = await post(t.app, userAdd.path, { ...base, username: 'mia.one', subMerchantId: subMerchantBr }, { token: market });
    expect(envelope(ok).code).toBe(200);
    const mia = envelope<UserDetail>(await detail(admin, await userIdOf(t.db, 'mia.one'))).data;
    expect(mia).toMatchObject({ userType: 3, subMerchantId: subMerchantBr, createdBy: 'demo.market' });
  });
});

describe('adding a user', () => {
  test('creates them without a password, answers a one-time invitation link valid 24 h and e-mails it', async () => {
    const before = (await lastEntries(1))[0]?.id ?? 0;
    const res = envelope<{ id: number; resetLink: ResetLink }>(
      await post(
        t.app,
        userAdd.path,
        {
          username: '  Nina.Nueva ',
          displayName: 'Nina Nueva',
          email: 'nina@andes-demo.test',
          roleIds: [payinRole],
          countries: ['MX', 'BR'],
        },
        { token: admin, headers: { 'user-agent': 'vitest' } },
      ),
    );
    expect(res.code).toBe(200);
    const { link, expiresAt, emailedTo } = res.data.resetLink;
    expect(link).toMatch(/^http:\/\/localhost:8080\/login\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(t.clock().getTime() + 24 * HOUR_MS).toISOString());
    expect(emailedTo).toBe('nina@andes-demo.test');

    const [row] = await t.db.select().from(users).where(eq(users.id, res.data.id));
    expect(row).toMatchObject({
      username: 'nina.nueva',
      mustChangePassword: true,
      countries: ['BR', 'MX'],
      createdBy: 'demo.admin',
      userType: 2,
    });
    // Stored hashed only.
    const token = tokenOfLink(link);
    const [stored] = await t.db.select().from(passwordResetLinks).where(eq(passwordResetLinks.userId, res.data.id));
    expect(stored).toMatchObject({
      purpose: 'INVITATION',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      usedAt: null,
      issuedBy: 'demo.admin',
    });
    expect(JSON.stringify(await t.db.select().from(passwordResetLinks))).not.toContain(token);

    await t.app.andes.mailer.idle();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nina@andes-demo.test'));
    expect(mail?.subject).toBe('Your Andes account at Andes Demo Store');
    expect(mail?.text).toContain(link);

    const entries = (await t.db.select().from(activityLog).where(gt(activityLog.id, before)).orderBy(asc(activityLog.id))).map((e) => ({
      event: e.event,
      actor: e.actorUsername,
      object: `${e.objectType}:${e.objectId}:${e.objectLabel}`,
      details: e.details,
    }));
    expect(entries).toEqual([
      {
        event: 'USER_CREATED',
        actor: 'demo.admin',
        object: `USER:${res.data.id}:nina.nueva`,
        details: { roles: String(payinRole), countries: 'BR,MX', subMerchantId: '' },
      },
      {
        event: 'PASSWORD_RESET_LINK_ISSUED',
        actor: 'demo.admin',
        object: `USER:${res.data.id}:nina.nueva`,
        details: { purpose: 'INVITATION', expiresAt },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(token);

    // Nobody can sign in before the link is used; then the user is in, with scene NORMAL.
    const early = await post(t.app, login.path, { username: 'nina.nueva', password: 'Nina-Nueva-2026' }, { ip: '198.51.100.90' });
    expect(envelope(early).code).toBe(ResultCode.INVALID_CREDENTIALS);
    expect(envelope(await resetWithLink(t.app, token, 'Nina-Nueva-2026')).code).toBe(200);
    const signedIn = envelope<{ passwordScene: string }>(
      await post(t.app, login.path, { username: 'nina.nueva', password: 'Nina-Nueva-2026' }),
    );
    expect(signedIn.data.passwordScene).toBe('NORMAL');
  });

  test('refuses a username taken in any case, in any merchant', async () => {
    const body = { displayName: 'X', email: 'x@andes-demo.test', roleIds: [payinRole], countries: ['BR'] };
    for (const username of ['Demo.Finance', 'condor.admin']) {
      const res = await post(t.app, userAdd.path, { ...body, username }, { token: admin });
      expect(res.statusCode).toBe(409);
      expect(envelope(res)).toEqual({ code: ResultCode.CONFLICT, msg: 'This username is already taken', data: null });
    }
  });

  test('validates the form with field messages', async () => {
    const res = envelope<{ issues: { path: string; message: string }[] }>(
      await post(
        t.app,
        userAdd.path,
        { username: 'a b', displayName: '', email: 'not-mail', roleIds: [], countries: ['BR', 'BR'] },
        { token: admin },
      ),
    );
    expect(res.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(res.data.issues).toEqual([
      { path: 'username', message: 'Use letters, numbers and . _ - @ only, starting with a letter or number' },
      { path: 'displayName', message: 'Please enter the name' },
      { path: 'email', message: 'Please enter the correct email' },
      { path: 'roleIds', message: 'Please select at least one role' },
      { path: 'countries', message: 'Each country can be chosen once' },
    ]);
  });

  test('refuses countries outside the merchant, roles and sub-merchants of another merchant, disabled roles', async () => {
    const body = {
      username: 'olga.other',
      displayName: 'Olga',
      email: 'olga@condor.test',
      roleIds: [payinRole],
      countries: ['MX'],
      subMerchantId: null,
    };
    const issueOf = async (token: string, change: object) =>
      envelope<{ issues: unknown[] }>(await post(t.app, userAdd.path, { ...body, ...change }, { token }));
    // Condor is in MX and CO only; the role and the sub-merchant are ANDES-DEMO's.
    expect((await issueOf(condor, { roleIds: [] })).code).toBe(ResultCode.VALIDATION_FAILED);
    expect(await issueOf(condor, {})).toMatchObject({ data: { issues: [{ path: 'roleIds', message: 'A chosen role does not exist' }] } });
    expect(await issueOf(condor, { roleIds: [2_000_000_000] })).toMatchObject({
      data: { issues: [{ path: 'roleIds', message: 'A chosen role does not exist' }] },
    });
    const condorRole = await addRole(t.app, condor, { name: 'Condor viewer', permissions: ['home'] });
    expect(await issueOf(condor, { roleIds: [condorRole], countries: ['BR'] })).toMatchObject({
      data: { issues: [{ path: 'countries', message: 'Only countries of your merchant can be chosen' }] },
    });
    expect(await issueOf(condor, { roleIds: [condorRole], subMerchantId: subMerchantBr })).toMatchObject({
      data: { issues: [{ path: 'subMerchantId', message: 'Choose a sub-merchant of your merchant' }] },
    });
    await t.db.execute(sql`update roles set state = 0 where id = ${condorRole}`);
    expect(await issueOf(condor, { roleIds: [condorRole] })).toMatchObject({
      data: { issues: [{ path: 'roleIds', message: 'A disabled role cannot be assigned' }] },
    });
  });

  test('needs the create permission; an admin grants only roles whose permissions they hold', async () => {
    const body = { username: 'paco.payin', displayName: 'Paco', email: 'paco@andes-demo.test', countries: ['BR'] };
    const payout = await signIn(t.app, login.path, 'payout');
    expect(envelope(await post(t.app, userAdd.path, { ...body, roleIds: [payinRole] }, { token: payout })).code).toBe(ResultCode.FORBIDDEN);
    const beyond = await post(t.app, userAdd.path, { ...body, roleIds: [payinRole, financeRole] }, { token: ursula.token });
    expect(beyond.statusCode).toBe(403);
    const refusal = envelope<{ permissions: string[] }>(beyond);
    expect(refusal.msg).toBe('You can only grant permissions you hold yourself');
    expect(refusal.data.permissions).toContain('finance:payin');
    expect(refusal.data.permissions).not.toContain('transactions:payin');
    expect(envelope(await post(t.app, userAdd.path, { ...body, roleIds: [payinRole] }, { token: ursula.token })).code).toBe(200);
  });
});

describe('changing a user', () => {
  test('changes name, e-mail, roles and countries, effective at the next call, with an activity entry', async () => {
    const nina = await userIdOf(t.db, 'nina.nueva');
    const ninaToken = await signInWith(t.app, 'nina.nueva', 'Nina-Nueva-2026');
    const menuOf = async () =>
      envelope<{ menuList: { permission: string }[] }>(await post(t.app, permissionLoad.path, {}, { token: ninaToken })).data.menuList.map(
        (m) => m.permission,
      );
    expect(await menuOf()).toEqual(['home', 'transactions']);
    const res = await post(
      t.app,
      userModify.path,
      { id: nina, displayName: 'Nina N.', email: 'nina.n@andes-demo.test', roleIds: [financeRole], countries: ['CO'], subMerchantId: null },
      { token: admin },
    );
    expect(envelope(res)).toEqual({ code: 200, msg: 'success', data: null });
    expect(envelope<UserDetail>(await detail(admin, nina)).data).toMatchObject({
      displayName: 'Nina N.',
      email: 'nina.n@andes-demo.test',
      roles: [{ id: financeRole, name: 'Finance viewer' }],
      countries: ['CO'],
    });
    expect(await menuOf()).toContain('finance');
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({
      event: 'USER_MODIFIED',
      objectId: String(nina),
      details: { changed: 'displayName,email,roles,countries', roles: String(financeRole), countries: 'CO' },
    });
  });

  test('a new e-mail address uses up the links sent to the old one', async () => {
    const added = await addUser(t.app, admin, {
      username: 'otto.old',
      displayName: 'Otto',
      email: 'otto@old.test',
      roleIds: [payinRole],
      countries: ['BR'],
    });
    await post(
      t.app,
      userModify.path,
      { id: added.id, displayName: 'Otto', email: 'otto@new.test', roleIds: [payinRole], countries: ['BR'], subMerchantId: null },
      { token: admin },
    );
    expect(envelope(await resetWithLink(t.app, tokenOfLink(added.resetLink.link), 'Otto-Otto-2026')).code).toBe(ResultCode.NOT_FOUND);
  });

  test('another merchant’s user is not found; a super admin is managed by super admins only', async () => {
    const body = { displayName: 'X', email: 'x@condor.test', roleIds: [payinRole], countries: ['BR'], subMerchantId: null };
    expect(envelope(await post(t.app, userModify.path, { ...body, id: ids.condor }, { token: admin }))).toEqual(notFound);
    const res = await post(t.app, userModify.path, { ...body, id: ids.admin, email: 'attacker@evil.test' }, { token: ursula.token });
    expect(envelope(res)).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'You can only manage users whose permissions you hold yourself',
      data: null,
    });
    // Nor a user holding more than the manager: Fernando's finance permissions are not Ursula's.
    const finance = await post(t.app, userModify.path, { ...body, id: ids.finance, roleIds: [payinRole] }, { token: ursula.token });
    expect(envelope(finance).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope<UserDetail>(await detail(admin, ids.admin)).data.email).toBe('ana.admin@andes-demo.test');
  });

  test('keeps a role that was disabled meanwhile, but does not give one newly', async () => {
    const keeper = await addUser(t.app, admin, {
      username: 'kim.keeper',
      displayName: 'Kim',
      email: 'kim@andes-demo.test',
      roleIds: [payinRole],
      countries: ['BR'],
    });
    const disabledRole = await addRole(t.app, admin, { name: 'Soon disabled', permissions: ['home'] });
    await t.db.execute(sql`update roles set state = 0 where id = ${disabledRole}`);
    const body = { id: keeper.id, displayName: 'Kim', email: 'kim@andes-demo.test', countries: ['BR'], subMerchantId: null };
    expect(envelope(await post(t.app, userModify.path, { ...body, roleIds: [payinRole, disabledRole] }, { token: admin })).code).toBe(
      ResultCode.VALIDATION_FAILED,
    );
    await t.db.execute(sql`insert into user_roles (user_id, role_id) values (${keeper.id}, ${disabledRole})`);
    expect(
      envelope(await post(t.app, userModify.path, { ...body, displayName: 'Kim K.', roleIds: [payinRole, disabledRole] }, { token: admin }))
        .code,
    ).toBe(200);
  });
});

describe('enabling and disabling', () => {
  test('disabling ends the user’s sessions at once; they cannot sign in until enabled again', async () => {
    const token = await signIn(t.app, login.path, 'payout');
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(200);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, ids.payout), isNull(sessions.revokedAt)));
    expect(envelope(await setState(admin, ids.payout, 0))).toEqual({ code: 200, msg: 'success', data: null });
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token })).code).toBe(ResultCode.SESSION_EXPIRED);
    const refused = await post(t.app, login.path, { username: DEMO.payout.username, password: DEMO.payout.password });
    expect(envelope(refused).code).toBe(ResultCode.ACCOUNT_DISABLED);
    const [entry] = await lastEntries(2);
    expect(entry).toMatchObject({
      event: 'USER_STATE_CHANGED',
      objectId: String(ids.payout),
      details: { state: 'DISABLED', signInsEnded: String(live.length) },
    });
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, ids.payout), isNull(sessions.revokedAt))),
    ).toEqual([]);

    // A double click applies once.
    const count = async () => (await t.db.select().from(activityLog).where(eq(activityLog.event, 'USER_STATE_CHANGED'))).length;
    const before = await count();
    expect(envelope(await setState(admin, ids.payout, 0)).code).toBe(200);
    expect(await count()).toBe(before);

    expect(envelope(await setState(admin, ids.payout, 1)).code).toBe(200);
    expect(envelope<Page<UserSummary>>(await page(admin, { username: 'demo.payout' })).data.list[0]?.state).toBe(1);
    expect(await signIn(t.app, login.path, 'payout')).toEqual(expect.any(String));
  });

  test('nobody disables themselves; a user of another merchant is not found', async () => {
    expect(envelope(await setState(admin, ids.admin, 0))).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'You cannot disable or remove your own user',
      data: null,
    });
    expect(envelope(await setState(admin, ids.condor, 0))).toEqual(notFound);
    expect(envelope(await setState(ursula.token, ids.admin, 0)).code).toBe(ResultCode.FORBIDDEN);
  });

  test('two super admins cannot take each other away: the last enabled one stays', async () => {
    const second = await readyUser(
      t.app,
      admin,
      { username: 'sam.super', displayName: 'Sam', email: 'sam@andes-demo.test', roleIds: [payinRole], countries: ['BR'] },
      'Sam-Super-2026',
    );
    await t.db.update(users).set({ superAdmin: true }).where(eq(users.id, second.id));
    // Sam's call was authenticated before Ana's change landed: it runs with Sam's context of then.
    const samAuth = (await t.app.andes.sessions.resolve(second.token)).auth;
    expect(envelope(await setState(admin, second.id, 0)).code).toBe(200);
    const { db, hasher, sessions, activity, mailer, clock, config } = t.app.andes;
    const service = new UserService(db, hasher, sessions, activity, mailer, new ResetLinks(config.publicUrl, clock), clock);
    await expect(service.setState(samAuth, { id: ids.admin, state: 0 }, { ip: '127.0.0.1', userAgent: null })).rejects.toMatchObject({
      code: ResultCode.CONFLICT,
      message: 'The last super admin cannot be disabled or removed',
    });
    await expect(service.remove(samAuth, ids.admin, { ip: '127.0.0.1', userAgent: null })).rejects.toMatchObject({
      code: ResultCode.CONFLICT,
    });
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: admin })).code).toBe(200);
    // A disabled super admin can be removed by the enabled one.
    expect(envelope(await remove(admin, second.id)).code).toBe(200);
  });
});

describe('removing a user', () => {
  test('ends their sessions, keeps their history, and frees the username', async () => {
    const gone = await readyUser(
      t.app,
      admin,
      { username: 'gina.gone', displayName: 'Gina', email: 'gina@andes-demo.test', roleIds: [payinRole], countries: ['BR'] },
      'Gina-Gone-2026',
    );
    const res = await remove(admin, gone.id);
    expect(envelope(res)).toEqual({ code: 200, msg: 'success', data: null });
    expect(envelope(await post(t.app, currentUserInfo.path, {}, { token: gone.token })).code).toBe(ResultCode.SESSION_EXPIRED);
    expect(await t.db.select().from(users).where(eq(users.id, gone.id))).toEqual([]);
    expect(envelope(await detail(admin, gone.id))).toEqual(notFound);
    expect(envelope(await remove(admin, gone.id))).toEqual(notFound);
    const history = await t.db
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(and(eq(activityLog.objectType, 'USER'), eq(activityLog.objectId, String(gone.id))))
      .orderBy(asc(activityLog.id));
    expect(history.map((h) => h.event)).toEqual(['USER_CREATED', 'PASSWORD_RESET_LINK_ISSUED', 'PASSWORD_RESET', 'USER_REMOVED']);
    const again = await addUser(t.app, admin, {
      username: 'gina.gone',
      displayName: 'Gina 2',
      email: 'gina2@andes-demo.test',
      roleIds: [payinRole],
      countries: ['BR'],
    });
    expect(again.id).not.toBe(gone.id);
  });

  test('nobody removes themselves; needs the remove permission; another merchant’s user is not found', async () => {
    expect(envelope(await remove(admin, ids.admin)).msg).toBe('You cannot disable or remove your own user');
    const finance = await signIn(t.app, login.path, 'finance');
    expect(envelope(await remove(finance, ids.reset)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await remove(admin, ids.condor))).toEqual(notFound);
    expect(envelope(await remove(condor, ids.finance))).toEqual(notFound);
  });
});

describe('admin reset link', () => {
  test('issues a one-time link valid 24 h, e-mails it, and answers it once', async () => {
    const res = envelope<ResetLink>(await post(t.app, resetLinkGenerate.path, { userId: ids.reset }, { token: admin }));
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      link: expect.stringMatching(/^http:\/\/localhost:8080\/login\/reset-password\?token=/),
      expiresAt: new Date(t.clock().getTime() + 24 * HOUR_MS).toISOString(),
      emailedTo: 'renata.reset@andes-demo.test',
    });
    await t.app.andes.mailer.idle();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'renata.reset@andes-demo.test'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe('Set a new Andes password');
    expect(mail?.text).toContain(res.data.link);
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({ event: 'PASSWORD_RESET_LINK_ISSUED', actorUsername: 'demo.admin', details: { purpose: 'ADMIN_RESET' } });
    expect(JSON.stringify(entry)).not.toContain(tokenOfLink(res.data.link));
  });

  test('not for oneself, a disabled user, another merchant’s user, or without the permission', async () => {
    expect(envelope(await post(t.app, resetLinkGenerate.path, { userId: ids.admin }, { token: admin }))).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'Use Change password for your own account',
      data: null,
    });
    expect(envelope(await post(t.app, resetLinkGenerate.path, { userId: ids.condor }, { token: admin }))).toEqual(notFound);
    await setState(admin, ids.reset, 0);
    expect(envelope(await post(t.app, resetLinkGenerate.path, { userId: ids.reset }, { token: admin }))).toEqual({
      code: ResultCode.CONFLICT,
      msg: 'The user is disabled: enable it first',
      data: null,
    });
    await setState(admin, ids.reset, 1);
    const finance = await signIn(t.app, login.path, 'finance');
    expect(envelope(await post(t.app, resetLinkGenerate.path, { userId: ids.reset }, { token: finance })).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await post(t.app, resetLinkGenerate.path, { userId: ids.admin }, { token: ursula.token })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});

describe('the roles offered by the user form', () => {
  test('are the merchant’s roles with their state, for whoever sees the user screen', async () => {
    const res = envelope<{ id: number; name: string; state: number }[]>(
      await post(t.app, roleAssignmentList.path, {}, { token: ursula.token }),
    );
    expect(res.code).toBe(200);
    expect(res.data.map((r) => r.name)).toEqual([
      'Finance viewer',
      'Marketplace staff',
      'Marketplace user admin',
      'Payin viewer',
      'Payout operator',
      'Soon disabled',
      'User admin',
    ]);
    expect(res.data.find((r) => r.name === 'Soon disabled')?.state).toBe(0);
    expect(envelope<unknown[]>(await post(t.app, roleAssignmentList.path, {}, { token: condor })).data).toHaveLength(1);
    const finance = await signIn(t.app, login.path, 'finance');
    expect(envelope(await post(t.app, roleAssignmentList.path, {}, { token: finance })).code).toBe(ResultCode.FORBIDDEN);
  });
});
