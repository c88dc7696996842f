import type { Account, AccountList, AccountListRequest } from '@andes/contract/account/schemas';
import type { Country, Currency } from '@andes/contract/common/countries';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { listLocalAccounts } from './account.repository.ts';
import { balanceFigures } from './balance-figures.ts';

/** The caller's local accounts of one authorised country with their balances (spec §3 Account). */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, body: AccountListRequest): Promise<AccountList> {
    const { country } = await requireCountry(this.db, auth, body.country, this.clock());
    const rows = await listLocalAccounts(this.db, auth.scope, country, body.accountType);
    const list: Account[] = rows.map((r) => ({
      accountId: r.id,
      accountNo: r.accountNo,
      accountType: r.accountType,
      country: r.country as Country,
      currency: r.currency as Currency,
      holderId: r.holderId,
      holderName: r.holderName,
      subMerchant: r.subMerchant,
      balances: balanceFigures(r.buckets, r.accountType),
    }));
    return { list };
  }
}
