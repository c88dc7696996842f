import { MFA_BINDING_TTL_MINUTES, MFA_ISSUER } from '@andes/contract/common/constants';
import { type MfaProof, normalizeRecoveryCode } from '@andes/contract/mfa/schemas';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { type Clock, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { type MailTemplate, renderMail } from '../../plugins/mail-templates.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { ActivityContext, ActivityRecorder } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { SessionService } from '../auth/session.service.ts';
import { MfaErrors } from './mfa.errors.ts';
import {
  acceptStep,
  activateBinding,
  clearFailures,
  consumeRecoveryCode,
  countFailure,
  countUnusedRecoveryCodes,
  deleteUserMfa,
  findMfaUser,
  findUserMfa,
  replaceRecoveryCodes,
  setMfaEnabled,
  startBinding,
  type UserMfaRow,
  unusedRecoveryCodes,
} from './mfa.repository.ts';
import { generateRecoveryCodes } from './recovery-codes.ts';
import { base32Decode, generateTotpSecret, matchTotp, otpauthUri } from './totp.ts';

/** Wrong codes in a row after which every further check waits MFA_BLOCK_MS (then one try per block). */
export const MFA_FAILURE_LIMIT = 5;
export const MFA_BLOCK_MS = 5 * MINUTE_MS;

/** The signed-in user acting on their own second factor, and where the request came from. */
export interface MfaActor {
  userId: number;
  merchantId: number;
  username: string;
  ip: string | null;
  userAgent: string | null;
}

/** The MFA actor of a signed-in caller's request. */
export function mfaActorOf(auth: Pick<AuthContext, 'userId' | 'merchantId' | 'username'>, request: FastifyRequest): MfaActor {
  return {
    userId: auth.userId,
    merchantId: auth.merchantId,
    username: auth.username,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

export interface MfaBinding {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
  issuer: string;
  accountName: string;
  expiresAt: Date;
}

export type MfaActivation = { activated: true; recoveryCodes: string[] } | { activated: false };
export interface MfaCheck {
  ok: boolean;
  method: MfaProof['method'];
  /** Unused recovery codes left after this check. */
  recoveryCodesLeft: number;
}
export type MfaRecoveryCodes = { ok: true; recoveryCodes: string[] } | { ok: false };

/** A 6-digit string is a TOTP code; anything else is taken as a recovery code. */
export function proofOf(code: string | MfaProof): MfaProof {
  if (typeof code !== 'string') return code;
  return /^\d{6}$/.test(code) ? { method: 'TOTP', code } : { method: 'RECOVERY_CODE', code: normalizeRecoveryCode(code) };
}

/** The context string a user's TOTP secret is sealed with (bound to that row). */
const secretContext = (userId: number) => `user_mfa:${userId}`;

/** `demo.admin (ANDES-DEMO)`: the account name authenticator apps show under the issuer (no colon allowed). */
export function mfaAccountName(username: string, merchantCode: string): string {
  return `${username} (${merchantCode})`;
}

/**
 * TOTP second factor of a user: binding (a sealed secret, PENDING until a first code activates it),
 * checks (TOTP once per time step, or a one-time recovery code), turning it off, and the
 * activity-log entries and e-mail notices that go with each.
 */
export class MfaService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly activity: ActivityRecorder,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  private context(actor: MfaActor): ActivityContext {
    return {
      merchantId: actor.merchantId,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      ip: actor.ip,
      userAgent: actor.userAgent,
    };
  }

  private async user(userId: number) {
    const user = await findMfaUser(this.db, userId);
    if (!user) throw new Error(`MFA: user ${userId} does not exist`);
    return user;
  }

  private secretOf(row: UserMfaRow): Buffer {
    return base32Decode(this.box.open(row.secretEncrypted, secretContext(row.userId)));
  }

  private async hashCodes(plain: readonly string[]): Promise<string[]> {
    return Promise.all(plain.map((c) => this.hasher.hash(c)));
  }

  /** Queues a notice to the user's e-mail address (if any) within `tx`; returns the mail id to dispatch after commit. */
  private async queueNotice(tx: Db, userId: number, template: MailTemplate): Promise<number | null> {
    const user = await findMfaUser(tx, userId);
    if (!user?.email) return null;
    return this.mailer.queue({ to: user.email, ...renderMail(template, user.language) }, tx);
  }

  async status(userId: number): Promise<{ enabled: boolean; boundAt: Date | null; recoveryCodesLeft: number }> {
    const row = await findUserMfa(this.db, userId);
    if (row?.state !== 'ACTIVE') return { enabled: false, boundAt: null, recoveryCodesLeft: 0 };
    return { enabled: true, boundAt: row.activatedAt, recoveryCodesLeft: await countUnusedRecoveryCodes(this.db, userId) };
  }

  /**
   * Starts binding an authenticator: a new secret (20 CSPRNG bytes), stored sealed and PENDING,
   * answered with its otpauth URI and QR code. Starting again replaces a pending binding.
   */
  async beginBinding(actor: MfaActor): Promise<MfaBinding> {
    const user = await this.user(actor.userId);
    const now = this.clock();
    const secret = generateTotpSecret();
    const started = await startBinding(this.db, actor.userId, this.box.seal(secret, secretContext(actor.userId)), now);
    if (!started) throw MfaErrors.alreadyOn();
    const accountName = mfaAccountName(user.username, user.merchantCode);
    const uri = otpauthUri({ secret, issuer: MFA_ISSUER, accountName });
    return {
      secret,
      otpauthUri: uri,
      qrCodeDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 }),
      issuer: MFA_ISSUER,
      accountName,
      expiresAt: new Date(now.getTime() + MFA_BINDING_TTL_MINUTES * MINUTE_MS),
    };
  }

  private assertNotBlocked(row: UserMfaRow, now: Date): void {
    if (row.blockedUntil !== null && row.blockedUntil.getTime() > now.getTime()) throw MfaErrors.blocked(row.blockedUntil, now);
  }

  /** Finishes a binding with a code from the app: MFA on, and 10 recovery codes answered once. */
  async activate(actor: MfaActor, code: string): Promise<MfaActivation> {
    const now = this.clock();
    const row = await findUserMfa(this.db, actor.userId);
    if (!row) throw MfaErrors.noBinding();
    if (row.state === 'ACTIVE') throw MfaErrors.alreadyOn();
    if (now.getTime() - row.createdAt.getTime() > MFA_BINDING_TTL_MINUTES * MINUTE_MS) throw MfaErrors.bindingExpired();
    this.assertNotBlocked(row, now);

    const step = matchTotp(this.secretOf(row), code, now.getTime(), null);
    if (step === null) {
      await countFailure(this.db, actor.userId, MFA_FAILURE_LIMIT, new Date(now.getTime() + MFA_BLOCK_MS));
      return { activated: false };
    }
    const codes = generateRecoveryCodes();
    const hashes = await this.hashCodes(codes.plain);
    const mailId = await this.db.transaction(async (tx) => {
      if (!(await activateBinding(tx, actor.userId, step, now))) return undefined;
      await setMfaEnabled(tx, actor.userId, true, now);
      await replaceRecoveryCodes(tx, actor.userId, hashes, now);
      await this.activity.record(
        this.context(actor),
        { event: ActivityEvents.MFA_BOUND, outcome: 'SUCCESS', object: { type: 'USER', id: actor.userId, label: actor.username } },
        tx,
      );
      return this.queueNotice(tx, actor.userId, { kind: 'mfaEnabled', username: actor.username, at: now });
    });
    if (mailId === undefined) return { activated: false };
    if (mailId !== null) this.mailer.dispatch(mailId);
    return { activated: true, recoveryCodes: codes.shown };
  }

  /**
   * Checks a TOTP code (a later time step than the last accepted one) or a recovery code (used up),
   * within `tx`. A wrong code counts towards the block.
   */
  private async check(tx: Db, row: UserMfaRow, proof: MfaProof, now: Date): Promise<boolean> {
    if (proof.method === 'TOTP') {
      const step = matchTotp(this.secretOf(row), proof.code, now.getTime(), row.lastStep);
      if (step !== null && (await acceptStep(tx, row.userId, step))) return true;
    } else {
      const code = normalizeRecoveryCode(proof.code);
      for (const candidate of await unusedRecoveryCodes(tx, row.userId)) {
        if (await this.hasher.verify(candidate.codeHash, code)) {
          if (await consumeRecoveryCode(tx, candidate.id, now)) {
            await clearFailures(tx, row.userId);
            return true;
          }
          break;
        }
      }
    }
    await countFailure(tx, row.userId, MFA_FAILURE_LIMIT, new Date(now.getTime() + MFA_BLOCK_MS));
    return false;
  }

  private async activeRow(userId: number, now: Date): Promise<UserMfaRow> {
    const row = await findUserMfa(this.db, userId);
    if (row?.state !== 'ACTIVE') throw MfaErrors.notOn();
    this.assertNotBlocked(row, now);
    return row;
  }

  /**
   * Checks the second factor (a TOTP code, or a recovery code which is then used up). With
   * `sessionId`, a correct code also ends that session's MFA challenge, in the same transaction:
   * the MFA validation call is this one call.
   */
  async verify(actor: MfaActor, code: string | MfaProof, sessionId?: string): Promise<MfaCheck> {
    const now = this.clock();
    const proof = proofOf(code);
    const row = await this.activeRow(actor.userId, now);
    const ok = await this.db.transaction(async (tx) => {
      const passed = await this.check(tx, row, proof, now);
      if (passed && sessionId !== undefined) await this.sessions.markMfaVerified(sessionId, tx);
      const event = !passed
        ? ActivityEvents.MFA_FAILED
        : proof.method === 'RECOVERY_CODE'
          ? ActivityEvents.MFA_RECOVERY_CODE_USED
          : ActivityEvents.MFA_VALIDATED;
      await this.activity.record(
        this.context(actor),
        {
          event,
          outcome: passed ? 'SUCCESS' : 'FAILURE',
          object: { type: 'USER', id: actor.userId, label: actor.username },
          details: { method: proof.method },
        },
        tx,
      );
      return passed;
    });
    return { ok, method: proof.method, recoveryCodesLeft: await countUnusedRecoveryCodes(this.db, actor.userId) };
  }

  /** Turns MFA off with a current code or a recovery code; the secret and recovery codes are deleted. */
  async disable(actor: MfaActor, code: string | MfaProof): Promise<{ ok: boolean }> {
    const now = this.clock();
    const proof = proofOf(code);
    const row = await this.activeRow(actor.userId, now);
    const outcome = await this.db.transaction(async (tx) => {
      const passed = await this.check(tx, row, proof, now);
      const object = { type: 'USER', id: actor.userId, label: actor.username } as const;
      if (!passed) {
        await this.activity.record(
          this.context(actor),
          { event: ActivityEvents.MFA_FAILED, outcome: 'FAILURE', object, details: { method: proof.method, purpose: 'disable' } },
          tx,
        );
        return { passed: false, mailId: null };
      }
      await deleteUserMfa(tx, actor.userId);
      await setMfaEnabled(tx, actor.userId, false, now);
      await this.activity.record(
        this.context(actor),
        { event: ActivityEvents.MFA_DISABLED, outcome: 'SUCCESS', object, details: { method: proof.method } },
        tx,
      );
      return { passed: true, mailId: await this.queueNotice(tx, actor.userId, { kind: 'mfaDisabled', username: actor.username, at: now }) };
    });
    if (outcome.mailId !== null) this.mailer.dispatch(outcome.mailId);
    return { ok: outcome.passed };
  }

  /** Replaces every recovery code with 10 new ones (answered once); needs a current TOTP code. */
  async regenerateRecoveryCodes(actor: MfaActor, code: string): Promise<MfaRecoveryCodes> {
    const now = this.clock();
    const row = await this.activeRow(actor.userId, now);
    const codes = generateRecoveryCodes();
    const hashes = await this.hashCodes(codes.plain);
    const passed = await this.db.transaction(async (tx) => {
      const ok = await this.check(tx, row, { method: 'TOTP', code }, now);
      const object = { type: 'USER', id: actor.userId, label: actor.username } as const;
      if (ok) await replaceRecoveryCodes(tx, actor.userId, hashes, now);
      await this.activity.record(
        this.context(actor),
        ok
          ? { event: ActivityEvents.MFA_RECOVERY_CODES_REGENERATED, outcome: 'SUCCESS', object }
          : { event: ActivityEvents.MFA_FAILED, outcome: 'FAILURE', object, details: { method: 'TOTP', purpose: 'regenerate' } },
        tx,
      );
      return ok;
    });
    return passed ? { ok: true, recoveryCodes: codes.shown } : { ok: false };
  }
}
