import { type AmountLimits, isAmountWithin, parseAmountToCents } from '@andes/contract/common/validators';

/** The cents of a typed amount (as `normalizeAmountInput` leaves it), or null while it is not a positive amount. */
export function centsOf(text: string | undefined): number | null {
  const cents = parseAmountToCents(text ?? '');
  return cents !== null && cents >= 1 ? cents : null;
}

/** What is wrong with a typed amount: empty, not an amount, or outside the limits (when given); null when fine. */
export function amountProblem(text: string | undefined, limits: AmountLimits | null): 'required' | 'invalid' | 'range' | null {
  if (text === undefined || text.trim() === '') return 'required';
  const cents = centsOf(text);
  if (cents === null) return 'invalid';
  if (limits && !isAmountWithin(cents, limits)) return 'range';
  return null;
}
