import type { ChangePasswordRequest, CurrentUser, LoginRequest, LoginResponse, PermissionLoad } from '@andes/contract/auth/schemas';
import { areaAuthorityOf, COUNTRIES, type Country } from '@andes/contract/common/countries';
import { buildMenuTree } from '@andes/contract/permissions/menu-tree';
import { PERMISSION_CODES } from '@andes/contract/permissions/registry';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { LoginFailureReason } from '../../db/schema/auth.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import type { Mailer, OutgoingMail } from '../../plugins/mail.ts';
import { renderMail } from '../../plugins/mail-templates.ts';
import type { ActivityContext, ActivityEntryInput, ActivityRecorder } from '../activity/activity.recorder.ts';
import { actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import type { IpAccessGuard } from '../ip-trustlist/ip-access.ts';
import { IpTrustlistErrors } from '../ip-trustlist/ip-trustlist.errors.ts';
import { AuthErrors } from './auth.errors.ts';
import {
  accountFailures,
  addressFailures,
  areasOfScope,
  findCurrentUser,
  findMerchantInfo,
  findUserForLogin,
  isKnownAddress,
  type LoginAttempt,
  recordLoginAttempt,
  roleCodesOfUser,
  setLastLogin,
  setPasswordHash,
  updatePassword,
} from './auth.repository.ts';
import { evaluateLockout, LOCKOUT, lockStartedBy } from './lockout.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { isRecentPassword, rememberReplacedPassword } from './password-history.ts';
import { PASSWORD_IN_HISTORY_MESSAGE, passwordPolicyIssues } from './password-policy.ts';
import { passwordSceneOf } from './password-scene.ts';
import type { SessionService } from './session.service.ts';

/** Where a call came from, and its request logger. */
export interface LoginClient {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

const isCountry = (c: string): c is Country => (COUNTRIES as readonly string[]).includes(c);

const contextOf = (auth: AuthContext, client: LoginClient): ActivityContext => actorContext(auth, client);

/**
 * Sign-in, sign-out, the caller's profile and permissions, and their password change. Each writes
 * its activity-log entries in the transaction of the action.
 */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly mailer: Mailer,
    private readonly ipAccess: IpAccessGuard,
  ) {}

  async login(body: LoginRequest, client: LoginClient): Promise<LoginResponse> {
    const usernameLower = body.username.trim().toLowerCase();
    const now = this.clock();
    const t = now.getTime();
    const [addr, account, known] = await Promise.all([
      addressFailures(this.db, usernameLower, client.ip, new Date(t - LOCKOUT.windowMs - LOCKOUT.lockMs), 100),
      accountFailures(this.db, usernameLower, new Date(t - LOCKOUT.windowMs), LOCKOUT.maxFailures),
      isKnownAddress(this.db, usernameLower, client.ip, new Date(t - LOCKOUT.knownAddressMs)),
    ]);
    const lock = evaluateLockout({ now, addressFailures: addr, accountFailures: account, knownAddress: known });
    const user = await findUserForLogin(this.db, usernameLower);
    const attempt = { usernameLower, userId: user?.id ?? null, ip: client.ip, at: now };
    // What was typed as the username of an unknown account may be a password typed in the wrong
    // field: such an entry names no actor, and no merchant owns it.
    const ctx: ActivityContext = {
      merchantId: user?.merchantId ?? null,
      actorUserId: user?.id ?? null,
      actorUsername: user?.username ?? null,
      ip: client.ip,
      userAgent: client.userAgent,
    };
    const userObject = user ? ({ type: 'USER', id: user.id, label: user.username } as const) : undefined;
    /** Records a refused sign-in (and what else goes with it), and queues `mail` in the same transaction. */
    const refused = async (reason: LoginFailureReason, extra: ActivityEntryInput[] = [], mail: OutgoingMail | null = null) => {
      const mailId = await this.db.transaction(async (tx) => {
        await recordLoginAttempt(tx, { ...attempt, failureReason: reason } satisfies LoginAttempt);
        const outcome = reason === 'INVALID_CREDENTIALS' ? 'FAILURE' : 'DENIED';
        const entries: ActivityEntryInput[] = [
          { event: ActivityEvents.SIGN_IN_FAILED, outcome, ...(userObject ? { object: userObject } : {}), details: { reason } },
          ...extra,
        ];
        for (const entry of entries) await this.activity.record(ctx, entry, tx);
        return mail === null ? null : this.mailer.queue(mail, tx);
      });
      if (mailId !== null) this.mailer.dispatch(mailId);
    };

    if (lock.locked) {
      await refused('LOCKED');
      client.log.warn({ userId: attempt.userId, lockScope: lock.scope, until: lock.until }, 'sign-in refused: locked');
      throw AuthErrors.locked(lock.until, now);
    }

    let valid = false;
    if (user) valid = await this.hasher.verify(user.passwordHash, body.password);
    else await this.hasher.verifyDummy(body.password);
    if (!user || !valid) {
      const started = lockStartedBy({ now, addressFailures: addr, accountFailures: account });
      const lockEntries: ActivityEntryInput[] = started.locked
        ? [
            {
              event: ActivityEvents.ACCOUNT_LOCKED,
              outcome: 'DENIED',
              ...(userObject ? { object: userObject } : {}),
              details: { scope: started.scope, until: started.until.toISOString() },
            },
          ]
        : [];
      // The owner hears of a lock once, when it starts (not at each refused attempt).
      const notice =
        started.locked && user?.email
          ? {
              to: user.email,
              ...renderMail({ kind: 'signInLockout', username: user.username, ip: client.ip, until: started.until }, user.language),
            }
          : null;
      await refused('INVALID_CREDENTIALS', lockEntries, notice);
      if (started.locked) client.log.warn({ userId: attempt.userId, lockScope: started.scope, until: started.until }, 'sign-in locked');
      client.log.info({ userId: attempt.userId }, 'sign-in failed');
      throw AuthErrors.invalidCredentials();
    }
    if (user.state !== 1 || user.merchantStatus !== 'ACTIVE') {
      await refused('DISABLED');
      client.log.info({ userId: user.id }, 'sign-in refused: account disabled');
      throw AuthErrors.disabled();
    }
    // Dashboard access only from trusted addresses: checked once the password is right, so the
    // answer tells a stranger nothing.
    if (!(await this.ipAccess.allows(user.merchantId, user.id, client.ip))) {
      await this.activity.record(ctx, {
        event: ActivityEvents.IP_NOT_TRUSTED,
        outcome: 'DENIED',
        object: { type: 'USER', id: user.id, label: user.username },
        details: { list: 'DASHBOARD' },
      });
      client.log.info({ userId: user.id }, 'sign-in refused: address not in the dashboard trust list');
      throw IpTrustlistErrors.ipNotTrusted(client.ip);
    }

    const mfaPending = user.mfaEnabled;
    const { token } = await this.db.transaction(async (tx) => {
      await recordLoginAttempt(tx, { ...attempt, failureReason: null });
      const session = await this.sessions.create(
        { userId: user.id, merchantId: user.merchantId, ip: client.ip, userAgent: client.userAgent, mfaPending },
        tx,
      );
      await setLastLogin(tx, user.id, now);
      await this.activity.record(
        ctx,
        {
          event: ActivityEvents.SIGN_IN_SUCCEEDED,
          outcome: 'SUCCESS',
          object: { type: 'SESSION', id: session.sessionId, label: user.username },
          details: { mfa: mfaPending ? 'REQUIRED' : 'OFF' },
        },
        tx,
      );
      return session;
    });
    if (this.hasher.needsRehash(user.passwordHash)) {
      await setPasswordHash(this.db, user.id, await this.hasher.hash(body.password));
    }
    client.log.info({ userId: user.id, mfaPending }, 'signed in');
    return { token, ...passwordSceneOf(user, now) };
  }

  async logout(auth: AuthContext, client: LoginClient): Promise<null> {
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(auth.sessionId, tx);
      await this.activity.record(
        contextOf(auth, client),
        { event: ActivityEvents.SIGNED_OUT, outcome: 'SUCCESS', object: { type: 'SESSION', id: auth.sessionId, label: auth.username } },
        tx,
      );
    });
    return null;
  }

  private async requireUser(auth: AuthContext) {
    const user = await findCurrentUser(this.db, auth.scope, auth.userId);
    // The session was valid a moment ago; the user can only be missing if removed meanwhile.
    if (!user) throw CommonErrors.sessionExpired();
    return user;
  }

  async currentUser(auth: AuthContext): Promise<CurrentUser> {
    const u = await this.requireUser(auth);
    return {
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      email: u.email,
      merchantId: u.merchantId,
      merchantCode: u.merchantCode,
      merchantName: u.merchantName,
      subMerchantId: u.subMerchantId,
      superAdmin: u.superAdmin,
      userType: u.userType,
      ...passwordSceneOf(u, this.clock()),
      lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
    };
  }

  async permissionLoad(auth: AuthContext): Promise<PermissionLoad> {
    const [u, merchant, areas, codes] = await Promise.all([
      this.requireUser(auth),
      findMerchantInfo(this.db, auth.scope),
      areasOfScope(this.db, auth.scope),
      auth.superAdmin ? Promise.resolve([...PERMISSION_CODES]) : roleCodesOfUser(this.db, auth.scope, auth.userId),
    ]);
    if (!merchant) throw CommonErrors.sessionExpired();
    const allowed = new Set(u.countries ?? areas);
    const now = this.clock();
    const areaAuthorityList = COUNTRIES.filter((c) => areas.includes(c) && allowed.has(c)).map((c) => areaAuthorityOf(c, now));
    return {
      userInfo: {
        superAdmin: u.superAdmin,
        mfaOpenState: u.mfaEnabled,
        userType: u.userType,
        areaAuthorityList,
      },
      menuList: buildMenuTree(codes),
      merchantInfo: {
        id: merchant.id,
        mergerAccount: merchant.mergerAccount,
        notSupportMergerCountry: merchant.notSupportMergerCountry.filter(isCountry),
        subMerchantExist: merchant.subMerchantExist,
        subMerchantDividedBill: merchant.subMerchantDividedBill,
      },
    };
  }

  async changePassword(auth: AuthContext, body: ChangePasswordRequest, client: LoginClient): Promise<null> {
    const u = await this.requireUser(auth);
    const ctx = contextOf(auth, client);
    const object = { type: 'USER', id: auth.userId, label: auth.username } as const;
    if (!(await this.hasher.verify(u.passwordHash, body.oldPassword))) {
      await this.activity.record(ctx, {
        event: ActivityEvents.PASSWORD_CHANGED,
        outcome: 'FAILURE',
        object,
        details: { reason: 'WRONG_PASSWORD' },
      });
      throw AuthErrors.wrongPassword();
    }
    const issues = passwordPolicyIssues(body, auth.username);
    if (issues.length > 0) throw AuthErrors.passwordPolicy(issues);
    if (await isRecentPassword(this.db, this.hasher, { id: auth.userId, passwordHash: u.passwordHash }, body.newPassword)) {
      throw AuthErrors.passwordPolicy([{ path: 'newPassword', message: PASSWORD_IN_HISTORY_MESSAGE }]);
    }
    const hash = await this.hasher.hash(body.newPassword);
    const now = this.clock();
    const revoked = await this.db.transaction(async (tx) => {
      await rememberReplacedPassword(tx, auth.userId, u.passwordHash, now);
      await updatePassword(tx, auth.scope, auth.userId, hash, now);
      // Changing the password ends every other sign-in of the user.
      const ended = await this.sessions.revokeOthers(auth.userId, auth.sessionId, tx);
      await this.activity.record(
        ctx,
        { event: ActivityEvents.PASSWORD_CHANGED, outcome: 'SUCCESS', object, details: { otherSignInsEnded: String(ended) } },
        tx,
      );
      return ended;
    });
    client.log.info({ userId: auth.userId, revokedSessions: revoked }, 'password changed');
    return null;
  }
}
