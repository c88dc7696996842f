import { randomUUID } from 'node:crypto';
import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import { closePermissions, PERMISSION_CODES, type PermissionCode } from '@andes/contract/permissions/registry';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import type { AccessHead } from '../ip-trustlist/ip-trustlist.repository.ts';
import { pendingResetScene } from './password-scene.ts';
import {
  clearMfaPending,
  findCallerByTokenHash,
  insertSession,
  insertSessionToken,
  retireSessionToken,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './session.repository.ts';
import { hashSessionToken, newSessionToken } from './tokens.ts';

/** How long a rotated-out token keeps working, for calls already in flight. */
export const TOKEN_GRACE_MS = 60_000;
/**
 * `last_active_at` is written at most this often (a call within a second of the last write does
 * not write). So the recorded time is at most this much before the session's true last call, and
 * a session is refused only once it has been idle for `idleMinutes` plus this window: never
 * before the configured idle time, and at most one second after it (docs/decisions/0016).
 */
export const TOUCH_INTERVAL_MS = 1_000;

export interface ResolvedSession {
  auth: AuthContext;
  /** A new token to send in the refresh-token header, when this call rotated it. */
  refreshToken: string | null;
  /** Set when the password must be reset before anything but the reset calls. */
  pendingReset: 'INITIAL' | 'EXPIRED' | null;
  /** The session waits for the MFA code: only the calls that work during the challenge are allowed. */
  mfaPending: boolean;
  /**
   * The merchant's IP restriction mode and list version, read in the same statement as the session
   * (null: the merchant has no settings row, nothing is restricted). For IpAccessGuard.assertAllowed.
   */
  accessHead: AccessHead | null;
}

const ALL_CODES: ReadonlySet<PermissionCode> = new Set(PERMISSION_CODES);

/** The authorised countries of the resolve statement as a set of the contract's countries. */
function countrySetOf(codes: readonly string[] | null): ReadonlySet<Country> {
  const allowed = new Set(codes ?? []);
  return new Set(COUNTRIES.filter((c) => allowed.has(c)));
}

/**
 * Sessions with sliding idle expiry, an absolute lifetime and token rotation. A token is refused
 * when unknown, past its retire time, or when its session is revoked, idle longer than
 * `session.idleMinutes`, or past `expires_at`; a disabled user's session is revoked on sight. A
 * session of a user with MFA on starts `mfa_pending` and is only fully usable after markMfaVerified.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly settings: Config['session'],
    private readonly clock: Clock,
  ) {}

  /**
   * A new session and its first token. With `mfaPending` (the user has MFA on) the session answers
   * MFA_REQUIRED until markMfaVerified. Pass the sign-in's transaction as `db` to create it there.
   */
  async create(
    input: {
      userId: number;
      merchantId: number;
      ip: string;
      userAgent: string | null;
      mfaPending: boolean;
    },
    db: Db = this.db,
  ): Promise<{ token: string; sessionId: string }> {
    const now = this.clock();
    const sessionId = randomUUID();
    const token = newSessionToken();
    await db.transaction(async (tx) => {
      await insertSession(tx, {
        id: sessionId,
        userId: input.userId,
        merchantId: input.merchantId,
        now,
        expiresAt: new Date(now.getTime() + this.settings.maxHours * HOUR_MS),
        ip: input.ip,
        userAgent: input.userAgent,
        mfaPending: input.mfaPending,
      });
      await insertSessionToken(tx, hashSessionToken(token), sessionId, now);
    });
    return { token, sessionId };
  }

  /**
   * The caller of a token; throws SESSION_EXPIRED (200030) when it cannot be used. One statement
   * reads the session, its user and merchant, the permission codes, the authorised countries and the
   * IP restriction head (findCallerByTokenHash); only the touch (at most once a second), the token
   * rotation and the revocation of a disabled user's session write afterwards. Nothing of it is
   * cached between calls, on purpose: a per-process cache of sessions, roles or countries would let
   * a revoked session, a removed role or a removed country keep working on the other processes.
   */
  async resolve(token: string): Promise<ResolvedSession> {
    const now = this.clock();
    const t = now.getTime();
    const tokenHash = hashSessionToken(token);
    const row = await findCallerByTokenHash(this.db, tokenHash);
    if (!row) throw CommonErrors.sessionExpired();
    if (row.revokedAt !== null || t >= row.expiresAt.getTime()) throw CommonErrors.sessionExpired();
    if (t - row.lastActiveAt.getTime() >= this.settings.idleMinutes * MINUTE_MS + TOUCH_INTERVAL_MS) throw CommonErrors.sessionExpired();
    if (row.tokenRetireAt !== null && t >= row.tokenRetireAt.getTime()) throw CommonErrors.sessionExpired();
    if (row.state !== 1 || row.merchantStatus !== 'ACTIVE') {
      await revokeSession(this.db, row.sessionId, now);
      throw CommonErrors.sessionExpired();
    }

    if (t - row.lastActiveAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchSession(this.db, row.sessionId, now, new Date(t - TOUCH_INTERVAL_MS));
    }

    let refreshToken: string | null = null;
    if (row.tokenRetireAt === null && t - row.tokenCreatedAt.getTime() >= this.settings.rotateMinutes * MINUTE_MS) {
      const fresh = newSessionToken();
      const rotated = await this.db.transaction(async (tx) => {
        const won = await retireSessionToken(tx, tokenHash, new Date(t + TOKEN_GRACE_MS));
        if (won) await insertSessionToken(tx, hashSessionToken(fresh), row.sessionId, now);
        return won;
      });
      if (rotated) refreshToken = fresh;
    }

    const scope = { merchantId: row.merchantId, subMerchantId: row.subMerchantId };
    const permissions = row.superAdmin ? ALL_CODES : closePermissions(row.roleCodes ?? []);
    return {
      auth: {
        userId: row.userId,
        username: row.username,
        merchantId: row.merchantId,
        subMerchantId: row.subMerchantId,
        superAdmin: row.superAdmin,
        userType: row.userType,
        permissions,
        countries: countrySetOf(row.countries),
        sessionId: row.sessionId,
        scope,
      },
      refreshToken,
      pendingReset: pendingResetScene(row, now),
      mfaPending: row.mfaPending,
      accessHead: row.accessMode === null || row.accessVersion === null ? null : { mode: row.accessMode, version: row.accessVersion },
    };
  }

  /**
   * Ends the MFA challenge of a session once its user gave a correct code (within the validation's
   * transaction when given). Returns false when the session was not waiting for one.
   */
  async markMfaVerified(sessionId: string, db: Db = this.db): Promise<boolean> {
    return clearMfaPending(db, sessionId, this.clock());
  }

  async revoke(sessionId: string, db: Db = this.db): Promise<void> {
    await revokeSession(db, sessionId, this.clock());
  }

  async revokeOthers(userId: number, keepSessionId: string, db: Db = this.db): Promise<number> {
    return revokeOtherSessions(db, userId, keepSessionId, this.clock());
  }

  /** Ends every session of a user at once (disabled, removed, password reset, MFA reset); returns how many. */
  async revokeAll(userId: number, db: Db = this.db): Promise<number> {
    return revokeUserSessions(db, userId, this.clock());
  }
}
