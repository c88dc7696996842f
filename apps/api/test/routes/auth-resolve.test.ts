import { login } from '@andes/contract/auth/endpoints';
import { USER_TYPES } from '@andes/contract/auth/schemas';
import { COUNTRIES, type Country, CountrySchema } from '@andes/contract/common/countries';
import { defineEndpoint } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { closePermissions, PERMISSION_CODES, type PermissionCode } from '@andes/contract/permissions/registry';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import type { AuthContext } from '../../src/http/auth-context.ts';
import { authorisedCountries, countryNotAuthorisedMessage, requireCountry } from '../../src/http/country-access.ts';
import { AppError } from '../../src/http/errors.ts';
import { registerEndpoint } from '../../src/http/register-endpoint.ts';
import { roleCodesOfUser } from '../../src/modules/auth/auth.repository.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

/**
 * The single-statement authentication (decision 0014): SessionService.resolve reads the session,
 * the user, the permission codes, the authorised countries and the IP restriction head in one
 * statement. These tests hold it to what the separate reads answered before (roleCodesOfUser, the
 * merchant_areas query of country-access.ts), count the statements of a call, and check that
 * nothing is cached between calls.
 */

/** A test-only call that needs `home` and checks one country, as the merchant-data calls do. */
const countryProbe = defineEndpoint({
  path: '/dashboard/test/country-probe',
  summary: 'test: requireCountry of the caller',
  permission: 'home',
  request: z.object({ country: CountrySchema }),
  response: z.object({ country: CountrySchema, timezoneName: z.string() }),
});

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function merchantIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  if (!row) throw new Error(`no merchant ${code}`);
  return row.id;
}

async function addUserRow(
  db: Db,
  username: string,
  merchantId: number,
  opts: { subMerchantId?: number; countries?: Country[] | null; superAdmin?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      merchantId,
      subMerchantId: opts.subMerchantId ?? null,
      username,
      displayName: username,
      passwordHash: 'not-a-password',
      userType: opts.subMerchantId ? USER_TYPES.SUB_MERCHANT : USER_TYPES.MERCHANT,
      superAdmin: opts.superAdmin ?? false,
      mustChangePassword: false,
      countries: opts.countries ?? null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function addRoleRow(db: Db, merchantId: number, name: string, codes: string[], state = 1): Promise<number> {
  const [row] = await db.insert(roles).values({ merchantId, name, state }).returning({ id: roles.id });
  if (!row) throw new Error('insert failed');
  await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: row.id, code })));
  return row.id;
}

/** A session of a user straight from the session service (these users have no password). */
async function sessionOf(userId: number, merchantId: number): Promise<string> {
  const { token } = await t.app.andes.sessions.create({ userId, merchantId, ip: '127.0.0.1', userAgent: 'vitest', mfaPending: false });
  return token;
}

/** The caller as the request pipeline resolves it. */
async function resolved(token: string): Promise<AuthContext> {
  return (await t.app.andes.sessions.resolve(token)).auth;
}

/** The same caller without the countries the statement read: country-access.ts then queries merchant_areas. */
function withoutCountries(auth: AuthContext): AuthContext {
  const { countries: _read, ...rest } = auth;
  return rest;
}

/**
 * Counts what the app sends to the database until stopped: statements through the PGlite instance
 * or the pg pool (a transaction counts once).
 */
