import { randomBytes, randomUUID } from 'node:crypto';
import { login } from '@andes/contract/auth/endpoints';
import { type LoginResponse, USER_TYPES } from '@andes/contract/auth/schemas';
import { RECORD_ID_MAX } from '@andes/contract/common/fields';
import { parseIpEntry } from '@andes/contract/common/ip';
import { closePermissions, PERMISSIONS, type PermissionCode } from '@andes/contract/permissions/registry';
import { eq } from 'drizzle-orm';
import { HOUR_MS, MINUTE_MS } from '../../src/clock.ts';
import { sessions, sessionTokens } from '../../src/db/schema/auth.ts';
import { downloadTasks } from '../../src/db/schema/download-tasks.ts';
import { ipTrustlistEntries } from '../../src/db/schema/ip-trustlist.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { passwordResetLinks } from '../../src/db/schema/password.ts';
import { rolePermissions, roles, userRoles, users } from '../../src/db/schema/users.ts';
import { hashSessionToken } from '../../src/modules/auth/tokens.ts';
import type { MfaActor } from '../../src/modules/mfa/mfa.service.ts';
import { base32Decode, hotp, timeStepOf } from '../../src/modules/mfa/totp.ts';
import { hashResetLinkToken, ResetLinks } from '../../src/modules/password/reset-links.ts';
import { createPayout, fundPayoutAccount, type PayoutActor, payoutUser, speiPayout } from '../fixtures/payouts.ts';
import { createTestApp, DEMO, envelope, post, type TestApp } from '../helper.ts';
import { EventFactory } from '../ledger/support.ts';
import { createTransactionsOfEachKind, type TransactionIds } from '../routes/transaction-fixtures.ts';

/**
 * The people and objects the authorization test works with, on one app and database. Fixture users,
 * roles and trust-list entries are written straight to the database (so a broken user or role call
 * cannot hide behind a broken fixture); every caller signs in through the real sign-in call, once.
 */

/** Password of every user this file creates. */
export const FIXTURE_PASSWORD = 'Quetzal-Harbor-4729';
/** A password the happy path of a change or reset sets. */
export const NEW_PASSWORD = 'Condensa-Ribera-8316';

/** The role of target users: something every user-management permission may grant and manage. */
export const TARGET_ROLE_CODES: readonly PermissionCode[] = ['iam:user'];
/** The permissions of fixture roles: something every role-management permission may grant and change. */
export const FIXTURE_ROLE_CODES: readonly PermissionCode[] = ['iam:role'];

/**
 * A permission that does not admit an endpoint guarded by `grants`: `home` when the endpoint is not
 * one of Home's, else the first page (a menu with a route) whose code, with its ancestors and
 * dependencies, holds none of `grants`. Case 4 sends the request as a holder of exactly this code.
 */
export function unrelatedPermission(grants: readonly string[]): PermissionCode {
  const admits = (code: PermissionCode) => [...closePermissions([code])].some((c) => grants.includes(c));
  if (!admits('home')) return 'home';
  const page = PERMISSIONS.find((p) => p.type === 'MENU' && p.route !== null && !admits(p.code));
  if (!page) throw new Error(`no permission leaves ${grants.join(', ')} out`);
  return page.code;
}

/** A signed-in user. */
export interface Actor {
  id: number;
  username: string;
  password: string;
  token: string;
}

export interface FixtureUser {
  id: number;
  username: string;
}

/** What a new fixture user is: a super admin, or the holder of roles (of the user's merchant). */
export interface UserSpec {
  superAdmin?: boolean;
  roleIds?: readonly number[];
}

/** Objects that refused calls name: never used by a call that is allowed, so a wrongly allowed one shows at once. */
export interface Decoys {
  userId: number;
  roleId: number;
  entryId: number;
}

/** Objects of ANDES-DEMO that CONDOR's admin names (case 5); they exist for the whole run. */
export interface AndesObjects {
  /** Holds `roleId`; an activity entry is about them. */
  userId: number;
  /** Held by `userId`. */
  roleId: number;
  /** An entry of the API trust list. */
  entryId: number;
  /** The sub-merchant ANDES-DEMO-BR. */
  subMerchantId: number;
  /** demo.admin: the actor of activity entries. */
  adminId: number;
  /** BR pay-ins: a plain one, a payment-link payment, a Shopify and a Shoplazza order payment. */
  transactionIds: TransactionIds;
  /** A COMPLETE download task of demo.admin (its public id). */
  downloadTaskId: string;
  /** A PENDING MX payout (and its batch) created by `payoutCreator`. */
  payout: { id: number; batchId: number };
}

