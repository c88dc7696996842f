import { amountRangeMessage } from '../common/validators.ts';
import type { PayoutRail } from './rails.ts';

/** The payout amount message of spec §5 for a rail: "Amount must be between 10.00 and 50,000.00 BRL". */
export function railAmountMessage(rail: PayoutRail): string {
  return amountRangeMessage({ currency: rail.currency, minCents: rail.minCents, maxCents: rail.maxCents });
}
