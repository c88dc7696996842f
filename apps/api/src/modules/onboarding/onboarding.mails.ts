import type { Language } from '@andes/contract/common/constants';
import type { AccountApplicationRequest } from '@andes/contract/onboarding/schemas';
import type { z } from 'zod';
import { escapeHtml, type OutgoingMail } from '../../plugins/mail.ts';

type Application = z.output<typeof AccountApplicationRequest>;

const asHtml = (text: string) => `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`;

const CONFIRMATION: Record<Language, (a: Application, number: string) => { subject: string; text: string }> = {
  en: (a, number) => ({
    subject: `Andes: we received your application ${number}`,
    text: [
      `Hello ${a.contactName},`,
      '',
      `Thank you for applying for an Andes merchant account for ${a.companyName}.`,
      `Your application number is ${number}. Our onboarding team will contact you at this address`,
      'within two business days to go through the next steps (company documents and checks).',
      '',
      'If you did not apply, you can ignore this message.',
    ].join('\n'),
  }),
  'zh-CN': (a, number) => ({
    subject: `Andes：我们已收到您的申请 ${number}`,
    text: [
      `${a.contactName}，您好：`,
      '',
      `感谢您为 ${a.companyName} 申请 Andes 商户账户。`,
      `您的申请编号为 ${number}。我们的入驻团队将在两个工作日内通过此邮箱与您联系，`,
      '说明后续步骤（公司资料与审核）。',
      '',
      '如果这不是您提交的申请，请忽略此邮件。',
    ].join('\n'),
  }),
};

/** The applicant's confirmation, in the language of the page they applied from. */
export function applicantConfirmation(a: Application, number: string, language: Language): OutgoingMail {
  const { subject, text } = CONFIRMATION[language](a, number);
  return { to: a.email, subject, text, html: asHtml(text) };
}

/** The notice to the provider's onboarding team (always English). */
export function teamNotification(a: Application, number: string, to: string): OutgoingMail {
  const text = [
    `New merchant account application ${number}`,
    '',
    `Company: ${a.companyName}`,
    `Contact: ${a.contactName} <${a.email}>${a.phone ? `, ${a.phone}` : ''}`,
    `Website: ${a.website || '--'}`,
    `Countries: ${a.countries.join(', ')}`,
    `Products: ${a.products.join(', ')}`,
    `Monthly volume: ${a.monthlyVolume}`,
    '',
    a.message || '(no message)',
  ].join('\n');
  return { to, subject: `New application ${number}: ${a.companyName}`, text, html: asHtml(text) };
}
