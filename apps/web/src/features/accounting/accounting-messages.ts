import { ACCOUNTING_MESSAGES } from '@andes/contract/accounting/schemas';

/**
 * The contract's accounting messages (what the server says when it refuses, and the reasons it
 * records) as keys of the `accounting` strings, so a person reads them in the interface language.
 * A message with figures is matched by its shape: the figures come back as `a0`, `a1`….
 */
export type AccountingMessageKey = keyof typeof ACCOUNTING_MESSAGES;

const MARK = '\u0001';

interface Pattern {
  key: AccountingMessageKey;
  exact: string | null;
  regex: RegExp | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(key: AccountingMessageKey, shaped: string): Pattern {
  const source = shaped
    .split(new RegExp(`${MARK}\\d+${MARK}`))
    .map(escapeRegExp)
    .join('(.+?)');
  return { key, exact: null, regex: new RegExp(`^${source}$`, 's') };
}

const PATTERNS: readonly Pattern[] = (Object.entries(ACCOUNTING_MESSAGES) as [AccountingMessageKey, unknown][]).flatMap(
  ([key, message]) => {
    if (typeof message === 'string') return [{ key, exact: message, regex: null }];
    const fn = message as (...args: string[]) => string;
    const args = Array.from({ length: fn.length }, (_, i) => `${MARK}${i}${MARK}`);
    const patterns = [patternOf(key, fn(...args))];
    // A refusal without a reason reads shorter: its own shape.
    if (key === 'refusedBy') patterns.push(patternOf(key, fn(args[0] ?? '', '')));
    return patterns;
  },
);

/** The key and figures of a contract message, or null for another text (shown as sent). */
export function accountingMessageOf(message: string): { key: AccountingMessageKey; args: string[] } | null {
  for (const pattern of PATTERNS) {
    if (pattern.exact !== null && pattern.exact === message) return { key: pattern.key, args: [] };
    const m = pattern.regex?.exec(message);
    if (m) return { key: pattern.key, args: m.slice(1) };
  }
  return null;
}
