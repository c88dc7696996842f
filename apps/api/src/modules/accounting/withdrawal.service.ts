import { WITHDRAWABLE_ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { feeLines, sumFees } from '@andes/contract/accounting/machines';
import {
  ACCOUNTING_MESSAGES,
  type AccountingRequestDetail,
  type ApprovalThresholdUpdate,
  type FeeCalculateAnswer,
  type FeeCalculateRequest,
  type FeeConfigAnswer,
  type FeeConfigRequest,
  type RequestCreated,
  type WithdrawalCreateRequest,
  type WithdrawalDecision,
} from '@andes/contract/accounting/schemas';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { centsToUnitsString } from '@andes/contract/common/money';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { ensureLocalAccount } from '../ledger/ledger.service.ts';
import { moneyText, reserve, transition } from './accounting.core.ts';
import { AccountingErrors } from './accounting.errors.ts';
import { localBalance, type RequestRow, upsertApprovalThreshold } from './accounting.repository.ts';
import type { AccountingRequests, ResolvedConfig } from './accounting.service.ts';
import { assertLimits, checkLimits } from './topup.service.ts';

/**
 * Withdrawals (transfer out; docs/decisions/0027): amount + fee is reserved at creation, paid to
 * the merchant's bank account by the provider (TRANSFER, then SETTLE). Above the merchant's
 * approval threshold a second person approves first (four eyes): the money is reserved at once,
 * but the provider is not asked until then.
 */

type CreateBody = z.output<typeof WithdrawalCreateRequest>;
type Mode = 'PAY_IN' | 'PAY_OUT';

/** True when a withdrawal of `amount` needs a second person (strictly above the threshold). */
export const needsApproval = (threshold: number | null, amount: number) => threshold !== null && amount > threshold;

export class WithdrawalService {
  constructor(private readonly core: AccountingRequests) {}

  private mode(mode: string, country: Country): Mode {
    if (!(WITHDRAWABLE_ACCOUNT_TYPES as readonly string[]).includes(mode))
      throw AccountingErrors.notOffered('mode', `A ${mode} withdrawal`, country);
    return mode as Mode;
  }

  private answer(auth: AuthContext, country: Country, mode: Mode, config: ResolvedConfig): Promise<FeeConfigAnswer> {
    return this.core.feeConfigAnswer(auth, country, mode, config, { approvalThreshold: config.approvalThreshold, receivingAccount: null });
  }

  async config(auth: AuthContext, body: FeeConfigRequest): Promise<FeeConfigAnswer> {
    this.core.requireMerchantUser(auth);
    await requireCountry(this.core.db, auth, body.country, this.core.clock());
    const mode = this.mode(body.mode, body.country);
    return this.answer(auth, body.country, mode, await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'WITHDRAWAL'));
  }

  /** The fee on top of the amount, and the balance after reserving both. */
  async fee(auth: AuthContext, body: FeeCalculateRequest): Promise<FeeCalculateAnswer> {
    this.core.requireMerchantUser(auth);
    await requireCountry(this.core.db, auth, body.country, this.core.clock());
    const mode = this.mode(body.mode, body.country);
    const currency = COUNTRY_INFO[body.country].currency;
    const config = await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'WITHDRAWAL');
    const lines = feeLines('WITHDRAWAL', config, body.amount);
    const fee = sumFees(lines);
    const total = body.amount + fee;
    const balance = await localBalance(this.core.db, auth.scope.merchantId, body.country, mode);
    const short =
      balance.available < total
        ? AccountingErrors.insufficient(moneyText(balance.available, currency), moneyText(total, currency)).message
        : null;
    return {
      currency,
      amount: body.amount,
      lines,
      fee,
      total,
      availableBefore: balance.available,
      availableAfter: balance.available - total,
      needsApproval: needsApproval(config.approvalThreshold, body.amount),
      problem: checkLimits(config, body.amount, currency) ?? short,
    };
  }

  /**
   * Sets the country's approval threshold (a merchant without a configuration row gets one with
   * the defaults). Answers the PAY_OUT configuration: the threshold is the same for both modes.
   */
  async setThreshold(auth: AuthContext, body: ApprovalThresholdUpdate, client: ActivityClient): Promise<FeeConfigAnswer> {
    this.core.requireMerchantUser(auth);
    const now = this.core.clock();
    await requireCountry(this.core.db, auth, body.country, now);
    // The fees and limits in force stay as they are (the merchant's row, else the defaults).
    const d = await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'WITHDRAWAL');
    const before = d.approvalThreshold;
    await upsertApprovalThreshold(this.core.db, {
      merchantId: auth.scope.merchantId,
      country: body.country,
      perRequestFee: d.perRequestFee,
      smallTransferThreshold: d.smallTransferThreshold,
      smallTransferFee: d.smallTransferFee,
      minAmount: d.minAmount,
      maxAmount: d.maxAmount,
      approvalThreshold: body.approvalThreshold,
      updatedAt: now,
    });
    const shown = (v: number | null) => (v === null ? 'none' : `${centsToUnitsString(v)} ${COUNTRY_INFO[body.country].currency}`);
    await this.core.recordSetting(auth, client, 'WITHDRAWAL_THRESHOLD_CHANGED', body.country, {
      from: shown(before),
      to: shown(body.approvalThreshold),
    });
    return this.answer(
      auth,
      body.country,
      'PAY_OUT',
      await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'WITHDRAWAL'),
    );
  }

  async create(auth: AuthContext, body: CreateBody, client: ActivityClient): Promise<RequestCreated> {
    return this.core.createOnce(auth, 'WITHDRAWAL', body, client, async (c) => {
      const mode = this.mode(body.mode, body.country);
      const config = await this.core.config(c.tx, auth.scope.merchantId, body.country, 'WITHDRAWAL');
      assertLimits(config, body.amount, c.country.currency);
      const lines = feeLines('WITHDRAWAL', config, body.amount);
      const fee = sumFees(lines);
      const approval = needsApproval(config.approvalThreshold, body.amount) ? 'PENDING' : 'NONE';
      const account = await ensureLocalAccount(c.tx, auth.scope.merchantId, body.country, mode);
      const row = await this.core.insertNew(
        c,
        auth,
        {
          kind: 'WITHDRAWAL',
          accountType: mode,
          mode,
          status: 'PROCESSING',
          approvalState: approval,
          awaitingProvider: approval === 'NONE',
          requestAmount: body.amount,
          fee,
          feeLines: lines,
          finalAmount: body.amount,
          deductionAmount: body.amount + fee,
          sellAccountId: account.id,
          beneficiary: body.beneficiaryAccount,
          remark: body.remark ?? '',
        },
        approval === 'PENDING' ? [{ event: 'APPROVAL_REQUESTED', status: 'PROCESSING', reason: null }] : [],
      );
      await reserve(c.tx, row, account.id, body.amount + fee, c.now);
      return row;
    });
  }

  /** Four eyes: never the requester's own; only while the approval is PENDING (a double click applies once). */
  private decide(
    auth: AuthContext,
    body: WithdrawalDecision,
    decision: 'APPROVE' | 'REFUSE',
    client: ActivityClient,
  ): Promise<AccountingRequestDetail> {
    this.core.requireMerchantUser(auth);
    return this.core.act(
      auth,
      'WITHDRAWAL',
      body.id,
      (tx, row, actor, now) => {
        if (row.createdBy === auth.userId) throw AccountingErrors.ownWithdrawal();
        const refuse = (current: RequestRow) =>
          current.status === 'PROCESSING' ? AccountingErrors.notAwaitingApproval() : AccountingErrors.notAllowed(current.status);
        if (row.status === 'PROCESSING' && row.approvalState !== 'PENDING') throw AccountingErrors.notAwaitingApproval();
        const decided = { approvedBy: actor.userId, approvedByName: actor.name, approvedAt: now };
        return decision === 'APPROVE'
          ? transition(tx, row, 'APPROVE', { actor, at: now, approvalFrom: 'PENDING', approvalTo: 'APPROVED', changes: decided, refuse })
          : transition(tx, row, 'REFUSE', {
              actor,
              at: now,
              approvalFrom: 'PENDING',
              approvalTo: 'REFUSED',
              reason: ACCOUNTING_MESSAGES.refusedBy(actor.name, body.reason ?? ''),
              changes: decided,
              refuse,
            });
      },
      { client, event: decision === 'APPROVE' ? 'WITHDRAWAL_APPROVED' : 'WITHDRAWAL_REFUSED' },
    );
  }

  approve(auth: AuthContext, body: WithdrawalDecision, client: ActivityClient): Promise<AccountingRequestDetail> {
    return this.decide(auth, body, 'APPROVE', client);
  }

  refuse(auth: AuthContext, body: WithdrawalDecision, client: ActivityClient): Promise<AccountingRequestDetail> {
    return this.decide(auth, body, 'REFUSE', client);
  }
}