/** CONDOR's own objects, so CONDOR's admin can build requests that only the foreign id makes fail. */
export interface CondorObjects {
  roleId: number;
  userId: number;
}

/** An id no row has (the largest a record id may be), for the answer about a missing object. */
export const MISSING_ID = RECORD_ID_MAX;
/** A download task id no task has. */
export const MISSING_TASK_ID = `dt_${'A'.repeat(22)}`;

/** A download task of a merchant-level user in `state`; answers its public id. */
export async function insertDownloadTask(t: TestApp, merchantId: number, userId: number, state: 'COMPLETE' | 'FAIL'): Promise<string> {
  const id = `dt_${randomBytes(16).toString('base64url')}`;
  const now = t.clock();
  await t.db.insert(downloadTasks).values({
    publicId: id,
    merchantId,
    createdBy: userId,
    idempotencyKey: randomUUID(),
    reportType: 'TRANSACTION',
    format: 'csv',
    fileName: 'transactions.csv',
    params: { list: 'payin', country: 'BR', format: 'csv', language: 'en' },
    state,
    expected: { rowCount: 0, totals: [] },
    attempts: 1,
    createdAt: now,
    ...(state === 'COMPLETE'
      ? { finishedAt: now, expiresAt: new Date(now.getTime() + 86_400_000), blobKey: `reports/${merchantId}/${id}.csv` }
      : {}),
  });
  return id;
}

let authzPayouts = 0;

/** A new PENDING MX payout of `creator` (a beneficiary of its own: never a duplicate); its id and batch. */
export async function newAuthzPayout(t: TestApp, creator: PayoutActor): Promise<{ id: number; batchId: number }> {
  authzPayouts += 1;
  const res = await createPayout(t, creator, speiPayout(100_000 + authzPayouts, { merchantReference: `AUTHZ-${authzPayouts}` }));
  if (res.code !== 200 || !res.data.payout) throw new Error(`authz payout not created: ${res.code} ${res.msg}`);
  return { id: res.data.payout.id, batchId: res.data.payout.batchId };
}

