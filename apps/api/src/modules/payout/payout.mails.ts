import type { Language } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { formatCents } from '@andes/contract/common/money';
import { type OutgoingMail, paragraphMail } from '../../plugins/mail.ts';

/**
 * The payout verification code's e-mail, in the user's language. It says what the code confirms
 * (how many payouts, their total, the country) so that a code asked for by someone else is
 * noticed, and how long it lasts. The code is in the body only (never the subject, which the SMTP
 * delivery logs): Andes keeps its hash.
 */

export interface CodeMail {
  to: string;
  name: string;
  code: string;
  country: Country;
  count: number;
  amount: number;
  minutes: number;
}

const TEXTS: Record<Language, (m: CodeMail, total: string) => { subject: string; lines: string[] }> = {
  en: (m, total) => ({
    subject: 'Your Andes payout verification code',
    lines: [
      `Hello ${m.name},`,
      `Your verification code is ${m.code}.`,
      `It confirms the creation of ${m.count} payout${m.count === 1 ? '' : 's'} of ${total} in all in ${m.country}, and expires in ${m.minutes} minutes. It works once.`,
      'If you did not ask for it, do not share it: someone may be using your account. Tell your administrator and change your password.',
      '— Andes',
    ],
  }),
  'zh-CN': (m, total) => ({
    subject: 'Andes 付款验证码',
    lines: [
      `${m.name}，您好：`,
      `您的验证码为 ${m.code}。`,
      `该验证码用于确认在 ${m.country} 创建 ${m.count} 笔付款，合计 ${total}，${m.minutes} 分钟内有效，仅可使用一次。`,
      '如果这不是您本人的操作，请勿泄露验证码：可能有人在使用您的账户。请告知管理员并修改密码。',
      '— Andes',
    ],
  }),
};

export function payoutCodeMail(m: CodeMail, language: Language): OutgoingMail {
  const currency = COUNTRY_INFO[m.country].currency;
  const total = `${formatCents(m.amount, currency, { symbol: false })} ${currency}`;
  const { subject, lines } = TEXTS[language](m, total);
  return paragraphMail(m.to, subject, lines);
}

/** `paula.payout@andes-demo.test` → `pa***@andes-demo.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}
