import type { ValidationIssue } from '@andes/contract/common/envelope';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGES, unmetPasswordRules } from '@andes/contract/common/validators';
import { PASSWORD_MESSAGES } from '@andes/contract/password/schemas';
import { isCommonPassword } from './common-passwords.ts';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const PASSWORD_REUSED_MESSAGE = 'The new password must differ from the current one';
/** The contract's wording, so the web shows the same text whichever call refused the password. */
export const PASSWORD_COMMON_MESSAGE = PASSWORD_MESSAGES.breached;
export const PASSWORD_IN_HISTORY_MESSAGE = PASSWORD_MESSAGES.reused;

/**
 * What is wrong with a new password on its own: the contract's rules (spec §5: at least 8
 * characters with upper-case letters, lower-case letters and numbers), then — told only about a
 * password that meets the rules, the first thing to fix — that it is not one of the 10,000 most
 * common passwords (any case) and does not contain the username (any case). Every flow that sets
 * a password (change, reset) checks this.
 */
export function newPasswordIssues(newPassword: string, username: string | null): ValidationIssue[] {
  const issues: ValidationIssue[] = unmetPasswordRules(newPassword).map((rule) => ({
    path: 'newPassword',
    message: PASSWORD_RULE_MESSAGES[rule],
  }));
  if (issues.length > 0) return issues;
  if (isCommonPassword(newPassword)) issues.push({ path: 'newPassword', message: PASSWORD_COMMON_MESSAGE });
  else if (username !== null && newPassword.toLowerCase().includes(username.toLowerCase())) {
    issues.push({ path: 'newPassword', message: PASSWORD_MESSAGES.sameAsUsername });
  }
  return issues;
}

/**
 * The password-change policy: newPasswordIssues, the confirmation matches, and the new password
 * differs from the current one as typed. One issue per broken rule; empty when acceptable. (The
 * password history is checked after these, against the stored hashes: see password-history.ts.)
 */
export function passwordPolicyIssues(change: PasswordChange, username: string | null = null): ValidationIssue[] {
  const issues = newPasswordIssues(change.newPassword, username);
  if (change.confirmPassword !== change.newPassword) issues.push({ path: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE });
  if (change.newPassword === change.oldPassword) issues.push({ path: 'newPassword', message: PASSWORD_REUSED_MESSAGE });
  return issues;
}

const CONTRACT_MESSAGES: ReadonlySet<string> = new Set(Object.values(PASSWORD_MESSAGES));

/**
 * One sentence for the envelope: "The new password needs at least 8 characters and at least one
 * number." A refusal with a single issue worded by the contract (PASSWORD_MESSAGES) answers that
 * text exactly, so the web can show and compare it as written.
 */
export function passwordPolicyMessage(issues: readonly ValidationIssue[]): string {
  const [only] = issues;
  if (issues.length === 1 && only !== undefined && CONTRACT_MESSAGES.has(only.message)) return only.message;
  const ruleMessages = new Set(Object.values(PASSWORD_RULE_MESSAGES));
  const rules = issues.filter((i) => ruleMessages.has(i.message)).map((i) => lowerFirst(i.message));
  const others = issues.filter((i) => !ruleMessages.has(i.message)).map((i) => i.message);
  const sentences = [...(rules.length > 0 ? [`The new password needs ${joinAnd(rules)}`] : []), ...others];
  return sentences.map((s) => (s.endsWith('.') ? s : `${s}.`)).join(' ');
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
