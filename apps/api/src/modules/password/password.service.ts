import { PASSWORD_RESET_LINK_TTL_MINUTES } from '@andes/contract/common/constants';
import type { PasswordResetRequest } from '@andes/contract/iam/schemas';
import type { ForgotPasswordRequest, ResetLinkInfo } from '@andes/contract/password/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { renderMail } from '../../plugins/mail-templates.ts';
import type { ActivityContext, ActivityRecorder } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { AuthErrors } from '../auth/auth.errors.ts';
import { updatePassword } from '../auth/auth.repository.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { isRecentPassword, rememberReplacedPassword } from '../auth/password-history.ts';
import { newPasswordIssues, PASSWORD_IN_HISTORY_MESSAGE } from '../auth/password-policy.ts';
import type { SessionService } from '../auth/session.service.ts';
import { PasswordErrors } from './password.errors.ts';
import {
  closeOpenLinks,
  countForgotLinksSince,
  findForgotCandidates,
  findLinkByTokenHash,
  type ResetLinkRow,
  useLink,
} from './password.repository.ts';
import { hashResetLinkToken, type ResetLinks } from './reset-links.ts';

/** Forgot-password links one account gets per hour; further requests send nothing (and say nothing). */
export const FORGOT_LINKS_PER_HOUR = 3;
/** Forgot-password calls per client address (@fastify/rate-limit): 10 per 15 minutes. */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 10, timeWindowMs: 15 * MINUTE_MS } as const;

/** Where a call came from, and its request logger. */
export interface PasswordClient {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

/**
 * Forgot password and the reset-link calls. A reset-link token is resolved here only; it is never
 * a session, and the reset does not sign in: the user signs in next with the new password and, when
 * MFA is on, the code — a reset never bypasses MFA.
 */
export class PasswordService {
  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly activity: ActivityRecorder,
    private readonly mailer: Mailer,
    private readonly links: ResetLinks,
    private readonly clock: Clock,
  ) {}

  /**
   * E-mails a one-time link (valid PASSWORD_RESET_LINK_TTL_MINUTES) to each enabled account the
   * request names that has an e-mail address, at most FORGOT_LINKS_PER_HOUR an hour per account.
   * Answers nothing either way: the caller never learns whether the merchant or account exists.
   */
  async forgot(body: ForgotPasswordRequest, client: PasswordClient): Promise<null> {
    const now = this.clock();
    const candidates = await findForgotCandidates(this.db, body.merchantCode, body.account);
    let sent = 0;
    for (const user of candidates) {
      const ctx: ActivityContext = {
        merchantId: user.merchantId,
        actorUserId: null,
        actorUsername: null,
        ip: client.ip,
        userAgent: client.userAgent,
      };
      const object = { type: 'USER', id: user.id, label: user.username } as const;
      const refusal =
        user.state !== 1 || user.merchantStatus !== 'ACTIVE'
          ? 'DISABLED'
          : user.email === null
            ? 'NO_EMAIL'
            : (await countForgotLinksSince(this.db, user.id, new Date(now.getTime() - HOUR_MS))) >= FORGOT_LINKS_PER_HOUR
              ? 'TOO_MANY_REQUESTS'
              : null;
      const email = user.email;
      if (refusal !== null || email === null) {
        await this.activity.record(ctx, {
          event: ActivityEvents.PASSWORD_FORGOT_REQUESTED,
          outcome: 'DENIED',
          object,
          details: { reason: refusal ?? 'NO_EMAIL' },
        });
        continue;
      }
      const mailId = await this.db.transaction(async (tx) => {
        const issued = await this.links.issue(tx, {
          userId: user.id,
          merchantId: user.merchantId,
          purpose: 'FORGOT_PASSWORD',
          ttlMs: PASSWORD_RESET_LINK_TTL_MINUTES * MINUTE_MS,
          issuedBy: null,
        });
        await this.activity.record(
          ctx,
          {
            event: ActivityEvents.PASSWORD_FORGOT_REQUESTED,
            outcome: 'SUCCESS',
            object,
            details: { expiresAt: issued.expiresAt.toISOString() },
          },
          tx,
        );
        const mail = renderMail(
          { kind: 'passwordReset', username: user.username, link: issued.link, expiresMinutes: PASSWORD_RESET_LINK_TTL_MINUTES },
          user.language,
        );
        return this.mailer.queue({ to: email, ...mail }, tx);
      });
      this.mailer.dispatch(mailId);
      sent += 1;
    }
    client.log.info({ linksSent: sent }, 'forgot password requested');
    return null;
  }

  /** The open link of a token, or NOT_FOUND (unknown, used, expired, user or merchant disabled). */
  private async openLink(token: string): Promise<ResetLinkRow> {
    const row = await findLinkByTokenHash(this.db, hashResetLinkToken(token));
    const now = this.clock().getTime();
    if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now || row.state !== 1 || row.merchantStatus !== 'ACTIVE') {
      throw PasswordErrors.linkInvalid();
    }
    return row;
  }

  /** Who a link is for and until when; does not use it up. */
  async verifyLink(token: string): Promise<ResetLinkInfo> {
    const row = await this.openLink(token);
    return { username: row.username, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Sets the password with a link: the policy (rules, not a leaked password, not containing the
   * username, not one of the last PASSWORD_HISTORY_DEPTH), then — in one transaction, conditional
   * on the link being still open — the new password (must_change_password cleared), every open link
   * of the user used up, every session of the user ended, and the activity entry.
   */
  async reset(token: string, body: PasswordResetRequest, client: PasswordClient): Promise<null> {
    const row = await this.openLink(token);
    const issues = newPasswordIssues(body.newPassword, row.username);
    if (issues.length > 0) throw AuthErrors.passwordPolicy(issues);
    if (await isRecentPassword(this.db, this.hasher, { id: row.userId, passwordHash: row.passwordHash }, body.newPassword)) {
      throw AuthErrors.passwordPolicy([{ path: 'newPassword', message: PASSWORD_IN_HISTORY_MESSAGE }]);
    }
    const hash = await this.hasher.hash(body.newPassword);
    const now = this.clock();
    const ended = await this.db.transaction(async (tx) => {
      if (!(await useLink(tx, row.id, now))) throw PasswordErrors.linkInvalid();
      // A new user's first hash is random and was never a password: it has no place in the history.
      if (row.purpose !== 'INVITATION') await rememberReplacedPassword(tx, row.userId, row.passwordHash, now);
      await updatePassword(tx, { merchantId: row.merchantId, subMerchantId: row.subMerchantId }, row.userId, hash, now);
      await closeOpenLinks(tx, row.userId, now);
      const count = await this.sessions.revokeAll(row.userId, tx);
      await this.activity.record(
        { merchantId: row.merchantId, actorUserId: row.userId, actorUsername: row.username, ip: client.ip, userAgent: client.userAgent },
        {
          event: ActivityEvents.PASSWORD_RESET,
          outcome: 'SUCCESS',
          object: { type: 'USER', id: row.userId, label: row.username },
          details: { via: row.purpose, signInsEnded: String(count) },
        },
        tx,
      );
      return count;
    });
    client.log.info({ userId: row.userId, revokedSessions: ended }, 'password reset with a link');
    return null;
  }
}
