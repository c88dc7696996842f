import { AMOUNT_INVALID_MESSAGE, AMOUNT_REQUIRED_MESSAGE, MFA_CODE_MESSAGE } from '@andes/contract/common/validators';
import { PAYOUT_FIELD_MESSAGES } from '@andes/contract/payout/rails';
import { PAYOUT_MESSAGES } from '@andes/contract/payout/schemas';

/**
 * The contract's payout messages (the words the form's checks and the server use alike) as keys
 * of the `payout` strings, so a person reads them in the interface language. The English strings
 * are the contract's words (a test compares them), so the form and the server say the same.
 */

export type FieldMessageKey = keyof typeof PAYOUT_FIELD_MESSAGES;

const FIELD_KEYS = new Map<string, FieldMessageKey>(
  (Object.entries(PAYOUT_FIELD_MESSAGES) as [FieldMessageKey, string][]).map(([key, message]) => [message, key]),
);

/** The key of a beneficiary field's message (`checkBeneficiary`), or null for another text. */
export function fieldMessageKey(message: string): FieldMessageKey | null {
  return FIELD_KEYS.get(message) ?? null;
}

/** The server's payout refusals that read the same every time (those with figures are shown as sent). */
export const SERVER_MESSAGE_KEYS = [
  'ownPayout',
  'notPending',
  'codeRequired',
  'requestIdRequired',
  'codeIncorrect',
  'codeExpired',
  'codeOtherPayouts',
  'codeTooManyAttempts',
  'duplicatesNotConfirmed',
  'requestReused',
  'noValidRows',
  'selectionEmpty',
  'batchOrPayouts',
  'noEmail',
] as const satisfies readonly (keyof typeof PAYOUT_MESSAGES)[];
export type ServerMessageKey = (typeof SERVER_MESSAGE_KEYS)[number];

const SERVER_KEYS = new Map<string, ServerMessageKey>(SERVER_MESSAGE_KEYS.map((key) => [PAYOUT_MESSAGES[key], key]));

/** The key of a server refusal, or null for a message shown as sent. */
export function serverMessageKey(message: string): ServerMessageKey | null {
  return SERVER_KEYS.get(message) ?? null;
}

/** Messages of the amount and the code inputs. */
export const INPUT_MESSAGES = {
  amountRequired: AMOUNT_REQUIRED_MESSAGE,
  amountInvalid: AMOUNT_INVALID_MESSAGE,
  code: MFA_CODE_MESSAGE,
} as const;
