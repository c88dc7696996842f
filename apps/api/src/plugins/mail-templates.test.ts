import { LANGUAGES } from '@andes/contract/common/constants';
import { describe, expect, test } from 'vitest';
import { type MailTemplate, mailTime, renderMail } from './mail-templates.ts';

const at = new Date('2026-06-01T14:05:09Z');
const TEMPLATES: MailTemplate[] = [
  { kind: 'passwordReset', username: 'demo.admin', link: 'https://andes.example/login/reset-password?token=abc&x=1', expiresMinutes: 30 },
  {
    kind: 'invitation',
    displayName: 'Ana <Admin>',
    username: 'ana',
    merchantName: 'Andes & Co',
    link: 'https://andes.example/login/reset-password?token=def',
    expiresHours: 24,
  },
  { kind: 'mfaEnabled', username: 'demo.admin', at },
  { kind: 'mfaDisabled', username: 'demo.admin', at },
  { kind: 'signInLockout', username: 'demo.admin', ip: '203.0.113.9', until: at },
  {
    kind: 'adminPasswordReset',
    username: 'demo.finance',
    link: 'https://andes.example/login/reset-password?token=ghi&y=2',
    expiresHours: 24,
  },
  { kind: 'mfaResetByAdmin', username: 'demo.finance', at },
];

test('times are written in UTC and say so', () => {
  expect(mailTime(at)).toBe('2026-06-01 14:05 UTC');
});

describe.each(LANGUAGES)('in %s', (language) => {
  test.each(TEMPLATES.map((t) => [t.kind, t] as const))('%s has a subject, a text and an HTML body', (_kind, template) => {
    const mail = renderMail(template, language);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).toContain(template.username);
    expect(mail.text.endsWith('— Andes\n')).toBe(true);
    expect(mail.html).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
    if ('link' in template) {
      expect(mail.text).toContain(template.link);
      expect(mail.html).toContain(`<a href="${template.link.replace('&', '&#38;')}">`);
    }
  });
});

test('the English and Chinese texts differ and carry the numbers', () => {
  const en = renderMail(TEMPLATES[0] as MailTemplate, 'en');
  const zh = renderMail(TEMPLATES[0] as MailTemplate, 'zh-CN');
  expect(en.subject).toBe('Reset your Andes password');
  expect(zh.subject).toBe('重置您的 Andes 密码');
  expect(en.text).toContain('expires in 30 minutes');
  expect(zh.text).toContain('30 分钟后失效');
  const lock = renderMail(TEMPLATES[4] as MailTemplate, 'en');
  expect(lock.text).toContain('from the address 203.0.113.9');
  expect(lock.text).toContain('locked until 2026-06-01 14:05 UTC');
});

test('an admin reset says who issued it and how long it works; an MFA reset says it ended the sign-ins', () => {
  const reset = renderMail(TEMPLATES[5] as MailTemplate, 'en');
  expect(reset.subject).toBe('Set a new Andes password');
  expect(reset.text).toContain('An administrator issued a link');
  expect(reset.text).toContain('expires in 24 hours');
  expect(renderMail(TEMPLATES[5] as MailTemplate, 'zh-CN').text).toContain('24 小时后失效');
  const mfa = renderMail(TEMPLATES[6] as MailTemplate, 'en');
  expect(mfa.subject).toBe('Two-factor authentication was reset');
  expect(mfa.text).toContain('on 2026-06-01 14:05 UTC and ended your sign-ins');
});

test('values are escaped in the HTML body', () => {
  const mail = renderMail(TEMPLATES[1] as MailTemplate, 'en');
  expect(mail.subject).toBe('Your Andes account at Andes & Co');
  expect(mail.html).toContain('Hello Ana &#60;Admin&#62;,');
  expect(mail.html).toContain('Andes &#38; Co');
  expect(mail.html).not.toContain('<Admin>');
  expect(mail.text).toContain('Hello Ana <Admin>,');
});
