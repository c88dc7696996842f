import { randomInt } from 'node:crypto';
import {
  PAYOUT_VERIFY_CODE_LENGTH,
  PAYOUT_VERIFY_CODE_MAX_ATTEMPTS,
  PAYOUT_VERIFY_CODE_RESEND_SECONDS,
  PAYOUT_VERIFY_CODE_TTL_MINUTES,
} from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import type { PayoutVerifyCodeSent } from '@andes/contract/payout/schemas';
import { type Clock, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { PayoutErrors } from './payout.errors.ts';
import { maskEmail, payoutCodeMail } from './payout.mails.ts';
import { type CodeRow, countWrongCode, findUserContact, insertCode, latestCode, spendCode, type UserContact } from './payout.repository.ts';

/**
 * Verification codes of payout creation (docs/decisions/0025): 6 random digits e-mailed to the
 * creator, bound to what they may create (country, number of payouts, total amount), valid
 * PAYOUT_VERIFY_CODE_TTL_MINUTES, one use, PAYOUT_VERIFY_CODE_MAX_ATTEMPTS wrong entries. Only
 * the code's argon2id hash is stored (a 6-digit code is a million guesses: a fast hash would give
 * it away to anyone reading the table); the code is never logged. A user's latest code is the
 * one that counts: sending another replaces it.
 */

export const PAYOUT_CODE_PURPOSE = 'PAYOUT_CREATE';

/** What a code may create. */
export interface CodeBinding {
  country: Country;
  count: number;
  amount: number;
}

const SECOND_MS = 1000;

/** A verified code: consume it in the creation's transaction. */
export interface VerifiedCode {
  id: number;
}

export class PayoutCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
  ) {}

  /** `verify-code/send`: a new code to the caller's e-mail, unless one was sent less than PAYOUT_VERIFY_CODE_RESEND_SECONDS ago. */
  async send(auth: AuthContext, binding: CodeBinding): Promise<PayoutVerifyCodeSent> {
    const now = this.clock();
    const user = await findUserContact(this.db, auth.userId);
    if (!user?.email) throw PayoutErrors.noEmail();
    const latest = await latestCode(this.db, auth.userId, PAYOUT_CODE_PURPOSE);
    if (latest) {
      const resendAt = new Date(latest.createdAt.getTime() + PAYOUT_VERIFY_CODE_RESEND_SECONDS * SECOND_MS);
      if (resendAt.getTime() > now.getTime()) {
        throw PayoutErrors.codeTooSoon(Math.ceil((resendAt.getTime() - now.getTime()) / SECOND_MS), resendAt);
      }
    }
    const { sent, mailId } = await this.db.transaction((tx) => this.issue(tx, user, binding, now));
    this.mailer.dispatch(mailId);
    return sent;
  }

  /** Creates a code, stores its hash and queues its e-mail in `tx` (dispatch the mail after commit). */
  private async issue(tx: Db, user: UserContact, binding: CodeBinding, now: Date): Promise<{ sent: PayoutVerifyCodeSent; mailId: number }> {
    if (!user.email) throw PayoutErrors.noEmail();
    const code = String(randomInt(0, 10 ** PAYOUT_VERIFY_CODE_LENGTH)).padStart(PAYOUT_VERIFY_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + PAYOUT_VERIFY_CODE_TTL_MINUTES * MINUTE_MS);
    await insertCode(tx, {
      userId: user.id,
      purpose: PAYOUT_CODE_PURPOSE,
      codeHash: await this.hasher.hash(code),
      country: binding.country,
      count: binding.count,
      amount: binding.amount,
      expiresAt,
      createdAt: now,
    });
    const mail = payoutCodeMail(
      { to: user.email, name: user.name, code, ...binding, minutes: PAYOUT_VERIFY_CODE_TTL_MINUTES },
      user.language,
    );
    const mailId = await this.mailer.queue(mail, tx);
    return {
      mailId,
      sent: {
        sentTo: maskEmail(user.email),
        expiresAt: expiresAt.toISOString(),
        resendAt: new Date(now.getTime() + PAYOUT_VERIFY_CODE_RESEND_SECONDS * SECOND_MS).toISOString(),
      },
    };
  }

  /**
   * Checks the code typed for a creation of `binding`, before the creation: a wrong entry is
   * counted (and kept, whatever the creation does next); an expired code is replaced by a fresh
   * one e-mailed for `binding` (what the caller is creating) and answered with spec §8's words.
   * The code is not used up here: `consume` does it in the creation's own transaction, so a
   * creation refused for another reason (no balance, duplicates to confirm) keeps the code.
   */
  async verify(auth: AuthContext, binding: CodeBinding, code: string): Promise<VerifiedCode> {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const row = await latestCode(tx, auth.userId, PAYOUT_CODE_PURPOSE, true);
      if (!row || row.usedAt !== null) return { refused: PayoutErrors.codeRequired() } as const;
      if (row.attempts >= PAYOUT_VERIFY_CODE_MAX_ATTEMPTS) return { refused: PayoutErrors.codeTooManyAttempts() } as const;
      if (row.expiresAt.getTime() <= now.getTime()) {
        const user = await findUserContact(tx, auth.userId);
        if (!user?.email) return { refused: PayoutErrors.noEmail() } as const;
        const fresh = await this.issue(tx, user, binding, now);
        return { refused: PayoutErrors.codeExpired(fresh.sent), mailId: fresh.mailId } as const;
      }
      if (!(await this.hasher.verify(row.codeHash, code))) {
        const attempts = await countWrongCode(tx, row.id);
        return {
          refused: attempts >= PAYOUT_VERIFY_CODE_MAX_ATTEMPTS ? PayoutErrors.codeTooManyAttempts() : PayoutErrors.codeIncorrect(),
        } as const;
      }
      if (!bindingMatches(row, binding)) return { refused: PayoutErrors.codeOtherPayouts() } as const;
      return { verified: { id: row.id } } as const;
    });
    if ('mailId' in outcome && outcome.mailId !== undefined) this.mailer.dispatch(outcome.mailId);
    if ('refused' in outcome) throw outcome.refused;
    return outcome.verified;
  }

  /** Uses the verified code up in the creation's transaction; refused when another creation used it first. */
  async consume(tx: Db, verified: VerifiedCode): Promise<void> {
    if (!(await spendCode(tx, verified.id, this.clock()))) throw PayoutErrors.codeRequired();
  }
}

function bindingMatches(row: CodeRow, binding: CodeBinding): boolean {
  return row.country === binding.country && row.count === binding.count && Number(row.amount) === binding.amount;
}