function countStatements(db: Db): { count: () => number; stop: () => void } {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const wrapped = ['query', 'transaction', 'connect'].filter((name) => typeof client[name] === 'function');
  const originals = new Map(wrapped.map((name) => [name, client[name] as (...args: unknown[]) => unknown]));
  let n = 0;
  // pg.Pool#query checks a connection out through its own connect(): count that one call once.
  let inside = false;
  for (const [name, original] of originals) {
    client[name] = function (this: unknown, ...args: unknown[]) {
      if (inside) return original.apply(this, args);
      n += 1;
      inside = true;
      try {
        return original.apply(this, args);
      } finally {
        inside = false;
      }
    };
  }
  return {
    count: () => n,
    stop: () => {
      for (const [name, original] of originals) client[name] = original;
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({
    clock: fakeClock(new Date('2026-03-02T10:00:00Z')),
    beforeReady: (app: FastifyInstance) =>
      registerEndpoint(app, countryProbe, async ({ auth, body }) => {
        const c = await requireCountry(t.db, auth, body.country, t.clock());
        return { country: c.country, timezoneName: c.timezoneName };
      }),
  });
  const demo = await merchantIdOf(t.db, 'ANDES-DEMO');
  const marketplace = await merchantIdOf(t.db, 'ANDES-DEMO-BR');
  const travel = await merchantIdOf(t.db, 'ANDES-DEMO-CO');
  const condor = await merchantIdOf(t.db, 'CONDOR');
  Object.assign(ids, { demo, marketplace, travel, condor });

  const viewer = await addRoleRow(t.db, demo, 'Resolve viewer', ['home', 'transactions:payin']);
  const disabled = await addRoleRow(t.db, demo, 'Resolve disabled', ['transactions:payout', 'iam:user'], 0);
  const foreign = await addRoleRow(t.db, condor, 'Resolve foreign', ['accounting:payout-funding']);
  ids.viewerRole = viewer;

  // A user holding an enabled role, a disabled one and (by a bad row) another merchant's role.
  ids.mixed = await addUserRow(t.db, 'resolve.mixed', demo, { countries: ['ZA', 'BR'] });
  await t.db.insert(userRoles).values([viewer, disabled, foreign].map((roleId) => ({ userId: ids.mixed as number, roleId })));
  // A sub-merchant user of the travel sub-merchant with no list of their own (all of its areas).
  ids.travelAll = await addUserRow(t.db, 'resolve.travel', demo, { subMerchantId: travel, countries: null });
  await t.db.insert(userRoles).values({ userId: ids.travelAll, roleId: viewer });
  // A sub-merchant user whose list names countries outside the sub-merchant's areas.
  ids.travelNarrow = await addUserRow(t.db, 'resolve.narrow', demo, { subMerchantId: travel, countries: ['US', 'PE', 'BR'] });
  // A user pointing at a "sub-merchant" that is not a child of their merchant: no country at all.
  ids.stray = await addUserRow(t.db, 'resolve.stray', demo, { subMerchantId: condor, countries: null });
  await t.db.insert(userRoles).values({ userId: ids.stray, roleId: viewer });
  // A user without any role, and one whose list names a country their merchant does not have.
  ids.bare = await addUserRow(t.db, 'resolve.bare', demo, { countries: null });
  ids.condorUser = await addUserRow(t.db, 'resolve.condor', condor, { countries: ['BR', 'MX'] });

  tokens.admin = await signIn(t.app, login.path, 'admin');
  tokens.finance = await signIn(t.app, login.path, 'finance');
  tokens.payout = await signIn(t.app, login.path, 'payout');
  tokens.market = await signIn(t.app, login.path, 'market');
  tokens.condor = await signIn(t.app, login.path, 'condor');
  tokens.mixed = await sessionOf(ids.mixed, demo);
  tokens.travelAll = await sessionOf(ids.travelAll, demo);
  tokens.travelNarrow = await sessionOf(ids.travelNarrow, demo);
  tokens.stray = await sessionOf(ids.stray, demo);
  tokens.bare = await sessionOf(ids.bare, demo);
  tokens.condorUser = await sessionOf(ids.condorUser, condor);
});
afterAll(async () => t?.close());

const CALLERS = ['admin', 'finance', 'payout', 'market', 'condor', 'mixed', 'travelAll', 'travelNarrow', 'stray', 'bare', 'condorUser'];

describe('permissions read with the session', () => {
  test.each(CALLERS)('%s: the same codes as the roles query (every code for a super admin)', async (who) => {
    const auth = await resolved(tokens[who] as string);
    const expected = auth.superAdmin
      ? new Set<PermissionCode>(PERMISSION_CODES)
      : closePermissions(await roleCodesOfUser(t.db, auth.scope, auth.userId));
    expect([...auth.permissions].sort()).toEqual([...expected].sort());
  });

  test('a super admin holds every code; a user without roles none', async () => {
    expect((await resolved(tokens.admin as string)).permissions.size).toBe(PERMISSION_CODES.length);
    expect((await resolved(tokens.bare as string)).permissions.size).toBe(0);
  });

  test('a disabled role and another merchant’s role grant nothing', async () => {
    const auth = await resolved(tokens.mixed as string);
    expect(auth.permissions.has('home')).toBe(true);
    expect(auth.permissions.has('transactions:payin')).toBe(true);
    expect(auth.permissions.has('transactions:payout')).toBe(false);
    expect(auth.permissions.has('iam:user')).toBe(false);
    expect(auth.permissions.has('accounting:payout-funding')).toBe(false);
  });

  test('the sub-merchant user’s role codes, closed over their parents', async () => {
    const auth = await resolved(tokens.market as string);
    expect(auth.scope).toEqual({ merchantId: ids.demo, subMerchantId: ids.marketplace });
    expect(auth.permissions.has('transactions:payin')).toBe(true);
    expect(auth.permissions.has('transactions')).toBe(true);
    expect(auth.permissions.has('transactions:payout')).toBe(false);
  });
});

describe('authorised countries read with the session', () => {
  const expected: Record<string, Country[]> = {
    admin: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'],
    finance: ['BR', 'MX', 'CO'],
    payout: ['BR', 'MX'],
    market: ['BR', 'MX'],
    condor: ['MX', 'CO'],
    mixed: ['BR', 'ZA'],
    travelAll: ['CO', 'CL', 'PE'],
    travelNarrow: ['PE'],
    stray: [],
    bare: ['US', 'BR', 'MX', 'CO', 'CL', 'PE', 'ZA'],
    condorUser: ['MX'],
  };

  test.each(CALLERS)('%s: the countries the merchant_areas query authorises', async (who) => {
    const auth = await resolved(tokens[who] as string);
    const fromQuery = await authorisedCountries(t.db, withoutCountries(auth));
    expect(await authorisedCountries(t.db, auth)).toEqual(fromQuery);
    expect(COUNTRIES.filter((c) => auth.countries?.has(c))).toEqual(COUNTRIES.filter((c) => expected[who]?.includes(c)));
  });

  test.each(CALLERS)('%s: requireCountry accepts and refuses what it did with the query, with the same error', async (who) => {
    const auth = await resolved(tokens[who] as string);
    const now = t.clock();
    for (const country of COUNTRIES) {
      const outcome = async (a: AuthContext) => {
        try {
          return await requireCountry(t.db, a, country, now);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return { code: err.code, message: err.message };
        }
      };
      const inMemory = await outcome(auth);
      expect(inMemory).toEqual(await outcome(withoutCountries(auth)));
      if (!expected[who]?.includes(country)) {
        expect(inMemory).toEqual({ code: ResultCode.FORBIDDEN, message: countryNotAuthorisedMessage(country) });
      }
    }
  });
});

describe('one statement per call, nothing cached', () => {
  test('resolving a session reads the database once, and a country call needs nothing more', async () => {
    const counter = countStatements(t.db);
    try {
      await resolved(tokens.finance as string);
      expect(counter.count()).toBe(1);
      const res = await post(t.app, countryProbe.path, { country: 'MX' }, { token: tokens.finance as string });
      expect(envelope(res)).toEqual({ code: 200, msg: 'success', data: { country: 'MX', timezoneName: 'America/Mexico_City' } });
      expect(counter.count()).toBe(2);
      const refused = await post(t.app, countryProbe.path, { country: 'CL' }, { token: tokens.finance as string });
      expect(envelope(refused)).toMatchObject({ code: ResultCode.FORBIDDEN, msg: countryNotAuthorisedMessage('CL') });
      expect(counter.count()).toBe(3);
    } finally {
      counter.stop();
    }
  });

  test('a role disabled or a country removed applies at the very next call', async () => {
    const token = tokens.travelAll as string;
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CO' }, { token })).code).toBe(200);

    await t.db
      .update(users)
      .set({ countries: ['CL'] })
      .where(eq(users.id, ids.travelAll as number));
    const removed = envelope(await post(t.app, countryProbe.path, { country: 'CO' }, { token }));
    expect(removed).toMatchObject({ code: ResultCode.FORBIDDEN, msg: countryNotAuthorisedMessage('CO') });
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CL' }, { token })).code).toBe(200);

    await t.db.execute(sql`delete from merchant_areas where merchant_id = ${ids.travel} and country = 'CL'`);
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CL' }, { token })).code).toBe(ResultCode.FORBIDDEN);
    await t.db.execute(sql`insert into merchant_areas (merchant_id, country) values (${ids.travel}, 'CL')`);
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CL' }, { token })).code).toBe(200);

    await t.db
      .update(roles)
      .set({ state: 0 })
      .where(eq(roles.id, ids.viewerRole as number));
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CL' }, { token })).code).toBe(ResultCode.FORBIDDEN);
    await t.db
      .update(roles)
      .set({ state: 1 })
      .where(eq(roles.id, ids.viewerRole as number));
    expect(envelope(await post(t.app, countryProbe.path, { country: 'CL' }, { token })).code).toBe(200);
  });
});
