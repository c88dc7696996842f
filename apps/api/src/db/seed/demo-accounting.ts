import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { FX_COUNTRIES } from '../../simulator/accounting.ts';
import { rateOfDay } from '../../simulator/catalogue.ts';
import { dayNumberOf, localDate } from '../../simulator/local-time.ts';
import type { Db } from '../client.ts';
import { accountingFeeConfigs, fxRates } from '../schema/accounting.ts';

/**
 * The accounting part of the demo (issue #12, docs/decisions/0027): the demo merchants' fees and
 * limits of top-ups and withdrawals per country (what the provider agreed with each), an approval
 * threshold for ANDES-DEMO's Brazilian withdrawals so that four eyes can be shown, and the
 * provider's indicative FX rates as of the seed (the simulator publishes fresh ones at its start and
 * every few minutes). A country without a row uses the accounting module's defaults — ANDES-DEMO in
 * the US and South Africa, on purpose, so both cases show.
 */

/** Fees and limits of one kind in one country, in cents of the country's currency. */
export interface DemoFeeConfig {
  perRequestFee: number;
  smallTransferThreshold: number;
  smallTransferFee: number;
  minAmount: number;
  maxAmount: number;
  approvalThreshold?: number;
}

interface CountryFees {
  TOPUP: DemoFeeConfig;
  WITHDRAWAL: DemoFeeConfig;
}

/** The provider's price list for ANDES-DEMO, roughly the same in USD in every country (local round figures). */
export const DEMO_FEE_CONFIGS: Readonly<Partial<Record<Country, CountryFees>>> = {
  BR: {
    // R$ 5 per top-up, R$ 2.50 more below R$ 1,000; R$ 100 – R$ 1,000,000.
    TOPUP: { perRequestFee: 500, smallTransferThreshold: 100_000, smallTransferFee: 250, minAmount: 10_000, maxAmount: 100_000_000 },
    // R$ 10 per withdrawal, R$ 5 more below R$ 5,000; R$ 50 – R$ 500,000; above R$ 10,000 a second person approves.
    WITHDRAWAL: {
      perRequestFee: 1_000,
      smallTransferThreshold: 500_000,
      smallTransferFee: 500,
      minAmount: 5_000,
      maxAmount: 50_000_000,
      approvalThreshold: 1_000_000,
    },
  },
  MX: {
    TOPUP: {
      perRequestFee: 3_500,
      smallTransferThreshold: 2_000_000,
      smallTransferFee: 1_500,
      minAmount: 50_000,
      maxAmount: 2_000_000_000,
    },
    WITHDRAWAL: {
      perRequestFee: 6_000,
      smallTransferThreshold: 5_000_000,
      smallTransferFee: 2_500,
      minAmount: 50_000,
      maxAmount: 1_000_000_000,
    },
  },
  CO: {
    TOPUP: {
      perRequestFee: 2_000_000,
      smallTransferThreshold: 400_000_000,
      smallTransferFee: 800_000,
      minAmount: 20_000_000,
      maxAmount: 400_000_000_000,
    },
    WITHDRAWAL: {
      perRequestFee: 3_500_000,
      smallTransferThreshold: 1_000_000_000,
      smallTransferFee: 1_500_000,
      minAmount: 20_000_000,
      maxAmount: 200_000_000_000,
    },
  },
  CL: {
    TOPUP: {
      perRequestFee: 450_000,
      smallTransferThreshold: 100_000_000,
      smallTransferFee: 200_000,
      minAmount: 5_000_000,
      maxAmount: 100_000_000_000,
    },
    WITHDRAWAL: {
      perRequestFee: 900_000,
      smallTransferThreshold: 250_000_000,
      smallTransferFee: 400_000,
      minAmount: 5_000_000,
      maxAmount: 50_000_000_000,
    },
  },
  PE: {
    TOPUP: { perRequestFee: 400, smallTransferThreshold: 400_000, smallTransferFee: 200, minAmount: 2_000, maxAmount: 40_000_000 },
    WITHDRAWAL: { perRequestFee: 800, smallTransferThreshold: 1_000_000, smallTransferFee: 400, minAmount: 2_000, maxAmount: 20_000_000 },
  },
};

/** CONDOR negotiated lower fees and no small-transfer fee in its two countries. */
export const CONDOR_FEE_CONFIGS: Readonly<Partial<Record<Country, CountryFees>>> = {
  MX: {
    TOPUP: { perRequestFee: 2_500, smallTransferThreshold: 0, smallTransferFee: 0, minAmount: 50_000, maxAmount: 2_000_000_000 },
    WITHDRAWAL: { perRequestFee: 4_500, smallTransferThreshold: 0, smallTransferFee: 0, minAmount: 50_000, maxAmount: 1_000_000_000 },
  },
  CO: {
    TOPUP: { perRequestFee: 1_500_000, smallTransferThreshold: 0, smallTransferFee: 0, minAmount: 20_000_000, maxAmount: 400_000_000_000 },
    WITHDRAWAL: {
      perRequestFee: 2_500_000,
      smallTransferThreshold: 0,
      smallTransferFee: 0,
      minAmount: 20_000_000,
      maxAmount: 200_000_000_000,
    },
  },
};

const FEES_BY_MERCHANT: Readonly<Record<string, Readonly<Partial<Record<Country, CountryFees>>>>> = {
  'ANDES-DEMO': DEMO_FEE_CONFIGS,
  CONDOR: CONDOR_FEE_CONFIGS,
};

/** The provider's indicative rate of each local currency at `now` (the catalogue's rate of the day). */
export function demoFxRates(now: Date): { currency: string; rate: string; publishedAt: Date }[] {
  return FX_COUNTRIES.map((country) => ({
    currency: COUNTRY_INFO[country].currency,
    rate: rateOfDay(country, dayNumberOf(localDate(COUNTRY_INFO[country].timezoneName, now.getTime()))),
    publishedAt: now,
  }));
}

/** Seeds the fee configurations and FX rates, within the demo seed's transaction. */
export async function seedDemoAccounting(tx: Db, merchantIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const rows: (typeof accountingFeeConfigs.$inferInsert)[] = [];
  for (const [code, byCountry] of Object.entries(FEES_BY_MERCHANT)) {
    const merchantId = merchantIds.get(code);
    if (merchantId === undefined) continue;
    for (const [country, fees] of Object.entries(byCountry) as [Country, CountryFees][]) {
      for (const kind of ['TOPUP', 'WITHDRAWAL'] as const) {
        const f = fees[kind];
        rows.push({
          merchantId,
          country,
          kind,
          perRequestFee: f.perRequestFee,
          smallTransferThreshold: f.smallTransferThreshold,
          smallTransferFee: f.smallTransferFee,
          minAmount: f.minAmount,
          maxAmount: f.maxAmount,
          approvalThreshold: f.approvalThreshold ?? null,
          updatedAt: now,
        });
      }
    }
  }
  if (rows.length > 0) await tx.insert(accountingFeeConfigs).values(rows);
  await tx.insert(fxRates).values(demoFxRates(now)).onConflictDoNothing();
}
