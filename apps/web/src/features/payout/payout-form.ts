import type { Country } from '@andes/contract/common/countries';
import { parseAmountToCents } from '@andes/contract/common/validators';
import {
  BENEFICIARY_FIELDS,
  type BeneficiaryField,
  type BeneficiaryInput,
  cleanBeneficiaryValue,
  type PayoutRail,
} from '@andes/contract/payout/rails';
import type { PayoutCreateRequest } from '@andes/contract/payout/schemas';
import { amountProblem as sharedAmountProblem } from '../../shared/form/amount-input.ts';

/** The single-payout form as antd holds it (texts as typed). */
export interface SinglePayoutValues {
  productType?: string;
  amount?: string;
  merchantReference?: string;
  beneficiary?: BeneficiaryInput;
}

/** What is wrong with a typed amount for a rail, or null: empty, not an amount, or outside the rail's range. */
export function amountProblem(rail: PayoutRail, text: string | undefined): 'required' | 'invalid' | 'range' | null {
  return sharedAmountProblem(text, { currency: rail.currency, minCents: rail.minCents, maxCents: rail.maxCents });
}

/**
 * The rail's beneficiary fields in their stored form (`cleanBeneficiaryValue`: trimmed, masks such
 * as `123.456.789-09` removed, identifiers upper-cased), empty ones left out. The server checks
 * them again with the same rule.
 */
export function beneficiaryOf(rail: PayoutRail, input: BeneficiaryInput | undefined): BeneficiaryInput {
  const out: BeneficiaryInput = {};
  const pixKeyType = input?.pixKeyType?.trim().toUpperCase();
  for (const field of rail.fields) {
    const value = cleanBeneficiaryValue(field, input?.[field] ?? '', pixKeyType);
    if (value) out[field] = value;
  }
  return out;
}

/** The call's fields of a valid form (amount in cents); null while the amount is not one. */
export function singlePayoutRequest(country: Country, rail: PayoutRail, values: SinglePayoutValues): PayoutCreateRequest | null {
  const cents = parseAmountToCents(values.amount ?? '');
  if (cents === null) return null;
  const reference = values.merchantReference?.trim();
  return {
    country,
    productType: rail.productType,
    amount: cents,
    ...(reference ? { merchantReference: reference } : {}),
    beneficiary: beneficiaryOf(rail, values.beneficiary),
  };
}

const TOP_FIELDS = ['productType', 'amount', 'merchantReference'] as const;

/** The form field a server issue's path names (`beneficiary.document`, `amount`), or null. */
export function formPathOf(path: string): [string] | [string, BeneficiaryField] | null {
  const [head, field] = path.split('.');
  if (head === 'beneficiary' && (BENEFICIARY_FIELDS as readonly string[]).includes(field ?? '')) {
    return ['beneficiary', field as BeneficiaryField];
  }
  return (TOP_FIELDS as readonly string[]).includes(head ?? '') && field === undefined ? [head as string] : null;
}
