import type { Language } from '@andes/contract/common/constants';
import { escapeHtml } from './mail.ts';

/**
 * The e-mails Andes sends, in each interface language (the user's `users.language`). A template is
 * paragraphs of text and links, rendered once as plain text and once as HTML with every value
 * escaped.
 */

export type MailTemplate =
  | { kind: 'passwordReset'; username: string; link: string; expiresMinutes: number }
  | { kind: 'invitation'; displayName: string; username: string; merchantName: string; link: string; expiresHours: number }
  | { kind: 'mfaEnabled'; username: string; at: Date }
  | { kind: 'mfaDisabled'; username: string; at: Date }
  | { kind: 'signInLockout'; username: string; ip: string; until: Date }
  | { kind: 'adminPasswordReset'; username: string; link: string; expiresHours: number }
  | { kind: 'mfaResetByAdmin'; username: string; at: Date }
  | { kind: 'downloadReady'; username: string; fileName: string; rows: number; link: string; expiresDays: number };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block = string | { link: string };
interface Draft {
  subject: string;
  blocks: Block[];
}

/** `2026-06-01 14:05 UTC`: mails do not know the reader's time zone, so they say which one they use. */
export function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const SIGNATURE: Record<Language, string> = { en: '— Andes', 'zh-CN': '— Andes' };

type Drafts = { [K in MailTemplate['kind']]: (t: Extract<MailTemplate, { kind: K }>) => Draft };