/** Inserts a user with the given password hash (and roles). */
async function insertUser(t: TestApp, passwordHash: string, username: string, merchantId: number, spec: UserSpec): Promise<FixtureUser> {
  const now = t.clock();
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId,
      username,
      displayName: `Authz ${username}`,
      email: `${username}@authz.test`,
      passwordHash,
      userType: USER_TYPES.MERCHANT,
      superAdmin: spec.superAdmin ?? false,
      state: 1,
      mustChangePassword: false,
      passwordChangedAt: now,
      countries: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`user ${username} was not created`);
  if (spec.roleIds && spec.roleIds.length > 0) {
    await t.db.insert(userRoles).values(spec.roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  return { id: row.id, username };
}

/** Inserts a role granting `codes`, stored closed over ancestors and dependencies as the role calls store them. */
async function insertRole(t: TestApp, name: string, merchantId: number, codes: readonly PermissionCode[]): Promise<number> {
  const now = t.clock();
  const [row] = await t.db.insert(roles).values({ merchantId, name, createdAt: now, updatedAt: now }).returning({ id: roles.id });
  if (!row) throw new Error(`role ${name} was not created`);
  await t.db.insert(rolePermissions).values([...closePermissions(codes)].map((code) => ({ roleId: row.id, code })));
  return row.id;
}

/** Inserts an entry of the merchant's API trust list. */
async function insertEntry(t: TestApp, merchantId: number, address: string): Promise<number> {
  const parsed = parseIpEntry(address);
  if (!parsed.ok) throw new Error(`${address} does not parse`);
  const now = t.clock();
  const [row] = await t.db
    .insert(ipTrustlistEntries)
    .values({
      merchantId,
      listType: 'API',
      value: parsed.entry.value,
      kind: parsed.entry.kind,
      ipVersion: parsed.entry.version,
      remark: 'authz fixture',
      updatedBy: 'authz',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: ipTrustlistEntries.id });
  if (!row) throw new Error(`trust-list entry ${address} was not created`);
  return row.id;
}

/** Names and addresses no other fixture has. */
class Serial {
  private n = 0;
  name(prefix: string): string {
    this.n += 1;
    return `authz.${prefix}.${this.n}`;
  }
  /** An IPv4 address of 198.18.0.0/15 (the benchmarking block). */
  address(): string {
    this.n += 1;
    return `198.18.${Math.floor(this.n / 250)}.${(this.n % 250) + 1}`;
  }
}

export class World {
  /** Holders of exactly one code list, created on first use. */
  private readonly exactActors = new Map<string, Promise<Actor>>();

  private constructor(
    readonly t: TestApp,
    private readonly serial: Serial,
    private readonly passwordHash: string,
    readonly merchantIds: { andes: number; condor: number },
    private readonly homeRoleId: number,
    readonly targetRoleId: number,
    /** A user holding the target role, read by the happy path of the detail call. */
    readonly targetUserId: number,
    readonly decoys: Decoys,
    readonly andes: AndesObjects,
    readonly condorObjects: CondorObjects,
    readonly admin: Actor,
    readonly condor: Actor,
    readonly homeOnly: Actor,
    /** Creates the payouts that the approval calls' happy paths decide (four eyes: never the approver). */
    readonly payoutCreator: PayoutActor,
    /** Sessions of a super admin past the idle timeout and past the absolute lifetime. */
    readonly expired: { idle: string; absolute: string },
    /** A super admin of ANDES-DEMO whom the disabled-user case disables after each sign-in. */
    private readonly disabledUser: FixtureUser,
  ) {}

  static async create(): Promise<World> {
    const t = await createTestApp();
    const merchantRows = await t.db.select({ id: merchants.id, code: merchants.code }).from(merchants);
    const merchantId = (code: string) => {
      const row = merchantRows.find((m) => m.code === code);
      if (!row) throw new Error(`no merchant ${code}`);
      return row.id;
    };
    const andes = merchantId('ANDES-DEMO');
    const condor = merchantId('CONDOR');
    const serial = new Serial();
    const passwordHash = await t.app.andes.hasher.hash(FIXTURE_PASSWORD);
    const user = (prefix: string, spec: UserSpec, merchant = andes) => insertUser(t, passwordHash, serial.name(prefix), merchant, spec);
    const role = (merchant: number, codes: readonly PermissionCode[]) => insertRole(t, serial.name('role'), merchant, codes);

    const homeRoleId = await role(andes, ['home']);
    const targetRoleId = await role(andes, TARGET_ROLE_CODES);
    const targetUser = await user('target', { roleIds: [targetRoleId] });
    const decoys: Decoys = {
      userId: (await user('decoy', { roleIds: [targetRoleId] })).id,
      roleId: await role(andes, FIXTURE_ROLE_CODES),
      entryId: await insertEntry(t, andes, serial.address()),
    };
    const andesRoleId = await role(andes, TARGET_ROLE_CODES);
    const andesUser = await user('andes', { roleIds: [andesRoleId] });
    const condorRoleId = await role(condor, ['home']);
    const condorObjects: CondorObjects = { roleId: condorRoleId, userId: (await user('condor', { roleIds: [condorRoleId] }, condor)).id };
    const homeUser = await user('home', { roleIds: [homeRoleId] });
    const expiredUser = await user('expired', { superAdmin: true });
    const disabledUser = await user('disabled', { superAdmin: true });

    const adminToken = await signInAs(t, DEMO.admin.username, DEMO.admin.password);
    const condorToken = await signInAs(t, DEMO.condor.username, DEMO.condor.password);
    const homeToken = await signInAs(t, homeUser.username, FIXTURE_PASSWORD);
    const idle = await signInAs(t, expiredUser.username, FIXTURE_PASSWORD);
    const absolute = await signInAs(t, expiredUser.username, FIXTURE_PASSWORD);
    const now = t.clock().getTime();
    const { idleMinutes, maxHours } = t.config.session;
    // Idle: last active a minute beyond the idle timeout. Absolute: active just now, but its lifetime has run out.
    await t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(now - (idleMinutes + 1) * MINUTE_MS) })
      .where(eq(sessions.id, await sessionIdOf(t, idle)));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(now - maxHours * HOUR_MS), expiresAt: new Date(now - 1_000) })
      .where(eq(sessions.id, await sessionIdOf(t, absolute)));

    const idOf = async (username: string) => {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!row) throw new Error(`no user ${username}`);
      return row.id;
    };
    const adminId = await idOf(DEMO.admin.username);
    // An entry of ANDES-DEMO's log about its user, for the filter by object.
    await t.app.andes.activity.record(
      { merchantId: andes, actorUserId: adminId, actorUsername: DEMO.admin.username, ip: '127.0.0.1', userAgent: 'vitest' },
      { event: 'USER_MODIFIED', outcome: 'SUCCESS', object: { type: 'USER', id: andesUser.id, label: andesUser.username } },
    );

    // A payout creator and a PENDING MX payout of theirs (ANDES-DEMO's MX payout account funded through the platform).
    await fundPayoutAccount(t, new EventFactory('authz-payout', t.clock()), 'MX', 100_000_000, '17.0');
    const payoutCreator = await payoutUser(t, 'authz.payout.creator', ['payment:payout', 'payment:payout:create']);
    const fixturePayout = await newAuthzPayout(t, payoutCreator);

    return new World(
      t,
      serial,
      passwordHash,
      { andes, condor },
      homeRoleId,
      targetRoleId,
      targetUser.id,
      decoys,
      {
        userId: andesUser.id,
        roleId: andesRoleId,
        entryId: await insertEntry(t, andes, serial.address()),
        subMerchantId: merchantId('ANDES-DEMO-BR'),
        adminId,
        transactionIds: await createTransactionsOfEachKind(t),
        downloadTaskId: await insertDownloadTask(t, andes, adminId, 'COMPLETE'),
        payout: fixturePayout,
      },
      condorObjects,
      { id: adminId, username: DEMO.admin.username, password: DEMO.admin.password, token: adminToken },
      { id: await idOf(DEMO.condor.username), username: DEMO.condor.username, password: DEMO.condor.password, token: condorToken },
      { ...homeUser, password: FIXTURE_PASSWORD, token: homeToken },
      payoutCreator,
      { idle, absolute },
      disabledUser,
    );
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** A name no other fixture has. */
  unique(prefix: string): string {
    return this.serial.name(prefix);
  }

  /** An IPv4 address no other fixture has. */
  uniqueAddress(): string {
    return this.serial.address();
  }

  /** From `days` before today to today (by the test clock), as calendar dates in UTC. */
  dateRange(days: number): { from: string; to: string } {
    const now = this.t.clock().getTime();
    return { from: new Date(now - days * 24 * HOUR_MS).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) };
  }

  /** A user of ANDES-DEMO (or of `merchantId`) with FIXTURE_PASSWORD, not signed in. */
  newUser(prefix: string, spec: UserSpec = {}, merchantId = this.merchantIds.andes): Promise<FixtureUser> {
    return insertUser(this.t, this.passwordHash, this.serial.name(prefix), merchantId, spec);
  }

  /** A target of user management: holds the target role. */
  newTargetUser(): Promise<FixtureUser> {
    return this.newUser('target', { roleIds: [this.targetRoleId] });
  }

  /** A role of ANDES-DEMO that no user holds. */
  newRole(codes: readonly PermissionCode[] = FIXTURE_ROLE_CODES): Promise<number> {
    return insertRole(this.t, this.serial.name('role'), this.merchantIds.andes, codes);
  }

  /** An entry of ANDES-DEMO's API trust list. */
  newEntry(): Promise<number> {
    return insertEntry(this.t, this.merchantIds.andes, this.serial.address());
  }

  /** Signs a fixture user in. */
  async signIn(user: FixtureUser): Promise<Actor> {
    return { ...user, password: FIXTURE_PASSWORD, token: await signInAs(this.t, user.username, FIXTURE_PASSWORD) };
  }

  /** A new signed-in super admin of ANDES-DEMO, for calls that act on the caller's own account. */
  async newSuperAdmin(): Promise<Actor> {
    return this.signIn(await this.newUser('admin', { superAdmin: true }));
  }

  /** A new signed-in user whose only role grants `home`. */
  async newHomeOnly(): Promise<Actor> {
    return this.signIn(await this.newUser('home', { roleIds: [this.homeRoleId] }));
  }

  /** A new signed-in holder of a role granting exactly `codes` (closed over ancestors and dependencies). */
  async newExactly(codes: readonly PermissionCode[]): Promise<Actor> {
    const roleId = await this.newRole(codes);
    return this.signIn(await this.newUser('exact', { roleIds: [roleId] }));
  }

  /** The signed-in holder of exactly the permission `unrelatedPermission(grants)` names (home: the shared home-only user). */
  unrelatedTo(grants: readonly string[]): Promise<Actor> {
    const code = unrelatedPermission(grants);
    return code === 'home' ? Promise.resolve(this.homeOnly) : this.exactly([code]);
  }

  /** The signed-in holder of a role granting exactly `codes`: one per code list, signed in once. */
  exactly(codes: readonly PermissionCode[]): Promise<Actor> {
    const key = [...codes].sort().join(',');
    const known = this.exactActors.get(key);
    if (known) return known;
    const actor = this.newExactly(codes);
    this.exactActors.set(key, actor);
    return actor;
  }

  /**
   * A session of the disabled-user fixture (a super admin): enabled, signed in, then disabled in
   * the database, as an admin elsewhere would. Answers the token and its session id.
   */
  async disabledSession(): Promise<{ token: string; sessionId: string }> {
    await this.setUserState(this.disabledUser.id, 1);
    const token = await signInAs(this.t, this.disabledUser.username, FIXTURE_PASSWORD);
    await this.setUserState(this.disabledUser.id, 0);
    return { token, sessionId: await sessionIdOf(this.t, token) };
  }

  async setUserState(userId: number, state: 0 | 1): Promise<void> {
    await this.t.db.update(users).set({ state }).where(eq(users.id, userId));
  }

  /** Whether the session has been revoked. */
  async sessionEnded(sessionId: string): Promise<boolean> {
    const [row] = await this.t.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    if (!row) throw new Error(`no session ${sessionId}`);
    return row.revokedAt !== null;
  }

  // -------------------------------------------------------------------------------------------
  // MFA
  // -------------------------------------------------------------------------------------------

  private async mfaActorOf(user: FixtureUser): Promise<MfaActor> {
    const [row] = await this.t.db.select({ merchantId: users.merchantId }).from(users).where(eq(users.id, user.id));
    if (!row) throw new Error(`no user ${user.username}`);
    return { userId: user.id, merchantId: row.merchantId, username: user.username, ip: '127.0.0.1', userAgent: 'vitest' };
  }

  /** The code an authenticator app holding `secret` shows at the test clock, `offsetSteps` steps away. */
  totp(secret: string, offsetSteps = 0): string {
    return hotp(base32Decode(secret), timeStepOf(this.t.clock().getTime()) + offsetSteps);
  }

  /** Starts an MFA binding for the user, as the open call does; answers the secret. */
  async openMfa(user: FixtureUser): Promise<string> {
    return (await this.t.app.andes.mfa.beginBinding(await this.mfaActorOf(user))).secret;
  }

  /**
   * Binds and activates MFA for the user with the code of the step before the current one, so the
   * current step's code (`totp(secret)`) is still unused. Answers the secret.
   */
  async bindMfa(user: FixtureUser): Promise<string> {
    const actor = await this.mfaActorOf(user);
    const secret = (await this.t.app.andes.mfa.beginBinding(actor)).secret;
    const result = await this.t.app.andes.mfa.activate(actor, this.totp(secret, -1));
    if (!result.activated) throw new Error(`MFA of ${user.username} was not activated`);
    return secret;
  }

  // -------------------------------------------------------------------------------------------
  // Reset links
  // -------------------------------------------------------------------------------------------

  /** An open reset link of a user of ANDES-DEMO (an admin reset, valid an hour); answers its token. */
  async resetLinkToken(user: FixtureUser): Promise<string> {
    const issued = await new ResetLinks(this.t.config.publicUrl, this.t.clock).issue(this.t.db, {
      userId: user.id,
      merchantId: this.merchantIds.andes,
      purpose: 'ADMIN_RESET',
      ttlMs: HOUR_MS,
      issuedBy: 'authz',
    });
    const token = new URL(issued.link).searchParams.get('token');
    if (!token) throw new Error(`no token in ${issued.link}`);
    return token;
  }

  /** Moves a reset link's expiry to just before now. */
  async expireResetLink(token: string): Promise<void> {
    await this.t.db
      .update(passwordResetLinks)
      .set({ expiresAt: new Date(this.t.clock().getTime() - 1_000) })
      .where(eq(passwordResetLinks.tokenHash, hashResetLinkToken(token)));
  }
}

async function signInAs(t: TestApp, username: string, password: string): Promise<string> {
  const body = envelope<LoginResponse>(await post(t.app, login.path, { username, password }));
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

async function sessionIdOf(t: TestApp, token: string): Promise<string> {
  const [row] = await t.db
    .select({ sessionId: sessionTokens.sessionId })
    .from(sessionTokens)
    .where(eq(sessionTokens.tokenHash, hashSessionToken(token)));
  if (!row) throw new Error('no session for the token');
  return row.sessionId;
}
