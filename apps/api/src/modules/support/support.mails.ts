import { type OutgoingMail, paragraphMail } from '../../plugins/mail.ts';

/**
 * The e-mail to a case's notification address when the provider replies (docs/decisions/0029). The
 * address was typed by the merchant for the case, so it has no user and no language: the message is
 * in English and Chinese. Every text from the merchant or the provider is escaped in the HTML part.
 */

export interface CaseReplyMail {
  to: string;
  caseNo: string;
  title: string;
  responder: string;
  content: string;
  status: string;
  /** The absolute link to the case in the dashboard. */
  link: string;
}

export function caseReplyMail(m: CaseReplyMail): OutgoingMail {
  const subject = `Case ${m.caseNo}: ${m.responder} replied / 工单 ${m.caseNo} 有新回复`;
  const lines = [
    `Your support case ${m.caseNo} “${m.title}” has a new reply from ${m.responder} (status ${m.status}):`,
    m.content,
    `Open the case in Andes to answer: ${m.link}`,
    `您的工单 ${m.caseNo}「${m.title}」收到 ${m.responder} 的新回复（状态 ${m.status}）。请在 Andes 中打开工单回复：${m.link}`,
    '— Andes',
  ];
  return paragraphMail(m.to, subject.replace(/[\r\n]+/g, ' '), lines);
}
