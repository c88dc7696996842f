import type { Language } from '@andes/contract/common/constants';
import type { Currency } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { formatCents } from '@andes/contract/common/money';
import { type OutgoingMail, paragraphMail } from '../../plugins/mail.ts';

/**
 * The defence reminder (docs/decisions/0028), in the user's language: which chargeback, how much,
 * its reason and deadline (in the country's time zone, named), and where to defend it.
 */

export interface ReminderMail {
  to: string;
  name: string;
  days: 1 | 3;
  chargebackId: string;
  payinId: string;
  merchantReference: string;
  country: string;
  currency: string;
  amount: number;
  reasonCode: string;
  deadline: Date;
  timeZone: string;
}

const TEXTS: Record<Language, (m: ReminderMail, amount: string, deadline: string) => { subject: string; lines: string[] }> = {
  en: (m, amount, deadline) => ({
    subject: `Chargeback ${m.chargebackId}: ${m.days === 1 ? '1 day' : `${m.days} days`} left to defend it`,
    lines: [
      `Hello ${m.name},`,
      `The chargeback ${m.chargebackId} of ${amount} (pay-in ${m.payinId}, order ${m.merchantReference}, ${m.country}; reason ${m.reasonCode}) must be defended by ${deadline}.`,
      'Open Risk › Chargeback Represent in Andes to submit a defence with its evidence, or to accept it. Without a defence, the amount stays with the cardholder.',
      '— Andes',
    ],
  }),
  'zh-CN': (m, amount, deadline) => ({
    subject: `拒付 ${m.chargebackId}：距申诉截止还有 ${m.days} 天`,
    lines: [
      `${m.name}，您好：`,
      `拒付 ${m.chargebackId}（金额 ${amount}，收款 ${m.payinId}，订单 ${m.merchantReference}，${m.country}；原因 ${m.reasonCode}）须在 ${deadline} 前提交申诉。`,
      '请在 Andes 的「风控 › 拒付申诉」中提交申诉及证据，或接受该拒付。未申诉时，款项将归持卡人所有。',
      '— Andes',
    ],
  }),
};

export function reminderMail(m: ReminderMail, language: Language): OutgoingMail {
  const amount = `${formatCents(m.amount, m.currency as Currency, { symbol: false })} ${m.currency}`;
  const deadline = formatDateTime(m.deadline, m.timeZone, { withZone: true });
  const { subject, lines } = TEXTS[language](m, amount, deadline);
  return paragraphMail(m.to, subject, lines);
}