const EN: Drafts = {
  passwordReset: (t) => ({
    subject: 'Reset your Andes password',
    blocks: [
      `Hello ${t.username},`,
      `Someone, hopefully you, asked to reset the password of the Andes account ${t.username}. Open this link to choose a new password:`,
      { link: t.link },
      `The link works once and expires in ${t.expiresMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    ],
  }),
  invitation: (t) => ({
    subject: `Your Andes account at ${t.merchantName}`,
    blocks: [
      `Hello ${t.displayName},`,
      `An account was created for you on the Andes dashboard of ${t.merchantName}. Your username is ${t.username}. Open this link to set your password:`,
      { link: t.link },
      `The link works once and expires in ${t.expiresHours} hours. If it has expired, ask your administrator for a new one.`,
    ],
  }),
  mfaEnabled: (t) => ({
    subject: 'Two-factor authentication is on',
    blocks: [
      `Hello ${t.username},`,
      `Two-factor authentication was turned on for your Andes account on ${mailTime(t.at)}. From now on, signing in asks for a code from your authenticator app.`,
      'If you did not do this, contact your administrator at once.',
    ],
  }),
  mfaDisabled: (t) => ({
    subject: 'Two-factor authentication is off',
    blocks: [
      `Hello ${t.username},`,
      `Two-factor authentication was turned off for your Andes account on ${mailTime(t.at)}. Signing in now asks for your password only.`,
      'If you did not do this, change your password and contact your administrator at once.',
    ],
  }),
  signInLockout: (t) => ({
    subject: 'Sign-in to your Andes account was locked',
    blocks: [
      `Hello ${t.username},`,
      `After too many failed sign-in attempts from the address ${t.ip}, signing in to your Andes account is locked until ${mailTime(t.until)}.`,
      'If these attempts were not yours, someone may be guessing your password: change it once you can sign in, and tell your administrator.',
    ],
  }),
  adminPasswordReset: (t) => ({
    subject: 'Set a new Andes password',
    blocks: [
      `Hello ${t.username},`,
      `An administrator issued a link to set a new password for the Andes account ${t.username}. Open it to choose your new password:`,
      { link: t.link },
      `The link works once and expires in ${t.expiresHours} hours. If you did not expect it, tell your administrator.`,
    ],
  }),
  mfaResetByAdmin: (t) => ({
    subject: 'Two-factor authentication was reset',
    blocks: [
      `Hello ${t.username},`,
      `An administrator reset the two-factor authentication of your Andes account on ${mailTime(t.at)} and ended your sign-ins. Sign in again and set up your authenticator app once more.`,
      'If you did not ask for this, contact your administrator at once.',
    ],
  }),
  downloadReady: (t) => ({
    subject: `Your file ${t.fileName} is ready`,
    blocks: [
      `Hello ${t.username},`,
      `The file ${t.fileName} (${t.rows} rows) has been written. Download it from the download center:`,
      { link: t.link },
      `It is kept for ${t.expiresDays} days. The file itself is never sent by e-mail.`,
    ],
  }),
};

const ZH: Drafts = {
  passwordReset: (t) => ({
    subject: '重置您的 Andes 密码',
    blocks: [
      `${t.username}，您好：`,
      `我们收到了重置 Andes 账户 ${t.username} 密码的请求。请打开以下链接设置新密码：`,
      { link: t.link },
      `该链接只能使用一次，${t.expiresMinutes} 分钟后失效。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。`,
    ],
  }),
  invitation: (t) => ({
    subject: `您在 ${t.merchantName} 的 Andes 账户`,
    blocks: [
      `${t.displayName}，您好：`,
      `${t.merchantName} 已在 Andes 管理后台为您创建账户，用户名为 ${t.username}。请打开以下链接设置密码：`,
      { link: t.link },
      `该链接只能使用一次，${t.expiresHours} 小时后失效。如已失效，请联系管理员重新发送。`,
    ],
  }),
  mfaEnabled: (t) => ({
    subject: '双重身份验证已开启',
    blocks: [
      `${t.username}，您好：`,
      `您的 Andes 账户已于 ${mailTime(t.at)} 开启双重身份验证。今后登录时需要输入身份验证器应用中的验证码。`,
      '如果这不是您本人的操作，请立即联系管理员。',
    ],
  }),
  mfaDisabled: (t) => ({
    subject: '双重身份验证已关闭',
    blocks: [
      `${t.username}，您好：`,
      `您的 Andes 账户已于 ${mailTime(t.at)} 关闭双重身份验证。现在登录只需要密码。`,
      '如果这不是您本人的操作，请立即修改密码并联系管理员。',
    ],
  }),
  signInLockout: (t) => ({
    subject: '您的 Andes 账户登录已被锁定',
    blocks: [
      `${t.username}，您好：`,
      `由于来自地址 ${t.ip} 的登录失败次数过多，您的 Andes 账户登录已被锁定，直至 ${mailTime(t.until)}。`,
      '如果这些登录尝试不是您本人所为，可能有人在猜测您的密码：请在可以登录后立即修改密码，并告知管理员。',
    ],
  }),
  adminPasswordReset: (t) => ({
    subject: '设置新的 Andes 密码',
    blocks: [
      `${t.username}，您好：`,
      `管理员为 Andes 账户 ${t.username} 发出了设置新密码的链接。请打开以下链接设置新密码：`,
      { link: t.link },
      `该链接只能使用一次，${t.expiresHours} 小时后失效。如果您没有预期收到此邮件，请告知管理员。`,
    ],
  }),
  mfaResetByAdmin: (t) => ({
    subject: '双重身份验证已被重置',
    blocks: [
      `${t.username}，您好：`,
      `管理员已于 ${mailTime(t.at)} 重置您 Andes 账户的双重身份验证，并结束了您的所有登录。请重新登录并再次绑定身份验证器应用。`,
      '如果这不是您要求的操作，请立即联系管理员。',
    ],
  }),
  downloadReady: (t) => ({
    subject: `文件 ${t.fileName} 已生成`,
    blocks: [
      `${t.username}，您好：`,
      `文件 ${t.fileName}（共 ${t.rows} 行）已生成，请在下载中心下载：`,
      { link: t.link },
      `文件保留 ${t.expiresDays} 天。文件本身不会通过邮件发送。`,
    ],
  }),
};

const DRAFTS: Record<Language, Drafts> = { en: EN, 'zh-CN': ZH };

function draftOf(template: MailTemplate, language: Language): Draft {
  const drafts = DRAFTS[language];
  // Each kind's draft takes that kind's template; TypeScript cannot follow the pairing through the union.
  const draft = drafts[template.kind] as (t: MailTemplate) => Draft;
  return draft(template);
}

/** Subject, plain text and HTML of a template in a language. */
export function renderMail(template: MailTemplate, language: Language): RenderedMail {
  const { subject, blocks } = draftOf(template, language);
  const all: Block[] = [...blocks, SIGNATURE[language]];
  const text = `${all.map((b) => (typeof b === 'string' ? b : b.link)).join('\n\n')}\n`;
  const paragraphs = all.map((b) =>
    typeof b === 'string' ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
  );
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs.join('')}</body></html>`;
  return { subject, text, html };
}
