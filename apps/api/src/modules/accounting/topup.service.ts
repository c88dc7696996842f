import { TOPUP_ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { approvalFileUpload } from '@andes/contract/accounting/endpoints';
import { topupSettlement } from '@andes/contract/accounting/machines';
import type {
  FeeCalculateAnswer,
  FeeCalculateRequest,
  FeeConfigAnswer,
  FeeConfigRequest,
  RequestCreated,
  TopupCreateRequest,
} from '@andes/contract/accounting/schemas';
import { UPLOADER_DEFAULT_MAX_FILES } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { ensureLocalAccount } from '../ledger/ledger.service.ts';
import { claimUploads } from '../uploads/uploads.service.ts';
import { RECEIVING_ACCOUNTS } from './accounting.config.ts';
import { moneyText } from './accounting.core.ts';
import { AccountingErrors } from './accounting.errors.ts';
import { localBalance, merchantsById } from './accounting.repository.ts';
import type { AccountingRequests, ResolvedConfig } from './accounting.service.ts';

/**
 * Top-ups (payout funding; docs/decisions/0027): the merchant wires local money to the provider's
 * receiving account and announces it with its proof; the provider verifies the amount received
 * (`request.verified`), the fee comes out of it and the rest is credited to the account funded.
 * Nothing is reserved: no money of the merchant's moves until the provider has it.
 */

type CreateBody = z.output<typeof TopupCreateRequest>;

/** The maximum of files a proof names (the uploader's). */
export const PROOF_MAX_FILES = approvalFileUpload.files?.maxFiles ?? UPLOADER_DEFAULT_MAX_FILES;

/** The amount is within the configured limits, or the validation error saying which. */
export function checkLimits(config: { minAmount: number; maxAmount: number }, amount: number, currency: string): string | null {
  if (amount < config.minAmount) return AccountingErrors.belowMinimum(moneyText(config.minAmount, currency)).message;
  if (amount > config.maxAmount) return AccountingErrors.aboveMaximum(moneyText(config.maxAmount, currency)).message;
  return null;
}

export function assertLimits(config: { minAmount: number; maxAmount: number }, amount: number, currency: string): void {
  if (amount < config.minAmount) throw AccountingErrors.belowMinimum(moneyText(config.minAmount, currency));
  if (amount > config.maxAmount) throw AccountingErrors.aboveMaximum(moneyText(config.maxAmount, currency));
}

export class TopupService {
  constructor(private readonly core: AccountingRequests) {}

  private mode(mode: string, country: Country): 'PAY_OUT' | 'MARKET_PLACE' {
    if (!(TOPUP_ACCOUNT_TYPES as readonly string[]).includes(mode)) throw AccountingErrors.notOffered('mode', `A ${mode} top-up`, country);
    return mode as 'PAY_OUT' | 'MARKET_PLACE';
  }

  private async answer(
    auth: AuthContext,
    country: Country,
    mode: 'PAY_OUT' | 'MARKET_PLACE',
    config: ResolvedConfig,
  ): Promise<FeeConfigAnswer> {
    const merchant = (await merchantsById(this.core.db, [auth.scope.merchantId])).get(auth.scope.merchantId);
    return this.core.feeConfigAnswer(auth, country, mode, config, {
      approvalThreshold: null,
      receivingAccount: {
        ...RECEIVING_ACCOUNTS[country],
        // The merchant wires before the request (and its number) exists: the merchant's code is
        // what the provider matches the wire with; the request number follows in the announcement.
        referenceHint: `Write ${merchant?.code ?? 'your merchant code'} in the transfer's reference`,
      },
    });
  }

  async config(auth: AuthContext, body: FeeConfigRequest): Promise<FeeConfigAnswer> {
    this.core.requireMerchantUser(auth);
    await requireCountry(this.core.db, auth, body.country, this.core.clock());
    const mode = this.mode(body.mode, body.country);
    return this.answer(auth, body.country, mode, await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'TOPUP'));
  }

  /** The fee out of the amount, as it will be posted if the provider verifies exactly this amount. */
  async fee(auth: AuthContext, body: FeeCalculateRequest): Promise<FeeCalculateAnswer> {
    this.core.requireMerchantUser(auth);
    await requireCountry(this.core.db, auth, body.country, this.core.clock());
    const mode = this.mode(body.mode, body.country);
    const currency = COUNTRY_INFO[body.country].currency;
    const config = await this.core.config(this.core.db, auth.scope.merchantId, body.country, 'TOPUP');
    const { lines, fee } = topupSettlement(config, body.amount);
    const balance = await localBalance(this.core.db, auth.scope.merchantId, body.country, mode);
    return {
      currency,
      amount: body.amount,
      lines,
      fee,
      total: body.amount - fee,
      availableBefore: balance.available,
      availableAfter: balance.available + body.amount - fee,
      needsApproval: false,
      problem: checkLimits(config, body.amount, currency),
    };
  }

  async create(auth: AuthContext, body: CreateBody, client: ActivityClient): Promise<RequestCreated> {
    return this.core.createOnce(auth, 'TOPUP', body, client, async (c) => {
      const mode = this.mode(body.mode, body.country);
      const config = await this.core.config(c.tx, auth.scope.merchantId, body.country, 'TOPUP');
      assertLimits(config, body.amount, c.country.currency);
      const proofFiles = await claimUploads(c.tx, auth, body.proofFileIds, PROOF_MAX_FILES);
      const account = await ensureLocalAccount(c.tx, auth.scope.merchantId, body.country, mode);
      return this.core.insertNew(c, auth, {
        kind: 'TOPUP',
        accountType: mode,
        mode,
        status: 'PROCESSING',
        awaitingProvider: true,
        requestAmount: body.amount,
        buyAccountId: account.id,
        remittingBank: body.remittingBank,
        transferTime: new Date(body.transferTime),
        proofFiles,
        remark: body.remark ?? '',
      });
    });
  }
}
