import { RISK_MESSAGES } from '@andes/contract/risk/schemas';

/** The server's chargeback refusals the screens say in the interface language (docs/decisions/0028). */
export type ChargebackMessageKey = 'chargebackNotFound' | 'chargebackNotOpen' | 'deadlinePassed' | 'appendixRequired' | 'appendixUnknown';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern of a contract message whose argument is `(.+)`. */
function patternOf(message: (arg: string) => string): RegExp {
  const marker = '\u0000';
  const [before = '', after = ''] = message(marker).split(marker);
  return new RegExp(`^${escapeRegExp(before)}(.+)${escapeRegExp(after)}$`);
}

const FIXED: readonly [ChargebackMessageKey, string][] = [
  ['chargebackNotFound', RISK_MESSAGES.chargebackNotFound],
  ['appendixRequired', RISK_MESSAGES.appendixRequired],
  ['appendixUnknown', RISK_MESSAGES.appendixUnknown],
];
const WITH_ARG: readonly [ChargebackMessageKey, RegExp][] = [
  ['chargebackNotOpen', patternOf(RISK_MESSAGES.chargebackNotOpen)],
  ['deadlinePassed', patternOf(RISK_MESSAGES.deadlinePassed)],
];

/** The key and argument of a contract message, or null for any other text (shown as sent). */
export function chargebackMessageOf(text: string): { key: ChargebackMessageKey; arg: string } | null {
  for (const [key, message] of FIXED) if (text === message) return { key, arg: '' };
  for (const [key, pattern] of WITH_ARG) {
    const match = pattern.exec(text);
    if (match) return { key, arg: match[1] ?? '' };
  }
  return null;
}
