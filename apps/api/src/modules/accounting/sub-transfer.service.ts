import {
  ACCOUNTING_MESSAGES,
  type RequestCreated,
  type SubTransferCalculateAnswer,
  type SubTransferCalculateRequest,
  type SubTransferCreateRequest,
} from '@andes/contract/accounting/schemas';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import type { ActivityClient } from '../activity/activity.recorder.ts';
import { ensureLocalAccount } from '../ledger/ledger.service.ts';
import { moneyText, reserve } from './accounting.core.ts';
import { AccountingErrors } from './accounting.errors.ts';
import { hasCountry, localBalance, merchantsById } from './accounting.repository.ts';
import type { AccountingRequests } from './accounting.service.ts';

/**
 * Sub-merchant transfers (docs/decisions/0027): SUB moves the merchant's money of one account
 * type and country to the sub-merchant's account of the same type and country, SELF back. The
 * amount is reserved at creation; the provider settles it (or rejects it); the merchant may revoke
 * it while PROCESSING (it ends REJECTED "Revoked by …": the spec's status set has no CANCELED).
 * No fee and no limits: the money stays within the merchant's own group.
 */

type CreateBody = z.output<typeof SubTransferCreateRequest>;

export class SubTransferService {
  constructor(private readonly core: AccountingRequests) {}

  /**
   * Both sides of a transfer before it is made: the source's available balance before and after
   * reserving the amount, the target's before and after it completes; the problem when the source
   * does not cover it. The same checks of the sub-merchant as the creation.
   */
  async calculate(auth: AuthContext, body: SubTransferCalculateRequest): Promise<SubTransferCalculateAnswer> {
    this.core.requireMerchantUser(auth);
    await requireCountry(this.core.db, auth, body.country, this.core.clock());
    const merchantId = auth.scope.merchantId;
    const sub = (await merchantsById(this.core.db, [body.subMerchantId])).get(body.subMerchantId);
    if (!sub || sub.parentId !== merchantId) throw AccountingErrors.noSubMerchant();
    if (!(await hasCountry(this.core.db, sub.id, body.country))) throw AccountingErrors.subMerchantNotInCountry(body.country);
    const mine = await localBalance(this.core.db, merchantId, body.country, body.accountType);
    const theirs = await localBalance(this.core.db, sub.id, body.country, body.accountType);
    const [source, target] = body.target === 'SUB' ? [mine, theirs] : [theirs, mine];
    const currency = COUNTRY_INFO[body.country].currency;
    return {
      currency,
      amount: body.amount,
      sourceAvailableBefore: source.available,
      sourceAvailableAfter: source.available - body.amount,
      targetAvailableBefore: target.available,
      targetAvailableAfter: target.available + body.amount,
      problem:
        source.available < body.amount
          ? ACCOUNTING_MESSAGES.insufficient(moneyText(source.available, currency), moneyText(body.amount, currency))
          : null,
    };
  }

  async create(auth: AuthContext, body: CreateBody, client: ActivityClient): Promise<RequestCreated> {
    return this.core.createOnce(auth, 'SUB_TRANSFER', body, client, async (c) => {
      const merchantId = auth.scope.merchantId;
      const sub = (await merchantsById(c.tx, [body.subMerchantId])).get(body.subMerchantId);
      if (!sub || sub.parentId !== merchantId) throw AccountingErrors.noSubMerchant();
      if (!(await hasCountry(c.tx, sub.id, body.country))) throw AccountingErrors.subMerchantNotInCountry(body.country);
      const mine = await ensureLocalAccount(c.tx, merchantId, body.country, body.accountType);
      const theirs = await ensureLocalAccount(c.tx, sub.id, body.country, body.accountType);
      const [source, target] = body.target === 'SUB' ? [mine, theirs] : [theirs, mine];
      const row = await this.core.insertNew(c, auth, {
        kind: 'SUB_TRANSFER',
        accountType: body.accountType,
        mode: null,
        target: body.target,
        subMerchantId: sub.id,
        status: 'PROCESSING',
        awaitingProvider: true,
        requestAmount: body.amount,
        finalAmount: body.amount,
        deductionAmount: body.amount,
        receiptAmount: body.amount,
        sellAccountId: source.id,
        buyAccountId: target.id,
        remark: body.remark ?? '',
      });
      await reserve(c.tx, row, source.id, body.amount, c.now);
      return row;
    });
  }
}
