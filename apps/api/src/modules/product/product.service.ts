import type { Country, Currency } from '@andes/contract/common/countries';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { PRODUCT_TYPES, type ProductType } from '@andes/contract/common/enums';
import type { CountryRequest, ProductList } from '@andes/contract/home/schemas';
import { basisPoints, type ProductPrice, payinSettlement, payoutCharge } from '@andes/contract/product/pricing';
import type {
  CalculationRules,
  CalculationRulesRequest,
  DepositConfigList,
  DepositConfigListRequest,
  ProductConfig,
  ProductIdRequest,
} from '@andes/contract/product/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { CommonErrors } from '../../http/errors.ts';
import { listLocalAccounts } from '../account/account.repository.ts';
import { upcomingReleasesQuery } from '../home/home.repository.ts';
import type { HomeService } from '../home/home.service.ts';
import { depositProducts, findProductTerms, type ProductTermsRow } from './product.repository.ts';

/** Release dates the deposit screen shows. */
const RELEASES_SHOWN = 30;
/** The worked example's amount when none is asked: 1,000.00 in the country's currency, within the product's limits. */
const EXAMPLE_AMOUNT = 100_000;

const isProductType = (t: string): t is ProductType => (PRODUCT_TYPES as readonly string[]).includes(t);

function toConfig(row: ProductTermsRow): ProductConfig {
  if (!isProductType(row.productType)) throw new Error(`product ${row.id}: unknown product type ${row.productType}`);
  const country = row.country as Country;
  return {
    id: row.id,
    country,
    currency: COUNTRY_INFO[country].currency as Currency,
    product: row.product,
    code: row.productType,
    open: row.open === 1,
    feeBps: row.feeBps,
    feeFixed: row.feeFixed,
    vatBps: row.vatBps,
    settlementDays: row.settlementDays,
    depositBps: row.depositBps,
    depositDays: row.depositDays,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
  };
}

/** Setting's product screens: Services, Product list and Deposit (docs/decisions/0034). */
export class ProductService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly home: HomeService,
  ) {}

  /** The same list as Home's: one answer for one question. */
  list(auth: AuthContext, body: CountryRequest): Promise<ProductList> {
    return this.home.productList(auth, body);
  }

  private async config(auth: AuthContext, id: number): Promise<ProductConfig> {
    const row = await findProductTerms(this.db, auth.scope, id);
    if (!row) throw CommonErrors.notFound('The product');
    // A product of a country the caller may not see answers as one that does not exist.
    try {
      await requireCountry(this.db, auth, row.country as Country, this.clock());
    } catch {
      throw CommonErrors.notFound('The product');
    }
    return toConfig(row);
  }

  configDetails(auth: AuthContext, body: ProductIdRequest): Promise<ProductConfig> {
    return this.config(auth, body.id);
  }

  /**
   * The steps that settle a payment of the product and a worked example, computed by the functions
   * the payment side settles every payment with (`payinSettlement`, `payoutCharge`).
   */
  async calculationRules(auth: AuthContext, body: CalculationRulesRequest): Promise<CalculationRules> {
    const config = await this.config(auth, body.id);
    const amount = body.amount ?? Math.min(Math.max(EXAMPLE_AMOUNT, config.minAmount ?? 1), config.maxAmount ?? EXAMPLE_AMOUNT);
    const price: ProductPrice = config;
    if (config.product === 'payin') {
      const s = payinSettlement(amount, price);
      // The cap (half the amount) took part when the fee is less than its rate and fixed part.
      const capped = s.fee < basisPoints(amount, config.feeBps) + config.feeFixed;
      return {
        config,
        steps: [
          'FEE',
          ...(capped ? (['FEE_CAP'] as const) : []),
          'VAT',
          'NET',
          ...(config.depositBps > 0 ? (['DEPOSIT'] as const) : []),
          'PENDING',
          'AVAILABLE',
        ],
        example: { amount, fee: s.fee, vat: s.vat, net: s.net, deposit: s.deposit, pending: s.pending },
      };
    }
    const { fee, vat } = payoutCharge(amount, price);
    return {
      config,
      steps: ['FEE', 'VAT', 'PAYOUT_TOTAL'],
      example: { amount, fee, vat, net: amount + fee + vat, deposit: 0, pending: 0 },
    };
  }

  async depositConfig(auth: AuthContext, body: DepositConfigListRequest): Promise<DepositConfigList> {
    const { country } = await requireCountry(this.db, auth, body.country, this.clock());
    const [products, accounts, releases] = await Promise.all([
      depositProducts(this.db, auth.scope, country),
      listLocalAccounts(this.db, auth.scope, country),
      upcomingReleasesQuery(this.db, auth.scope, country, RELEASES_SHOWN, 'DEPOSIT_HELD'),
    ]);
    return {
      list: products.map(toConfig),
      accounts: accounts.map((a) => ({
        accountId: a.id,
        accountNo: a.accountNo,
        accountType: a.accountType,
        holderName: a.holderName,
        subMerchant: a.subMerchant,
        depositHeld: a.buckets.depositHeld,
      })),
      releases: releases.map((r) => ({ date: r.date, amount: r.amount })),
    };
  }
}
