import { formatCents } from '@andes/contract/common/money';
import { railAmountMessage } from '@andes/contract/payout/amounts';
import { PAYOUT_FIELD_MESSAGES, PAYOUT_RAILS } from '@andes/contract/payout/rails';
import { PAYOUT_MESSAGES } from '@andes/contract/payout/schemas';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { RAIL_PRODUCT_TYPES } from './hooks/use-payout-text.ts';
import { fieldMessageKey, SERVER_MESSAGE_KEYS, serverMessageKey } from './payout-messages.ts';

describe('payout messages', () => {
  // The English strings as loaded by the app (the test setup loads every namespace).
  const strings = () => i18n.getResourceBundle('en', 'payout') as Record<string, string>;

  it('says in English exactly what the contract (and so the server) says for each beneficiary field', () => {
    for (const [key, message] of Object.entries(PAYOUT_FIELD_MESSAGES)) {
      expect(fieldMessageKey(message)).toBe(key);
      expect(strings()[`fieldError.${key}`], key).toBe(message);
    }
    expect(fieldMessageKey('Something else')).toBeNull();
  });

  it('translates the server refusals that read the same every time, the code-expired text of spec §8 among them', () => {
    for (const key of SERVER_MESSAGE_KEYS) {
      expect(serverMessageKey(PAYOUT_MESSAGES[key])).toBe(key);
      expect(strings()[`server.${key}`], key).toBe(PAYOUT_MESSAGES[key]);
    }
    expect(strings()['server.codeExpired']).toBe('The verification code has expired and has been re sent for you.');
  });

  it('words the min-to-max message of every rail as the contract does', () => {
    for (const rail of PAYOUT_RAILS) {
      const text = (strings().amountRange ?? '')
        .replace('{{min}}', formatCents(rail.minCents, rail.currency, { symbol: false }))
        .replace('{{max}}', formatCents(rail.maxCents, rail.currency, { symbol: false }))
        .replace('{{currency}}', rail.currency);
      expect(text).toBe(railAmountMessage(rail));
    }
  });

  it('names every product type a rail uses', () => {
    expect([...RAIL_PRODUCT_TYPES].sort()).toEqual([...new Set(PAYOUT_RAILS.map((rail) => rail.productType))].sort());
  });
});
