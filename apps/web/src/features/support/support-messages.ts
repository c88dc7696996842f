import { maxLengthMessage } from '@andes/contract/common/fields';
import {
  CASE_APPENDIX_MAX,
  CASE_DESCRIPTION_MAX_LENGTH,
  CASE_EMAIL_MAX_LENGTH,
  CASE_INSTRUCTIONS_MAX_LENGTH,
  CASE_REPLY_MAX_LENGTH,
  CASE_TITLE_MAX_LENGTH,
} from '@andes/contract/support/enums';
import { CLABE_MESSAGE, E2E_ID_MESSAGE, SUPPORT_MESSAGES, TRANSACTION_KEY_MESSAGE } from '@andes/contract/support/schemas';

/** The server's support texts the screens say in the interface language. */
export type SupportMessageKey =
  | 'caseNotFound'
  | 'fileNotFound'
  | 'appendixUnknown'
  | 'keyOrE2eRequired'
  | 'requestReused'
  | 'changed'
  | 'closedNoReply'
  | 'clabeCountry'
  | 'titleRequired'
  | 'descriptionRequired'
  | 'replyRequired'
  | 'instructionsRequired'
  | 'e2eId'
  | 'clabe'
  | 'transactionKey'
  | 'email'
  | 'appendixMax'
  | 'titleTooLong'
  | 'descriptionTooLong'
  | 'replyTooLong'
  | 'instructionsTooLong'
  | 'emailTooLong'
  | 'duplicateOpenCase'
  | 'notEditable'
  | 'notClosable'
  | 'notReopenable'
  | 'reopenWindowPassed';

/** Keys whose text carries an argument: a case number, a status, or a number of days. */
export type SupportMessageWithArg = 'duplicateOpenCase' | 'notEditable' | 'notClosable' | 'notReopenable' | 'reopenWindowPassed';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern of a contract message whose argument is `(.+)`. */
function patternOf(message: (arg: never) => string): RegExp {
  const marker = '\u0000';
  const [before = '', after = ''] = (message as (arg: string) => string)(marker).split(marker);
  return new RegExp(`^${escapeRegExp(before)}(.+)${escapeRegExp(after)}$`);
}

const M = SUPPORT_MESSAGES;
const FIXED: readonly [SupportMessageKey, string][] = [
  ['caseNotFound', M.caseNotFound],
  ['fileNotFound', M.fileNotFound],
  ['appendixUnknown', M.appendixUnknown],
  ['keyOrE2eRequired', M.keyOrE2eRequired],
  ['requestReused', M.requestReused],
  ['changed', M.changed],
  ['closedNoReply', M.closedNoReply],
  ['clabeCountry', M.clabeCountry],
  ['titleRequired', M.titleRequired],
  ['descriptionRequired', M.descriptionRequired],
  ['replyRequired', M.replyRequired],
  ['instructionsRequired', M.instructionsRequired],
  ['e2eId', E2E_ID_MESSAGE],
  ['clabe', CLABE_MESSAGE],
  ['transactionKey', TRANSACTION_KEY_MESSAGE],
  ['email', 'Please enter the correct email'],
  ['appendixMax', `At most ${CASE_APPENDIX_MAX} appendices`],
  ['titleTooLong', maxLengthMessage(CASE_TITLE_MAX_LENGTH)],
  ['descriptionTooLong', `A description has at most ${CASE_DESCRIPTION_MAX_LENGTH} characters`],
  ['replyTooLong', `A reply has at most ${CASE_REPLY_MAX_LENGTH} characters`],
  ['instructionsTooLong', `Instructions have at most ${CASE_INSTRUCTIONS_MAX_LENGTH} characters`],
  ['emailTooLong', maxLengthMessage(CASE_EMAIL_MAX_LENGTH)],
];
const WITH_ARG: readonly [SupportMessageWithArg, RegExp][] = [
  ['duplicateOpenCase', patternOf(M.duplicateOpenCase)],
  ['notEditable', patternOf(M.notEditable)],
  ['notClosable', patternOf(M.notClosable)],
  ['notReopenable', patternOf(M.notReopenable)],
  ['reopenWindowPassed', patternOf(M.reopenWindowPassed)],
];

/** The key and argument of a contract message, or null for any other text (shown as sent). */
export function supportMessageOf(text: string): { key: SupportMessageKey; arg: string } | null {
  for (const [key, message] of FIXED) if (text === message) return { key, arg: '' };
  for (const [key, pattern] of WITH_ARG) {
    const match = pattern.exec(text);
    if (match) return { key, arg: match[1] ?? '' };
  }
  return null;
}
