import { randomBytes } from 'node:crypto';
import { USER_TYPES } from '@andes/contract/auth/schemas';
import { ADMIN_RESET_LINK_TTL_HOURS, LOGIN_MAX_FAILURES, MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import type { EnabledState } from '@andes/contract/common/enums';
import type {
  ResetLink,
  ResetLinkGenerateRequest,
  UserAddRequest,
  UserAddResponse,
  UserDetail,
  UserMfaResetRequest,
  UserModifyRequest,
  UserPage,
  UserPageRequest,
  UserStateModifyRequest,
  UserSummary,
} from '@andes/contract/iam/schemas';
import type { z } from 'zod';
import { type Clock, HOUR_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { cappedTotal } from '../../http/keyset-page.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { renderMail } from '../../plugins/mail-templates.ts';
import type { ActivityContext, ActivityRecorder } from '../activity/activity.recorder.ts';
import { actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { LOCKOUT } from '../auth/lockout.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session.service.ts';
import { deleteUserMfa, findUserMfa, setMfaEnabled } from '../mfa/mfa.repository.ts';
import { closeOpenLinks } from '../password/password.repository.ts';
import type { ResetLinks } from '../password/reset-links.ts';
import { assertCanManageUser, assertGrantable } from './grants.ts';
import { IamErrors } from './iam.errors.ts';
import { decodeCursor, pageOfRows } from './keyset.ts';
import { isUniqueViolation } from './unique-violation.ts';
import {
  areasOfMerchants,
  codesOfRoles,
  countUsers,
  deleteUser,
  findSubMerchant,
  findUser,
  insertUser,
  listUsers,
  lockEnabledSuperAdmins,
  lockedUsernames,
  merchantName,
  replaceUserRoles,
  rolesByIds,
  rolesOfUsers,
  setUserState,
  type UserRow,
  updateUser,
  usernameExists,
} from './user.repository.ts';

type PageBody = z.output<typeof UserPageRequest>;
type AddBody = z.output<typeof UserAddRequest>;
type ModifyBody = z.output<typeof UserModifyRequest>;

/** Where a call came from. */
export interface IamClient {
  ip: string;
  userAgent: string | null;
}

const ADMIN_LINK_TTL_MS = ADMIN_RESET_LINK_TTL_HOURS * HOUR_MS;

const byCountryOrder = (countries: Iterable<string>): Country[] => {
  const set = new Set(countries);
  return COUNTRIES.filter((c) => set.has(c));
};

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/** The fields of a user the form sets: roles, countries, sub-merchant. */
interface Assignment {
  roleIds: readonly number[];
  countries: readonly Country[];
  subMerchantId: number | null;
}

/**
 * The user screens: list, detail, add (with an invitation link), change, enable/disable, remove,
 * admin reset link and admin MFA reset. Each change writes its activity-log entry in its
 * transaction; disabling, removing and an MFA reset end the user's sessions at once.
 */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly activity: ActivityRecorder,
    private readonly mailer: Mailer,
    private readonly links: ResetLinks,
    private readonly clock: Clock,
  ) {}

  private context(auth: AuthContext, client: IamClient): ActivityContext {
    return actorContext(auth, client);
  }

  private async summaries(auth: AuthContext, rows: readonly UserRow[]): Promise<(UserSummary & { row: UserRow })[]> {
    const ids = rows.map((r) => r.id);
    const subIds = rows.flatMap((r) => (r.subMerchantId === null ? [] : [r.subMerchantId]));
    const since = new Date(this.clock().getTime() - LOCKOUT.windowMs);
    const [roleMap, locked, areas] = await Promise.all([
      rolesOfUsers(this.db, auth.scope, ids),
      lockedUsernames(
        this.db,
        rows.map((r) => r.username),
        since,
        LOGIN_MAX_FAILURES,
      ),
      areasOfMerchants(this.db, [auth.merchantId, ...subIds]),
    ]);
    const merchantAreas = areas.get(auth.merchantId) ?? [];
    return rows.map((r) => {
      // No list of its own means every area the user's merchant (and sub-merchant) has.
      const subAreas = r.subMerchantId === null ? null : new Set(areas.get(r.subMerchantId) ?? []);
      const countries = r.countries ?? merchantAreas.filter((c) => subAreas === null || subAreas.has(c));
      return {
        row: r,
        id: r.id,
        username: r.username,
        displayName: r.displayName,
        email: r.email,
        state: r.state as EnabledState,
        superAdmin: r.superAdmin,
        roles: roleMap.get(r.id) ?? [],
        countries: byCountryOrder(countries),
        subMerchantId: r.subMerchantId,
        subMerchantName: r.subMerchantName,
        mfaEnabled: r.mfaEnabled,
        locked: locked.has(r.username),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async page(auth: AuthContext, body: PageBody): Promise<z.output<typeof UserPage>> {
    const afterId = body.cursor === undefined ? null : decodeCursor('user', body.cursor);
    const filter = { username: body.username, displayName: body.displayName, email: body.email, state: body.state, roleId: body.roleId };
    const [rows, counted] = await Promise.all([
      listUsers(this.db, auth.scope, filter, afterId, body.pageSize + 1),
      countUsers(this.db, auth.scope, filter, MAX_EXACT_TOTAL + 1),
    ]);
    const { shown, nextCursor } = pageOfRows('user', rows, body.pageSize);
    const list = (await this.summaries(auth, shown)).map(({ row: _row, ...summary }) => summary);
    return { list, ...cappedTotal(counted), nextCursor };
  }

  private async requireUser(auth: AuthContext, id: number): Promise<UserRow> {
    const user = await findUser(this.db, auth.scope, id);
    if (!user) throw IamErrors.userNotFound();
    return user;
  }

  async detail(auth: AuthContext, id: number): Promise<UserDetail> {
    const user = await this.requireUser(auth, id);
    const [summary] = await this.summaries(auth, [user]);
    if (!summary) throw IamErrors.userNotFound();
    const { row, ...rest } = summary;
    return {
      ...rest,
      userType: row.userType,
      passwordChangedAt: row.passwordChangedAt.toISOString(),
      createdBy: row.createdBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The user's roles' codes (any state: a disabled role can be enabled again) — what managing them needs. */
  private async codesOfUser(auth: AuthContext, userId: number): Promise<string[]> {
    const roles = (await rolesOfUsers(this.db, auth.scope, [userId])).get(userId) ?? [];
    return codesOfRoles(
      this.db,
      auth.scope,
      roles.map((r) => r.id),
    );
  }

  /** Refuses a target the caller may not manage (see grants.ts). */
  private async assertManageable(auth: AuthContext, target: UserRow): Promise<void> {
    if (auth.superAdmin) return;
    assertCanManageUser(auth, target, await this.codesOfUser(auth, target.id));
  }

  /**
   * Checks what a form assigns: the sub-merchant is the merchant's (a sub-merchant caller's own),
   * the roles exist in the merchant and — those newly given — are enabled, the countries are areas
   * of the merchant (and sub-merchant), and the roles grant nothing beyond the caller's permissions.
   */
  private async checkAssignment(auth: AuthContext, a: Assignment, previousRoleIds: readonly number[]): Promise<void> {
    if (auth.scope.subMerchantId !== null && a.subMerchantId !== auth.scope.subMerchantId) throw IamErrors.subMerchantOwn();
    const [roles, sub, areas] = await Promise.all([
      rolesByIds(this.db, auth.scope, a.roleIds),
      a.subMerchantId === null ? Promise.resolve(null) : findSubMerchant(this.db, auth.scope, a.subMerchantId),
      areasOfMerchants(this.db, [auth.merchantId, ...(a.subMerchantId === null ? [] : [a.subMerchantId])]),
    ]);
    if (roles.length !== a.roleIds.length) throw IamErrors.roleUnknown();
    if (a.subMerchantId !== null && sub === null) throw IamErrors.subMerchantUnknown();
    const subAreas = a.subMerchantId === null ? null : new Set(areas.get(a.subMerchantId) ?? []);
    const allowed = new Set((areas.get(auth.merchantId) ?? []).filter((c) => subAreas === null || subAreas.has(c)));
    if (!a.countries.every((c) => allowed.has(c))) throw IamErrors.countryNotInAreas();
    const kept = new Set(previousRoleIds);
    if (roles.some((r) => r.state !== 1 && !kept.has(r.id))) throw IamErrors.roleDisabled();
    assertGrantable(auth, await codesOfRoles(this.db, auth.scope, a.roleIds));
  }

  private userTypeOf(subMerchantId: number | null, current: number | null): number {
    if (current === USER_TYPES.INNER) return current;
    return subMerchantId === null ? USER_TYPES.MERCHANT : USER_TYPES.SUB_MERCHANT;
  }

  /**
   * Adds a user who has no password yet (a random one nobody knows, and must_change_password), and
   * issues their one-time invitation link (valid ADMIN_RESET_LINK_TTL_HOURS): e-mailed to them and
   * answered once to the admin.
   */
  async add(auth: AuthContext, body: AddBody, client: IamClient): Promise<UserAddResponse> {
    await this.checkAssignment(auth, body, []);
    if (await usernameExists(this.db, body.username)) throw IamErrors.usernameTaken();
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const now = this.clock();
    const company = await merchantName(this.db, auth.scope);
    let created: { id: number; link: string; expiresAt: Date; mailId: number };
    try {
      created = await this.db.transaction(async (tx) => {
        const id = await insertUser(tx, {
          merchantId: auth.merchantId,
          subMerchantId: body.subMerchantId,
          username: body.username,
          displayName: body.displayName,
          email: body.email,
          passwordHash,
          userType: this.userTypeOf(body.subMerchantId, null),
          countries: byCountryOrder(body.countries),
          createdBy: auth.username,
          now,
        });
        await replaceUserRoles(tx, id, body.roleIds);
        const issued = await this.links.issue(tx, {
          userId: id,
          merchantId: auth.merchantId,
          purpose: 'INVITATION',
          ttlMs: ADMIN_LINK_TTL_MS,
          issuedBy: auth.username,
        });
        const object = { type: 'USER', id, label: body.username } as const;
        const ctx = this.context(auth, client);
        await this.activity.record(
          ctx,
          {
            event: ActivityEvents.USER_CREATED,
            outcome: 'SUCCESS',
            object,
            details: {
              roles: body.roleIds.join(','),
              countries: byCountryOrder(body.countries).join(','),
              subMerchantId: body.subMerchantId === null ? '' : String(body.subMerchantId),
            },
          },
          tx,
        );
        await this.activity.record(
          ctx,
          {
            event: ActivityEvents.PASSWORD_RESET_LINK_ISSUED,
            outcome: 'SUCCESS',
            object,
            details: { purpose: 'INVITATION', expiresAt: issued.expiresAt.toISOString() },
          },
          tx,
        );
        const mail = renderMail(
          {
            kind: 'invitation',
            displayName: body.displayName,
            username: body.username,
            merchantName: company,
            link: issued.link,
            expiresHours: ADMIN_RESET_LINK_TTL_HOURS,
          },
          'en',
        );
        const mailId = await this.mailer.queue({ to: body.email, ...mail }, tx);
        return { id, link: issued.link, expiresAt: issued.expiresAt, mailId };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_key')) throw IamErrors.usernameTaken();
      throw err;
    }
    this.mailer.dispatch(created.mailId);
    return { id: created.id, resetLink: { link: created.link, expiresAt: created.expiresAt.toISOString(), emailedTo: body.email } };
  }

  /** Changes name, e-mail, roles, countries and sub-merchant; a new e-mail address uses up the links sent to the old one. */
  async modify(auth: AuthContext, body: ModifyBody, client: IamClient): Promise<null> {
    const target = await this.requireUser(auth, body.id);
    await this.assertManageable(auth, target);
    const previousRoles = (await rolesOfUsers(this.db, auth.scope, [target.id])).get(target.id) ?? [];
    const previousRoleIds = previousRoles.map((r) => r.id);
    await this.checkAssignment(auth, body, previousRoleIds);
    const countries = byCountryOrder(body.countries);
    const changed = [
      ...(body.displayName !== target.displayName ? ['displayName'] : []),
      ...(body.email !== target.email ? ['email'] : []),
      ...(sameSet(body.roleIds, previousRoleIds) ? [] : ['roles']),
      ...(target.countries !== null && sameSet(countries, target.countries) ? [] : ['countries']),
      ...(body.subMerchantId !== target.subMerchantId ? ['subMerchantId'] : []),
    ];
    if (changed.length === 0) return null;
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const updated = await updateUser(tx, auth.scope, target.id, {
        displayName: body.displayName,
        email: body.email,
        countries,
        subMerchantId: body.subMerchantId,
        userType: this.userTypeOf(body.subMerchantId, target.userType),
        now,
      });
      if (!updated) throw IamErrors.userNotFound();
      await replaceUserRoles(tx, target.id, body.roleIds);
      if (changed.includes('email')) await closeOpenLinks(tx, target.id, now);
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.USER_MODIFIED,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: target.id, label: target.username },
          details: { changed: changed.join(','), roles: body.roleIds.join(','), countries: countries.join(',') },
        },
        tx,
      );
    });
    return null;
  }

  /**
   * Within `tx`: refuses (CONFLICT) when `target` is the merchant's last enabled super admin. The
   * enabled super admins stay locked until the transaction ends, so two admins cannot each take
   * away one of the last two.
   */
  private async assertNotLastSuperAdmin(tx: Db, auth: AuthContext, target: UserRow): Promise<void> {
    if (!target.superAdmin) return;
    const enabled = await lockEnabledSuperAdmins(tx, auth.scope);
    if (enabled.includes(target.id) && enabled.length === 1) throw IamErrors.lastSuperAdmin();
  }

  /** Enables or disables a user; disabling ends their sessions at once. Applies once: the same state again changes nothing. */
  async setState(auth: AuthContext, body: UserStateModifyRequest, client: IamClient): Promise<null> {
    const target = await this.requireUser(auth, body.id);
    if (target.id === auth.userId) throw IamErrors.notYourself();
    await this.assertManageable(auth, target);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      if (body.state === 0) await this.assertNotLastSuperAdmin(tx, auth, target);
      if (!(await setUserState(tx, auth.scope, target.id, body.state, now))) return;
      const count = body.state === 0 ? await this.sessions.revokeAll(target.id, tx) : 0;
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.USER_STATE_CHANGED,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: target.id, label: target.username },
          details: { state: body.state === 1 ? 'ENABLED' : 'DISABLED', signInsEnded: String(count) },
        },
        tx,
      );
    });
    return null;
  }

  /**
   * Removes a user for good (their sessions, roles, MFA and reset links go with them); the activity
   * log keeps their history, by id and by the username they had. Their username is free again.
   */
  async remove(auth: AuthContext, id: number, client: IamClient): Promise<null> {
    const target = await this.requireUser(auth, id);
    if (target.id === auth.userId) throw IamErrors.notYourself();
    await this.assertManageable(auth, target);
    await this.db.transaction(async (tx) => {
      await this.assertNotLastSuperAdmin(tx, auth, target);
      const ended = await this.sessions.revokeAll(target.id, tx);
      if (!(await deleteUser(tx, auth.scope, target.id))) throw IamErrors.userNotFound();
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.USER_REMOVED,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: target.id, label: target.username },
          details: { signInsEnded: String(ended) },
        },
        tx,
      );
    });
    return null;
  }

  /**
   * An admin's reset: a one-time link (valid ADMIN_RESET_LINK_TTL_HOURS) e-mailed to the user and
   * answered once. Not for oneself (the password change asks for the current password), nor for a
   * disabled user (the link would not work).
   */
  async resetLink(auth: AuthContext, body: ResetLinkGenerateRequest, client: IamClient): Promise<ResetLink> {
    const target = await this.requireUser(auth, body.userId);
    if (target.id === auth.userId) throw IamErrors.notYourOwnReset();
    await this.assertManageable(auth, target);
    if (target.state !== 1) throw IamErrors.userDisabled();
    const email = target.email;
    if (email === null) throw IamErrors.noEmail();
    const { issued, mailId } = await this.db.transaction(async (tx) => {
      const link = await this.links.issue(tx, {
        userId: target.id,
        merchantId: auth.merchantId,
        purpose: 'ADMIN_RESET',
        ttlMs: ADMIN_LINK_TTL_MS,
        issuedBy: auth.username,
      });
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.PASSWORD_RESET_LINK_ISSUED,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: target.id, label: target.username },
          details: { purpose: 'ADMIN_RESET', expiresAt: link.expiresAt.toISOString() },
        },
        tx,
      );
      const mail = renderMail(
        { kind: 'adminPasswordReset', username: target.username, link: link.link, expiresHours: ADMIN_RESET_LINK_TTL_HOURS },
        target.language,
      );
      return { issued: link, mailId: await this.mailer.queue({ to: email, ...mail }, tx) };
    });
    this.mailer.dispatch(mailId);
    return { link: issued.link, expiresAt: issued.expiresAt.toISOString(), emailedTo: email };
  }

  /**
   * Clears a user's MFA binding and recovery codes (a lost device) and ends their sessions: they
   * bind again after their next sign-in. Not for oneself (turning one's own MFA off needs a code).
   * A user without a binding is left as is.
   */
  async resetMfa(auth: AuthContext, body: UserMfaResetRequest, client: IamClient): Promise<null> {
    const target = await this.requireUser(auth, body.userId);
    if (target.id === auth.userId) throw IamErrors.notYourOwnMfa();
    await this.assertManageable(auth, target);
    if (!target.mfaEnabled && (await findUserMfa(this.db, target.id)) === null) return null;
    const now = this.clock();
    const mailId = await this.db.transaction(async (tx) => {
      await deleteUserMfa(tx, target.id);
      await setMfaEnabled(tx, target.id, false, now);
      const ended = await this.sessions.revokeAll(target.id, tx);
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.MFA_RESET_BY_ADMIN,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: target.id, label: target.username },
          details: { signInsEnded: String(ended) },
        },
        tx,
      );
      if (target.email === null) return null;
      return this.mailer.queue(
        { to: target.email, ...renderMail({ kind: 'mfaResetByAdmin', username: target.username, at: now }, target.language) },
        tx,
      );
    });
    if (mailId !== null) this.mailer.dispatch(mailId);
    return null;
  }
}
